import FaverPreview
import FaverTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The faver built beside the tests, which runs `decode-worker`.
private let faver = BuiltFaver.url(
  package: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
).path

/// What a decode worker starts with: nothing of the process that started it (its descriptors, its
/// environment), and what ends it.
@Suite struct WorkerIsolationTests {
  let tree: TemporaryTree
  let photo: String
  init() throws {
    tree = try TemporaryTree()
    try tree.write("photo.jpg", PreviewBombs.jpeg())
    photo = tree.root.appendingPathComponent("photo.jpg").path
  }

  /// The reason the worker gives instead of a preview, under the test hook `decoder`.
  func answer(_ decoder: String) -> String {
    let worker = PreviewWorker(program: faver, environment: ["FAVER_TEST_DECODER": decoder])
    guard case .failure(.damaged("test", let reason)) = worker.run(path: photo, longEdge: 48).jpeg else {
      return "no answer"
    }
    return reason
  }

  /// A listening socket and an open file of the parent, neither marked close-on-exec (as a
  /// server's may not be): the worker holds neither, only its standard input, output and error.
  @Test func aWorkerHoldsNoDescriptorOfItsParent() throws {
    let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #expect(listening >= 0)
    defer { close(listening) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listening, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(bound == 0 && listen(listening, 1) == 0)
    let file = open(photo, O_RDONLY)
    #expect(file >= 0)
    defer { close(file) }
    let held = answer("descriptors")
    #expect(!held.contains("socket:"), "\(held)")
    #expect(!held.contains(photo), "\(held)")
    let numbers = held.split(separator: ", ").compactMap {
      $0.split(separator: " ").first.flatMap { Int($0) }
    }
    #expect(numbers == [0, 1, 2], "\(held)")
  }

  /// The worker sees a few variables (the program path, the language, the temporary folder), not
  /// the parent's environment: a secret there stays there.
  @Test func aWorkerSeesNoneOfItsParentsVariables() throws {
    setenv("FAVER_ISOLATION_SECRET", "hunter2", 1)
    defer { unsetenv("FAVER_ISOLATION_SECRET") }
    let seen = answer("environment").split(separator: " ").map(String.init)
    #expect(!seen.contains("FAVER_ISOLATION_SECRET"), "\(seen)")
    #expect(!seen.contains("HOME"), "\(seen)")
    #expect(seen.contains("PATH"), "\(seen)")
  }

  /// A worker killed from outside (the OOM killer, a person), not by its file, is run once more
  /// before its ending counts: here the second run is killed too, and that is what is said.
  @Test func aWorkerKilledFromOutsideIsRunOnceMore() async throws {
    let log = tree.root.path + "-workers"
    defer { unlink(log) }
    // A limit no wait of this test comes near, however loaded the machine.
    var limits = PreviewLimits()
    limits.seconds = 600
    let worker = PreviewWorker(
      program: faver, limits: limits,
      environment: ["FAVER_TEST_DECODER": "hang", "FAVER_TEST_DECODER_LOG": log])
    let photo = self.photo
    let ran = Finished()
    // The worker is waited for on a thread of its own, not one of the few tasks share.
    let run = Task {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(returning: worker.run(path: photo, longEdge: 48).jpeg)
          ran.finish()
        }
      }
    }
    // Each worker writes its pid when it hangs, and is killed as the OOM killer would kill it.
    func workers() -> [Int32] {
      ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
        Int32($0)
      }
    }
    for round in 1...2 {
      while workers().count < round && !ran.isFinished { await Task.yield() }
      guard workers().count == round else { break }
      #expect(kill(workers()[round - 1], SIGKILL) == 0)
    }
    let ended = await run.value
    #expect(workers().count == 2, "\(workers())")
    #expect(ended == .failure(.killed(signal: SIGKILL)))
  }
}

/// Whether a run has ended, set from any thread.
private final class Finished: Sendable {
  private let done = Mutex(false)
  func finish() { done.withLock { $0 = true } }
  var isFinished: Bool { done.withLock { $0 } }
}
