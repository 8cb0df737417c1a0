package import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The store folder is its person's alone: the photos' paths, the previews, the review and the
/// secrets are nobody else's business on a shared machine. The folder is created 0700 (its
/// missing parents as the umask says), the files faver writes in it 0600 (`AtomicFile(mode:)`,
/// SQLite's under a 077 umask while it creates the index), and a store made before this rule, or
/// by hand, is tightened the first time faver opens it: the folder 0700 and everything in it
/// readable by its owner only. Only what this user owns is changed; symbolic links are not
/// followed.
package enum StoreFolder {
  /// The mode of the store's files: its person's alone.
  package static let fileMode: mode_t = 0o600

  /// Creates `folder` when missing (0700), then `tighten`s it.
  package static func prepare(_ folder: URL) throws(StoreError) {
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotCreateFolder(path: folder.path, reason: error.localizedDescription)
    }
    tighten(folder)
  }

  /// Makes `folder` 0700 and, when it was open to others, everything in it its owner's alone;
  /// then the index's files, which SQLite may have made before (and which a folder already
  /// private can hold). One `stat` per call when all is private already.
  package static func tighten(_ folder: URL) {
    let path = folder.path
    if let mode = ownMode(path), mode & 0o077 != 0 {
      chmod(path, 0o700)
      tightenContents(of: path)
    }
    for name in ["index.sqlite", "index.sqlite-wal", "index.sqlite-shm"] {
      let file = path + "/" + name
      if let mode = ownMode(file), mode & 0o077 != 0 { chmod(file, mode & 0o700) }
    }
  }

  /// Every file and folder below `path` (links left as they are) made its owner's alone.
  private static func tightenContents(of path: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
    for name in names {
      let item = path + "/" + name
      var info = stat()
      guard lstat(item, &info) == 0, info.st_uid == geteuid() else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        chmod(item, 0o700)
        tightenContents(of: item)
      case S_IFREG:
        if info.st_mode & 0o077 != 0 { chmod(item, info.st_mode & 0o700) }
      default: continue
      }
    }
  }

  /// The permission bits of the file or folder at `path` when this user owns it (not following a
  /// link); nil otherwise.
  private static func ownMode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_uid == geteuid(), info.st_mode & S_IFMT != S_IFLNK else {
      return nil
    }
    return info.st_mode & 0o7777
  }
}
