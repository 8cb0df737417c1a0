package import Foundation
import GRDB

/// Opening the index file, and telling apart why it failed: a full disk, a read-only file or
/// folder, someone else's `-shm`, a file that is not an index, and real damage (only when SQLite's
/// integrity check fails) each get their own `StoreError`.
extension IndexStore {
  /// Opens the index in `folder` and brings its schema up to date, creating it when there is none
  /// (an existing file is never taken for a new store: an empty or foreign one is refused).
  ///
  /// With `readOnly` (a use case that only reads), an index that cannot be written (read-only
  /// file, folder or file system; a full disk) is opened read-only instead: without migrating it,
  /// and without the folder being created. With `keepingDamaged` (only a writer holding the lock),
  /// a damaged index is renamed to `index.sqlite.damaged-YYYYMMDD-HHMMSS` so the next run starts a
  /// new one.
  package convenience init(
    folder: URL, readOnly: Bool = false, keepingDamaged: Bool = false, now: Date = Date()
  ) throws(StoreError) {
    let files = IndexFiles(folder: folder, fileName: Self.fileName)
    if !readOnly { try StoreFolder.prepare(folder) }
    let creating = !FileManager.default.fileExists(atPath: files.path)
    do {
      // SQLite creates the index (and its log) with the umask's mode: its person's alone.
      let umasked = creating ? umask(0o077) : nil
      defer { if let umasked { umask(umasked) } }
      self.init(ready: try Self.open(files, readOnly: readOnly, keepingDamaged: keepingDamaged, now: now))
      StoreFolder.tighten(folder)
    } catch {
      // A store this open was creating, left empty by the failure (a full disk): removed, so the
      // next run creates it again instead of refusing an empty index that never held a mark.
      if creating { files.removeIfEmpty() }
      throw error
    }
  }

  private static func open(_ files: IndexFiles, readOnly: Bool, keepingDamaged: Bool, now: Date)
    throws(StoreError) -> any DatabaseWriter
  {
    func damage(_ problem: String) -> StoreError {
      guard keepingDamaged, let kept = files.keepDamaged(now: now) else {
        return .damaged(path: files.path, problem: problem)
      }
      return .damagedKept(path: files.path, keptAt: kept, problem: problem)
    }
    switch files.header() {
    case .notAnIndex(let error): throw error
    case .truncated:
      if let problem = integrityProblem(files) { throw damage(problem) }
    case .sound: break
    }
    let writeProblem = files.writeProblem()
    if let writeProblem, !readOnly { throw writeProblem }
    if writeProblem == nil {
      do {
        let pool = try DatabasePool(path: files.path, configuration: Self.configuration)
        try bringUpToDate(pool, migrating: true)
        return pool
      } catch {
        let cause = Self.cause(of: error, files: files)
        switch cause {
        case .damaged(_, let problem): throw damage(problem)
        case .diskFull, .readOnlyFile, .readOnlyFolder, .readOnlyFileSystem, .foreignSharedMemory,
          .foreignLog:
          guard readOnly else { throw cause }
        default: throw cause
        }
      }
    }
    return try openReadOnly(files)
  }

  /// A read-only connection, without migrating. When SQLite cannot make its shared memory (a
  /// full disk, a folder that is not writable) and no log holds changes, the file is read as
  /// immutable: nobody can be writing it then.
  private static func openReadOnly(_ files: IndexFiles) throws(StoreError) -> any DatabaseWriter {
    var configuration = Self.configuration
    configuration.readonly = true
    var paths = [files.path]
    if files.logIsEmpty { paths.append(immutableURI(files.path)) }
    var firstCause: StoreError?
    for path in paths {
      do {
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try bringUpToDate(queue, migrating: false)
        return queue
      } catch {
        let cause = Self.cause(of: error, files: files)
        switch cause {
        case .newerSchema, .olderSchema, .damaged, .notAnIndex: throw cause
        default: firstCause = firstCause ?? cause
        }
      }
    }
    throw firstCause ?? .cannotOpen(path: files.path, reason: "unknown error")
  }

  /// `path` as an SQLite URI that reads the file as immutable (no locks, no shared memory).
  private static func immutableURI(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
  }

  /// The true cause of an error SQLite gave while opening or migrating the index.
  static func cause(of error: any Error, files: IndexFiles) -> StoreError {
    if let error = error as? StoreError {
      switch error {
      case .newerSchema: return .newerSchema(path: files.path)
      case .olderSchema: return .olderSchema(path: files.path)
      default: return error
      }
    }
    guard let error = error as? DatabaseError else {
      return .cannotOpen(path: files.path, reason: "\(error)")
    }
    let reason = error.message ?? "\(error.resultCode)"
    switch error.resultCode {
    case .SQLITE_FULL:
      return .diskFull(path: files.folder)
    case .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
      return files.writeProblem() ?? files.spaceProblem() ?? .cannotOpen(path: files.path, reason: reason)
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      return integrityProblem(files).map { .damaged(path: files.path, problem: $0) }
        ?? .cannotOpen(path: files.path, reason: reason)
    default:
      return .cannotOpen(path: files.path, reason: reason)
    }
  }

  /// The first problem `PRAGMA integrity_check` finds (or the error it stops on), nil when it
  /// finds none or cannot run.
  static func integrityProblem(_ files: IndexFiles) -> String? {
    var configuration = Configuration()
    configuration.readonly = true
    let paths = [files.path] + (files.logIsEmpty ? [immutableURI(files.path)] : [])
    for path in paths {
      do {
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let result = try queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check(1)") }
        guard result != ["ok"] else { return nil }
        return (result.first ?? "no result").replacingOccurrences(of: "*** in database main ***\n", with: "")
          .replacingOccurrences(of: "\n", with: "; ")
      } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
        return error.message ?? "\(error.resultCode)"
      } catch let error as DatabaseError
        where [.SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_IOERR].contains(error.resultCode)
      {
        continue  // no shared memory here: read without locks (the log is empty)
      } catch {
        return nil  // busy, or anything else: no verdict, and a store is never renamed without one
      }
    }
    return nil
  }
}
