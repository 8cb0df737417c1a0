import FaverCore
import FaverKit
import FaverServe
import FaverTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The first line written into the pipe at `path`, read off the test's threads (opening a pipe
/// waits for its writer).
private func firstLine(ofPipe path: String) async -> String {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      let line = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      continuation.resume(returning: line)
    }
  }
}

/// A preview whose decoder never returns holds its own request only: the API answers meanwhile,
/// a second request for the same preview waits for the same decode (one worker started), and
/// both get the placeholder, remembered.
@Test func aHangingDecoderHoldsOnlyItsOwnRequest() async throws {
  let workspace = try ServeWorkspace()
  let started = workspace.tree.root.path + "-started"
  let log = workspace.tree.root.path + "-workers"
  #expect(mkfifo(started, 0o600) == 0)
  defer {
    unlink(started)
    unlink(log)
  }
  let faver = BuiltFaver.url(package: ServeWorkspace.package)
  let decoding = PreviewDecoding(
    program: faver, seconds: 2,
    environment: [
      "FAVER_TEST_DECODER": "hang", "FAVER_TEST_DECODER_FIFO": started, "FAVER_TEST_DECODER_LOG": log,
    ])
  try await workspace.withClient(previews: LibraryPreviews(library: workspace.library, decoding: decoding)) {
    client in
    let id = try #require(try await allIDs(client).first)
    let finished = Atomic(0)
    let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      let fetch: @Sendable () async throws -> [UInt8] = {
        try await client.execute(uri: "/api/assets/\(id)/preview?size=64", method: .get) { response in
          #expect(response.status == .ok)
          finished.add(1, ordering: .sequentiallyConsistent)
          return Array(response.body.readableBytesView)
        }
      }
      group.addTask(operation: fetch)
      // The worker hangs now; the same preview asked again, and the API asked meanwhile.
      _ = await firstLine(ofPipe: started)
      group.addTask(operation: fetch)
      let progress = try await client.json("/api/progress")
      #expect(progress["total"] != nil)
      #expect(finished.load(ordering: .sequentiallyConsistent) == 0)
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(bodies.count == 2)
    #expect(bodies[0] == bodies[1])
    let workers = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(workers.count == 1)
    let remembered = try workspace.library.preview(of: AssetID(rawValue: id), size: 64, decoding: decoding)
    #expect(remembered.failure?.contains("took longer than 2 s") == true)
  }
}
