public import FaverCore
internal import FaverStore

extension Library {
  /// The ids of the next `count` stops of the saved review queue after the photo `id`: items
  /// left to review, in queue order. Read from the saved queue as it is (never rebuilt here): a
  /// library without a saved queue, or a photo outside it, has none.
  public func stopsAhead(of id: AssetID, count: Int) throws -> [AssetID] {
    try readableStore.readingQueue { try $0.pendingIDs(after: id, limit: count) }
  }

  /// The photo where the review stands and the `count` stops after it, read from the saved queue
  /// (made fresh first): what the review shows next. None when nothing is left to review.
  public func reviewIDs(ahead count: Int) throws -> [AssetID] {
    guard let position = try reviewPosition() else { return [] }
    return [position.asset.id] + (try stopsAhead(of: position.asset.id, count: count))
  }
}
