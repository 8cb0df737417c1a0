public import FaverCore
internal import FaverFiles
internal import FaverSidecars
internal import FaverStore
public import Foundation

/// Favorites out: the favorites (or rejects) listed, an album folder of them, XMP sidecars other
/// photo tools read, and the ratings those tools left read back in.
extension Library {
  /// The favorites (or the rejects), in capture order: read from the saved queue's reviewed items.
  public func favorites(rejected: Bool = false) throws -> [Asset] {
    let wanted: ReviewState = rejected ? .rejected : .favorite
    var found: [Asset] = []
    try forEachAsset(reviewedOnly: true) { asset, _ in
      if asset.review == wanted { found.append(asset) }
    }
    return found
  }

  /// What `exportFavorites` did to the album folder.
  public struct AlbumReport: Hashable, Sendable, Encodable {
    public var added = 0
    public var updated = 0
    public var removed = 0
    public var unchanged = 0
    /// Photos not exported (source missing, unreadable …), with the reason.
    public var skipped: [String] = []
    /// Entries faver made that the person has since changed: left alone.
    public var leftAlone: [String] = []
  }

  /// Brings the album folder `folder` up to date with the favorites (`rejected`: the rejects):
  /// a symbolic link to each (or a copy, with `copy`), raw files and Live Photo videos beside their photos, file
  /// names kept, collisions made unique. It removes only entries it made itself, and a second run
  /// with the same favorites writes nothing (see `AlbumExport`).
  public func exportFavorites(to folder: URL, copy: Bool = false, rejected: Bool = false) throws
    -> AlbumReport
  {
    let items = try favorites(rejected: rejected).flatMap { asset in
      zip(asset.memberIDs, asset.memberPaths).map { (id: $0, path: $1) }
    }
    let summary = try AlbumExport(folder: folder, method: copy ? .copy : .link).export(items)
    return AlbumReport(
      added: summary.added, updated: summary.updated, removed: summary.removed, unchanged: summary.unchanged,
      skipped: summary.skipped.map { "\($0.path): \($0.reason)" }, leftAlone: summary.leftAlone)
  }

  /// Where a photo's XMP sidecar lies: `IMG_1.jpg.xmp` (`ext`: darktable, digiKam, Immich,
  /// PhotoPrism) or `IMG_1.xmp` (`base`: Lightroom and Camera Raw).
  public enum SidecarNaming: String, Sendable, CaseIterable {
    case ext, base
  }

  /// What `writeSidecars` did (or, in a dry run, would do).
  public struct SidecarReport: Hashable, Sendable, Encodable {
    /// A sidecar written (or to write), with the state written: `favorite`, `rejected`, `neither`.
    public struct Written: Hashable, Sendable, Encodable {
      public var path: String
      public var state: String
    }

    public var written: [Written] = []
    /// Sidecars that already said so.
    public var unchanged = 0
    /// Sidecars left alone, with why (two photos sharing one with different states, a file that
    /// is not XMP …).
    public var skipped: [String] = []
  }

  /// Writes, beside every favorite and reject (and its raw file), an XMP sidecar other photo
  /// tools read: a favorite gets `xmp:Rating="5"`, `digiKam:PickLabel="3"`, `fstop:favorite="1"`;
  /// a reject `xmp:Rating="-1"`, `digiKam:PickLabel="1"`; an existing sidecar of a photo that is
  /// neither any more loses those. An existing sidecar is merged, never replaced: every other byte
  /// of it stays. Writes are atomic. The only use case that writes inside a photo root, and only
  /// sidecars; `dryRun` writes nothing.
  public func writeSidecars(naming: SidecarNaming = .ext, dryRun: Bool = false) throws -> SidecarReport {
    let sync = SidecarSync(naming: naming == .ext ? .ext : .base)
    var planned: [String: (state: SidecarState, files: [String])] = [:]
    var report = SidecarReport()
    var conflicting: Set<String> = []
    try forEachAsset { asset in
      let state = SidecarSync.state(of: asset.review)
      for file in SidecarSync.files(of: asset) {
        let sidecar = FaverSidecars.SidecarNaming.sidecarPath(for: file, naming: sync.naming)
        if let other = planned[sidecar], other.state != state { conflicting.insert(sidecar) }
        planned[sidecar, default: (state, [])].files.append(file)
      }
    }
    for (sidecar, plan) in planned.sorted(by: { $0.key < $1.key }) {
      guard !conflicting.contains(sidecar) else {
        report.skipped.append(
          "\(sidecar): shared by \(plan.files.joined(separator: " and ")), which are not marked alike; "
            + "use --naming ext to give each its own")
        continue
      }
      do {
        guard let bytes = try sync.change(at: sidecar, to: plan.state) else {
          if FileManager.default.fileExists(atPath: sidecar) { report.unchanged += 1 }
          continue
        }
        if !dryRun { try sync.write(bytes, to: sidecar) }
        report.written.append(SidecarReport.Written(path: sidecar, state: plan.state.rawValue))
      } catch {
        report.skipped.append("\(sidecar): \(error)")
      }
    }
    return report
  }

  /// What `importSidecars` did.
  public struct ImportReport: Hashable, Sendable, Encodable {
    public var favorites = 0
    public var rejected = 0
    /// Assets marked otherwise in faver, left as they are (`overwrite` off).
    public var kept = 0
    /// Sidecars and embedded packets that could not be read, each naming its file and why; the
    /// rest were imported.
    public var skipped: [String] = []
  }

  /// Reads the ratings other tools left (sidecars of either naming, else the XMP embedded in the
  /// file): `xmp:Rating` 5, `fstop:favorite` 1 or `digiKam:PickLabel` 3 make a favorite;
  /// `xmp:Rating` -1 or `digiKam:PickLabel` 1 a reject. Only unreviewed assets take them unless
  /// `overwrite`: a mark set in faver is never replaced otherwise.
  public func importSidecars(overwrite: Bool = false, at date: Date = Date()) throws -> ImportReport {
    var report = ImportReport()
    var marks: [ReviewMark: [AssetID]] = [:]
    var skippedSeen = Set<String>()
    try forEachAsset { asset in
      var recorded: SidecarState?
      for file in SidecarSync.files(of: asset) where recorded == nil {
        let (state, skipped) = SidecarSync.recordedState(of: file)
        recorded = state
        report.skipped += skipped.filter { skippedSeen.insert($0).inserted }
      }
      let mark: ReviewMark
      switch recorded {
      case .favorite: mark = .favorite
      case .rejected: mark = .rejected
      case .neither, nil: return
      }
      let wanted = asset.review.marked(mark)
      guard wanted != asset.review else { return }
      guard asset.review == .unreviewed || overwrite else {
        report.kept += 1
        return
      }
      marks[mark, default: []].append(asset.id)
      if mark == .favorite { report.favorites += 1 } else { report.rejected += 1 }
    }
    for (mark, ids) in marks { try store.mark(ids, as: mark, at: date) }
    return report
  }
}
