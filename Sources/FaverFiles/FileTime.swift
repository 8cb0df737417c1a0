import FaverStore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension timespec {
  /// Nanoseconds since 1970, to tell a changed file from an unchanged one: compared, never read
  /// back as a time. Exact from 1677-09-21 to 2262-04-11, what an `Int64` holds; a time outside
  /// (a clock gone wrong, a file from a broken camera) wraps around, 2⁶⁴ ns (about 584 years) at
  /// a time, rather than trapping: it still changes whenever the time does, unless the time moved
  /// by a multiple of those 584 years.
  var wrappingNanoseconds: Int64 {
    Int64(tv_sec) &* 1_000_000_000 &+ Int64(tv_nsec)
  }
}

extension FileStamp {
  init(_ info: stat) {
    self.init(
      size: Int64(info.st_size), mtimeNs: info.st_mtim.wrappingNanoseconds,
      device: Int64(bitPattern: UInt64(info.st_dev)), inode: Int64(bitPattern: UInt64(info.st_ino)))
  }
}

/// The modification time as a `Date`, whatever its year (the capture time read from it keeps
/// what it can carry: `MetadataReader.fileTime`).
func modificationDate(_ info: stat) -> Date {
  Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
}
