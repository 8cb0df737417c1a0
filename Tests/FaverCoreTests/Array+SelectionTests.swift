import SeededRandom
import Testing

@testable import FaverCore

@Test(arguments: 0..<20) func selectingARankGivesWhatSortingWould(seed: Int) {
  var generator = SeededGenerator(seed: UInt64(seed))
  // Few distinct values (repeated gaps), many, sorted, reversed, and lengths from 1 up.
  let count = Int.random(in: 1...400, using: &generator)
  let distinct = seed % 2 == 0 ? 5 : 1_000_000
  var values = (0..<count).map { _ in Double(Int.random(in: 0..<distinct, using: &generator)) * 60 }
  if seed % 5 == 1 { values.sort() }
  if seed % 5 == 2 { values.sort(by: >) }
  let sorted = values.sorted()
  for rank in [0, count / 2, (9 * count + 9) / 10 - 1, count - 1] {
    var copy = values
    #expect(copy.select(rank: rank) == sorted[rank])
    #expect(copy.sorted() == sorted)  // only reordered
  }
}
