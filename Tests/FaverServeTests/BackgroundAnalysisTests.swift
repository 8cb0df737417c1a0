import FaverCore
import FaverKit
import FaverServe
import FaverTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

/// The background analysis of `library` with the built faver as its worker, starting batches as
/// soon as no preview is in flight, its events in `events`.
private func analysis(
  _ library: Library, activity: PreviewActivity, batch: Int = 4
) -> (BackgroundAnalysis, AsyncStream<BackgroundAnalysis.Event>) {
  let (events, continuation) = AsyncStream<BackgroundAnalysis.Event>.makeStream()
  var analysis = BackgroundAnalysis(library: library, activity: activity, logger: Logger(label: "test"))
  analysis.decoding.program = BuiltFaver.url(package: ServeWorkspace.package)
  // At its own priority: the whole suite keeps both cores busy for minutes, and a worker at nice
  // 19 waited behind it past the minute these tests allow (what is tested here is the order of
  // batches, pauses and stops, not the priority).
  analysis.decoding.niceness = nil
  analysis.batch = batch
  analysis.quiet = .zero
  analysis.poll = .milliseconds(10)
  analysis.onEvent = { continuation.yield($0) }
  return (analysis, events)
}

/// Waits for the first event `matching`, failing the test when none comes within five minutes.
private func first(
  _ events: AsyncStream<BackgroundAnalysis.Event>,
  matching: @escaping @Sendable (BackgroundAnalysis.Event) -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> [BackgroundAnalysis.Event] {
  try await withThrowingTaskGroup(of: [BackgroundAnalysis.Event]?.self) { group in
    group.addTask {
      var seen: [BackgroundAnalysis.Event] = []
      for await event in events {
        seen.append(event)
        if matching(event) { return seen }
      }
      return nil
    }
    group.addTask {
      try await Task.sleep(for: .seconds(300))
      return nil
    }
    let seen = try await group.next() ?? nil
    group.cancelAll()
    return try #require(seen, "no such event within five minutes", sourceLocation: sourceLocation)
  }
}

/// A library served without signals gains them, a batch at a time, then the analysis rests:
/// two camera photos from the corpus (copied into a temporary tree), decoded for real.
@Test func aServedLibraryGainsItsSignals() async throws {
  let corpus = ServeWorkspace.package.deletingLastPathComponent().appendingPathComponent(
    "shared/corpus/exifr-fixtures")
  let tree = try TemporaryTree()
  let store = URL(fileURLWithPath: tree.root.path + "-store")
  defer { try? FileManager.default.removeItem(at: store) }
  let names = ["door-knocker.jpg", "cookiezen.jpg"]
  for name in names {
    try tree.write(name, Array(try Data(contentsOf: corpus.appendingPathComponent(name))))
  }
  let library = Library.open(store: store)
  _ = try library.index([tree.path])
  #expect(try library.unanalyzedCount() == names.count)
  let (analysis, events) = analysis(library, activity: PreviewActivity(), batch: 1)
  let task = Task { await analysis.run() }
  let seen = try await first(events) { $0 == .finished }
  let rounds = seen.compactMap { if case .analyzed(let summary) = $0 { summary } else { nil } }
  #expect(rounds.count == names.count)
  #expect(rounds.map(\.analyzed).reduce(0, +) == names.count)
  #expect(try library.unanalyzedCount() == 0)
  #expect(try library.similarGroups().isEmpty)
  task.cancel()
  await task.value
}

/// While a preview request is in flight, no batch starts; once it ends, the analysis goes on.
@Test func analysisWaitsWhileAPreviewIsInFlight() async throws {
  let workspace = try ServeWorkspace()
  let activity = PreviewActivity()
  activity.begin()
  let (analysis, events) = analysis(workspace.library, activity: activity)
  let task = Task { await analysis.run() }
  let seen = try await first(events) { $0 == .paused }
  #expect(seen == [.paused])
  #expect(try workspace.library.unanalyzedCount() == ServeWorkspace.shots.count)
  activity.end()
  _ = try await first(events) { $0 == .finished }
  #expect(try workspace.library.unanalyzedCount() == 0)
  task.cancel()
  await task.value
}

/// Cancelled mid-way (the server stopping), the analysis ends after its batch in flight, its
/// worker ended with it, and what is left stays for later.
@Test func shutdownStopsTheAnalysis() async throws {
  let workspace = try ServeWorkspace()
  let (analysis, events) = analysis(workspace.library, activity: PreviewActivity(), batch: 1)
  let task = Task { await analysis.run() }
  _ = try await first(events) { if case .analyzed = $0 { true } else { false } }
  task.cancel()
  await task.value
  let rest = try await first(events) { $0 == .stopped }
  #expect(rest.allSatisfy { if case .analyzed = $0 { true } else { $0 == .stopped } })
  let left = try workspace.library.unanalyzedCount()
  #expect(left > 0 && left < ServeWorkspace.shots.count)
}

/// A preview request counts as in flight while it is answered, and not after; other routes never.
@Test func previewRequestsAreCountedWhileAnswered() async throws {
  let workspace = try ServeWorkspace()
  let seen = Mutex<[Int]>([])
  let box = Mutex<PreviewActivity?>(nil)
  struct Probe: PreviewSource {
    let look: @Sendable () -> Void
    func preview(of asset: Asset, size: Int) async throws -> PreviewBytes {
      look()
      return PreviewBytes(jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]))
    }
  }
  let probe = Probe { seen.withLock { $0.append(box.withLock { $0?.inFlight ?? -1 }) } }
  let server = workspace.server(previews: probe)
  box.withLock { $0 = server.activity }
  try await server.application().test(.router) { base in
    let client = SignedInClient(base: base, secret: workspace.secret)
    let id = try #require(try await allIDs(client).first)
    #expect(server.activity.inFlight == 0)
    try await client.execute(uri: "/api/assets/\(id)/preview?size=64", method: .get) { _ in }
    #expect(server.activity.inFlight == 0)
    #expect(!server.activity.isQuiet(for: .seconds(3600)))
  }
  #expect(seen.withLock { $0 } == [1])
}

/// The analysis decodes at the lowest priority (the tests above lift it), so a person's previews
/// never wait behind it.
@Test func theAnalysisDecodesAtTheLowestPriority() throws {
  let workspace = try ServeWorkspace()
  let analysis = BackgroundAnalysis(
    library: workspace.library, activity: PreviewActivity(), logger: Logger(label: "test"))
  #expect(analysis.decoding.niceness == 19)
}
