import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// With every one of Swift's shared threads spinning (CPU-bound work beside the server), a request
/// is still answered: the server's tasks run on its event loops, its reads of the store on threads
/// of their own. Before, both ran on the shared threads (Dispatch's global queue is them, on
/// Linux) and the request was never answered. The spinners are `faver serve`'s own (a test hook,
/// `FAVER_TEST_SPIN_SHARED_THREADS`), all spinning before it prints its address and until it is
/// killed: in this process they would starve the tests running beside this one.
@Test func aRequestIsAnsweredWhileSwiftsSharedThreadsAreAllBusy() async throws {
  let workspace = try ServeWorkspace()
  let width = ProcessInfo.processInfo.activeProcessorCount
  let serve = try RunningServe(
    ["--store", workspace.store.path, "--port", "0", "--no-analyze"],
    environment: ["FAVER_TEST_SPIN_SHARED_THREADS": "\(width)"])
  defer { serve.kill(SIGKILL) }
  let (address, token) = try (#require(serve.address, "\(serve.line)"), #require(serve.token))
  let base = address.split(separator: "#").first ?? ""
  var request = try URLRequest(url: #require(URL(string: "\(base)api/progress")))
  request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
  // Patient: the first answer builds the library's queue, beside the other tests' work. A server
  // whose tasks need the shared threads never answers.
  request.timeoutInterval = 300
  let answer = try? await URLSession.shared.data(for: request)
  let (body, response) = try #require(answer, "not answered within 300 s while the shared threads spun")
  #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")
  #expect(String(decoding: body, as: UTF8.self).contains("\"total\""))
}
