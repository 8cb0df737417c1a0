/// Why the index could not be opened or used: one case per cause, each saying what to do. Only
/// `damaged` and `notAnIndex` say the file itself is bad; every other case keeps a healthy index
/// where it is, since moving it aside would start a store without the review marks.
package enum StoreError: Error, Equatable, CustomStringConvertible {
  case cannotCreateFolder(path: String, reason: String)
  /// A failure none of the other cases explains; the file passed what could be checked.
  case cannotOpen(path: String, reason: String)
  case newerSchema(path: String)
  /// A read-only open of an index whose schema this faver would first update.
  case olderSchema(path: String)
  case busy(path: String)
  /// No space left on the store's disk (or the quota is used up): `path` is the store folder.
  case diskFull(path: String)
  /// The index file cannot be written (its mode, `chattr +i`): `reason` is the system's word.
  case readOnlyFile(path: String, reason: String)
  /// The store folder cannot be written, and SQLite must create files beside the index.
  case readOnlyFolder(path: String)
  /// The store is on a file system mounted read-only.
  case readOnlyFileSystem(path: String)
  /// SQLite's shared-memory file (`index.sqlite-shm`) is someone else's and cannot be written.
  case foreignSharedMemory(path: String, owner: String)
  /// SQLite's write-ahead log (`index.sqlite-wal`) is someone else's and cannot be written.
  case foreignLog(path: String, owner: String)
  /// The writer's lock file cannot be created or opened in the store folder.
  case lockUnavailable(path: String, reason: String)
  /// `index.sqlite` is empty or not an SQLite database at all: never taken for a new store.
  case notAnIndex(path: String, size: Int64)
  /// SQLite's integrity check fails: `problem` is its first line. The file is left in place.
  case damaged(path: String, problem: String)
  /// As `damaged`, and the file was renamed to `keptAt` (never deleted).
  case damagedKept(path: String, keptAt: String, problem: String)

  package var description: String {
    switch self {
    case .cannotCreateFolder(let path, let reason):
      "Cannot create the store folder \(path): \(reason). Choose another with --store or FAVER_STORE."
    case .cannotOpen(let path, let reason):
      "Cannot open the index at \(path): \(reason). Nothing was changed; keep the file, it holds your "
        + "review marks, and run the command again once the cause is fixed."
    case .newerSchema(let path):
      "The index at \(path) was written by a newer faver; upgrade faver to use it."
    case .olderSchema(let path):
      "The index at \(path) was written by an older faver and must be updated once, which a read-only "
        + "access cannot do: run `faver refresh` (or `faver index DIR`) once with write access to it."
    case .busy(let path):
      "Another faver run is updating the index in \(path); this run stopped without changing anything. "
        + "Pass --wait to wait for it instead."
    case .diskFull(let path):
      "The disk that holds the store \(path) is full (or your disk quota is used up): free some space "
        + "there and run the command again. The index is intact and nothing was lost; keep it where it is."
    case .readOnlyFile(let path, let reason):
      "The index \(path) cannot be written (\(reason)): make it writable again (`chmod u+w '\(path)'`, "
        + "or run faver as the user who owns it). The index is healthy; keep it where it is. "
        + "`faver status`, `assets` and `favorites` still work on it."
    case .readOnlyFolder(let path):
      "The store folder \(path) is not writable by you, and SQLite creates files beside the index "
        + "(index.sqlite-wal, index.sqlite-shm) to change it: make the folder writable (`chmod u+w '\(path)'`, "
        + "or run faver as its owner), or choose another with --store. The index is healthy; keep it."
    case .readOnlyFileSystem(let path):
      "The store \(path) is on a read-only file system: remount it read-write, or copy the store folder "
        + "elsewhere and pass --store. The index is healthy; keep it."
    case .foreignSharedMemory(let path, let owner):
      "\(path) belongs to \(owner) and cannot be written by you, so the index cannot be opened for "
        + "changes: run faver as \(owner), or remove that one file while no faver or sqlite3 uses the store. "
        + "It only holds SQLite's lookup table of the write-ahead log, which SQLite rebuilds: nothing is lost. "
        + "Keep index.sqlite itself."
    case .foreignLog(let path, let owner):
      "\(path), SQLite's write-ahead log, belongs to \(owner) and cannot be written by you: run faver "
        + "once as \(owner) (which folds the log into the index and removes it), or give the file to "
        + "yourself (`chown`). Do not delete it: it may hold the latest changes, review marks included."
    case .lockUnavailable(let path, let reason):
      "Cannot create the lock file \(path) (\(reason)): `index`, `refresh` and `roots --forget` take it "
        + "to update the store, so its folder must be writable by you. Make it writable, run faver as its "
        + "owner, or choose another store with --store. The index was not touched."
    case .notAnIndex(let path, let size):
      (size == 0
        ? "The index \(path) is empty (0 bytes): a copy cut short, or a disk that filled up while it was written? "
        : "The index \(path) is not an SQLite database (\(size) bytes without SQLite's header): ")
        + "Nothing was changed. Restore it from a backup. To start over instead, move it aside and run "
        + "`faver index DIR`: the new index starts without review marks, cursor or roots, and its next "
        + "`faver clusters` or `refresh` replaces manifest.json."
    case .damaged(let path, let problem):
      "The index \(path) is damaged: SQLite's integrity check fails (\(problem)). Run `faver index DIR` "
        + "to start a new index: it keeps this file beside it as index.sqlite.damaged-DATE (nothing is "
        + "deleted), and your review marks can be recovered from that copy."
    case .damagedKept(let path, let keptAt, let problem):
      "The index \(path) is damaged (SQLite's integrity check fails: \(problem)), so it was kept as "
        + "\(keptAt); nothing was deleted. Run the command again to start a new index, then bring back "
        + "your review marks: `sqlite3 '\(keptAt)' '.dump review' | sed '/^CREATE /d' | sqlite3 '\(path)'` "
        + "(if that dump stops at the damage: `sqlite3 '\(keptAt)' .recover | sqlite3 recovered.sqlite`, "
        + "then the same with recovered.sqlite in place of the kept file)."
    }
  }
}
