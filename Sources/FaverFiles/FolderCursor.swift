import FaverCore
import FaverMetadata
import FaverStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Opens the files a reader takes one after another by their name in their folder, kept open
/// from one file to the next: files come in walk order, so the next one is nearly always in the
/// same folder, and the kernel need not walk down the whole path for each (that walk was two
/// fifths of the cost of `open` in a first index).
final class FolderCursor {
  private var root = ""
  private var folder: Substring = ""
  /// The open folder, or -1.
  private var descriptor: Int32 = -1

  deinit { closeFolder() }

  /// Opens `found` for reading: a file the walk stat'ed with the size it saw, another as a
  /// regular file (anything else in its place is refused as vanished).
  /// `name` is `found.name`, which the caller needs too.
  func open(_ found: FoundFile, named name: String) throws(MetadataError) -> FileByteSource {
    let path = found.absolutePath
    let relative = found.relativePath
    let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/"))
    let folder = slash.map { relative[..<$0] } ?? ""
    let inFolder = enter(folder, of: found.root)
    let (at, named) = inFolder >= 0 ? (inFolder, name) : (AT_FDCWD, path)
    if let stamp = found.stamp {
      return try FileByteSource(named: named, inFolder: at, path: path, size: stamp.size)
    }
    return try FileByteSource(regularFileNamed: named, inFolder: at, path: path)
  }

  /// The bytes (at most `limit`) of the XMP sidecar beside `found`, whose name is `name`:
  /// `IMG_1.jpg.xmp`, else `IMG_1.xmp`; nil when there is none or it cannot be read.
  func sidecar(of found: FoundFile, named name: String, limit: Int) -> [UInt8]? {
    let relative = found.relativePath
    let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/"))
    let inFolder = enter(slash.map { relative[..<$0] } ?? "", of: found.root)
    var names = [name + ".xmp"]
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { names.append(name[..<dot] + ".xmp") }
    let folderPath = String(decoding: found.absolutePath.utf8.dropLast(name.utf8.count), as: UTF8.self)
    for candidate in names {
      let path = folderPath + candidate
      let (at, named) = inFolder >= 0 ? (inFolder, candidate) : (AT_FDCWD, path)
      guard let source = try? FileByteSource(regularFileNamed: named, inFolder: at, path: path),
        let bytes = try? source.read(at: 0, count: Int(min(source.size, Int64(limit))))
      else { continue }
      return bytes
    }
    return nil
  }

  /// The descriptor of `folder` under `root`, opening it when it is not the one open; -1 when
  /// it cannot be opened (the file is then opened by its whole path, and fails there if it must).
  private func enter(_ folder: Substring, of root: String) -> Int32 {
    if descriptor >= 0, folder == self.folder, root == self.root { return descriptor }
    closeFolder()
    let path = folder.isEmpty ? root : joinPath(root, folder)
    descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    (self.root, self.folder) = (root, folder)
    return descriptor
  }

  private func closeFolder() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }
}
