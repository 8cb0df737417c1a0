import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Make an album folder of the favorites: links (default) or copies.",
      discussion: """
        Names are kept (collisions become "name (2).jpg"); a Live Photo's video goes beside its \
        still. Run it again to bring the album up to date: new favorites are added, and entries \
        faver made for photos that are no longer favorites are removed. Nothing else in the folder \
        is ever touched, and a copy is never written over a file faver did not make. The photos \
        themselves are only read.
        """)

    @Argument(help: "The album folder (created if missing).", completion: .directory)
    var folder: String

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Export the favorites (the only selection so far; may be left out).")
    var favorites = false

    @Flag(help: "Export the rejects instead of the favorites.")
    var rejected = false

    @Flag(help: "Symbolic links to the originals (the default).")
    var link = false

    @Flag(help: "Copies, with their modification times.")
    var copy = false

    @Flag(help: "Print what changed as JSON.")
    var json = false

    func validate() throws {
      if folder.isEmpty { throw ValidationError("Name the album folder.") }
      if link, copy { throw ValidationError("Choose --link or --copy, not both.") }
      if favorites, rejected { throw ValidationError("Choose --favorites or --rejected, not both.") }
    }

    func run() throws {
      let album = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
      let report = try storeOptions.library().exportFavorites(to: album, copy: copy, rejected: rejected)
      if json {
        print(try Output.json(report))
        return
      }
      for line in report.skipped {
        FileHandle.standardError.write(Data("faver: skipped \(Terminal.escaped(line))\n".utf8))
      }
      for name in report.leftAlone {
        FileHandle.standardError.write(
          Data("faver: left \(Terminal.escaped(name)) alone: it was changed since faver made it\n".utf8))
      }
      print(
        "Album \(Terminal.escaped(album.path)): \(report.added) added, \(report.updated) updated, \(report.removed) removed, "
          + "\(report.unchanged) unchanged"
          + (report.skipped.isEmpty ? "." : ", \(report.skipped.count) skipped."))
    }
  }
}
