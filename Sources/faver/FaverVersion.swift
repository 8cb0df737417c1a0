/// faver's version, written here and nowhere else, and the commit a build came from.
enum FaverVersion: BuildCommit {
  /// The release number; `scripts/package-deb` names the package after it (read from
  /// `faver --version`).
  static let number = "0.1.0"

  /// `0.1.0 (commit 1a2b3c4d5e6f)`, or `0.1.0 (commit unknown)` from a plain `swift build`.
  static var text: String { "\(number) (commit \(commit ?? "unknown"))" }
}

/// The commit a build came from. A plain `swift build` knows none; `scripts/build-release`
/// writes `FaverVersion+Commit.swift` (never committed), which gives `FaverVersion` its own
/// `commit`, for the one build it runs, then removes it.
protocol BuildCommit {
  static var commit: String? { get }
}

extension BuildCommit {
  static var commit: String? { nil }
}
