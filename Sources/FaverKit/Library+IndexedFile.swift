public import FaverCore
internal import FaverStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file as the index last read it: where it is and what a stat said about it then. A reader
/// that must give out only what was indexed (the web page's videos) compares the file it opened
/// with this, and refuses a file that is not the same one (replaced, swapped for a link, edited).
public struct IndexedFile: Hashable, Sendable {
  public var path: String
  public var size: Int64
  /// The modification time in nanoseconds since 1970 (compared, never shown).
  public var modifiedNanoseconds: Int64
  public var device: Int64
  public var inode: Int64

  public init(path: String, size: Int64, modifiedNanoseconds: Int64, device: Int64, inode: Int64) {
    self.path = path
    self.size = size
    self.modifiedNanoseconds = modifiedNanoseconds
    self.device = device
    self.inode = inode
  }

  /// Whether the open file `descriptor` is this file as indexed: a regular file with the same
  /// device, inode, size and modification time.
  public func isOpened(by descriptor: Int32) -> Bool {
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    let modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    return Int64(info.st_size) == size && modified == modifiedNanoseconds
      && Int64(bitPattern: UInt64(info.st_dev)) == device && Int64(bitPattern: UInt64(info.st_ino)) == inode
  }
}

extension Library {
  /// The indexed file with content `id` at `path` (an absolute path an asset object gave: the
  /// asset's own, its Live Photo video's or its raw file's); nil when the index holds no such file.
  public func indexedFile(_ id: AssetID, at path: String) throws -> IndexedFile? {
    guard let found = try readableStore.stampedPaths(ofAsset: id).first(where: { $0.path == path }) else {
      return nil
    }
    return IndexedFile(
      path: found.path, size: found.stamp.size, modifiedNanoseconds: found.stamp.mtimeNs,
      device: found.stamp.device, inode: found.stamp.inode)
  }
}
