import FaverPreview
import Foundation

/// The real-file corpus beside the checkout (`../shared/corpus`).
enum PreviewCorpus {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus")
  static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.path) }

  static func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

  /// Every media file of the corpus (not sidecars, JSON or notes), by relative path.
  static var mediaFiles: [String] {
    let skipped: Set<String> = ["xmp", "json", "md"]
    let all = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
    return all.sorted().filter { relative in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: path(relative), isDirectory: &isFolder)
        && !isFolder.boolValue
        && !skipped.contains((relative as NSString).pathExtension.lowercased())
    }
  }
}

extension RGBImage {
  /// The mean absolute difference of two images of the same size, per channel value (0…255).
  func meanDifference(from other: RGBImage) -> Double {
    guard width == other.width, height == other.height else { return .infinity }
    var total = 0
    for index in pixels.indices { total += abs(Int(pixels[index]) - Int(other.pixels[index])) }
    return Double(total) / Double(pixels.count)
  }
}
