package import FaverCore
package import Foundation
import GRDB

/// What a use case does in the one transaction in which it makes the saved queue fresh and reads
/// it (see `Library.withFreshQueue`): the library read, the queue planned or saved, the marks,
/// the manifest's records. Each is the store's method of the same name in that transaction.
extension IndexStore.QueueSnapshot {
  /// Every indexed file's asset once, not yet paired, as `IndexStore.unpairedAssets()` lists them.
  package func unpairedAssets() throws -> [Asset] { try IndexStore.unpairedAssets(in: db) }

  package func clockCorrections() throws -> [ClockCorrection] { try IndexStore.clockCorrections(in: db) }

  package func dataGeneration() throws -> Int { try IndexStore.dataGeneration(db) }

  /// How many files are indexed.
  package func fileCount() throws -> Int { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM file") ?? 0 }

  /// Replaces the saved queue (see `IndexStore.saveQueue`).
  @discardableResult
  package func save(
    _ assets: inout [Asset], cuts: MomentClusterer.Cuts, places: [Place?], generation: Int, recipe: String
  ) throws -> Int {
    try IndexStore.saveQueue(
      &assets, cuts: cuts, places: places, generation: generation, recipe: recipe, in: db)
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
    signals: Int?, header: (IndexStore.QueueHeader) throws -> Void,
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
