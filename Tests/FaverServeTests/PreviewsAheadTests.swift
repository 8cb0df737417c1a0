import Dispatch
import FaverCore
import FaverKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import FaverServe

/// What `LibraryPreviews` reports of each run of stops made ahead, as a stream.
private struct AheadRuns: Sendable {
  let stream: AsyncStream<(from: AssetID, made: [AssetID])>
  let continuation: AsyncStream<(from: AssetID, made: [AssetID])>.Continuation

  init() { (stream, continuation) = AsyncStream.makeStream() }

  func hook(_ from: AssetID, _ made: [AssetID]) { continuation.yield((from, made)) }

  /// The next run reported, failing the test when none is within `seconds`.
  func next(within seconds: Double = 60) async throws -> (from: AssetID, made: [AssetID]) {
    let stream = stream
    return try await withThrowingTaskGroup(of: (from: AssetID, made: [AssetID])?.self) { group in
      group.addTask {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
      }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        return nil
      }
      let first = try await group.next() ?? nil
      group.cancelAll()
      return try #require(first, "no run of stops ahead was reported within \(seconds) s")
    }
  }
}

private func isCached(_ workspace: ServeWorkspace, _ id: String, size: Int) -> Bool {
  let file = workspace.store.appendingPathComponent("previews").appendingPathComponent(String(id.prefix(2)))
    .appendingPathComponent("\(id)-\(size).jpg")
  return FileManager.default.fileExists(atPath: file.path)
}

/// The photo on screen of a review has the previews of the stops after it made, at its size,
/// without a further request; a thumbnail asked for no purpose makes nothing ahead.
@Test func thePhotoOnScreenHasTheNextStopsMadeAhead() async throws {
  let workspace = try ServeWorkspace()
  let runs = AheadRuns()
  let previews = LibraryPreviews(library: workspace.library, stopsAhead: 3, onAhead: runs.hook)
  try await workspace.withClient(previews: previews) { client in
    let ids = try await allIDs(client)
    #expect(ids.count == 6)
    try await client.execute(uri: "/api/assets/\(ids[0])/preview?size=48", method: .get) { response in
      #expect(response.status == .ok)
    }
    try await client.execute(uri: "/api/assets/\(ids[1])/preview?size=64&purpose=review", method: .get) {
      response in
      #expect(response.status == .ok)
    }
    let run = try await runs.next()
    #expect(run.from.rawValue == ids[1])
    #expect(Set(run.made.map(\.rawValue)) == Set(ids[2...4]))
    for id in ids[2...4] { #expect(isCached(workspace, id, size: 64)) }
    #expect(!isCached(workspace, ids[5], size: 64))
    for id in ids[2...] { #expect(!isCached(workspace, id, size: 48)) }
  }
}

/// A new photo on screen drops the stops still waiting to be made ahead of the one before: only
/// the stops after the new one are made.
@Test func jumpingElsewhereDropsStaleWorkAhead() async throws {
  let workspace = try ServeWorkspace()
  let runs = AheadRuns()
  let previews = LibraryPreviews(library: workspace.library, threads: 1, onAhead: runs.hook)
  let gate = DispatchSemaphore(value: 0)
  try await workspace.withClient(previews: previews) { client in
    let ids = try await allIDs(client)
    // The one lane ahead is busy: the first photo's run of stops waits for it.
    let busy = Atomic(false)
    let blocker = Task {
      try await previews.pool.run(.ahead) {
        busy.store(true, ordering: .sequentiallyConsistent)
        gate.wait()
      }
    }
    await eventually { busy.load(ordering: .sequentiallyConsistent) }
    for id in [ids[0], ids[3]] {
      try await client.execute(uri: "/api/assets/\(id)/preview?size=64&purpose=review", method: .get) {
        response in
        #expect(response.status == .ok)
      }
    }
    gate.signal()
    try await blocker.value
    let run = try await runs.next()
    #expect(run.from.rawValue == ids[3])
    #expect(Set(run.made.map(\.rawValue)) == Set(ids[4...]))
    for id in ids[1...2] { #expect(!isCached(workspace, id, size: 64)) }
  }
}

/// The photo on screen asks `purpose=review`; the same address with a `Faver-Prefetch` header is
/// a prefetch; anything else is served plainly.
@Test func aPrefetchIsTheReviewAddressWithItsHeader() throws {
  let header = try #require(HTTPField.Name("Faver-Prefetch"))
  #expect(PreviewPurpose.asked("review", headers: [:]) == .review)
  #expect(PreviewPurpose.asked("review", headers: [header: "1"]) == .prefetch)
  #expect(PreviewPurpose.asked(nil, headers: [header: "1"]) == .other)
  #expect(PreviewPurpose.asked("everything", headers: [:]) == .other)
}

/// The size a review shows its photos at is noted in the store, for `refresh` to make the next
/// session's first photos at it; a thumbnail's size is not.
@Test func theReviewsSizeIsNotedForTheNextOpening() async throws {
  let workspace = try ServeWorkspace()
  let previews = LibraryPreviews(library: workspace.library, stopsAhead: 0)
  try await workspace.withClient(previews: previews) { client in
    let ids = try await allIDs(client)
    for uri in [
      "/api/assets/\(ids[0])/preview?size=48", "/api/assets/\(ids[1])/preview?size=80&purpose=review",
    ] {
      try await client.execute(uri: uri, method: .get) { response in #expect(response.status == .ok) }
    }
    await eventually { (try? workspace.library.reviewSizes()) == [80] }
    #expect(try workspace.library.reviewSizes() == [80])
  }
}
