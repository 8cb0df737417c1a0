public import FaverCore
internal import FaverFiles
internal import FaverPreview
internal import FaverStore
public import Foundation

extension Library {
  /// A preview as `previews` made or found it: a JPEG file in the cache (or the copy asked for).
  public struct PreviewFile: Hashable, Sendable {
    public var id: AssetID
    /// The long edge asked for.
    public var size: Int
    /// The JPEG: the preview, or a placeholder that says why there is none.
    public var file: URL
    /// Why the file is a placeholder; nil for a real preview.
    public var failure: String?
  }

  /// The largest preview size: 16,384 pixels on the long edge.
  public static let largestPreviewSize = 16_384
  /// The preview cache's size limit unless one is given: 1 GiB.
  public static let defaultPreviewCacheLimit: Int64 = 1 << 30

  /// The preview of each of `ids` whose long edge is `size` (or the original's, when smaller),
  /// upright, as a JPEG file: from the cache in the store folder (`previews/`) when it holds one,
  /// else made from the fastest good source (see `PreviewMaker`) and kept there, the cache then
  /// trimmed to `cacheLimit` bytes (when due: see `PreviewCache.trimIfDue`). A file that cannot be
  /// shown gets a placeholder JPEG, its reason in `failure`; that failure is remembered (`retry`
  /// forgets it), unless it may pass (a file not readable now, ffmpeg or the worker missing).
  /// Every preview is decoded in a child process under `decoding`'s limits: a file that hangs,
  /// bombs or crashes its decoder gets a placeholder, remembered like a damaged file's. With `folder`,
  /// each is also copied to `folder/ID.jpg`, atomically, marked as faver's (`PreviewMark`), and
  /// `file` is that copy. Throws
  /// `LibraryError.unknownAssets` for ids the index does not know, before making any preview.
  public func previews(
    of ids: [AssetID], size: Int, to folder: URL? = nil, retry: Bool = false,
    cacheLimit: Int64 = Library.defaultPreviewCacheLimit, decoding: PreviewDecoding = PreviewDecoding()
  ) throws -> [PreviewFile] {
    let store = try readableStore
    let located = try ids.map { (id: $0, paths: try store.paths(ofAsset: $0)) }
    let unknown = located.filter(\.paths.isEmpty).map(\.id)
    guard unknown.isEmpty else { throw LibraryError.unknownAssets(unknown) }
    let cache = PreviewCache(folder: PreviewCache.folder(inStore: self.folder), byteLimit: cacheLimit)
    let maker = decoding.worker
    var made = false
    let previews = try located.map { id, paths in
      var preview = try self.preview(
        of: id, paths: paths, size: size, retry: retry, cache: cache, maker: maker, made: &made)
      if let folder {
        preview.file = try Self.copy(preview.file, to: folder.appendingPathComponent("\(id.rawValue).jpg"))
      }
      return preview
    }
    if made { cache.trimIfDue() }
    return previews
  }

  /// The preview of one asset (see `previews(of:size:)`): what the web page's
  /// `GET /api/assets/{id}/preview?size=N` serves; a cached preview costs one lookup in the index
  /// and one `stat`.
  public func preview(
    of id: AssetID, size: Int, cacheLimit: Int64 = Library.defaultPreviewCacheLimit,
    decoding: PreviewDecoding = PreviewDecoding()
  ) throws -> PreviewFile {
    try previews(of: [id], size: size, cacheLimit: cacheLimit, decoding: decoding)[0]
  }

  /// Makes (or finds) the previews of the next `count` assets of the review queue, from the photo
  /// where the review stands, so that they show at once; the cursor does not move. Read from the
  /// saved queue, as `refresh` reads the morning's first photos (`reviewIDs(ahead:)`).
  public func prefetchPreviews(
    count: Int, size: Int, cacheLimit: Int64 = Library.defaultPreviewCacheLimit,
    decoding: PreviewDecoding = PreviewDecoding()
  ) throws -> [PreviewFile] {
    let ids = try reviewIDs(ahead: max(0, count - 1)).prefix(count)
    return try previews(of: Array(ids), size: size, cacheLimit: cacheLimit, decoding: decoding)
  }

  func preview(
    of id: AssetID, paths: [String], size: Int, retry: Bool, cache: PreviewCache, maker: PreviewWorker,
    made: inout Bool
  ) throws -> PreviewFile {
    if retry { cache.forget(id: id.rawValue, size: size) }
    if let entry = cache.entry(id: id.rawValue, size: size), !PreviewRecord.mayPass(entry.failure) {
      return PreviewFile(
        id: id, size: size, file: entry.file, failure: entry.failure.map(PreviewRecord.reason))
    }
    made = true
    var failure = PreviewFailure.unreadable(path: paths[0], reason: "not found")
    // A content that failed at another size fails here too, at once: not decoded again.
    if let kept = cache.failure(id: id.rawValue) {
      return try placeholder(for: kept, id: id, size: size, cache: cache)
    }
    // A copy that cannot be read now (moved, unmounted) gives way to another copy of the content.
    for path in paths {
      switch Result(catching: { () throws(PreviewFailure) in try maker.jpeg(of: path, longEdge: size) }) {
      case .success(let jpeg):
        let entry = try cache.store(jpeg, failure: nil, id: id.rawValue, size: size)
        return PreviewFile(id: id, size: size, file: entry.file, failure: nil)
      case .failure(let error):
        failure = error
      }
      guard case .unreadable = failure else { break }
    }
    let shown = try placeholder(for: failure, id: id, size: size, cache: cache)
    if !PreviewRecord.mayPass(PreviewRecord.recorded(failure)) { cache.keepFailure(failure, id: id.rawValue) }
    return shown
  }

  /// The placeholder for `failure` at `size`, kept in the cache with its reason.
  private func placeholder(for failure: PreviewFailure, id: AssetID, size: Int, cache: PreviewCache) throws
    -> PreviewFile
  {
    let placeholder = try Placeholder.jpeg(for: failure, longEdge: size)
    let entry = try cache.store(
      placeholder, failure: PreviewRecord.recorded(failure), id: id.rawValue, size: size)
    return PreviewFile(id: id, size: size, file: entry.file, failure: failure.description)
  }

  /// `file` copied to `target`, atomically, with the comment that says faver wrote it
  /// (`PreviewMark`).
  private static func copy(_ file: URL, to target: URL) throws -> URL {
    let bytes = PreviewMark.marked(try Data(contentsOf: file))
    let replacement = try AtomicFile(replacing: target)
    try bytes.withUnsafeBytes { try replacement.write($0) }
    try replacement.commit()
    return target
  }
}

/// How a placeholder's reason is kept in the cache: `final` (the same content fails the same way)
/// or `passing` (the file could not be read, ffmpeg or the worker was missing, the worker was
/// killed from outside: tried again on the next view), then the sentence.
enum PreviewRecord {
  static func recorded(_ failure: PreviewFailure) -> String {
    switch failure {
    case .unreadable, .noVideoTool, .noWorker, .killed: "passing\n" + failure.description
    default: "final\n" + failure.description
    }
  }

  static func mayPass(_ recorded: String?) -> Bool { recorded?.hasPrefix("passing\n") == true }

  static func reason(_ recorded: String) -> String {
    recorded.split(separator: "\n", maxSplits: 1).last.map(String.init) ?? recorded
  }
}
