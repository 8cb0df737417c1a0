import FaverKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A one-line progress display on stderr, drawn only when stderr is a terminal: cron mail and
/// logs never see it.
final class ProgressLine {
  private let enabled = isatty(STDERR_FILENO) == 1
  /// When the walk ended and how many files had been read by then: the rate counts from there.
  private var readingStarted: (instant: ContinuousClock.Instant, done: Int)?
  private var lastDraw = ContinuousClock.now

  func update(_ progress: IndexProgress) {
    guard enabled else { return }
    let now = ContinuousClock.now
    switch progress {
    case .scanning(let seen, let read):
      guard now - lastDraw > .milliseconds(100) else { return }
      draw("Scanning… \(seen.counted("file"))" + (read > 0 ? ", \(read) read" : ""))
    case .reading(let done, let total):
      let started = readingStarted ?? (now, done)
      readingStarted = started
      guard now - lastDraw > .milliseconds(100) || done == total else { return }
      let seconds = (now - started.instant).seconds
      let rate = seconds > 0 ? Double(done - started.done) / seconds : 0
      let eta = rate > 0 ? Int(Double(total - done) / rate) : 0
      let percent = total > 0 ? done * 100 / total : 100
      draw("Reading \(done)/\(total) (\(percent)%)  \(Int(rate)) files/s  ETA \(eta / 60)m\(eta % 60)s")
    }
    lastDraw = now
  }

  func update(_ progress: Library.AnalyzeProgress) {
    guard enabled else { return }
    let now = ContinuousClock.now
    let started = readingStarted ?? (now, progress.done)
    readingStarted = started
    guard now - lastDraw > .milliseconds(100) || progress.done == progress.total else { return }
    let seconds = (now - started.instant).seconds
    let rate = seconds > 0 ? Double(progress.done - started.done) / seconds : 0
    let eta = rate > 0 ? Int(Double(progress.total - progress.done) / rate) : 0
    let percent = progress.total > 0 ? progress.done * 100 / progress.total : 100
    draw(
      "Analyzing \(progress.done)/\(progress.total) (\(percent)%)  \(Int(rate)) photos/s  ETA \(eta / 60)m\(eta % 60)s"
    )
    lastDraw = now
  }

  /// Says on a terminal's stderr that the review queue is being built from the whole library (a
  /// wait of seconds at a million files: after a first index, or a change the queue does not
  /// take in place), and clears the line once it is saved (`assets` nil). Cron mail and logs never
  /// see it.
  @Sendable static func queueBuild(_ assets: Int?) {
    guard isatty(STDERR_FILENO) == 1 else { return }
    guard let assets else { return FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    FileHandle.standardError.write(
      Data("\r\u{1B}[KBuilding the review queue from \(assets.counted("file"))…".utf8))
  }

  /// Clears the line before the summary is printed.
  func finish() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }

  private func draw(_ text: String) {
    FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
  }
}
