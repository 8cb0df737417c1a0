public import FaverCore
internal import FaverPreview
internal import FaverStore
public import Foundation

/// A review session that opens warm: the page notes the sizes it shows photos at, and `refresh`
/// (run by cron) makes the first photos of the next session at those sizes before anyone asks, so
/// the morning's first photo is a file in the preview cache.
extension Library {
  /// What `prepareOpening` did.
  public struct OpeningPreviews: Hashable, Sendable, Encodable {
    /// The sizes made, the most recently used first; empty when no page has shown a photo yet.
    public var sizes: [Int] = []
    /// Previews made now.
    public var made = 0
    /// Previews the cache held already.
    public var found = 0
    /// Previews left for the next run: the time was up.
    public var remaining = 0
  }

  /// How many stops after the photo where the review stands `prepareOpening` makes.
  public static let openingStops = 20

  /// Notes that the review page showed a photo at `size` (see `prepareOpening`).
  public func noteReviewSize(_ size: Int) throws {
    try store.noteReviewSize(size, at: Date())
  }

  /// The sizes the review page showed photos at, the most recently used first.
  public func reviewSizes() throws -> [Int] {
    try readableStore.reviewSizes().map(\.size)
  }

  /// Makes the previews a review page shows first when it opens: the photo where the review stands
  /// (`reviewPosition`) and the `count` stops after it, at each size the page last used (the most
  /// recent first), each as `previews(of:size:)` makes it, until `limit` has passed (no preview
  /// starts after it; what is left waits for the next run). Nothing when no page has shown a
  /// photo yet.
  public func prepareOpening(
    count: Int = Library.openingStops, for limit: Duration,
    cacheLimit: Int64 = Library.defaultPreviewCacheLimit, decoding: PreviewDecoding = PreviewDecoding()
  ) throws -> OpeningPreviews {
    let store = try readableStore
    var summary = OpeningPreviews(sizes: try reviewSizes())
    guard !summary.sizes.isEmpty else { return summary }
    let ids = try reviewIDs(ahead: count)
    let cache = PreviewCache(folder: PreviewCache.folder(inStore: folder), byteLimit: cacheLimit)
    let maker = decoding.worker
    let clock = ContinuousClock()
    let start = clock.now
    var made = false
    for size in summary.sizes {
      for id in ids {
        if let entry = cache.entry(id: id.rawValue, size: size), !PreviewRecord.mayPass(entry.failure) {
          summary.found += 1
          continue
        }
        guard clock.now - start < limit else {
          summary.remaining += 1
          continue
        }
        let paths = try store.paths(ofAsset: id)
        guard !paths.isEmpty else { continue }  // gone since the queue was read
        _ = try preview(
          of: id, paths: paths, size: size, retry: false, cache: cache, maker: maker, made: &made)
        summary.made += 1
      }
    }
    if made { cache.trimIfDue() }
    return summary
  }
}
