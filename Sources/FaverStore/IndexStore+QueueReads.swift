package import FaverCore
import Foundation
import GRDB

/// The saved queue read whole, a row at a time: the manifest is written from it as it is read,
/// and `forEachAsset` hands its assets over (`assets --json` is `IndexStore+AssetListing`), so a
/// million assets are never in memory at once.
extension IndexStore {
  /// The saved queue as its manifest begins: the threshold it was built with, the progress, and
  /// every moment in queue order (reviewed ones included).
  package struct QueueHeader: Sendable {
    package var mode: MomentClusterer.Mode
    package var threshold: Double
    package var progress: ReviewProgress
    package var moments: [QueuedMoment]
    /// The signals' generation (bumped by every `saveSignals`) as the queue was read.
    package var signalGeneration: Int
  }

  /// Reads the saved queue in one transaction, so the header and the moments agree: `header`
  /// first, then `pending` with each moment that has something left to review, in queue order,
  /// with the fingerprint of what its manifest entry is written from
  /// (`Manifest.Fingerprint.entry`: the moment's row, its items' ids, burst starts and instants,
  /// and which are reviewed), `bursts`, which gives the ids of its unreviewed items by burst (each
  /// burst named `b-` and the id of its first item, reviewed or not, as `Burst.id` names it), and
  /// `candidates`, which gives the moment's items with their signals of version `signals`
  /// (`QueueSnapshot.similarCandidates`), else none. The items are read moment by moment, only
  /// those of moments whose fingerprint needs them (their items' fingerprint not kept in their
  /// row, or some reviewed) or whose `bursts` or `candidates` are asked for (the manifest copies
  /// most moments from its last file). Returns how many items were read; nil, and nothing read,
  /// when no queue of this faver's format and the rules of `recipe` is saved.
  package func readQueue(
    recipe: String, signals: Int? = nil, header: (QueueHeader) throws -> Void,
    pending: (
      QueuedMoment, Manifest.Fingerprint, _ bursts: () throws -> [Manifest.BurstEntry],
      _ candidates: () throws -> [SimilarGrouper.Candidate]
    ) throws -> Void
  ) throws -> Int? {
    try database.read { db in
      try Self.readQueue(recipe: recipe, signals: signals, header: header, pending: pending, in: db)
    }
  }

  /// `readQueue` in the transaction of `db`.
  static func readQueue(
    recipe: String?, signals: Int?, header: (QueueHeader) throws -> Void,
    pending: (
      QueuedMoment, Manifest.Fingerprint, _ bursts: () throws -> [Manifest.BurstEntry],
      _ candidates: () throws -> [SimilarGrouper.Candidate]
    ) throws -> Void, in db: Database
  ) throws -> Int? {
    guard let stamp = try Self.queueStamp(db), recipe.map(stamp.isCurrent(recipe:)) ?? true else {
      return nil
    }
    let queue = try Self.queueHeader(stamp, in: db)
    try header(queue)
    return try Self.readQueueByMoment(
      queue.moments, kept: try Self.itemFingerprints(in: db), signals: signals, in: db, pending: pending)
  }

  /// The fingerprints of the saved moments' items by ordinal, none where not kept (see
  /// `registerItemFingerprintMigration`).
  private static func itemFingerprints(in db: Database) throws -> [Int: Manifest.Fingerprint] {
    var kept: [Int: Manifest.Fingerprint] = [:]
    var rows = try ColumnCursor(
      db, sql: "SELECT ordinal, itemsHigh, itemsLow FROM queueMoment WHERE itemsHigh IS NOT NULL")
    while try rows.next() {
      let ordinal = rows.int(0)
      guard !rows.isNull(2) else { continue }
      kept[ordinal] = Manifest.Fingerprint(
        high: UInt64(bitPattern: rows.int64(1)), low: UInt64(bitPattern: rows.int64(2)))
    }
    return kept
  }

