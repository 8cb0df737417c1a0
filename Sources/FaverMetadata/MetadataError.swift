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
      switch code {
      case ENOENT: "\(path) vanished during the scan; it will be picked up by the next run if it comes back."
      case EACCES, EPERM:
        "Cannot open \(path): \(String(cString: strerror(code))); fix its permissions to include it."
      case ENAMETOOLONG:
        "Cannot open \(path): its name is too long for the file system; rename it to include it."
      default: "Cannot open \(path): \(String(cString: strerror(code)))."
      }
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
