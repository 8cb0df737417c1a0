public import Foundation

/// Where faver keeps its index: `--store`, else `FAVER_STORE`, else `$XDG_DATA_HOME/faver`,
/// else `~/.local/share/faver`.
public enum StoreLocation {
  public static func resolve(
    flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let flag, !flag.isEmpty { return absolute(flag) }
    if let path = environment["FAVER_STORE"], !path.isEmpty { return absolute(path) }
    // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(fileURLWithPath: data).appendingPathComponent("faver", isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/faver", isDirectory: true)
  }

  private static func absolute(_ path: String) -> URL {
    URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
  }
}
