import Testing

@testable import FaverStore

@Test(arguments: [
  [Int](),
  [0],
  [0, 1, 2],  // in place already
  [2, 0, 1],  // one cycle
  [1, 0, 3, 2],  // two swaps
  [4, 3, 0, 1, 2, 5],  // a cycle of four, fixed points
])
func permutingPutsEachElementWhereTheOrderSays(order: [Int]) {
  var elements = order.indices.map { "e\($0)" }
  IndexStore.permute(&elements, to: order)
  #expect(elements == order.map { "e\($0)" })
}
