public import Foundation

/// The `faver` executable the tests run.
public enum BuiltFaver {
  /// `faver`, built next to the test bundle by `swift test`; else the debug build in `package`.
  public static func url(package: URL) -> URL {
    let products =
      Bundle.main.executableURL?.deletingLastPathComponent()
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [products, products.deletingLastPathComponent()] {
      let candidate = folder.appendingPathComponent("faver")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return package.appendingPathComponent(".build/debug/faver")
  }
}
