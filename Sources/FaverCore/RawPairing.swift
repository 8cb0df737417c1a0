import Foundation

/// Finds RAW+JPEG pairs among photos: a raw file (by its extension: `.CR2`, `.NEF`, `.DNG`,
/// `.ARW`, `.RAF` …) and a photo that is not raw (JPEG, HEIC …) in the same folder of the same
/// root with the same name but for the extension (case-insensitive: `IMG_1.CR2` + `IMG_1.JPG`),
/// captured at most `window` apart (inclusive). Each file is in one pair at most; when several
/// could pair, the closest in time wins. The pair is one review item: the displayable photo, with
/// the raw file as its `raw`.
public struct RawPairing: Sendable {
  public var window: Duration = .seconds(1)

  public init(window: Duration = .seconds(1)) { self.window = window }

  /// Extensions of camera raw files, lowercased.
  public static let rawExtensions: Set<String> = [
    "3fr", "arw", "cr2", "cr3", "crw", "dcr", "dng", "erf", "iiq", "k25", "kdc", "mef", "mos", "mrw", "nef",
    "nrw", "orf", "pef", "raf", "raw", "rw2", "rwl", "sr2", "srf", "srw", "x3f",
  ]

  /// The assets in their order with each paired raw file left out and set as its photo's `raw`.
  public func combined(_ assets: consuming [Asset]) -> [Asset] {
    // Raw files first: their extension is checked without building a key, so a library
    // without raws costs one cheap pass; only then are the other photos keyed.
    let raws = assets.indices.filter { assets[$0].kind == .photo && Self.isRaw(assets[$0].fileName) }
    guard !raws.isEmpty else { return assets }
    let rawKeys = Set(raws.compactMap { Self.key(assets[$0]) })
    var others: [String: [Int]] = [:]
    for index in assets.indices where assets[index].kind == .photo && !Self.isRaw(assets[index].fileName) {
      guard let key = Self.key(assets[index]), rawKeys.contains(key) else { continue }
      others[key, default: []].append(index)
    }
    guard !raws.isEmpty, !others.isEmpty else { return assets }
    let limit = window.seconds + 0.0005  // compared to the millisecond
    var isPaired = [Bool](repeating: false, count: assets.count)
    for raw in raws {
      guard let key = Self.key(assets[raw]) else { continue }
      let instant = assets[raw].captureTime.instant
      let closest = (others[key] ?? []).filter { !isPaired[$0] && assets[$0].raw == nil }
        .map { ($0, abs(assets[$0].captureTime.instant.timeIntervalSince(instant))) }
        .filter { $0.1 <= limit }
        .min { $0.1 < $1.1 }
      guard let (photo, _) = closest else { continue }
      isPaired[raw] = true
      let file = assets[raw]
      assets[photo].raw = Asset.Companion(id: file.id, root: file.root, path: file.path)
    }
    assets.removeAll(marked: isPaired)
    return assets
  }

  /// Whether the file's extension is a raw one.
  static func isRaw(_ path: String) -> Bool {
    let bytes = path.utf8
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), bytes.distance(from: dot, to: bytes.endIndex) <= 4
    else { return false }
    let ext = path.utf8[bytes.index(after: dot)...]
    guard !ext.contains(UInt8(ascii: "/")) else { return false }
    return rawExtensions.contains(
      String(decoding: ext.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self))
  }

  /// The root, folder and lowercased stem of the asset's file; nil when the name has no
  /// extension.
  private static func key(_ asset: Asset) -> String? {
    stem(asset.path).map { asset.root + "\u{0}" + $0 }
  }

  /// The folder and lowercased stem of `path`; nil when the name has no extension.
  package static func stem(_ path: String) -> String? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    return path[..<dot].lowercased()
  }
}
