import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file in the store that only its owner may read (0600) from the moment it exists: written
/// whole into a new file of faver's own (`NAME.faver-UUID.tmp`, removed by the same call), then
/// put in place, so no reader ever sees half of it and no one else ever sees any of it.
enum OwnerOnlyFile {
  enum Placing {
    /// Only when there is none yet (`link`): the first of two writers wins.
    case keepingAny
    /// Over whatever is there (`rename`).
    case replacing
  }

  /// Writes `bytes` to `path`; false when it could not.
  static func save(_ bytes: [UInt8], to path: String, _ placing: Placing) -> Bool {
    // A name no other file has (O_EXCL): whatever else is in the folder is never touched.
    let temporary = "\(path).faver-\(UUID().uuidString).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { unlink(temporary) }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced else { return false }
    switch placing {
    case .keepingAny: return link(temporary, path) == 0 || errno == EEXIST
    case .replacing: return rename(temporary, path) == 0
    }
  }
}
