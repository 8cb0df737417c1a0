import Foundation
import Testing

/// The real sidecars of `../shared/corpus/sidecars` (beside the checkout, or where
/// `FAVER_CORPUS` says), read in place and never copied into the repository.
enum SidecarCorpus {
  static let folder: URL? = {
    let environment = ProcessInfo.processInfo.environment["FAVER_CORPUS"].map { URL(fileURLWithPath: $0) }
    let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
    for corpus in [environment, beside].compactMap(\.self) {
      let sidecars = corpus.appendingPathComponent("sidecars")
      if FileManager.default.fileExists(atPath: sidecars.appendingPathComponent("expected.json").path) {
        return sidecars
      }
    }
    return nil
  }()

  static var isPresent: Bool { folder != nil }

  /// Every sidecar, by its path below `sidecars/`, sorted.
  static let files: [String] = {
    guard let folder, let paths = FileManager.default.subpaths(atPath: folder.path) else { return [] }
    return paths.filter { $0.hasSuffix(".xmp") }.sorted()
  }()

  static func bytes(_ file: String) throws -> Data {
    try Data(contentsOf: try #require(folder).appendingPathComponent(file))
  }
}
