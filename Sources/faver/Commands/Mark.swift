import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Mark: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mark",
      abstract: "Mark assets reviewed, favorite, rejected, or undo a mark.",
      discussion: """
        Assets are named by id (as `faver assets` or `faver next` show them) or by path: absolute, \
        relative to the current folder, or relative to the folder indexed, as `faver assets` and \
        `faver next` print them. A favorite or a reject is also reviewed; --unreviewed \
        puts the assets back in the queue at their place, and `faver next` shows the first of them. \
        Marking the asset `faver next` showed moves on: `faver next` then shows the next one.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "Asset ids, or paths of indexed photos and videos.")
    var assets: [String] = []

    @Flag(help: "Seen; it leaves the queue.")
    var reviewed = false

    @Flag(help: "Seen and kept as a favorite.")
    var favorite = false

    @Flag(help: "Seen, and no longer a favorite.")
    var unfavorite = false

    @Flag(help: "Seen and not kept.")
    var reject = false

    @Flag(help: "Undo: back in the queue, neither favorite nor rejected.")
    var unreviewed = false

    @Flag(help: "Print what changed as JSON.")
    var json = false

    @Flag(
      help: """
        Also read ids or paths from standard input, one per line (or NUL-separated, as \
        `faver favorites -0` writes them).
        """)
    var stdin = false

    func validate() throws {
      if assets.isEmpty && !stdin { throw ValidationError("Give at least one asset id or path, or --stdin.") }
      if (assets + Arguments.extraOperands).contains(where: \.isEmpty) {
        throw ValidationError("An empty asset id or path was given.")
      }
      let chosen = [reviewed, favorite, unfavorite, reject, unreviewed].filter { $0 }.count
      if chosen != 1 {
        throw ValidationError(
          "Choose exactly one of --reviewed, --favorite, --unfavorite, --reject or --unreviewed.")
      }
    }

    var mark: ReviewMark {
      favorite
        ? .favorite : unfavorite ? .unfavorite : reject ? .rejected : unreviewed ? .unreviewed : .reviewed
    }

    /// What `mark --json` prints.
    struct Report: Encodable {
      var mark: String
      var changed: Int
      var unchanged: Int
    }

    /// Every asset named: on the command line (most set aside before parsing, see `Arguments`) and,
    /// with --stdin, on standard input.
    func named() -> [String] {
      var named = assets + Arguments.extraOperands
      if stdin {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let separator: UInt8 = input.contains(0) ? 0 : UInt8(ascii: "\n")
        named += input.split(separator: separator).map { String(decoding: $0, as: UTF8.self) }
          .filter { !$0.isEmpty }
      }
      return named
    }

    func run() throws {
      let library = storeOptions.library()
      let assets = named()
      guard !assets.isEmpty else {  // an empty list on standard input: nothing to do
        print(
          json ? try Output.json(Report(mark: mark.rawValue, changed: 0, unchanged: 0)) : "Nothing to mark.")
        return
      }
      // An asset id is 16 hex digits; anything else names a file.
      let isID = { (text: String) in text.utf8.count == 16 && text.utf8.allSatisfy(\.isASCIIHexDigit) }
      let paths = assets.filter { !isID($0) }
      let byPath = try paths.isEmpty ? [] : library.assetIDs(forPaths: paths)
      var fromPaths = byPath.makeIterator()
      let ids = assets.compactMap { isID($0) ? AssetID(rawValue: $0.lowercased()) : fromPaths.next() }
      let marked = try library.mark(ids, as: mark, movingOn: true)
      if json {
        print(
          try Output.json(Report(mark: mark.rawValue, changed: marked.changed, unchanged: marked.unchanged)))
        return
      }
      let done = mark == .unfavorite ? "no longer favorite" : "marked \(mark.rawValue)"
      var line = "\(marked.changed) \(done)"
      if marked.unchanged > 0 {
        line += ", \(marked.unchanged) \(marked.unchanged == 1 ? "was" : "were") already"
      }
      print(line + ".")
    }
  }
}
