import FaverCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The copy of the manifest `cluster` and `refresh` write into a folder a person names (`--out`):
/// it replaces only a manifest faver wrote.
extension Library {
  /// Throws `LibraryError.foreignManifest` when `folder` holds a `manifest.json` that faver did
  /// not write: a symbolic link, anything but a regular file, or a file not laid out as faver
  /// writes a manifest (`Manifest.isWrittenByFaver`). A missing file, or no folder, is fine.
  func checkOutManifest(in folder: URL?) throws(LibraryError) {
    guard let folder else { return }
    let path = folder.appendingPathComponent(Self.manifestFileName).path
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFLNK: throw .foreignManifest(path: path, what: "a symbolic link")
    default: throw .foreignManifest(path: path, what: "not a regular file")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .foreignManifest(path: path, what: "a file faver cannot read")
    }
    defer { try? handle.close() }
    let length = UInt64(Manifest.recognizedLength)
    let size = UInt64(max(0, info.st_size))
    let start = (try? handle.read(upToCount: Int(length))).map { Array($0) } ?? []
    let end: [UInt8]
    if size <= length {
      end = start
    } else {
      try? handle.seek(toOffset: size - length)
      end = (try? handle.read(upToCount: Int(length))).map { Array($0) } ?? []
    }
    guard Manifest.isWrittenByFaver(start: start, end: end) else {
      throw .foreignManifest(path: path, what: "not a manifest faver wrote")
    }
  }
}
