import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a program as a child process, in a process group of its own, its standard input
/// `/dev/null`, its output and errors collected, no other descriptor of this process open in it
/// (`ProcessIsolation`), killed (the whole group, SIGKILL) once it has run `seconds`. Blocks the calling thread until it has ended: call it off any thread that answers
/// requests.
struct ChildProcess {
  var program: String
  var arguments: [String]
  /// The child's whole environment.
  var environment: [String: String]
  /// Wall-clock limit, in seconds.
  var seconds: Int
  /// The most standard output kept; past it the child is killed as if out of time.
  var maxOutputBytes = 256 << 20

  /// How a run ended.
  struct Ending {
    var output: [UInt8]
    /// The last 16 KiB of standard error.
    var errors: [UInt8]
    /// The exit status, when it exited.
    var status: Int32?
    /// The signal that ended it, when one did (SIGKILL after `timedOut`).
    var signal: Int32?
    var timedOut: Bool
  }

  /// Runs it; throws the `errno` of a spawn that failed (no such program, no process left).
  func run() throws(ChildProcessError) -> Ending {
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard Self.pipe(&output) else { throw ChildProcessError(code: errno) }
    guard Self.pipe(&errors) else {
      let code = errno
      close(output[0])
      close(output[1])
      throw ChildProcessError(code: code)
    }
    defer {
      close(output[0])
      close(errors[0])
    }
    let spawned = spawn(output: output[1], errors: errors[1])
    close(output[1])
    close(errors[1])
    let pid: pid_t
    switch spawned {
    case .success(let child): pid = child
    case .failure(let error): throw error
    }
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds) * 1_000_000_000
    var ending = Ending(output: [], errors: [], timedOut: false)
    ending.timedOut = !collect(from: output[0], and: errors[0], into: &ending, until: deadline)
    if ending.timedOut || !exits(pid, before: deadline) {
      ending.timedOut = true
      kill(-pid, SIGKILL)
    }
    // Waited for without reaping it first: while it is a zombie, its pid (its group's id) is not
    // reused, so the group is killed (whatever it started: ffmpeg) and nothing else.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    kill(-pid, SIGKILL)
    // Not `wait4`'s peak memory: posix_spawn starts the child in the parent's memory (vfork), and
    // Linux counts the parent's peak as the child's.
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if status & 0x7F == 0 {
      ending.status = (status >> 8) & 0xFF
    } else {
      ending.signal = status & 0x7F
    }
    return ending
  }

  /// Whether the child `pid`, its output closed, exits before `deadline` (checked every 5 ms: it
  /// exits as it closes its output, unless it closed it to hang).
  private func exits(_ pid: pid_t, before deadline: UInt64) -> Bool {
    var info = siginfo_t()
    while DispatchTime.now().uptimeNanoseconds < deadline {
      let checked = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | WNOHANG)
      if checked == 0 && info._sifields._sigchld.si_pid == pid { return true }
      if checked < 0 && errno != EINTR { return true }
      poll(nil, 0, 5)
    }
    return false
  }

  /// A pipe whose ends close when a program is run (the child gets its end by `dup2`).
  private static func pipe(_ ends: inout [Int32]) -> Bool {
    guard Glibc.pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// Reads both pipes until both end (true) or `deadline` passes (false).
  private func collect(
    from output: Int32, and errors: Int32, into ending: inout Ending, until deadline: UInt64
  )
    -> Bool
  {
    var open = [output, errors]
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while !open.isEmpty {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { return false }
      var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let waited = poll(&polled, nfds_t(polled.count), Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
      if waited < 0 && errno != EINTR { return false }
      for entry in polled where entry.revents != 0 {
        let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        guard count > 0 else {
          open.removeAll { $0 == entry.fd }
          continue
        }
        if entry.fd == output {
          ending.output += chunk[0..<count]
          if ending.output.count > maxOutputBytes { return false }
        } else {
          ending.errors += chunk[0..<count]
          if ending.errors.count > 32 << 10 { ending.errors.removeFirst(ending.errors.count - (16 << 10)) }
        }
      }
    }
    return true
  }

  /// Starts the child with `output` and `errors` as its standard output and error.
  private func spawn(output: Int32, errors: Int32) -> Result<pid_t, ChildProcessError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, errors, 2)
    guard ProcessIsolation.closeInherited(&actions) else { return .failure(ChildProcessError(code: ENOSYS)) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A group of its own, so that a kill takes what it started too; default signal handling
    // (faver ignores SIGPIPE, which a child would inherit).
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    sigaddset(&defaults, SIGXFSZ)
    var unmasked = sigset_t()
    sigemptyset(&unmasked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &unmasked)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([program] + arguments).map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for string in argv + envp { free(string) }
    }
    var pid: pid_t = 0
    let code = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
      (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
        guard let arguments = argvBuffer.baseAddress, let variables = envpBuffer.baseAddress else {
          return EINVAL
        }
        return posix_spawn(&pid, program, &actions, &attributes, arguments, variables)
      }
    }
    return code == 0 ? .success(pid) : .failure(ChildProcessError(code: code))
  }
}

/// A child process that could not be started: the `errno`.
struct ChildProcessError: Error, Equatable {
  var code: Int32
  var description: String { String(cString: strerror(code)) }
}
