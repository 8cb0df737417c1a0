import FaverCore
import FaverFiles
import FaverSidecars
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The file work behind `Library.writeSidecars` and `Library.importSidecars`: which files of an
/// asset carry a sidecar, reading and writing them. Only sidecars are ever written; photos are
/// only read.
struct SidecarSync {
  var naming: SidecarNaming

  /// The files of an asset that get a sidecar: the photo, and the raw file of a RAW+JPEG pair.
  static func files(of asset: Asset) -> [String] {
    [asset.absolutePath] + (asset.raw.map { [$0.absolutePath] } ?? [])
  }

  static func state(of review: ReviewState) -> SidecarState {
    switch review {
    case .favorite: .favorite
    case .rejected: .rejected
    case .reviewed, .unreviewed: .neither
    }
  }

  /// What writing `state` into the sidecar at `path` would give: the new bytes, or nil when
  /// nothing is to be written (no sidecar and nothing to say, or already so).
  /// A sidecar that is a symbolic link is left alone, never replaced nor written through; so is
  /// one to change that its owner may not write (read-only: a new file would not be) or that has
  /// other hard links (a new file in its place would split them).
  func change(at path: String, to state: SidecarState) throws -> Data? {
    var info = stat()
    let exists = lstat(path, &info) == 0
    if exists, info.st_mode & S_IFMT == S_IFLNK {
      throw SidecarFileError(
        path: path,
        reason: "a symbolic link, which faver never replaces; put the file it points to in its place "
          + "for faver to update it")
    }
    let existing = try Self.sidecar(at: path)
    guard let merged = try XMPSidecar.merged(existing: existing, state: state), merged != existing else {
      return nil
    }
    if exists, existing != nil {
      if info.st_mode & S_IWUSR == 0 || access(path, W_OK) != 0 {
        throw SidecarFileError(
          path: path,
          reason: "read-only (mode \(String(info.st_mode & 0o7777, radix: 8))), which faver leaves as it is; "
            + "make it writable (chmod u+w) for faver to update it")
      }
      if info.st_nlink > 1 {
        throw SidecarFileError(
          path: path,
          reason: "one of \(info.st_nlink) hard links to one file, which a new file in its place would "
            + "split; give it a file of its own (cp it, then mv the copy over it) for faver to update it")
      }
    }
    return merged
  }

  /// Writes `bytes` atomically (a temporary file beside it, flushed, renamed).
  func write(_ bytes: Data, to path: String) throws {
    let file = try AtomicFile(replacing: URL(fileURLWithPath: path))
    try bytes.withUnsafeBytes { try file.write($0) }
    try file.commit()
  }

  /// What the person said of a file elsewhere: its sidecar (either naming), else the XMP packet
  /// in its first bytes; `skipped` says, naming each, which of these could not be read (a
  /// sidecar that is not XMP, a damaged packet). A source that cannot be read is passed over
  /// for the next, never fatal.
  static func recordedState(of path: String) -> (state: SidecarState?, skipped: [String]) {
    var skipped: [String] = []
    for naming in SidecarNaming.allCases {
      let sidecarPath = SidecarNaming.sidecarPath(for: path, naming: naming)
      do {
        guard let data = try sidecar(at: sidecarPath) else { continue }
        if let state = try XMPSidecar.readState(in: data) { return (state, skipped) }
      } catch let error as SidecarError {
        skipped.append("\(sidecarPath): \(error.problem)")
      } catch {
        skipped.append("\(error)")
      }
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { return (nil, skipped) }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: embeddedSearchLength),
      let packet = XMPPacket.find(in: Array(head))
    else { return (nil, skipped) }
    do {
      return (try XMPSidecar.readState(in: packet), skipped)
    } catch {
      skipped.append("\(path): its embedded XMP: \(error.problem)")
      return (nil, skipped)
    }
  }

  /// A sidecar's bytes, nil when there is none. Anything but a regular file of at most
  /// `maximumSidecarBytes` is refused, never read (a pipe named `IMG_1.jpg.xmp` would block).
  static func sidecar(at path: String) throws -> Data? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw SidecarFileError(path: path, reason: String(cString: strerror(errno)))
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw SidecarFileError(path: path, reason: "not a regular file")
    }
    guard info.st_size <= maximumSidecarBytes else {
      throw SidecarFileError(
        path: path, reason: "larger than \(maximumSidecarBytes >> 20) MiB: not a sidecar")
    }
    return try handle.readToEnd() ?? Data()
  }

  /// Sidecars are a few kilobytes; darktable's with a long history, a few hundred.
  static let maximumSidecarBytes = 16 << 20

  /// A file where a sidecar should be that cannot be one; left alone.
  struct SidecarFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path) is left alone: \(reason)" }
  }

  /// How far into a file an embedded XMP packet is looked for (JPEG, PNG and HEIF keep it in
  /// their headers).
  static let embeddedSearchLength = 1 << 20
}
