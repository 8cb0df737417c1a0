import ArgumentParser
import Dispatch
import FaverKit
import FaverServe
import Foundation
import Synchronization

extension Faver {
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract: "Review in a web browser: a local page, one photo at a time.",
      discussion: """
        Serves the review page and its JSON API (docs/api.md) on this machine only, until Ctrl-C. \
        The page resumes at the cursor, as `faver next` does, and every mark goes to the same \
        store: the CLI, and a `faver refresh` from cron, can run beside it. Open the address it \
        prints: it ends in #token=… (the store's secret, in `serve-secret` in the store), without \
        which the page shows nothing; scripts send `Authorization: Bearer` with that token.

        --lan (or --listen with an address other machines reach) serves the network too, where \
        every request needs a paired device: it prints a pairing link (and its QR code) that a \
        phone opens once; `faver devices` lists and revokes them. --tls-cert and --tls-key serve \
        HTTPS with a certificate of yours (`tailscale cert`, `mkcert`).
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(
      help: ArgumentHelp(
        "Listen on another address than 127.0.0.1 (0.0.0.0: every network); the port is --port.",
        valueName: "address"))
    var listen: String?

    @Flag(
      help:
        "Serve the local network too (0.0.0.0), to paired devices only: prints a pairing link and QR code.")
    var lan = false

    @Option(help: ArgumentHelp("Serve HTTPS with this PEM certificate (with --tls-key).", valueName: "file"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    @Flag(help: "Open the page in the default browser.")
    var open = false

    @Flag(help: "Do not analyze photos without signals (faver analyze) in the background while serving.")
    var noAnalyze = false

    func validate() throws {
      guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
      if listen?.isEmpty == true {
        throw ValidationError("--listen needs an address; an empty one names none.")
      }
      if let listen {
        do {
          _ = try ListenAddress(listen)
        } catch {
          throw ValidationError("\(error)")
        }
      }
      if lan, let listen, (try? ListenAddress(listen))?.isLoopback == true {
        throw ValidationError(
          "--lan serves the network, --listen \(listen) this machine only: leave one out.")
      }
      if (tlsCert == nil) != (tlsKey == nil) {
        throw ValidationError("--tls-cert and --tls-key go together: give the certificate and its key.")
      }
    }

    func run() throws {
      let library = storeOptions.library()
      _ = try library.progress()  // no store, or an unreadable one: say so now, not in the page
      if !ReviewServer.hasPage {
        FileHandle.standardError.write(
          Data(
            ("faver: warning: the review page is neither beside faver (faver_FaverServe.resources) nor in "
              + "../share/faver/Page; only the JSON API is served. Install faver with scripts/install or "
              + "its package.\n").utf8))
      }
      let address = try ListenAddress(listen ?? (lan ? "0.0.0.0" : "127.0.0.1"))
      var server = ReviewServer(
        library: library, host: address.host, port: port, previews: LibraryPreviews(library: library),
        secret: try ServeSecret.inStore(library.folder))
      server.analyzesInBackground = !noAnalyze
      if let tlsCert, let tlsKey {
        let files = TLSFiles(
          certificate: URL(fileURLWithPath: tlsCert), key: URL(fileURLWithPath: tlsKey))
        try files.validate()
        server.tls = files
      }
      if !address.isLoopback {
        let everywhere = address.host == "0.0.0.0" || address.host == "::"
        // Under HTTPS, the certificate's name: a phone checks the certificate against it.
        let certified = server.tls?.dnsNames().first
        guard let reached = certified ?? (everywhere ? LANAddress.find() : address.host) else {
          throw ValidationError("No network address of this machine was found; listen on one with --listen.")
        }
        server.pairing = PairingSettings(host: reached)
        FileHandle.standardError.write(
          Data(
            ("faver: listening on \(address.host): every request from the network needs a paired device"
              + (server.tls == nil ? "; the network sees the photos unencrypted (plain HTTP)." : ".")
              + "\n").utf8))
      }
      let open = open
      let paired = server
      try Self.wait {
        try await paired.run { url in
          #if DEBUG
            SharedThreadsSpinning.startIfAsked()
          #endif
          FileHandle.standardOutput.write(
            Data("Serving the review page at \(url.absoluteString) (Ctrl-C stops)\n".utf8))
          if let link = paired.newPairingLink(port: url.port ?? 0) { Self.showPairing(link) }
          if open { Self.openInBrowser(url, store: library.folder) }
        }
      }
    }

    #if DEBUG
      /// A test's hook (`FAVER_TEST_SPIN_SHARED_THREADS=N`, the cores), in test builds only: N tasks
      /// at each priority that spin on Swift's shared threads for as long as faver runs (each
      /// priority has threads of its own, N of them), all spinning before the address is printed,
      /// so a test can show that a request is answered while every one of those threads is busy.
      /// They stop after ten minutes, should the test be gone without killing the process.
      final class SharedThreadsSpinning: Sendable {
        private let spinning = Atomic(0)

        static func startIfAsked() {
          guard
            let count = ProcessInfo.processInfo.environment["FAVER_TEST_SPIN_SHARED_THREADS"].flatMap(
              Int.init)
          else { return }
          let spin = SharedThreadsSpinning()
          let priorities: [TaskPriority] = [.high, .medium, .low, .background]
          let end = ContinuousClock.now + .seconds(600)
          for priority in priorities {
            for _ in 0..<count {
              Task.detached(priority: priority) {
                spin.spinning.add(1, ordering: .sequentiallyConsistent)
                while ContinuousClock.now < end {}
              }
            }
          }
          // Here on the server's threads, which the spinners cannot hold; ten seconds at most, for
          // a server that runs on the shared threads (it then answers nothing).
          let limit = ContinuousClock.now + .seconds(10)
          while spin.spinning.load(ordering: .sequentiallyConsistent) < count * priorities.count,
            ContinuousClock.now < limit
          {}
        }
      }
    #endif

    /// Prints the pairing link and its QR code for a phone to scan.
    static func showPairing(_ link: URL) {
      var text = "Pair a phone: open \(link.absoluteString) on it (once, within 10 minutes), or scan:\n"
      if let code = QRCode(link.absoluteString) { text += code.terminalText() + "\n" }
      FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Runs `body` to its end from this synchronous command (the server lives on Swift's
    /// concurrency threads; this one only waits).
    static func wait(_ body: @escaping @Sendable () async throws -> Void) throws {
      let outcome = Mutex<Result<Void, any Error>?>(nil)
      let done = DispatchSemaphore(value: 0)
      Task {
        do {
          try await body()
          outcome.withLock { $0 = .success(()) }
        } catch {
          outcome.withLock { $0 = .failure(error) }
        }
        done.signal()
      }
      done.wait()
      try outcome.withLock { $0 }?.get()
    }

    /// Opens `url` through a page in the store that redirects to it (`RedirectPage`): the token
    /// in `url` stays out of every command line.
    static func openInBrowser(_ url: URL, store: URL) {
      guard let page = RedirectPage.write(to: url, in: store) else {
        FileHandle.standardError.write(
          Data("faver: could not write \(RedirectPage.fileName) in the store; open the address above.\n".utf8)
        )
        return
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["xdg-open", page.path]
      do {
        try process.run()
      } catch {
        FileHandle.standardError.write(
          Data("faver: could not open a browser (\(error)); open the address above.\n".utf8))
      }
    }
  }
}
