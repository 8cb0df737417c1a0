package import FaverCore
package import Foundation
import GRDB

/// What a use case does in the one transaction in which it makes the saved queue fresh and reads
/// it (see `Library.withFreshQueue`): the library read, the queue planned or saved, the marks,
/// the manifest's records. Each is the store's method of the same name in that transaction.
extension IndexStore.QueueSnapshot {
  /// Every indexed asset once, as `IndexStore.assets()` lists them.
  package func assets() throws -> [Asset] { try IndexStore.assets(in: db) }

  package func clockCorrections() throws -> [ClockCorrection] { try IndexStore.clockCorrections(in: db) }

  package func dataGeneration() throws -> Int { try IndexStore.dataGeneration(db) }

  /// How many files are indexed.
  package func fileCount() throws -> Int { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM file") ?? 0 }

  /// The changes since the saved queue was saved and the files they reach, or why a plan cannot
  /// take them (see `IndexStore+QueuePlan`).
  package func readPlan(mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection]) throws
    -> IndexStore.PlanReading
  {
    try IndexStore.readPlan(mode: mode, recipe: recipe, corrections: corrections, in: db)
  }

  /// The saved queue's assets of known zone in `windows` but `without` (see
  /// `IndexStore.zoneEvidence`).
  package func zoneEvidence(in windows: [ClosedRange<Double>], without: Set<String>) throws -> [Asset]? {
    try IndexStore.zoneEvidence(in: windows, without: without, in: db)
  }

  /// What differs between the saved items and the placed `assets` of `reach` (see
  /// `IndexStore.change(placing:leaving:of:)`).
  package func change(placing assets: [Asset], leaving: Set<String>, of reach: IndexStore.PlanReach) throws
    -> IndexStore.PlannedChange
  {
    try IndexStore.change(placing: assets, leaving: leaving, of: reach, in: db)
  }

  /// Stamps the saved queue up to date with `reach`, which changed none of its items.
  package func keepStamp(of reach: IndexStore.PlanReach) throws {
    try IndexStore.keepStamp(of: reach, in: db)
  }

  /// The spans of the saved queue that `change` cuts again, with the moments of `extra` (see
  /// `PlannedChange.spans`); nil when one cannot be cut alone.
  package func spans(of change: IndexStore.PlannedChange, window: TimeInterval, extra: Set<Int>) throws
    -> [IndexStore.QueueSpan]?
  {
    try change.spans(window: window, extra: extra, in: db)
  }

  /// The kept gaps outside every span of `spans` (see `IndexStore.gaps(outside:)`).
  package func gaps(outside spans: [IndexStore.QueueSpan]) throws -> [TimeInterval] {
    try IndexStore.gaps(outside: spans, in: db)
  }

  /// The moments outside `spans` that a threshold moved from `saved` to `threshold` cuts
  /// otherwise (see `IndexStore.momentsCutOtherwise`).
  package func momentsCutOtherwise(
    from saved: Double, to threshold: Double, outside spans: [IndexStore.QueueSpan]
  )
    throws -> Set<Int>
  {
    try IndexStore.momentsCutOtherwise(from: saved, to: threshold, outside: spans, in: db)
  }

  /// Writes the spans cut again (see `IndexStore.write(_:threshold:of:)`); nil, and nothing
  /// written, when they do not fit their room.
  package func write(_ spans: [IndexStore.SpanCut], threshold: Double, of reach: IndexStore.PlanReach) throws
    -> Int?
  {
    try IndexStore.write(spans, threshold: threshold, of: reach, in: db)
  }

  /// Replaces the saved queue (see `IndexStore.saveQueue`).
  @discardableResult
  package func save(
    _ assets: inout [Asset], cuts: MomentClusterer.Cuts,
    summary: (_ moment: Int, _ assets: [Asset]) throws -> MomentSummary, generation: Int, recipe: String
  ) throws -> Int {
    try IndexStore.saveQueue(
      &assets, cuts: cuts, summary: summary, generation: generation, recipe: recipe, in: db)
  }

  package func knownAssetIDs(among ids: [AssetID]) throws -> Set<AssetID> {
    try IndexStore.knownAssetIDs(among: ids, in: db)
  }

  /// Records `mark` for every id (see `IndexStore.mark`).
  package func mark(_ ids: [AssetID], as mark: ReviewMark, at date: Date, keepingNewer: Bool)
    throws -> IndexStore.Marking
  {
    try IndexStore.mark(ids, as: mark, at: date, keepingNewer: keepingNewer, in: db)
  }

  /// Hands `body` every asset of the saved queue (see `IndexStore.forEachQueuedAsset`).
  package func forEachAsset(reviewedOnly: Bool, _ body: (Asset, _ momentID: String) throws -> Void) throws {
    _ = try IndexStore.forEachQueuedAsset(recipe: nil, reviewedOnly: reviewedOnly, body, in: db)
  }

  /// Writes every asset of the saved queue to `writer` (see `IndexStore.writeQueuedAssets`).
  package func writeAssets(to writer: AssetListing.ArrayWriter) throws {
    _ = try IndexStore.writeQueuedAssets(recipe: nil, to: writer, in: db)
  }

  /// Reads the saved queue for its manifest (see `IndexStore.readQueue`).
  package func read(
    signals: Int?, header: (IndexStore.QueueHeader) throws -> Bool,
    pending: (
      QueuedMoment, Manifest.Fingerprint, _ bursts: () throws -> [Manifest.BurstEntry],
      _ candidates: () throws -> [SimilarGrouper.Candidate]
    ) throws -> Void
  ) throws -> Int {
    try IndexStore.readQueue(recipe: nil, signals: signals, header: header, pending: pending, in: db) ?? 0
  }

  package func queueHeader() throws -> IndexStore.QueueHeader? {
    try IndexStore.queueHeader(recipe: nil, in: db)
  }

  package func manifestSource(writer: String) throws -> String? {
    try IndexStore.manifestSource(recipe: nil, writer: writer, in: db)
  }

  package func writtenManifest() throws -> IndexStore.WrittenManifest? {
    try IndexStore.state(IndexStore.WrittenManifest.self, key: IndexStore.manifestKey, in: db)
  }

  package func keepWrittenManifest(_ written: IndexStore.WrittenManifest) throws {
    try IndexStore.setState(written, key: IndexStore.manifestKey, in: db)
  }

  package func clusteringMode() throws -> MomentClusterer.Mode? {
    try IndexStore.state(MomentClusterer.Mode.self, key: "clusteringMode", in: db)
  }

  package func setClusteringMode(_ mode: MomentClusterer.Mode) throws {
    try IndexStore.setState(mode, key: "clusteringMode", in: db)
  }
}

extension IndexStore.QueueSnapshot {
  /// The assets of the saved queue without signals of `version` (see `IndexStore.unanalyzedAssets`).
  package func unanalyzedAssets(version: Int) throws -> [IndexStore.UnanalyzedAsset] {
    try IndexStore.unanalyzedAssets(version: version, in: db)
  }
}
