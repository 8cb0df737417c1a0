public import FaverCore
internal import FaverPreview
internal import FaverStore
internal import Foundation
import Synchronization

extension Library {
  /// How far `analyze` is: `done` of `total` photos and videos read.
  public struct AnalyzeProgress: Hashable, Sendable {
    public var done: Int
    public var total: Int
  }

  /// What `analyze` did.
  public struct AnalyzeSummary: Hashable, Sendable, Encodable {
    /// Contents whose signals were read now.
    public var analyzed = 0
    /// Contents that cannot have any (damaged, unsupported …): remembered, not read again.
    public var failed = 0
    /// Contents left for another run: the time was up, the file could not be read now, or a video
    /// and no ffmpeg.
    public var remaining = 0
    /// Contents that had their signals already (read nothing).
    public var known = 0
  }

  /// How many files a decode worker reads at once.
  static let signalBatch = 16

  /// Reads the signals (`PhotoSignals`: perceptual hash, sharpness, exposure) of every asset of
  /// the review queue that has none yet, in queue order, each content once: a second run reads
  /// nothing. Files are decoded in `faver decode-worker --signals` under `decoding`'s limits, a
  /// batch at a time on each core; a file that cannot be read now (gone, unmounted, no worker,
  /// a video and no ffmpeg) is left for the next run, one that cannot have signals (damaged,
  /// unsupported, over the limits) is remembered. With `limit`, no batch starts after that much
  /// time: what is left waits for the next run. `jobs` workers run at once (default: one per
  /// core). `progress` is called on the calling thread.
  public func analyze(
    for limit: Duration? = nil, jobs: Int? = nil, decoding: PreviewDecoding = PreviewDecoding(),
    progress: ((AnalyzeProgress) -> Void)? = nil
  ) throws -> AnalyzeSummary {
    let (store, all, total) = try signalWork()
    let version = SignalAnalyzer.version
    let hasFFmpeg = VideoFrame.findFFmpeg() != nil
    let work = all.filter { hasFFmpeg || !$0.isVideo }
    var summary = AnalyzeSummary(remaining: all.count - work.count)
    summary.known = total - all.count
    let worker = SignalWorker(worker: decoding.worker)
    let lanes = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let started = ContinuousClock.now
    var next = 0
    progress?(AnalyzeProgress(done: 0, total: work.count))
    while next < work.count {
      if let limit, ContinuousClock.now - started >= limit { break }
      let batches = (0..<lanes).compactMap { lane -> ArraySlice<IndexStore.UnanalyzedAsset>? in
        let start = next + lane * Self.signalBatch
        return start < work.count ? work[start..<min(work.count, start + Self.signalBatch)] : nil
      }
      let results = Mutex([[Result<PhotoSignals, PreviewFailure>]](repeating: [], count: batches.count))
      DispatchQueue.concurrentPerform(iterations: batches.count) { lane in
        let answers = worker.signals(of: batches[lane].map { $0.paths[0] })
        results.withLock { $0[lane] = answers }
      }
      var kept: [(id: AssetID, result: Result<PhotoSignals, SignalFailure>)] = []
      for (batch, answers) in zip(batches, results.withLock { $0 }) {
        for (asset, answer) in zip(batch, answers) {
          switch answer {
          case .success(let signals):
            kept.append((asset.id, .success(signals)))
            summary.analyzed += 1
          case .failure(.unreadable), .failure(.noVideoTool), .failure(.noWorker):
            summary.remaining += 1
          case .failure(let failure):
            kept.append((asset.id, .failure(SignalFailure(reason: failure.description))))
            summary.failed += 1
          }
        }
        next += batch.count
      }
      try store.saveSignals(kept, version: version)
      progress?(AnalyzeProgress(done: next, total: work.count))
    }
    summary.remaining += work.count - next
    return summary
  }

  /// What `analyze` reads: the store, writable, the assets of the review queue (made fresh) without
  /// signals of this version, and how many assets the queue holds.
  func signalWork() throws -> (store: IndexStore, unanalyzed: [IndexStore.UnanalyzedAsset], total: Int) {
    let store = try queueStore()
    guard !store.isReadOnly else {
      throw LibraryError.cannotUpdateIndex(
        store: folder.path, reason: "the index cannot be written, so signals cannot be kept")
    }
    let (unanalyzed, total) = try withFreshQueue { queue in
      (try queue.unanalyzedAssets(version: SignalAnalyzer.version), try queue.counts().total)
    }
    return (store, unanalyzed, total)
  }

  /// The similar groups of the review queue in `mode` (bursts included), each with the photo to
  /// keep suggested: see `SimilarGrouper` and `Suggestion`. Photos without signals (`analyze`)
  /// group only by burst.
  public func similarGroups(mode: MomentClusterer.Mode? = nil) throws -> [SimilarGroup] {
    let candidates = try withFreshQueue(mode: mode) {
      try $0.similarCandidates(version: SignalAnalyzer.version)
    }
    return SimilarGrouper().groups(in: candidates)
  }

  /// The similar group holding `id` in `mode`, if it is in one.
  public func similarGroup(holding id: AssetID, mode: MomentClusterer.Mode? = nil) throws -> SimilarGroup? {
    let candidates = try withFreshQueue(mode: mode) { snapshot in
      guard let item = try snapshot.item(id) else { return [SimilarGrouper.Candidate]() }
      return try snapshot.similarCandidates(version: SignalAnalyzer.version, moment: item.moment)
    }
    return SimilarGrouper().groups(in: candidates).first { $0.assetIDs.contains(id) }
  }

  /// How many decisions the library takes once each similar group is one.
  public struct Decisions: Hashable, Sendable, Encodable {
    /// Photos and videos in the queue.
    public var items: Int
    /// Decisions once each group is one.
    public var decisions: Int
    public var groups: Int
  }

  /// `Decisions` of the review queue in `mode`: counted once per change of the queue or of the
  /// signals, and kept in the store for the next call.
  public func decisions(mode: MomentClusterer.Mode? = nil) throws -> Decisions {
    let version = SignalAnalyzer.version
    let counted = try withFreshQueue(mode: mode) { snapshot -> (IndexStore.DecisionCount, fresh: Bool) in
      let key = try snapshot.decisionKey(version: version) ?? ""
      if let kept = try snapshot.keptDecisionCount(key: key) { return (kept, false) }
      let candidates = try snapshot.similarCandidates(version: version)
      let groups = SimilarGrouper().groups(in: candidates)
      let decisions = SimilarGroup.decisions(items: candidates.count, groups: groups)
      return (
        IndexStore.DecisionCount(
          key: key, items: candidates.count, decisions: decisions, groups: groups.count),
        true
      )
    }
    // Kept where the store can be written; a read-only one counts again next time.
    if counted.fresh, let store = try? queueStore(), !store.isReadOnly {
      try store.keepDecisionCount(counted.0)
    }
    return Decisions(items: counted.0.items, decisions: counted.0.decisions, groups: counted.0.groups)
  }

}

extension Library {
  /// Where the asset `id` lies (the first of its paths, by root then path); nil when it is not
  /// indexed.
  public func firstPath(of id: AssetID) throws -> String? {
    try readableStore.paths(ofAsset: id).first
  }
}
