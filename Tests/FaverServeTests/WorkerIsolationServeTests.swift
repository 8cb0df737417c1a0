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

/// `faver serve` started as a person starts it, with test hooks in its environment; its first
/// line (the address) read.
private final class HookedServe: @unchecked Sendable {
  let process = Process()
  let line: String

  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = BrowserTools.faver
    process.arguments = ["serve"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    self.line = String(decoding: line, as: UTF8.self)
  }

  /// `http://HOST:PORT/`, and the token of the address printed.
  var base: (url: String, port: String, token: String)? {
    guard let address = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }) else {
      return nil
    }
    let parts = address.split(separator: "#", maxSplits: 1)
    guard parts.count == 2, let port = parts[0].split(separator: ":").last?.split(separator: "/").first else {
      return nil
    }
    return (String(parts[0]), String(port), String(parts[1].dropFirst("token=".count)))
  }

  func kill(_ signal: Int32) {
    Glibc.kill(process.processIdentifier, signal)
    process.waitUntilExit()
  }
}

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
  let serve = try HookedServe(["--store", workspace.store.path, "--port", "0"], environment: hooks)
  let base = try #require(serve.base, "\(serve.line)")
  let id = try #require(try workspace.library.assets().first?.id.rawValue)
  var request = try URLRequest(url: #require(URL(string: "\(base.url)api/assets/\(id)/preview?size=64")))
  request.setValue("Bearer \(base.token)", forHTTPHeaderField: "Authorization")
  let asked = Task { try? await URLSession.shared.data(for: request) }
  let worker = try #require(Int32(await Task.detached { NamedPipe.firstLine(started) }.value))
  let held = descriptors(of: worker)
  #expect(!held.isEmpty)
  #expect(!held.contains { $0.hasPrefix("socket:") }, "\(held)")
  serve.kill(SIGKILL)
  _ = await asked.value
  await eventually { hasEnded(worker) }
  #expect(hasEnded(worker))
  let again = try HookedServe(["--store", workspace.store.path, "--port", base.port])
  #expect(again.base?.port == base.port, "\(again.line)")
  again.kill(SIGINT)
}

/// The photo on the review screen is made on lanes of its own: nine decodes that hang (four
/// files at several sizes, asked as thumbnails and prefetches) do not hold it; it is answered
/// while all nine still hang.
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
  let decoding = PreviewDecoding(
    program: BuiltFaver.url(package: ServeWorkspace.package), seconds: 5,
    environment: ["FAVER_TEST_DECODER": "hang", "FAVER_TEST_DECODER_MATCH": "day1/"])
  let previews = LibraryPreviews(library: workspace.library, decoding: decoding, threads: 2, stopsAhead: 0)
  let ended = Tally()
  try await withThrowingTaskGroup(of: Void.self) { group in
    for index in 0..<9 {
      let asset = hostile[index % hostile.count]
      group.addTask {
        _ = try await previews.preview(of: asset, size: 100 + index, for: index < 5 ? .other : .prefetch)
        ended.add(1)
      }
    }
    await eventually { previews.pool.waiting.onScreen + previews.pool.waiting.ahead == 7 }
    let onScreen = try await previews.preview(of: shown, size: 64, for: .review)
    #expect(onScreen.failure == nil, "\(onScreen.failure ?? "")")
    #expect(ended.total == 0)
    try await group.waitForAll()
  }
}
