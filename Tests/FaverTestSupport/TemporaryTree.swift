public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder tree made for one test and removed after it.
public final class TemporaryTree {
  public let root: URL

  public init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("faver-tree-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    chmodAll(root.path)
    try? FileManager.default.removeItem(at: root)
  }

  public var path: String { URL(fileURLWithPath: root.path).resolvingSymlinksInPath().path }

  public func write(_ relative: String, _ bytes: [UInt8]) throws {
    let url = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  public func folder(_ relative: String) throws {
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(relative), withIntermediateDirectories: true)
  }

  public func link(_ relative: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent(relative).path, withDestinationPath: target)
  }

  /// Every file's bytes, by relative path: to check that nothing was modified.
  public func snapshot() throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
      if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        result[url.path] = try Data(contentsOf: url)
      }
    }
    return result
  }

  private func chmodAll(_ path: String) {
    chmod(path, 0o755)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      let child = path + "/" + name
      var info = stat()
      if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { chmodAll(child) }
    }
  }
}
