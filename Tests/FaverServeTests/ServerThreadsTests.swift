import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// With every one of Swift's shared threads spinning (CPU-bound work beside the server), a request
/// is still answered: the server's tasks run on its event loops, its reads of the store on threads
/// of their own. Before, both ran on the shared threads (Dispatch's global queue is them, on
/// Linux) and the request was never answered. The spinners are `faver serve`'s own (a test hook,
/// `FAVER_TEST_SPIN_SHARED_THREADS`), all spinning before it prints its address and until it is
/// killed: in this process they would starve the tests running beside this one. From the address
/// to the kill this test holds its thread (a blocking socket, no task to wait for), so the
/// spinning lasts as long as the request and never as long as the other tests keep the threads.
@Test func aRequestIsAnsweredWhileSwiftsSharedThreadsAreAllBusy() throws {
  let workspace = try ServeWorkspace()
  let width = ProcessInfo.processInfo.activeProcessorCount
  let serve = try RunningServe(
    ["--store", workspace.store.path, "--port", "0", "--no-analyze"],
    environment: ["FAVER_TEST_SPIN_SHARED_THREADS": "\(width)"])
  let reply = serve.port.flatMap(UInt16.init).flatMap { port in
    serve.token.flatMap { progressReply(port: port, token: $0, seconds: 300) }
  }
  serve.kill(SIGKILL)
  let text = try #require(reply, "not answered within 300 s while the shared threads spun: \(serve.line)")
  #expect(text.hasPrefix("HTTP/1.1 200"), "\(text)")
  #expect(text.contains("\"total\""), "\(text)")
}

/// `GET /api/progress` of the server on loopback `port`, on a blocking socket: the whole reply, or
/// nil when none came within `seconds`.
private func progressReply(port: UInt16, token: String, seconds: Int) -> String? {
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard socket >= 0 else { return nil }
  defer { close(socket) }
  var limit = timeval(tv_sec: seconds, tv_usec: 0)
  setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else { return nil }
  let request = Array(
    ("GET /api/progress HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
      + "Connection: close\r\n\r\n").utf8)
  guard send(socket, request, request.count, 0) == request.count else { return nil }
  var reply: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = recv(socket, &buffer, buffer.count, 0)
    guard count > 0 else { break }
    reply += buffer[0..<count]
  }
  return reply.isEmpty ? nil : String(decoding: reply, as: UTF8.self)
}
