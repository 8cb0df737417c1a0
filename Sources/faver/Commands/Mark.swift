import ArgumentParser
import FaverKit

extension Faver {
  struct Mark: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Mark assets as reviewed, favorite (implies reviewed) or no longer favorite.")

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "Asset ids, as `faver assets` or `faver next` show them.")
    var ids: [String] = []

    @Flag(help: "Seen; it leaves the queue.")
    var reviewed = false

    @Flag(help: "Seen and kept as a favorite.")
    var favorite = false

    @Flag(help: "Seen, and no longer a favorite.")
    var unfavorite = false

    func validate() throws {
      if ids.isEmpty { throw ValidationError("Give at least one asset id.") }
      if let bad = ids.first(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) {
        throw ValidationError("'\(bad)' is not an asset id; ids look like 3f2a9c0d1e4b5a67.")
      }
      let chosen = [reviewed, favorite, unfavorite].filter { $0 }.count
      if chosen != 1 {
        throw ValidationError("Choose exactly one of --reviewed, --favorite or --unfavorite.")
      }
    }

    func run() throws {
      let mark: ReviewMark = favorite ? .favorite : unfavorite ? .unfavorite : .reviewed
      try storeOptions.library().mark(ids.map(AssetID.init(rawValue:)), as: mark)
      print("Marked \(ids.count) asset\(ids.count == 1 ? "" : "s") \(mark.rawValue).")
    }
  }
}
