import ArgumentParser
import FaverKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Faver {
  struct Refresh: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "refresh",
      abstract: "Update the index and the review manifest for cron: every known folder (or those named).",
      discussion: """
        After indexing it rebuilds manifest.json in the store folder (atomically, in the mode \
        chosen last with --mode, else smart); the cursor and review marks are kept. Off a terminal it prints one summary line; warnings and errors go to stderr. Running it \
        again with nothing changed changes nothing. Exit status: 0 done, 1 nothing could be \
        refreshed, 2 some folders could not be (e.g. an unmounted drive), 64 bad arguments, \
        75 another run is updating the store: this one changed nothing and exits at once \
        (pass --wait to queue behind it instead).
        """)

    @Argument(help: "Folders to refresh (default: every folder indexed into this store before).")
    var roots: [String] = []

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var indexOptions: IndexOptions
    @OptionGroup var clusterOptions: ClusterOptions

    @Option(
      help: ArgumentHelp(
        "Also write manifest.json into this folder (it replaces only a manifest faver wrote).",
        valueName: "DIR"))
    var out: String?

    @Option(
      help: ArgumentHelp(
        "Then read missing photo signals (`faver analyze`) for at most this long (90s, 10m, 1h).",
        valueName: "TIME"))
    var analyzeFor: TimeLimit?

    @Option(
      help: ArgumentHelp(
        "Then make the previews the review page shows first, at the sizes it last used, for at most this long (0 for none).",
        valueName: "TIME"))
    var previewsFor = TimeLimit(duration: .seconds(30))

    func validate() throws {
      if (roots + Arguments.extraOperands).contains(where: \.isEmpty) {
        throw ValidationError("An empty folder name was given.")
      }
      if out?.isEmpty == true { throw ValidationError("--out needs a folder; an empty one names none.") }
    }

    func run() throws {
      let library = storeOptions.library()
      let refresh: Library.Refresh
      do {
        refresh = try indexOptions.withProgress { progress in
          try exitingWhenBusy {
            try library.refresh(
              roots + Arguments.extraOperands, mode: clusterOptions.chosen,
              followSymlinks: indexOptions.followSymlinks,
              waitForLock: indexOptions.wait,
              extraFolder: out.map { URL(fileURLWithPath: $0, isDirectory: true) },
              progress: progress)
          }
        }
      } catch let error as LibraryError {
        guard case .noRoots = error else { throw error }
        // A usage error (64), said plainly: the whole usage text would hide the one sentence.
        FileHandle.standardError.write(Data("faver: \(Terminal.escaped(error.description))\n".utf8))
        throw ExitCode(64)
      }
      let analyzed = try analyzeFor.map { try library.analyze(for: $0.duration) }
      // What `status` counts once per change of the queue or the signals (the similar groups, a
      // pass over the queue: 0.5–0.8 s at a million photos), counted now, so the morning's first
      // `status` reads it; a failure leaves it for `status` to count (and say).
      _ = try? library.decisions(mode: clusterOptions.chosen)
      let opening = previewsFor.duration > .zero ? prepareOpening(library) : nil
      let (summary, manifest) = (refresh.index, ManifestSummary(refresh.manifest))
      let lines = [manifest.text, analyzed?.text, opening.flatMap(\.text)].compactMap { $0 }
      if indexOptions.json {
        print(
          try Output.json(Report(index: summary, manifest: manifest, analyze: analyzed, previews: opening)))
      } else if isatty(STDOUT_FILENO) == 1 {
        print(summary.text(store: library.folder.path))
        for line in lines { print(line) }
      } else {
        print("faver refresh: " + ([summary.line] + lines).joined(separator: "; "))
      }
      try summary.exitStatus(roots: refresh.roots.count)
    }

    /// What `refresh --json` prints.
    struct Report: Encodable {
      var index: IndexSummary
      var manifest: ManifestSummary
      /// What `--analyze-for` read; absent without it.
      var analyze: Library.AnalyzeSummary?
      /// The previews made for the review's next opening; absent with `--previews-for 0`.
      var previews: Library.OpeningPreviews?
    }

    /// The first photos of the next review made ready (`--previews-for`); a failure is said and
    /// changes nothing else of the run (the index and the manifest are done).
    private func prepareOpening(_ library: Library) -> Library.OpeningPreviews? {
      do {
        return try library.prepareOpening(for: previewsFor.duration)
      } catch {
        FileHandle.standardError.write(
          Data("faver: the review's first previews were not made: \(Terminal.escaped("\(error)"))\n".utf8))
        return nil
      }
    }
  }
}

/// The manifest a refresh wrote, in a few numbers.
struct ManifestSummary: Encodable {
  var mode: String
  var thresholdSeconds: Double
  var moments: Int
  var reviewed: Int
  var total: Int

  init(_ manifest: Library.Clustering) {
    mode = Manifest.name(of: manifest.mode)
    thresholdSeconds = manifest.thresholdSeconds
    moments = manifest.momentsToReview.count
    reviewed = manifest.progress.reviewed
    total = manifest.progress.total
  }

  var text: String {
    "manifest: \(moments.counted("moment")) to review, \(reviewed)/\(total) reviewed (\(mode) mode)"
  }
}

extension Library.OpeningPreviews {
  /// "first photos ready: 21 previews at 1024 px (20 made now)"; nil when no page has shown a
  /// photo yet (no size to make).
  var text: String? {
    guard !sizes.isEmpty else { return nil }
    let sizes = self.sizes.map { "\($0)" }.joined(separator: ", ")
    let left = remaining > 0 ? ", \(remaining) left for the next run" : ""
    return "first photos ready: \((made + found).counted("preview")) at \(sizes) px (\(made) made now\(left))"
  }
}
