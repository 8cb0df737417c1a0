import FaverCore
import FaverFiles
import FaverSidecars
import Foundation

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
  func change(at path: String, to state: SidecarState) throws -> Data? {
    let existing = FileManager.default.contents(atPath: path)
    guard let merged = try XMPSidecar.merged(existing: existing, state: state), merged != existing else {
      return nil
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
  /// in its first bytes.
  static func recordedState(of path: String) -> SidecarState? {
    for naming in SidecarNaming.allCases {
      if let data = FileManager.default.contents(
        atPath: SidecarNaming.sidecarPath(for: path, naming: naming)),
        let state = XMPSidecar.state(in: data)
      {
        return state
      }
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: embeddedSearchLength),
      let packet = XMPPacket.find(in: Array(head))
    else { return nil }
    return XMPSidecar.state(in: packet)
  }

  /// How far into a file an embedded XMP packet is looked for (JPEG, PNG and HEIF keep it in
  /// their headers).
  static let embeddedSearchLength = 1 << 20
}
