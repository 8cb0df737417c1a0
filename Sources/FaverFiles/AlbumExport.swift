package import FaverCore
package import Foundation

/// An album folder of chosen photos (the favorites): a symbolic link to each, or a copy, under
/// the photo's own file name, brought up to date by each run.
///
/// - The folder is created when missing. What faver makes in it is listed in a hidden record
///   there (`.faver-album.json`); nothing else in the folder is ever changed.
/// - An entry is named after its source file. A name already taken (by another photo of the
///   album, or by a file that is not faver's) gets ` (2)`, ` (3)` … before its extension. A photo
///   keeps its name for as long as it stays in the album.
/// - An entry is still faver's while it is as faver made it: a link to its recorded source, or a
///   copy of its recorded size and modification time (or, after an interrupted run, what faver
///   would make for its photo now). Anything else in its place is the person's: it is left alone
///   and reported, and its photo gets no other entry while it is there.
/// - A run adds the photos with no entry, remakes an entry whose source moved (or changed, for a
///   copy) or whose method changed, removes faver's entries of the photos no longer given (a link
///   itself, never what it points to), and leaves everything else: a run with the same photos
///   writes nothing at all.
/// - A photo whose source is missing or not a file is skipped with the reason; its entry, if it
///   has one, is kept (an unmounted drive does not empty the album).
/// - A copy is written atomically (a temporary file in the folder, flushed, renamed) and keeps its
///   source's modification time. Sources are only ever read.
/// - New entries are recorded before they are made, so that a run cut short leaves nothing the
///   next one would take for the person's.
package struct AlbumExport: Sendable {
  /// How an entry stands for its photo.
  package enum Method: String, Codable, Sendable {
    /// A symbolic link to the source's absolute path.
    case link
    /// A copy of the source, with its modification time.
    case copy
  }

  package var folder: URL
  package var method: Method

  package init(folder: URL, method: Method = .link) {
    self.folder = folder
    self.method = method
  }

  /// What a run did.
  package struct Summary: Equatable, Sendable {
    package var added = 0
    package var updated = 0
    package var removed = 0
    package var unchanged = 0
    /// Photos that could not be put in the album, and entries that could not be removed, in order.
    package var skipped: [Skipped] = []
    /// Names of entries faver made that the person has changed since: left as they are.
    package var leftAlone: [String] = []

    package init(
      added: Int = 0, updated: Int = 0, removed: Int = 0, unchanged: Int = 0, skipped: [Skipped] = [],
      leftAlone: [String] = []
    ) {
      self.added = added
      self.updated = updated
      self.removed = removed
      self.unchanged = unchanged
      self.skipped = skipped
      self.leftAlone = leftAlone
    }
  }

  /// A photo not put in the album (its source path), or an entry not removed (its path), and why.
  package struct Skipped: Equatable, Sendable {
    package var path: String
    package var reason: SkipReason
  }

  /// Why a photo is not in the album, or an entry could not be removed.
  package enum SkipReason: Error, Equatable, Sendable, CustomStringConvertible {
    case notAbsolute
    case sourceMissing
    case sourceNotAFile
    /// The same photo (by its asset id) was given before, at this path.
    case sameAs(path: String)
    case cannotRead(reason: String)
    case cannotWrite(reason: String)
    /// A file appeared at the name while the run was making the entry.
    case nameTaken(name: String)
    case cannotRemove(reason: String)

    package var description: String {
      switch self {
      case .notAbsolute: "not an absolute path"
      case .sourceMissing: "not found (moved or deleted since the last index, or on a drive not mounted)"
      case .sourceNotAFile: "not a regular file"
      case .sameAs(let path): "the same photo as \(path), already in the album"
      case .cannotRead(let reason): "cannot be read: \(reason)"
      case .cannotWrite(let reason): "cannot be written into the album: \(reason)"
      case .nameTaken(let name): "\(name) was taken in the album during the run; run again"
      case .cannotRemove(let reason): "cannot be removed from the album: \(reason)"
      }
    }
  }

  /// Brings the album up to date with `items`, in order (the order only decides which of two
  /// photos of the same name keeps it plain).
  package func export(_ items: [(id: AssetID, path: String)]) throws(AlbumError) -> Summary {
    try makeFolder()
    let record = try AlbumRecord.load(from: folder)
    var present = try names()
    var summary = Summary()
    let wanted = distinct(items, summary: &summary)
    let recorded = Dictionary(uniqueKeysWithValues: record.entries.map { ($0.id, $0) })
    let wantedIDs = Set(wanted.map(\.id))
    // What the record will say, by asset id.
    var entries: [String: AlbumRecord.Entry] = [:]

    // Faver's entries of the photos no longer given go first, which frees their names.
    for entry in record.entries where !wantedIDs.contains(entry.id) {
      let found = look(at: entry.name)
      if found == .missing { continue }
      guard found.isMade(as: entry) else {
        summary.leftAlone.append(entry.name)
        continue
      }
      do throws(SkipReason) {
        try remove(entry.name)
        present.remove(entry.name)
        summary.removed += 1
      } catch {
        summary.skipped.append(Skipped(path: joinPath(folder.path, entry.name), reason: error))
        entries[entry.id] = entry
      }
    }

    // The photos given: what stays, and what is to be made.
    var taken = present.union(wanted.compactMap { recorded[$0.id]?.name })
    taken.insert(AlbumRecord.fileName)
    var work: [Work] = []
    for item in wanted {
      let source = Self.inspectSource(item.path)
      guard let entry = recorded[item.id] else {
        switch source {
        case .failure(let reason): summary.skipped.append(Skipped(path: item.path, reason: reason))
        case .success(let stamp):
          let name = Self.uniqueName(Self.fileName(of: item.path), avoiding: &taken)
          work.append(Work(item: item, name: name, stamp: stamp, old: nil))
        }
        continue
      }
      let found = look(at: entry.name)
      // Faver's as recorded, or as this run would make it (the record of a run cut short can
      // be a step behind).
      let isFavers =
        found.isMade(as: entry)
        || (try? source.get()).map { found.isMade(by: method, from: item.path, stamp: $0) } == true
      switch (found, source) {
      case (.missing, .failure(let reason)):
        summary.skipped.append(Skipped(path: item.path, reason: reason))
      case (.missing, .success(let stamp)):
        work.append(Work(item: item, name: entry.name, stamp: stamp, old: nil))
      case _ where !isFavers:
        summary.leftAlone.append(entry.name)
        entries[item.id] = entry
      case (_, .failure(let reason)):
        summary.skipped.append(Skipped(path: item.path, reason: reason))
        entries[item.id] = entry
      case (_, .success(let stamp)):
        if isCurrent(entry, found: found, source: item.path, stamp: stamp) {
          summary.unchanged += 1
          entries[item.id] = entry
        } else {
          work.append(Work(item: item, name: entry.name, stamp: stamp, old: entry))
        }
      }
    }

    // Entries to be made at a new name are recorded first (an entry in the record that is not
    // on the disk is simply made again by the next run); replaced ones keep their old state
    // until they are replaced.
    var written = record
    let intended =
      Array(entries.values)
      + work.map { $0.old ?? entry(for: $0.item, named: $0.name, copy: $0.stamp, of: $0.stamp) }
    if work.contains(where: { recorded[$0.item.id] == nil }) {
      written = AlbumRecord(entries: intended)
      if written != record { try written.save(in: folder) }
    }
    for job in work {
      do throws(SkipReason) {
        entries[job.item.id] = try make(job)
        if job.old == nil { summary.added += 1 } else { summary.updated += 1 }
      } catch {
        summary.skipped.append(Skipped(path: job.item.path, reason: error))
        if let old = job.old { entries[job.item.id] = old }
      }
    }
    let result = AlbumRecord(entries: entries.values)
    if result != written { try result.save(in: folder) }
    return summary
  }

  /// A photo to put in the album: its asset id and its source's absolute path.
  struct Item {
    var id: String
    var path: String
  }

  /// An entry to make, or to make again in place of `old`.
  struct Work {
    var item: Item
    var name: String
    /// The source's size and time when the run looked.
    var stamp: Stamp
    var old: AlbumRecord.Entry?
  }

  /// The items with an absolute path, each asset once (the first time it is given).
  private func distinct(_ items: [(id: AssetID, path: String)], summary: inout Summary) -> [Item] {
    var first: [String: String] = [:]
    var result: [Item] = []
    for (id, path) in items {
      guard path.hasPrefix("/") else {
        summary.skipped.append(Skipped(path: path, reason: .notAbsolute))
        continue
      }
      if let earlier = first[id.rawValue] {
        summary.skipped.append(Skipped(path: path, reason: .sameAs(path: earlier)))
        continue
      }
      first[id.rawValue] = path
      result.append(Item(id: id.rawValue, path: path))
    }
    return result
  }

  /// The record's entry for `item` made by this run's method at `name`; a copy's own size and
  /// time as the disk keeps them, and the source's it was made from.
  func entry(for item: Item, named name: String, copy: Stamp, of source: Stamp) -> AlbumRecord.Entry {
    let copied = method == .copy
    return AlbumRecord.Entry(
      name: name, id: item.id, source: item.path, method: method, size: copied ? copy.size : nil,
      modified: copied ? copy.modified : nil, sourceModified: copied ? source.modified : nil)
  }

  /// Whether `entry`, found on the disk as `found`, is what this run would make from `source`,
  /// now of `stamp`: made by this method from this path, unchanged since, and, for a copy, made
  /// from the source as it is now.
  func isCurrent(_ entry: AlbumRecord.Entry, found: Found, source: String, stamp: Stamp) -> Bool {
    guard entry.method == method, entry.source == source, found.isMade(as: entry) else { return false }
    return method == .link || (entry.size == stamp.size && entry.sourceModified == stamp.modified)
  }
}
