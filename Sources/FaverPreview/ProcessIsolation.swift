internal import CProcess
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What keeps a child process (`faver decode-worker`, and what it starts) from holding anything
/// of the process that started it, and from outliving it:
///
/// - it starts with standard input, output and error only: every other descriptor is closed in
///   the spawn (`closefrom(3)`), whatever the parent forgot to mark close-on-exec (a server's
///   listening socket, a client's connection, the index);
/// - it gets a clean environment (`environment(adding:)`), not the parent's;
/// - it is killed (SIGKILL) when the thread that started it ends, the parent killed or crashed
///   included (`endWithParent`): a stopped or sleeping worker uses no CPU, so no CPU limit would
///   end it.
///
/// The only file that imports `CProcess`.
enum ProcessIsolation {
  /// Adds to `actions` the closing of every descriptor from 3 up; false when glibc cannot.
  static func closeInherited(_ actions: inout posix_spawn_file_actions_t) -> Bool {
    faver_spawn_close_from(&actions, 3) == 0
  }

  /// In the child: asks to be killed when the parent ends, then exits at once when `parent` has
  /// ended already (before the ask), so no worker runs on without the process that waits for it.
  static func endWithParent(_ parent: pid_t) {
    _ = faver_die_with_parent()
    if getppid() != parent { _exit(70) }
  }

  /// The variables a child sees: the few a decoder or ffmpeg reads (the program path, the
  /// language, the temporary folder), Swift's backtracer off (a crash is reported at once by its
  /// signal), and `extra`. In a debug build, also this process's `FAVER_TEST_*` test hooks.
  static func environment(
    adding extra: [String: String], from parent: [String: String] = ProcessInfo.processInfo.environment
  ) -> [String: String] {
    var environment = parent.filter { passed.contains($0.key) }
    #if DEBUG
      environment.merge(parent.filter { $0.key.hasPrefix("FAVER_TEST_") }) { $1 }
    #endif
    environment["PATH"] = environment["PATH"] ?? "/usr/bin:/bin"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment.merging(extra) { $1 }
  }

  private static let passed: Set<String> = ["PATH", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR"]
}
