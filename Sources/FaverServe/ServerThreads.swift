import NIOCore
import NIOPosix

/// Where the server's tasks run: on NIO's event loops, the threads that already read and write its
/// sockets, instead of the threads Swift's tasks share with the rest of the process. Work that
/// keeps those busy (a batch of tests, anything CPU-bound beside the server) then never delays a
/// reply. Handlers do no blocking work here: that goes to a `BlockingPool`'s threads.
final class ServerThreads: TaskExecutor {
  private let group: any EventLoopGroup

  init(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) { self.group = group }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    group.next().execute { job.runSynchronously(on: executor) }
  }

  /// `body`, and every task it starts in a group (a server's connections), on `ServerThreads`.
  static func run<T>(_ body: () async throws -> T) async throws -> T {
    try await withTaskExecutorPreference(ServerThreads()) { try await body() }
  }
}
