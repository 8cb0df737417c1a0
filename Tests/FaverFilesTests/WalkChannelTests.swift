import Foundation
import Testing

@testable import FaverFiles

@Test func elementsArriveInOrderAChunkAtATimeThenTheChannelCloses() {
  let channel = WalkChannel<Int>(chunkSize: 4)
  Thread.detachNewThread {
    defer { channel.close() }
    for value in 0..<10 { try? channel.send(value) }
  }
  var chunks: [[Int]] = []
  while case let received = channel.receive(timeout: .seconds(60)), case .chunk(let chunk) = received {
    chunks.append(chunk)
  }
  #expect(chunks == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
  #expect(channel.walked.sent == 10 && channel.walked.isOver)
  if case .closed = channel.receive(timeout: .zero) {} else { Issue.record("a closed channel gave more") }
}

@Test func theSenderNeverRunsMoreThanTheCapacityAhead() {
  let channel = WalkChannel<Int>(chunkSize: 2, capacity: 3)
  Thread.detachNewThread {
    defer { channel.close() }
    for value in 0..<200 { try? channel.send(value) }
  }
  var received = 0
  var furthestAhead = 0
  while case let next = channel.receive(timeout: .seconds(60)), case .chunk(let chunk) = next {
    received += chunk.count
    furthestAhead = max(furthestAhead, channel.walked.sent - received)
  }
  #expect(received == 200)
  #expect(furthestAhead <= 3 * 2)
}

@Test func aCancelledChannelStopsItsSender() {
  let channel = WalkChannel<Int>(chunkSize: 1, capacity: 1)
  let outcome = SenderOutcome()
  Thread.detachNewThread {
    defer { channel.close() }
    do {
      for value in 0..<1_000_000 { try channel.send(value) }
    } catch {
      outcome.wasCancelled = true
    }
  }
  guard case .chunk([0]) = channel.receive(timeout: .seconds(60)) else {
    Issue.record("the first element did not arrive")
    return
  }
  channel.cancel()
  channel.waitUntilClosed()
  #expect(outcome.wasCancelled)
  #expect(channel.walked.sent < 1_000_000)
}

@Test func receivingWhileTheWalkGoesOnSaysSoInsteadOfWaitingForever() {
  let channel = WalkChannel<Int>(chunkSize: 8)
  try? channel.send(1)  // less than a chunk: not handed over yet
  guard case .waiting = channel.receive(timeout: .zero) else {
    Issue.record("a part chunk was handed over, or the channel said it was closed")
    return
  }
  channel.close()
  guard case .chunk([1]) = channel.receive(timeout: .zero) else {
    Issue.record("closing did not hand over the last part chunk")
    return
  }
}

/// Written by the sender before it closes the channel, read after `waitUntilClosed`.
private final class SenderOutcome: @unchecked Sendable {
  var wasCancelled = false
}
