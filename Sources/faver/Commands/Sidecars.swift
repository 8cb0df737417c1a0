public import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Sidecars: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sidecars",
      abstract: "Write the favorites and rejects into XMP sidecars, or read ratings from them.",
      subcommands: [Write.self, Import.self])

    struct Write: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write an XMP sidecar beside every favorite and reject, for other photo tools.",
        discussion: """
          A favorite gets xmp:Rating 5, digiKam:PickLabel 3 and fstop:favorite 1; a reject \
          xmp:Rating -1 and digiKam:PickLabel 1; a photo no longer either loses them. An existing \
          sidecar is merged, never replaced: everything else in it stays as it is; one that is a \
          symbolic link, read-only or hard-linked is skipped and reported. This is the \
          only command that writes inside your photo folders, and it writes only sidecars.
          """)

      @OptionGroup var storeOptions: StoreOptions

      @Option(
        help: ArgumentHelp(
          "ext: IMG_1.jpg.xmp (darktable, digiKam, Immich, PhotoPrism); base: IMG_1.xmp (Lightroom).",
          valueName: "ext|base"))
      var naming: Library.SidecarNaming = .ext

      @Flag(help: "List what would be written, and write nothing.")
      var dryRun = false

      @Flag(help: "Print what was written as JSON.")
      var json = false

      func run() throws {
        let report = try storeOptions.library().writeSidecars(naming: naming, dryRun: dryRun)
        if json {
          print(try Output.json(report))
          return
        }
        for line in report.skipped {
          FileHandle.standardError.write(Data("faver: skipped \(Terminal.escaped(line))\n".utf8))
        }
        for written in report.written {
          print("\(dryRun ? "would write" : "wrote") \(written.state)  \(Terminal.escaped(written.path))")
        }
        print(
          "\(report.written.count.counted("sidecar")) \(dryRun ? "to write" : "written"), "
            + "\(report.unchanged) unchanged"
            + (report.skipped.isEmpty ? "." : ", \(report.skipped.count) skipped."))
      }
    }

    struct Import: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read ratings from sidecars and embedded XMP into the review.",
        discussion: """
          xmp:Rating 5, fstop:favorite 1 or digiKam:PickLabel 3 make a favorite; xmp:Rating -1 or \
          digiKam:PickLabel 1 a reject. Only unreviewed photos take them: a mark you set in faver \
          is kept unless --overwrite.
          """)

      @OptionGroup var storeOptions: StoreOptions

      @Flag(help: "Let the ratings replace marks set in faver.")
      var overwrite = false

      @Flag(help: "Print the counts as JSON.")
      var json = false

      func run() throws {
        let report = try storeOptions.library().importSidecars(overwrite: overwrite)
        if json {
          print(try Output.json(report))
          return
        }
        for line in report.skipped {
          FileHandle.standardError.write(Data("faver: skipped \(Terminal.escaped(line))\n".utf8))
        }
        print(
          "Imported \(report.favorites.counted("favorite")) and \(report.rejected.counted("reject"))"
            + (report.kept > 0
              ? "; \(report.kept) marked otherwise in faver kept (--overwrite replaces them)" : "")
            + (report.skipped.isEmpty ? "." : "; \(report.skipped.count) unreadable skipped."))
      }
    }
  }
}

extension Library.SidecarNaming: ExpressibleByArgument {}
