#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that could not be read at all. (A file that reads but holds bad metadata is not an
/// error: it is indexed with a `problem`.)
package enum MetadataError: Error, Equatable, CustomStringConvertible {
  case cannotOpen(path: String, errno: Int32)
  case cannotRead(path: String, errno: Int32)

  package var description: String {
    switch self {
    case .cannotOpen(let path, let code):
      code == ENOENT
        ? "\(path) vanished during the scan; it will be picked up by the next run if it comes back."
        : "Cannot open \(path): \(String(cString: strerror(code))); check its permissions."
    case .cannotRead(let path, let code):
      "Cannot read \(path): \(String(cString: strerror(code))); the disk or file may be damaged."
    }
  }

  /// True when the file disappeared between listing and reading it.
  package var isVanished: Bool {
    if case .cannotOpen(_, let code) = self { return code == ENOENT }
    return false
  }
}
