package import FaverFiles
import FaverStore
package import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The previews made so far, in the store folder (`previews/`), keyed by asset id (the content's
/// identity, so a changed file is a new entry) and size: `previews/ab/abcdef0123456789-1440.jpg`.
/// A placeholder has a `.why` file beside it with its reason, written before it, so the failure is
/// remembered and not tried again; a failure the content gives at every size is also kept once
/// per asset (`.failed`), so that no other size decodes it again.
///
/// Safe under concurrent readers and writers: every file is written to a temporary file and
/// renamed into place, so a reader, or a run killed mid-write, never sees half a JPEG. It does not
/// wait for the disk (a preview can be made again): a file a power cut left short is not served
/// (`entry` checks that it ends as a JPEG ends) but made again. Bounded:
/// `trim()` removes the least recently used previews once they take more than `byteLimit`
/// (`trimIfDue()` after writes: not on every one); a hit marks its file used (its modification
/// time).
package struct PreviewCache: Sendable {
  package var folder: URL
  package var byteLimit: Int64

  /// The cache folder of the store folder `store`.
  package static func folder(inStore store: URL) -> URL { store.appendingPathComponent("previews") }

  package init(folder: URL, byteLimit: Int64 = 1 << 30) {
    self.folder = folder
    self.byteLimit = byteLimit
  }

  /// A cached preview: the JPEG, and the reason when it is a placeholder.
  package struct Entry: Equatable, Sendable {
    package var file: URL
    package var failure: String?
  }

  /// Where the preview of `id` at `size` is kept.
  package func file(id: String, size: Int) -> URL {
    folder.appendingPathComponent(String(id.prefix(2))).appendingPathComponent("\(id)-\(size).jpg")
  }

  private func reasonFile(id: String, size: Int) -> URL {
    file(id: id, size: size).deletingPathExtension().appendingPathExtension("why")
  }

  /// Where the failure of `id` that no size can pass is kept: `previews/ab/abcdef0123456789.failed`.
  private func failureFile(id: String) -> URL {
    folder.appendingPathComponent(String(id.prefix(2))).appendingPathComponent("\(id).failed")
  }

  /// The failure `id`'s content gave at some size, which every size would give again (a damaged
  /// file, a hang, a bomb: see `keepFailure`); nil when none is kept.
  package func failure(id: String) -> PreviewFailure? {
    guard let data = try? Data(contentsOf: failureFile(id: id)) else { return nil }
    return try? JSONDecoder().decode(PreviewFailure.self, from: data)
  }

  /// Keeps `failure` as `id`'s at every size, so that a file that failed once fails at once at
  /// the next size asked (a hostile file costs its limits once, not once per size).
  package func keepFailure(_ failure: PreviewFailure, id: String) {
    guard let data = try? JSONEncoder().encode(failure) else { return }
    try? write(Array(data), to: failureFile(id: id))
  }

  /// The cached preview of `id` at `size`, marked used; nil when there is none, or when it does
  /// not end as a JPEG ends (cut short by a power cut: the cache does not wait for the disk).
  package func entry(id: String, size: Int) -> Entry? {
    let file = file(id: id, size: size)
    // Touching it both says it exists and marks it recently used (for `trim`).
    guard utimensat(AT_FDCWD, file.path, nil, 0) == 0, Self.endsAsAJPEG(file.path) else { return nil }
    let reason = try? String(contentsOf: reasonFile(id: id, size: size), encoding: .utf8)
    return Entry(file: file, failure: reason)
  }

  /// Whether the file at `path` ends with a JPEG's end-of-image marker.
  static func endsAsAJPEG(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size >= 4 else { return false }
    var end: [UInt8] = [0, 0]
    guard pread(descriptor, &end, 2, status.st_size - 2) == 2 else { return false }
    return end == [0xFF, 0xD9]
  }

  /// Keeps `jpeg` as the preview of `id` at `size`; `failure` when it is a placeholder.
  package func store(_ jpeg: [UInt8], failure: String?, id: String, size: Int) throws(AtomicFileError)
    -> Entry
  {
    let file = file(id: id, size: size)
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let reason = reasonFile(id: id, size: size)
    if let failure {
      try write(Array(failure.utf8), to: reason)
    } else {
      try? FileManager.default.removeItem(at: reason)
    }
    try write(jpeg, to: file)
    Self.written.withLock { $0[folder.path, default: 0] += Int64(jpeg.count) }
    return Entry(file: file, failure: failure)
  }

  /// Forgets the preview of `id` at `size` (and its failure, also the one kept for every size),
  /// so that it is made again.
  package func forget(id: String, size: Int) {
    try? FileManager.default.removeItem(at: failureFile(id: id))
    try? FileManager.default.removeItem(at: reasonFile(id: id, size: size))
    try? FileManager.default.removeItem(at: file(id: id, size: size))
  }

  private func write(_ bytes: [UInt8], to url: URL) throws(AtomicFileError) {
    let file = try AtomicFile(replacing: url, mode: StoreFolder.fileMode)
    let written: Result<Void, AtomicFileError> = bytes.withUnsafeBytes { buffer in
      Result { () throws(AtomicFileError) in try file.write(buffer) }
    }
    try written.get()
    // Not waiting for the disk: `entry` checks what it reads back.
    try file.commit(durable: false)
  }

  /// Bytes this process wrote into each cache folder since it last trimmed it (nil: never trimmed).
  private static let written = Mutex<[String: Int64]>([:])

  /// `trim()`, when it may be due: the first time this process writes into the cache, then each
  /// time it has written another 1/64 of `byteLimit` (so a server making one small preview per
  /// request does not list the whole cache each time); returns how many it removed.
  @discardableResult
  package func trimIfDue() -> Int {
    let due = Self.written.withLock { written -> Bool in
      guard let bytes = written[folder.path] else { return false }
      guard bytes >= byteLimit / 64 || !Self.trimmedOnce.withLock({ $0.contains(folder.path) }) else {
        return false
      }
      written[folder.path] = 0
      return true
    }
    guard due else { return 0 }
    Self.trimmedOnce.withLock { _ = $0.insert(folder.path) }
    return trim()
  }

  /// Cache folders this process has trimmed.
  private static let trimmedOnce = Mutex<Set<String>>([])

  /// Removes the least recently used previews (and their reasons) until the cache holds at most
  /// `byteLimit` bytes; returns how many it removed. A file another run removes first is skipped.
  @discardableResult
  package func trim() -> Int {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
    guard
      let items = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
    else { return 0 }
    var previews: [(url: URL, size: Int64, used: Date)] = []
    var total: Int64 = 0
    for case let url as URL in items where url.pathExtension == "jpg" {
      guard let values = try? url.resourceValues(forKeys: Set(keys)), let size = values.fileSize else {
        continue
      }
      previews.append((url, Int64(size), values.contentModificationDate ?? .distantPast))
      total += Int64(size)
    }
    guard total > byteLimit else { return 0 }
    var removed = 0
    for preview in previews.sorted(by: { $0.used < $1.used }) where total > byteLimit {
      try? FileManager.default.removeItem(
        at: preview.url.deletingPathExtension().appendingPathExtension("why"))
      try? FileManager.default.removeItem(at: preview.url)
      total -= preview.size
      removed += 1
    }
    return removed
  }
}
