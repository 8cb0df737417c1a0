import Foundation
import Testing

@testable import FaverStore

/// The review's sizes: the most recently used first, each once, only the three most recent kept;
/// none before a page has shown a photo.
@Test func theReviewSizesKeepTheMostRecentFirst() throws {
  let store = try IndexStore()
  #expect(try store.reviewSizes().isEmpty)
  let start = Date(timeIntervalSince1970: 1_700_000_000)
  for (offset, size) in [1024, 2048, 1024, 4096, 512].enumerated() {
    try store.noteReviewSize(size, at: start.addingTimeInterval(Double(offset)))
  }
  #expect(try store.reviewSizes().map(\.size) == [512, 4096, 1024])
  #expect(try store.reviewSizes().first?.lastUsed == start.addingTimeInterval(4))
}
