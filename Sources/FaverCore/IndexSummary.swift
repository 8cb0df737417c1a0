/// What one `faver index` run did.
public struct IndexSummary: Codable, Equatable, Sendable {
  /// Regular files looked at (hidden and system files not counted).
  public var filesSeen = 0
  /// Photos and videos read and stored for the first time.
  public var added = 0
  /// Files whose size, time or inode changed, read again.
  public var updated = 0
  /// Files unchanged since the last run: one stat, no read.
  public var unchanged = 0
  /// Files gone from the disk, dropped from the index.
  public var removed = 0
  /// Files not indexed, by reason.
  public var skipped: [String: Int] = [:]
  /// Indexed files whose content is already indexed at another path (reviewed once).
  public var duplicates = 0
  /// Hidden and system files and folders passed over.
  public var ignored = 0
  /// Indexed files that carry a problem (corrupt EXIF, truncated …).
  public var withProblems = 0
  /// How many warnings were raised (unreadable folders, vanished files …).
  public var warningCount = 0
  /// The first `maxWarnings` of them.
  public var warnings: [String] = []
  /// Roots that could not be indexed at all.
  public var failedRoots: [String] = []
  public var seconds = 0.0

  public init() {}

  /// Media files now in the index from this run's walk.
  public var indexed: Int { added + updated + unchanged }

  public static let maxWarnings = 100

  public mutating func warn(_ message: String) {
    warningCount += 1
    if warnings.count < Self.maxWarnings { warnings.append(message) }
  }

  public mutating func skip(_ reason: SkipReason) { skipped[reason.rawValue, default: 0] += 1 }

  /// Adds the counts and warnings of another part of the run (its `duplicates`, `failedRoots`
  /// and `seconds` are the whole run's, set once).
  package mutating func add(_ part: IndexSummary) {
    filesSeen += part.filesSeen
    added += part.added
    updated += part.updated
    unchanged += part.unchanged
    removed += part.removed
    skipped.merge(part.skipped, uniquingKeysWith: +)
    ignored += part.ignored
    withProblems += part.withProblems
    warningCount += part.warningCount
    warnings += part.warnings.prefix(Self.maxWarnings - warnings.count)
  }
}

/// Why a file was not indexed.
public enum SkipReason: String, Codable, Sendable {
  case notMedia = "not a photo or video"
  case unreadable = "unreadable"
  case vanished = "vanished during the scan"
  case symlink = "symbolic link not followed (use --follow-symlinks)"
  case nonUTF8Name = "name is not valid UTF-8"
  case notRegularFile = "not a regular file (a pipe, socket or device)"
}

/// How far a run has got, for a progress display.
public enum IndexProgress: Equatable, Sendable {
  /// Walking the tree; `read` of the new and changed files found so far are read already.
  case scanning(filesSeen: Int, read: Int)
  /// The walk is over; reading the new and changed files it found.
  case reading(done: Int, total: Int)
}
