package import Foundation

/// Where faver's own read-only files (the review page, the table of place names) are, found from
/// the real path of the running executable and never from the current directory. A file is
/// looked for, in this order:
/// 1. in SwiftPM's resource bundle beside the executable (`swift build`, `swift run`,
///    `swift test`): `BIN/faver_Target.resources/NAME`;
/// 2. in the install layout of `scripts/install` and the Debian package, `share/faver` beside the
///    executable's folder: `/usr/bin/faver` → `/usr/share/faver/NAME`,
///    `~/.local/bin/faver` → `~/.local/share/faver/NAME`.
package struct ResourceFolders: Equatable, Sendable {
  /// The folder that holds the executable, symbolic links already resolved.
  package var executableFolder: URL

  /// The folders of the executable at `executable`, a path whose symbolic links are resolved.
  package init(executable: URL) {
    executableFolder = executable.deletingLastPathComponent()
  }

  /// The folders of the running executable: `/proc/self/exe`, which the kernel gives with every
  /// symbolic link resolved (a `~/bin/faver` link to `/opt/faver/bin/faver` finds
  /// `/opt/faver/share/faver`).
  package static func running() -> ResourceFolders {
    let path =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
    return ResourceFolders(executable: URL(fileURLWithPath: path))
  }

  /// Where `name` (`places.bin`, `Page/index.html`) may be, in the order it is looked for:
  /// `bundle` (`faver_FaverPlaces.resources`) beside the executable, then the install layout.
  package func candidates(for name: String, inBundle bundle: String) -> [URL] {
    [
      executableFolder.appendingPathComponent(bundle).appendingPathComponent(name),
      executableFolder.deletingLastPathComponent().appendingPathComponent("share/faver")
        .appendingPathComponent(name),
    ]
  }

  /// The first of `candidates(for:inBundle:)` that can be read, or nil when faver was copied
  /// without its files.
  package func url(of name: String, inBundle bundle: String) -> URL? {
    candidates(for: name, inBundle: bundle).first { FileManager.default.isReadableFile(atPath: $0.path) }
  }
}