  /// `readQueue` moment by moment: each moment's items read, when its fingerprint needs them or
  /// its `bursts` or `candidates` are asked for. Returns how many items were read.
  private static func readQueueByMoment(
    _ moments: [QueuedMoment], kept: [Int: Manifest.Fingerprint], signals: Int?, in db: Database,
    pending: (
      QueuedMoment, Manifest.Fingerprint, _ bursts: () throws -> [Manifest.BurstEntry],
      _ candidates: () throws -> [SimilarGrouper.Candidate]
    ) throws -> Void
  ) throws -> Int {
    var read = 0
    var rows = try ColumnCursor(db, sql: "SELECT items FROM queueItems WHERE moment = ?")
    func items(of moment: QueuedMoment) throws -> MomentItems {
      var items = MomentItems(capacity: moment.total)
      var current: Int?
      try rows.restart(int: Int64(moment.ordinal))
      var count = 0
      if try rows.next() {
        rows.blob(0) { bytes in
          PackedItems.forEachEntry(bytes) { id, burst, instant, reviewed in
            count += 1
            items.append(
              id: id, burst: burst, startsBurst: current != burst, instant: instant, reviewed: reviewed,
              signals: nil)
            current = burst
          }
        }
      }
      read += count
      // A manifest that silently left photos out is worse than one that says the store is
      // damaged (see `IndexStore.items(ofMoment:in:)`).
      guard count == moment.total else {
        throw DatabaseError(
          resultCode: .SQLITE_CORRUPT,
          message: "moment \(moment.ordinal) holds \(count) saved items, its row says \(moment.total)")
      }
      return items
    }
    // Asked once, not for each moment (a million photos make tens of thousands).
    let analyzed = try signals.map { try hasSignals(version: $0, in: db) } ?? false
    for moment in moments where moment.reviewed < moment.total {
      var loaded: MomentItems?
      let fingerprint: Manifest.Fingerprint
      if moment.reviewed == 0, let kept = kept[moment.ordinal] {
        fingerprint = .entry(of: moment, items: kept, reviewed: Manifest.Fingerprint())
      } else {
        let read = try items(of: moment)
        fingerprint = read.fingerprint(of: moment)
        loaded = read
      }
      func load() throws -> MomentItems {
        if let loaded { return loaded }
        let read = try items(of: moment)
        loaded = read
        return read
      }
      let bursts = { try load().bursts() }
      let candidates = {
        guard let signals else { return [SimilarGrouper.Candidate]() }
        let read = try load().candidates(moment: moment.ordinal)
        return analyzed ? try withSignals(read, version: signals, in: db) : read
      }
      try pending(moment, fingerprint, bursts, candidates)
    }
    return read
  }

  /// One moment's items as read, in queue order, kept as their columns' bytes and numbers.
  private struct MomentItems {
    /// The ids' UTF-8 bytes one after another; `idEnds[i]` is where item `i`'s end.
    private var idBytes: [UInt8] = []
    private var idEnds: [Int] = []
    private var burstStarts: [Bool] = []
    private var burstOrdinals: [Int] = []
    private var instants: [Double] = []
    private(set) var reviewed: [Bool] = []
    private var signals: [PhotoSignals?] = []
    /// The fingerprint of the items (see `Manifest.Fingerprint.entry`), and that of the places
    /// of those reviewed.
    private var itemsPrint = Manifest.Fingerprint()
    private var reviewedPrint = Manifest.Fingerprint()

    /// Room for `capacity` items (a moment's count): each column allocated once.
    init(capacity: Int) {
      idBytes.reserveCapacity(capacity * 16)
      idEnds.reserveCapacity(capacity)
      burstStarts.reserveCapacity(capacity)
      burstOrdinals.reserveCapacity(capacity)
      instants.reserveCapacity(capacity)
      reviewed.reserveCapacity(capacity)
      signals.reserveCapacity(capacity)
    }

    mutating func append(
      id: UnsafeBufferPointer<UInt8>, burst: Int, startsBurst: Bool, instant: Double, reviewed: Bool,
      signals: PhotoSignals?
    ) {
      itemsPrint.add(item: UnsafeRawBufferPointer(id), startsBurst: startsBurst, instant: instant)
      if reviewed { reviewedPrint.add(idEnds.count) }
      idBytes.append(contentsOf: id)
      idEnds.append(idBytes.count)
      burstStarts.append(startsBurst)
      burstOrdinals.append(burst)
      instants.append(instant)
      self.reviewed.append(reviewed)
      self.signals.append(signals)
    }

    /// The fingerprint of `moment`'s entry with these items.
    func fingerprint(of moment: QueuedMoment) -> Manifest.Fingerprint {
      .entry(of: moment, items: itemsPrint, reviewed: reviewedPrint)
    }

