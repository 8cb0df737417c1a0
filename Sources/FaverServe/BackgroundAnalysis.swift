public import FaverKit
import Foundation
public import Logging

/// What `faver serve` does between previews: reads the signals of the photos that have none
/// (`Library.analyzeNext`), a small batch at a time on one decode worker at the lowest priority
/// (`nice` 19), and only while the page waits for no photo: a batch starts once no preview or
/// video request has been in flight for `quiet`, so a preview asked for mid-batch shares the
/// machine with that one batch only, which runs at the lowest priority. When nothing is
/// left it rests, and looks again every `recheck` (a `refresh` from cron may have added photos;
/// files that could not be read are tried again then). Cancelling its task stops it after the
/// batch in flight: no worker outlives it.
public struct BackgroundAnalysis: Sendable {
  public var library: Library
  public var activity: PreviewActivity
  public var decoding: PreviewDecoding
  /// Photos per batch: one worker reads them in a second or so.
  public var batch = 4
  /// How long after the last preview request a batch may start.
  public var quiet: Duration = .seconds(2)
  /// How often a library with nothing left is looked at again.
  public var recheck: Duration = .seconds(180)
  /// How often a paused analysis looks whether the page still waits.
  public var poll: Duration = .milliseconds(200)
  public var logger: Logger
  /// Told what the analysis does (tests wait on it).
  public var onEvent: @Sendable (Event) -> Void = { _ in }

  /// What the analysis does, as it does it.
  public enum Event: Hashable, Sendable {
    /// Waiting: a preview or video request is in flight, or ended less than `quiet` ago.
    case paused
    /// A batch was read.
    case analyzed(Library.AnalyzeSummary)
    /// Nothing is left: resting until `recheck`.
    case finished
    /// The store cannot be written: no analysis while serving.
    case disabled
    /// Its task was cancelled: it stopped.
    case stopped
  }

  public init(library: Library, activity: PreviewActivity, logger: Logger) {
    self.library = library
    self.activity = activity
    self.logger = logger
    var decoding = PreviewDecoding()
    decoding.niceness = 19
    self.decoding = decoding
  }

  /// Analyzes until its task is cancelled, or at once returns when the store cannot be written.
  public func run() async {
    defer { onEvent(.stopped) }
    var skipped: Set<AssetID> = []
    while !Task.isCancelled {
      guard await waitForQuiet() else { return }
      let (library, batch, decoding, left) = (library, batch, decoding, skipped)
      let round = await Self.offThread { try library.analyzeNext(batch, skipping: left, decoding: decoding) }
      switch round {
      case .failure(let error as LibraryError):
        if case .cannotUpdateIndex(let store, _) = error {
          logger.warning("faver: the index in \(store) cannot be written: no analysis in the background.")
          onEvent(.disabled)
          return
        }
        logger.warning("faver: background analysis paused: \(error)")
        guard await rest(recheck) else { return }
      case .failure(let error):
        logger.warning("faver: background analysis paused: \(error)")
        guard await rest(recheck) else { return }
      case .success(let round) where round.isFinished:
        onEvent(.finished)
        skipped = []
        guard await rest(recheck) else { return }
      case .success(let round):
        skipped.formUnion(round.leftForLater)
        onEvent(.analyzed(round.summary))
      }
    }
  }

  /// Waits until no photo request has been in flight for `quiet`; false when cancelled.
  private func waitForQuiet() async -> Bool {
    var told = false
    while !activity.isQuiet(for: quiet) {
      if !told {
        onEvent(.paused)
        told = true
      }
      guard await rest(poll) else { return false }
    }
    return !Task.isCancelled
  }

  /// Waits `duration`; false when cancelled.
  private func rest(_ duration: Duration) async -> Bool {
    do {
      try await Task.sleep(for: duration)
      return true
    } catch {
      return false
    }
  }

  /// `work`'s result, run on a thread of its own (it waits for a child process), never on the
  /// threads that answer requests: not Dispatch's global queue either, which on Linux runs on them.
  private static func offThread<T: Sendable>(
    _ work: @escaping @Sendable () throws -> T
  ) async -> Result<T, any Error> {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: Result { try work() }) }.start()
    }
  }
}
