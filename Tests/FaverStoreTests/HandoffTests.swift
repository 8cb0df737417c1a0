import FaverCore
import Foundation
import Testing

@testable import FaverStore

@Test(arguments: [1, 3, 64])
func everyValueMadeIsHandedOverInOrderAndWhatWasMadeLast(capacity: Int) throws {
  var received: [Int] = []
  let made = try Handoff.run(
    capacity: capacity,
    produce: { send -> String in
      for value in 0..<1000 where !send(value) { return "stopped" }
      return "done"
    },
    consume: { received.append($0) })
  #expect(made == "done")
  #expect(received == Array(0..<1000))
}

@Test func aProducerThatSendsNothingStillReturnsWhatItMade() throws {
  let made = try Handoff.run(
    capacity: 4, produce: { (_: (Int) -> Bool) in 42 }, consume: { _ in Issue.record() })
  #expect(made == 42)
}

@Test func aConsumerThatThrowsStopsTheProducerAndItsErrorIsThrown() {
  struct Failed: Error {}
  // What the producer saw, read once `run` returned: it must have been told to stop, and have
  // returned before `run` did.
  let seen = Guarded((sent: 0, refused: false, returned: false))
  var received = 0
  #expect(throws: Failed.self) {
    try Handoff.run(
      capacity: 2,
      produce: { send in
        for value in 0..<100_000 {
          guard send(value) else {
            seen.withLock { $0.refused = true }
            break
          }
          seen.withLock { $0.sent += 1 }
        }
        seen.withLock { $0.returned = true }
      },
      consume: { _ in
        received += 1
        if received == 10 { throw Failed() }
      })
  }
  let producer = seen.withLock { $0 }
  #expect(producer.refused && producer.returned)
  // At most what was received, what the consumer had taken but not handled (what waited, two at
  // most) and what could wait again was sent.
  #expect(producer.sent <= received + 2 * 2 && received == 10)
}
