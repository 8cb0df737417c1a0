import FaverCore
import FaverKit
import FaverTestSupport
import Foundation
import Testing

@testable import FaverServe

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// What each open descriptor of process `pid` is (`/proc/PID/fd`): "socket:[…]", a path.
private func descriptors(of pid: Int32) -> [String] {
  let folder = "/proc/\(pid)/fd"
  return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap {
    try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")
  }
}

/// Whether process `pid` has ended (gone, or a zombie nobody reaped yet).
private func hasEnded(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
  return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
}

/// A decode worker holds nothing of the server: not its listening socket, not a client's
/// connection. So `serve` killed while a worker decodes (here: hangs) can start again on its
/// port at once, and the worker ends with it instead of decoding on as an orphan.
@Test func aServerKilledMidDecodeRestartsOnItsPortAtOnce() async throws {
  let workspace = try ServeWorkspace()
  let started = workspace.tree.root.path + "-started"
  #expect(mkfifo(started, 0o600) == 0)
  defer { unlink(started) }
  let hooks = ["FAVER_TEST_DECODER": "hang", "FAVER_TEST_DECODER_FIFO": started]
  let serve = try RunningServe(["--store", workspace.store.path, "--port", "0"], environment: hooks)
  let address = try #require(serve.address, "\(serve.line)")
  let (port, token) = try (#require(serve.port), #require(serve.token))
  let id = try #require(try workspace.library.assets().first?.id.rawValue)
  let base = address.split(separator: "#").first ?? ""
  var request = try URLRequest(url: #require(URL(string: "\(base)api/assets/\(id)/preview?size=64")))
  request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
  let asked = Task { try? await URLSession.shared.data(for: request) }
  // What the worker holds, read as soon as it says it hangs.
  let (announced, held) = await NamedPipe.firstLine(started) { line in
    (Int32(line), Int32(line).map(descriptors(of:)) ?? [])
  }
  let worker = try #require(announced)
  #expect(!held.isEmpty)
  #expect(!held.contains { $0.hasPrefix("socket:") }, "\(held)")
  serve.kill(SIGKILL)
  _ = await asked.value
  await eventually { hasEnded(worker) }
  #expect(hasEnded(worker))
  let again = try RunningServe(["--store", workspace.store.path, "--port", port])
  #expect(again.port == port, "\(again.line)")
  _ = again.stop()
}

/// The photo on the review screen is made on lanes of its own: nine decodes that hang (four
/// files at several sizes, asked as thumbnails and prefetches) do not hold it; it is answered
/// while all nine still hang. Then the hanging workers are killed, as often as they are run.
@Test func theReviewPhotoIsNotHeldByHangingDecodes() async throws {
  let workspace = try ServeWorkspace()
  // The photo on screen, a real one (the workspace's are EXIF blocks without pixels).
  let real = ServeWorkspace.package.appendingPathComponent("SampleLibrary/2024/05/IMG_0101.jpg")
  try workspace.tree.write("day9/IMG_0101.jpg", Array(try Data(contentsOf: real)))
  _ = try workspace.library.index([workspace.tree.path])
  let assets = try workspace.library.assets()
  let shown = try #require(assets.first { $0.path.hasSuffix("IMG_0101.jpg") })
  let hostile = assets.filter { $0.path.contains("day1/") }
  #expect(hostile.count == 4)
  let hung = workspace.tree.root.path + "-hung"
  defer { unlink(hung) }
  // The hanging workers are killed below; their own limit is only a backstop, long: among the
  // other tests this one's tasks may wait minutes for a thread while they hang (two ended at a
  // 120 s limit before the photo on screen was asked for, in a full run).
  let decoding = PreviewDecoding(
    program: BuiltFaver.url(package: ServeWorkspace.package), seconds: 600,
    environment: [
      "FAVER_TEST_DECODER": "hang", "FAVER_TEST_DECODER_MATCH": "day1/", "FAVER_TEST_DECODER_LOG": hung,
    ])
  let previews = LibraryPreviews(library: workspace.library, decoding: decoding, threads: 2, stopsAhead: 0)
  let ended = Tally()
  try await withThrowingTaskGroup(of: Void.self) { group in
    // The thumbnails first, then the prefetches: asked in one go, a prefetch that comes first
    // takes a lane the screen leaves free, and fewer than seven wait.
    for index in 0..<9 {
      let asset = hostile[index % hostile.count]
      group.addTask {
        _ = try await previews.preview(of: asset, size: 100 + index, for: index < 5 ? .other : .prefetch)
        ended.add(1)
      }
      if index == 4 { await eventually { previews.pool.waiting.onScreen == 3 } }
    }
    await eventually { previews.pool.waiting.onScreen + previews.pool.waiting.ahead == 7 }
    let onScreen = try await previews.preview(of: shown, size: 64, for: .review)
    #expect(onScreen.failure == nil, "\(onScreen.failure ?? "")")
    #expect(ended.total == 0)
    let done = Tally()
    let killer = Task.detached {
      var killed = Set<Int32>()
      while done.total == 0 {
        let listed = ((try? String(contentsOfFile: hung, encoding: .utf8)) ?? "").split(separator: "\n")
        for pid in listed.compactMap({ Int32($0) }) where killed.insert(pid).inserted { kill(pid, SIGKILL) }
        await Task.yield()
      }
    }
    try await group.waitForAll()
    done.add(1)
    await killer.value
  }
  #expect(ended.total == 9)
}
