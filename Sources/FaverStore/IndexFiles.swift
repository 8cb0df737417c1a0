import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The index's files on disk (`index.sqlite`, SQLite's `-wal` and `-shm` beside it) and what can be
/// learned of them without SQLite: the checks that tell a full disk, a read-only file or folder and
/// a damaged file apart, so that only a damaged one is ever called damaged.
struct IndexFiles {
  let folder: String
  let path: String
  var log: String { path + "-wal" }
  var sharedMemory: String { path + "-shm" }

  init(folder: URL, fileName: String) {
    self.folder = folder.path
    path = folder.appendingPathComponent(fileName).path
  }

  /// The size of `file`, nil when there is none.
  func size(_ file: String) -> Int64? {
    var info = stat()
    return stat(file, &info) == 0 ? Int64(info.st_size) : nil
  }

  /// Whether the write-ahead log is missing or empty: then the index file alone holds everything.
  var logIsEmpty: Bool { (size(log) ?? 0) == 0 }

  /// Removes the index and its log and shared memory when the index and the log are empty.
  func removeIfEmpty() {
    guard size(path) == 0, logIsEmpty else { return }
    for file in [path, log, path + "-shm"] { unlink(file) }
  }

  /// What SQLite's header says of the file: `.notAnIndex` when it is empty or has no SQLite
  /// header, `truncated` when it is shorter than the header says and no log holds the rest.
  enum Header: Equatable {
    case sound, truncated
    case notAnIndex(StoreError)
  }

  func header() -> Header {
    guard let fileSize = size(path) else { return .sound }
    guard let handle = FileHandle(forReadingAtPath: path) else { return .sound }
    defer { try? handle.close() }
    let bytes = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
    guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else {
      return .notAnIndex(.notAnIndex(path: path, size: fileSize))
    }
    func number(_ at: Int) -> Int64 { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int64($1) } }
    let rawPageSize = Int64(bytes[16]) << 8 | Int64(bytes[17])
    let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
    // The page count is valid when the change counter matches "version valid for".
    guard number(24) == number(92), logIsEmpty else { return .sound }
    return fileSize < number(28) * pageSize ? .truncated : .sound
  }

  /// Why the index cannot be written, nil when it can. SQLite's own `-shm` and `-wal` files that
  /// are ours but read-only (a read of a read-only index leaves them with its mode) are made
  /// writable again, so a store made writable again works without removing anything by hand.
  func writeProblem() -> StoreError? {
    var volume = statvfs()
    if statvfs(folder, &volume) == 0, volume.f_flag & UInt(ST_RDONLY) != 0 {
      return .readOnlyFileSystem(path: folder)
    }
    if access(folder, W_OK) != 0 {
      return errno == EROFS ? .readOnlyFileSystem(path: folder) : .readOnlyFolder(path: folder)
    }
    if size(path) != nil, access(path, W_OK) != 0 {
      return .readOnlyFile(path: path, reason: String(cString: strerror(errno)))
    }
    var indexInfo = stat()
    let mode = stat(path, &indexInfo) == 0 ? indexInfo.st_mode & 0o666 | 0o600 : 0o644
    for file in [sharedMemory, log] {
      var info = stat()
      guard lstat(file, &info) == 0, access(file, W_OK) != 0 else { continue }
      if info.st_uid == geteuid(), chmod(file, mode) == 0, access(file, W_OK) == 0 { continue }
      let owner = Self.userName(info.st_uid)
      return file == log
        ? .foreignLog(path: file, owner: owner) : .foreignSharedMemory(path: file, owner: owner)
    }
    return nil
  }

  /// Why writing in the store folder fails, found by writing a probe file there (removed at
  /// once): `.diskFull` for ENOSPC and EDQUOT, nil when the probe was written.
  func spaceProblem() -> StoreError? {
    let probe = folder + "/.faver-probe-\(getpid())"
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return errno == ENOSPC || errno == EDQUOT ? .diskFull(path: folder) : nil }
    defer {
      close(fd)
      unlink(probe)
    }
    // As much as SQLite needs to start: its shared memory (32 KiB) and a few pages of log.
    let block = [UInt8](repeating: 0, count: 64 * 1024)
    let written = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    let code = errno
    guard written < block.count else { return nil }
    return written >= 0 || code == ENOSPC || code == EDQUOT ? .diskFull(path: folder) : nil
  }

  /// Renames the damaged index, with its log and shared memory, to
  /// `index.sqlite.damaged-YYYYMMDD-HHMMSS` (nothing is deleted) and returns the new path.
  func keepDamaged(now: Date) -> String? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let kept = path + ".damaged-" + formatter.string(from: now)
    guard size(kept) == nil, rename(path, kept) == 0 else { return nil }
    for suffix in ["-wal", "-shm"] where size(path + suffix) != nil {
      // The old log must never sit beside a new index (SQLite would replay it into it).
      guard rename(path + suffix, kept + suffix) == 0 else {
        if suffix == "-shm" { rename(kept + "-wal", path + "-wal") }
        rename(kept, path)
        return nil
      }
    }
    return kept
  }

  private static func userName(_ uid: uid_t) -> String {
    guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
    return "user \(String(cString: name))"
  }
}
