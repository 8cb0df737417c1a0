import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "preview",
      abstract: "Make upright JPEG previews of assets, or warm the cache for the review queue.",
      discussion: """
        Each preview's long edge is --size pixels (or the original's, when smaller). Previews are \
        kept in the store's cache (`previews/` in the store folder, at most --cache-limit MiB, the \
        least recently used removed first); --out also copies each to DIR/ID.jpg (DIR is created when \
        missing; an ID.jpg already there is replaced only when it is a preview faver wrote, \
        which says so in a JPEG comment; nothing else of that name is touched). A photo or video \
        that cannot be shown gets a placeholder JPEG that says why, and the reason on standard \
        error; that is not an error. --prefetch K makes the previews of the next K assets of the \
        review queue, so that they show at once.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "Asset ids, or paths of indexed photos and videos.")
    var assets: [String] = []

    @Option(help: "Long edge of the previews, in pixels.")
    var size = 1440

    @Option(help: ArgumentHelp("Also write each preview to DIR/ID.jpg.", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("Make the previews of the next K assets to review.", valueName: "K"))
    var prefetch: Int?

    @Flag(help: "Forget remembered failures and try these assets again.")
    var retry = false

    @Option(help: "Size limit of the preview cache, in MiB.")
    var cacheLimit = Int(Library.defaultPreviewCacheLimit >> 20)

    func validate() throws {
      if assets.isEmpty && prefetch == nil {
        throw ValidationError("Give at least one asset id or path, or --prefetch K.")
      }
      if !assets.isEmpty && prefetch != nil {
        throw ValidationError("Give asset ids or --prefetch, not both.")
      }
      if assets.contains(where: \.isEmpty) { throw ValidationError("An empty asset id or path was given.") }
      if !(1...Library.largestPreviewSize).contains(size) {
        throw ValidationError("--size must be between 1 and \(Library.largestPreviewSize) pixels.")
      }
      if let prefetch, prefetch < 1 { throw ValidationError("--prefetch needs a positive number of assets.") }
      if out?.isEmpty == true { throw ValidationError("--out needs a folder; an empty one names none.") }
      if out != nil && prefetch != nil {
        throw ValidationError("--out copies named assets; not with --prefetch.")
      }
      if cacheLimit < 1 { throw ValidationError("--cache-limit must be at least 1 MiB.") }
    }

    /// The asset ids of indexed `paths`; for others, an error that says no preview was made.
    func ids(ofPaths paths: [String], in library: Library) throws -> [AssetID] {
      guard !paths.isEmpty else { return [] }
      do {
        return try library.assetIDs(forPaths: paths)
      } catch LibraryError.unknownPaths(let unknown) {
        throw UnknownPaths(paths: unknown)
      }
    }

    /// Paths that are not indexed files.
    struct UnknownPaths: Error, CustomStringConvertible {
      var paths: [String]
      var description: String {
        "Not an indexed photo or video: \(paths.prefix(10).joined(separator: ", "))"
          + (paths.count > 10 ? " and \(paths.count - 10) more" : "")
          + "; no preview was made. Run `faver index` on its folder if it is new."
      }
    }

    func run() throws {
      let library = storeOptions.library()
      let limit = Int64(cacheLimit) << 20
      let previews: [Library.PreviewFile]
      if let prefetch {
        previews = try library.prefetchPreviews(count: prefetch, size: size, cacheLimit: limit)
      } else {
        // An asset id is 16 hex digits; anything else names a file.
        let isID = { (text: String) in text.utf8.count == 16 && text.utf8.allSatisfy(\.isASCIIHexDigit) }
        let paths = assets.filter { !isID($0) }
        var fromPaths = try ids(ofPaths: paths, in: library).makeIterator()
        let ids = assets.compactMap { isID($0) ? AssetID(rawValue: $0.lowercased()) : fromPaths.next() }
        var folder: URL?
        if let out {
          folder = try OutFolder.prepared(out, names: ids.map { "\($0.rawValue).jpg" })
        }
        previews = try library.previews(of: ids, size: size, to: folder, retry: retry, cacheLimit: limit)
      }
      for preview in previews {
        if let failure = preview.failure {
          FileHandle.standardError.write(Data("faver: \(preview.id): \(Terminal.escaped(failure))\n".utf8))
        }
        print("\(preview.id)  \(Terminal.escaped(preview.file.path))")
      }
    }
  }
}
