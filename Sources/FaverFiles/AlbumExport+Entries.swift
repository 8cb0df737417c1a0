import FaverCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The album's files one at a time: looking at them without following links, making, replacing
/// and removing them, and naming them.
extension AlbumExport {
  /// A file's size and modification time (nanoseconds since 1970, `wrappingNanoseconds`).
  struct Stamp: Equatable {
    var size: Int64
    var modified: Int64

    init(_ info: stat) {
      size = Int64(info.st_size)
      modified = info.st_mtim.wrappingNanoseconds
    }
  }

  /// What is at a name in the album folder.
  enum Found: Equatable {
    case missing
    case link(target: String)
    case file(Stamp)
    /// A folder, a file that cannot be looked at, anything else.
    case other

    /// Whether this is what `entry` says faver made.
    func isMade(as entry: AlbumRecord.Entry) -> Bool {
      switch entry.method {
      case .link: return self == .link(target: entry.source)
      case .copy:
        guard case .file(let stamp) = self, let size = entry.size, let modified = entry.modified else {
          return false
        }
        return stamp.size == size && stamp.modified == modified
      }
    }

    /// Whether this is what a run of `method` makes from `source`, of `stamp` (for a copy: where
    /// the disk keeps times to the nanosecond).
    func isMade(by method: Method, from source: String, stamp: Stamp) -> Bool {
      switch method {
      case .link: self == .link(target: source)
      case .copy: self == .file(stamp)
      }
    }
  }

  /// What is at `name` in the folder; a link is looked at, not followed.
  func look(at name: String) -> Found {
    let path = joinPath(folder.path, name)
    var info = stat()
    guard lstat(path, &info) == 0 else { return errno == ENOENT ? .missing : .other }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file(Stamp(info))
    case S_IFLNK:
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
        return .other
      }
      return .link(target: target)
    default: return .other
    }
  }

  /// The source's size and time, or why it cannot be put in the album (links to it followed).
  static func inspectSource(_ path: String) -> Result<Stamp, SkipReason> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .failure(.sourceMissing) }
      return .failure(.cannotRead(reason: describe(code)))
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.sourceNotAFile) }
    return .success(Stamp(info))
  }

  /// Makes `job`'s entry (in place of the old one, if any) and returns what the record says of it.
  func make(_ job: Work) throws(SkipReason) -> AlbumRecord.Entry {
    let replacing = job.old != nil
    switch method {
    case .link:
      try link(job.item.path, at: job.name, replacing: replacing)
      return entry(for: job.item, named: job.name, copy: job.stamp, of: job.stamp)
    case .copy:
      let source = try copy(job.item.path, to: job.name, replacing: replacing)
      // The copy as the disk keeps it (times may be coarser than the source's).
      let copy = if case .file(let stamp) = look(at: job.name) { stamp } else { source }
      return entry(for: job.item, named: job.name, copy: copy, of: source)
    }
  }

  /// A symbolic link at `name` to `source`; one in place of another file is made beside it and
  /// renamed over it, so the name never goes missing.
  private func link(_ source: String, at name: String, replacing: Bool) throws(SkipReason) {
    let path = joinPath(folder.path, name)
    guard replacing else {
      guard symlink(source, path) == 0 else {
        throw errno == EEXIST ? .nameTaken(name: name) : .cannotWrite(reason: Self.describe(errno))
      }
      return
    }
    let temporary = AtomicFile.temporaryPath(in: folder.path)
    guard symlink(source, temporary) == 0 else { throw .cannotWrite(reason: Self.describe(errno)) }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw .cannotWrite(reason: Self.describe(code))
    }
  }

  /// Copies `source` to `name` atomically, with the source's times, and returns the source's size
  /// and time as copied. A new name is checked again just before the copy is put in place.
  private func copy(_ source: String, to name: String, replacing: Bool) throws(SkipReason) -> Stamp {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      throw errno == ENOENT ? .sourceMissing : .cannotRead(reason: Self.describe(errno))
    }
    defer { close(input) }
    var info = stat()
    guard fstat(input, &info) == 0 else { throw .cannotRead(reason: Self.describe(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .sourceNotAFile }
    let file: AtomicFile
    do throws(AtomicFileError) {
      file = try AtomicFile(replacing: folder.appendingPathComponent(name), replacesLink: replacing)
    } catch {
      throw .cannotWrite(reason: Self.reason(error))
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    var size: Int64 = 0
    while true {
      let count = read(input, buffer.baseAddress, buffer.count)
      if count == 0 { break }
      guard count > 0 else {
        if errno == EINTR { continue }
        throw .cannotRead(reason: Self.describe(errno))
      }
      do throws(AtomicFileError) {
        try file.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      } catch {
        throw .cannotWrite(reason: Self.reason(error))
      }
      size += Int64(count)
    }
    guard replacing || look(at: name) == .missing else { throw .nameTaken(name: name) }
    do throws(AtomicFileError) {
      try file.setTimes(accessed: info.st_atim, modified: info.st_mtim)
      try file.commit()
    } catch {
      throw .cannotWrite(reason: Self.reason(error))
    }
    var stamp = Stamp(info)
    stamp.size = size
    return stamp
  }

  /// Removes the entry at `name`: a link itself, never what it points to.
  func remove(_ name: String) throws(SkipReason) {
    guard unlink(joinPath(folder.path, name)) == 0 || errno == ENOENT else {
      throw .cannotRemove(reason: Self.describe(errno))
    }
  }

  /// Creates the folder when it is missing; refuses a path that is not a folder.
  func makeFolder() throws(AlbumError) {
    var info = stat()
    if stat(folder.path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: folder.path) }
      return
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateFolder(path: folder.path, reason: error.localizedDescription)
    }
  }

  /// The names of everything in the folder, hidden files too.
  func names() throws(AlbumError) -> Set<String> {
    do {
      return Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    } catch {
      throw .cannotReadFolder(path: folder.path, reason: error.localizedDescription)
    }
  }

  /// The last component of `path`.
  static func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// `name`, or the first of `name (2)`, `name (3)` … (the number before the extension) that is
  /// not taken; it is taken from then on.
  static func uniqueName(_ name: String, avoiding taken: inout Set<String>) -> String {
    var candidate = name
    var number = 1
    while taken.contains(candidate) {
      number += 1
      candidate = numbered(name, number)
    }
    taken.insert(candidate)
    return candidate
  }

  /// `IMG_1.jpg` numbered 2 is `IMG_1 (2).jpg`; a name without an extension (or a hidden one
  /// such as `.profile`) gets the number at its end.
  static func numbered(_ name: String, _ number: Int) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name) (\(number))" }
    return "\(name[..<dot]) (\(number))\(name[dot...])"
  }

  private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  private static func reason(_ error: AtomicFileError) -> String { error.reason }
}
