import GRDB

/// What the last run recorded under one root, for telling changed files from unchanged ones.
package struct KnownFiles: Sendable {
  package struct Entry: Hashable, Sendable {
    package var stamp: FileStamp
    package var hasProblem: Bool
    /// Whether this run's walk found it again: marked in place, since removing a million keys
    /// from the dictionary one by one cost a fifth of a no-change index.
    package var found = false

    package init(stamp: FileStamp, hasProblem: Bool) {
      (self.stamp, self.hasProblem) = (stamp, hasProblem)
    }
  }

  /// Indexed photos and videos.
  package var media: [String: Entry] = [:]
  /// Files that were read and found not to be media.
  package var nonMedia: [String: FileStamp] = [:]

  package init() {}

  package var paths: some Sequence<String> { media.keys.lazy.map(\.self) + nonMedia.keys.lazy.map(\.self) }

  /// The photos and videos the walk has not found (see `Entry.found`).
  package var mediaNotFound: some Sequence<String> { media.lazy.filter { !$0.value.found }.map(\.key) }
}

/// One batch of changes under one root, written in one transaction.
package struct IndexChanges: Sendable {
  package var rootId: Int64
  /// New or changed photos and videos.
  package var media: [FileRecord] = []
  /// New or changed files that are not media.
  package var nonMedia: [(path: String, stamp: FileStamp)] = []
  /// Paths gone from the disk.
  package var removed: [String] = []

  package init(rootId: Int64) { self.rootId = rootId }

  package var isEmpty: Bool { media.isEmpty && nonMedia.isEmpty && removed.isEmpty }
  /// How many files the batch changes.
  package var count: Int { media.count + nonMedia.count + removed.count }

  /// Adds the changes of a later batch under the same root.
  package mutating func append(_ later: IndexChanges) {
    precondition(later.rootId == rootId, "batches of different roots cannot be merged")
    media += later.media
    nonMedia += later.nonMedia
    removed += later.removed
  }
}

extension FileStamp {
  /// The stamp in four columns from `index` on: size, mtimeNs, device, inode.
  init(row: Row, from index: Int) {
    self.init(size: row[index], mtimeNs: row[index + 1], device: row[index + 2], inode: row[index + 3])
  }
}