    /// `body` of item `index`'s id bytes.
    private func withID<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
      let start = index == 0 ? 0 : idEnds[index - 1]
      return idBytes.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[start..<idEnds[index]]))
      }
    }

    /// Item `index`'s id as text, as `ColumnCursor.string` reads it.
    private func text(_ index: Int) -> String {
      withID(index) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The ids of the unreviewed items by burst, each burst named after its first item.
    func bursts() -> [Manifest.BurstEntry] {
      var bursts: [Manifest.BurstEntry] = []
      var name = ""
      var ids: [String] = []
      func endBurst() {
        if !ids.isEmpty { bursts.append(Manifest.BurstEntry(burstId: "b-" + name, assetIds: ids)) }
        ids.removeAll()
      }
      for index in reviewed.indices {
        if burstStarts[index] {
          endBurst()
          name = text(index)
        }
        if !reviewed[index] { ids.append(text(index)) }
      }
      endBurst()
      return bursts
    }

    /// The items as `SimilarGrouper` reads them, with the signals read with them.
    func candidates(moment: Int) -> [SimilarGrouper.Candidate] {
      reviewed.indices.map { index in
        SimilarGrouper.Candidate(
          id: withID(index, AssetID.init(cString:)), moment: moment, burst: burstOrdinals[index],
          instant: Date(timeIntervalSince1970: instants[index]), signals: signals[index])
      }
    }
  }

  /// `candidates` (read without their signals) with their signals of `version`, looked up one by
  /// one, as `CandidateColumns` joins them.
  static func withSignals(
    _ candidates: [SimilarGrouper.Candidate], version: Int, in db: Database
  ) throws -> [SimilarGrouper.Candidate] {
    guard try hasSignals(version: version, in: db) else { return candidates }
    var rows = try ColumnCursor(
      cached: db,
      sql: """
        SELECT hash, sharpness, shadows, highlights, width, height FROM photoSignal
        WHERE assetId = ? AND version = \(version) AND failure IS NULL
        """)
    return try candidates.map { candidate in
      var candidate = candidate
      try rows.restart(text: candidate.id.rawValue)
      if try rows.next(), !rows.isNull(0) {
        candidate.signals = PhotoSignals(
          hash: UInt64(bitPattern: rows.int64(0)), sharpness: rows.double(1), shadows: rows.double(2),
          highlights: rows.double(3), width: rows.int(4), height: rows.int(5))
      }
      return candidate
    }
  }

  /// Whether any photo was analyzed by signals' `version`: none in a library's first days, and
  /// then there is nothing to look up.
  private static func hasSignals(version: Int, in db: Database) throws -> Bool {
    try Bool.fetchOne(
      db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM photoSignal WHERE version = ?)"),
      arguments: [version]) == true
  }

  /// The saved queue's header (see `readQueue`) without its items; nil without a queue of the
  /// rules of `recipe`.
  static func queueHeader(recipe: String?, in db: Database) throws -> QueueHeader? {
    guard let stamp = try Self.queueStamp(db), recipe.map(stamp.isCurrent(recipe:)) ?? true else {
      return nil
    }
    return try Self.queueHeader(stamp, in: db)
  }

  /// The header of the queue `stamp` stamps: its moments, read whole, and the progress they add
  /// up to.
  static func queueHeader(_ stamp: QueueStamp, in db: Database) throws -> QueueHeader {
    var rows = try ColumnCursor(db, sql: "SELECT \(QueuedMoment.selection) FROM queueMoment ORDER BY ordinal")
    var moments: [QueuedMoment] = []
    while try rows.next() { moments.append(QueuedMoment(rows)) }
    var progress = ReviewProgress(reviewed: 0, total: 0)
    for moment in moments {
      progress.total += moment.total
      progress.reviewed += moment.reviewed
    }
    return QueueHeader(
      mode: stamp.mode, threshold: stamp.threshold ?? 0, progress: progress, moments: moments,
      signalGeneration: try state(Int.self, key: signalGenerationKey, in: db) ?? 0)
  }

  /// An asset of a run of equal instants, with the place it is shown at and its moment's
  /// ordinal. (A struct, not a tuple: an array of tuples copied each asset through the runtime's
  /// generic value witnesses.)
  private struct RunEntry {
    var asset: Asset
    var rootId: Int64
    var path: String
    var moment: Int
  }

  /// Hands `body` every asset of the saved queue (`reviewedOnly`: those reviewed, favorites and
  /// rejects included) with its review state and the id of its moment, in capture order (the
  /// placed instant; ties by root, then path, as `unpairedAssets()` orders them), one at a time. False,
  /// and nothing read, when no queue of this faver's format and the rules of `recipe` is saved.
  package func forEachQueuedAsset(
    recipe: String, reviewedOnly: Bool = false, _ body: (Asset, _ momentID: String) throws -> Void
  ) throws -> Bool {
    try database.read { db in
      try Self.forEachQueuedAsset(recipe: recipe, reviewedOnly: reviewedOnly, body, in: db)
    }
  }

  /// `forEachQueuedAsset` in the transaction of `db`.
  static func forEachQueuedAsset(
    recipe: String?, reviewedOnly: Bool, _ body: (Asset, _ momentID: String) throws -> Void, in db: Database
  ) throws -> Bool {
    guard let stamp = try Self.queueStamp(db), recipe.map(stamp.isCurrent(recipe:)) ?? true else {
      return false
    }
    var listing = try QueuedAssetListing(db, roots: try Self.roots(db))
    // By ordinal (ordinals may keep holes, see `IndexStore+QueueSpans`).
    var momentIDs: [Int: String] = [:]
    let rows = try Row.fetchCursor(db, sql: "SELECT ordinal, momentId FROM queueMoment")
    while let row = try rows.next() { momentIDs[row[0]] = row[1] }
    // In the order of the index on (instant, assetId): only a run of equal instants (a burst
    // within a second, a Live Photo's pair) is held, to be put in order of root, then path.
    var run: [RunEntry] = []
    func endRun() throws {
      if run.count > 1 {
        run.sort {
          $0.rootId != $1.rootId
            ? $0.rootId < $1.rootId : $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
        }
      }
      // By index: iterating would copy each asset out of the run.
      for index in run.indices {
        let moment = run[index].moment
        try body(run[index].asset, momentIDs[moment] ?? "")
      }
      run.removeAll(keepingCapacity: true)
    }
    try listing.forEach(in: db, reviewedOnly: reviewedOnly) { asset, place, moment in
      if let last = run.last, last.asset.captureTime.instant != asset.captureTime.instant { try endRun() }
      run.append(RunEntry(asset: asset, rootId: place.rootId, path: place.path, moment: moment))
    }
    try endRun()
    return true
  }
}
