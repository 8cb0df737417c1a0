import FaverKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The folder `faver preview --out DIR` copies previews into: created when missing; refused when
/// it is not a folder, cannot be written, or holds a file of a name faver would write that is not
/// a preview faver wrote (a JPEG with its comment, `PreviewMark`), so that nothing faver did not
/// make is replaced: a person's own `ID.jpg` is not, however much it looks like a preview.
enum OutFolder: Error, Equatable, CustomStringConvertible {
  case notAFolder(path: String)
  case cannotCreate(path: String, reason: String)
  case notWritable(path: String, reason: String)
  case occupied(path: String)

  var description: String {
    switch self {
    case .notAFolder(let path):
      "--out \(path): that is a file, not a folder; give a folder (faver creates it when missing). "
        + "No preview was made."
    case .cannotCreate(let path, let reason):
      "--out \(path): cannot create the folder (\(reason)); give a folder you can write to. No preview was made."
    case .notWritable(let path, let reason):
      "--out \(path): cannot write into the folder (\(reason)); give a folder you can write to. "
        + "No preview was made."
    case .occupied(let path):
      "\(path) is there and is not a JPEG faver wrote; faver does not replace it. Move it, or give "
        + "another --out folder. No preview was made."
    }
  }

  /// The folder at `path`, made ready for files named `names`.
  static func prepared(_ path: String, names: [String]) throws(OutFolder) -> URL {
    let folder = URL(fileURLWithPath: path)
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path) }
    } else {
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw .cannotCreate(path: path, reason: reason(creating: path))
      }
    }
    guard access(path, W_OK | X_OK) == 0 else {
      throw .notWritable(path: path, reason: String(cString: strerror(errno)))
    }
    for name in names {
      let file = folder.appendingPathComponent(name).path
      guard lstat(file, &status) == 0 else { continue }
      guard status.st_mode & S_IFMT == S_IFREG, isFaversPreview(file) else { throw .occupied(path: file) }
    }
    return folder
  }

  /// Why `path` cannot be created: the first part of it that is a file, else the system's reason.
  private static func reason(creating path: String) -> String {
    var url = URL(fileURLWithPath: path)
    var status = stat()
    while url.path != "/" {
      if stat(url.path, &status) == 0 {
        return status.st_mode & S_IFMT == S_IFDIR
          ? String(cString: strerror(access(url.path, W_OK) == 0 ? EIO : EACCES))
          : "\(url.path) is a file"
      }
      url.deleteLastPathComponent()
    }
    return "no such place"
  }

  /// Whether the file at `path` is a preview faver wrote: a JPEG with its comment.
  private static func isFaversPreview(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: PreviewMark.prefixLength)).map { PreviewMark.isMarked(Array($0)) }
      ?? false
  }
}
