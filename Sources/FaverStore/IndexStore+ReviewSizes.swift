package import Foundation
internal import GRDB

/// The preview sizes the review page last showed its photos at (one per kind of screen: a
/// phone's, a laptop's), kept in the `state` table, so that a `refresh` run by cron makes the
/// first photos of the next session at those sizes before anyone asks.
extension IndexStore {
  /// How many sizes are remembered: the most recently used.
  static let reviewSizesKept = 3

  /// A size the review page used, and when it last did.
  package struct ReviewSize: Codable, Hashable, Sendable {
    package var size: Int
    package var lastUsed: Date
  }

  /// The sizes the review page used, the most recent first; empty when none was noted (or the
  /// value cannot be read).
  package func reviewSizes() throws -> [ReviewSize] {
    try database.read { db in try Self.state([ReviewSize].self, key: "reviewSizes", in: db) ?? [] }
  }

  /// Notes that the review page showed a photo at `size` at `time`: it becomes the most recent,
  /// and only the `reviewSizesKept` most recent sizes stay.
  package func noteReviewSize(_ size: Int, at time: Date) throws {
    try database.write { db in
      var sizes = try Self.state([ReviewSize].self, key: "reviewSizes", in: db) ?? []
      sizes.removeAll { $0.size == size }
      sizes.insert(ReviewSize(size: size, lastUsed: time), at: 0)
      try Self.setState(Array(sizes.prefix(Self.reviewSizesKept)), key: "reviewSizes", in: db)
    }
  }
}
