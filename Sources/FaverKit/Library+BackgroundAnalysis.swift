public import FaverCore
internal import FaverPreview
internal import FaverStore
internal import Foundation

extension Library {
  /// What one round of `analyzeNext` did, and what it left.
  public struct AnalyzeRound: Hashable, Sendable {
    public var summary = AnalyzeSummary()
    /// Assets that could not be read now (gone, unmounted, no worker): the caller skips them in
    /// its next rounds, or they would be read again at once.
    public var leftForLater: Set<AssetID> = []
    /// Whether nothing was left to read (after `skipping`): the round read nothing.
    public var isFinished: Bool { summary.analyzed + summary.failed + leftForLater.count == 0 }
  }

  /// Reads the signals of at most `count` assets of the review queue that have none yet, in
  /// queue order, on one decode worker, as `analyze` does; `skipping` are passed over (a video
  /// with no ffmpeg always is). What `faver serve` does in the background, a small batch at a
  /// time between previews. A store that cannot be written throws
  /// `LibraryError.cannotUpdateIndex`.
  public func analyzeNext(
    _ count: Int, skipping: Set<AssetID> = [], decoding: PreviewDecoding = PreviewDecoding()
  ) throws -> AnalyzeRound {
    let (store, unanalyzed, _) = try signalWork()
    let hasFFmpeg = VideoFrame.findFFmpeg() != nil
    let batch = unanalyzed
      .lazy.filter { (hasFFmpeg || !$0.isVideo) && !skipping.contains($0.id) }
      .prefix(max(1, count))
    var round = AnalyzeRound()
    guard !batch.isEmpty else { return round }
    let answers = SignalWorker(worker: decoding.worker).signals(of: batch.map { $0.paths[0] })
    var kept: [(id: AssetID, result: Result<PhotoSignals, SignalFailure>)] = []
    for (asset, answer) in zip(batch, answers) {
      switch answer {
      case .success(let signals):
        kept.append((asset.id, .success(signals)))
        round.summary.analyzed += 1
      case .failure(.unreadable), .failure(.noVideoTool), .failure(.noWorker), .failure(.killed):
        round.leftForLater.insert(asset.id)
        round.summary.remaining += 1
      case .failure(let failure):
        kept.append((asset.id, .failure(SignalFailure(reason: failure.description))))
        round.summary.failed += 1
      }
    }
    try store.saveSignals(kept, version: SignalAnalyzer.version)
    return round
  }

  /// How many assets of the review queue have no signals yet (videos included), the queue saved
  /// first if it is not.
  public func unanalyzedCount() throws -> Int {
    try withFreshQueue { try $0.unanalyzedAssets(version: SignalAnalyzer.version).count }
  }
}
