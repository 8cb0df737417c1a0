/// What the last run recorded under one root, for telling changed files from unchanged ones.
/// The walk marks each entry it finds again (`PathTable.mark`): what is left unmarked is gone.
package struct KnownFiles: Sendable {
  package struct Entry: Hashable, Sendable {
    package var stamp: FileStamp
    package var hasProblem: Bool

    package init(stamp: FileStamp, hasProblem: Bool) {
      (self.stamp, self.hasProblem) = (stamp, hasProblem)
    }
  }

  /// Indexed photos and videos.
  package var media = PathTable<Entry>()
  /// Files that were read and found not to be media.
  package var nonMedia = PathTable<FileStamp>()

  package init() {}

  /// The photos and videos the walk has not found.
  package var mediaNotFound: [String] { media.unmarkedPaths }
  /// The other files the walk has not found.
  package var nonMediaNotFound: [String] { nonMedia.unmarkedPaths }
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
  init(_ cursor: borrowing ColumnCursor, from index: Int32) {
    self.init(
      size: cursor.int64(index), mtimeNs: cursor.int64(index + 1), device: cursor.int64(index + 2),
      inode: cursor.int64(index + 3))
  }
}
