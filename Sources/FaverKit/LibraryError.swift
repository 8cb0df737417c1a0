public import FaverCore
import Foundation

/// Why a `Library` use case could not do what was asked. (Errors of the store, the files and
/// the metadata readers come through as they are, each with its sentence.)
public enum LibraryError: Error, Equatable, CustomStringConvertible {
  /// Another run holds the store's writer lock; this one changed nothing.
  case busy(store: String)
  /// `refresh` without roots on a store where nothing was ever indexed.
  case noRoots(store: String)
  case unknownAssets([AssetID])
  /// Paths that are not indexed files.
  case unknownPaths([String])
  case unknownRoot(path: String, roots: [String])
  /// Writing to the index failed mid-run (a full disk, an I/O error).
  case cannotUpdateIndex(store: String, reason: String)
  /// No store in the folder, for a use case that only reads or marks what is indexed.
  case noStore(path: String)
  /// A camera name that no indexed photo has (`faver clock --camera`).
  case unknownCamera(String, cameras: [String])
  /// A clock shift beyond `ClockCorrection.maximumShift`.
  case shiftTooLarge(seconds: Int)
  /// The `manifest.json` of an `--out` folder is not one faver wrote (`what` says what it is).
  case foreignManifest(path: String, what: String)

  public var description: String {
    switch self {
    case .busy(let store):
      "Another faver run is updating the index in \(store); this run stopped without changing anything. "
        + "Pass --wait to wait for it instead."
    case .noRoots(let store):
      "No folders are indexed in \(store) yet: run `faver index DIR` once, or name the folders."
    case .unknownAssets(let ids):
      "No indexed asset has the id \(Self.list(ids.map(\.rawValue))); "
        + "run `faver assets` to see the ids, or `faver index` if the photo is new."
    case .unknownPaths(let paths):
      "Not an indexed photo or video: \(Self.list(paths)); nothing was marked. "
        + "Run `faver index` on its folder if it is new."
    case .unknownRoot(let path, let roots):
      "\(path) is not a root of this store"
        + (roots.isEmpty
          ? "; no folder is indexed yet." : "; the roots are: \(roots.joined(separator: ", ")).")
    case .cannotUpdateIndex(let store, let reason):
      "Could not update the index in \(store): \(reason). "
        + (reason.localizedCaseInsensitiveContains("full")
          ? "The disk is full: free some space and run it again. "
          : "")
        + "What was indexed before is kept, and the next run carries on from where this one stopped."
    case .noStore(let path):
      "No faver store at \(path): run `faver index DIR` first, or check --store and FAVER_STORE."
    case .shiftTooLarge(let seconds):
      "A clock shift of \(seconds) s is more than 200 years: give the camera's error, such as +1h or -3m."
    case .foreignManifest(let path, let what):
      "\(path) is there and is \(what); faver replaces only a manifest it wrote, so it wrote "
        + "no copy there (the store's own manifest is written). Move the file away, or give another --out folder."
    case .unknownCamera(let name, let cameras):
      "No indexed photo was taken with a camera named \"\(name)\""
        + (cameras.isEmpty
          ? "; no photo of this library names its camera."
          : "; run `faver clock` to list them: \(Self.list(cameras.map { "\"\($0)\"" })).")
    }
  }

  /// The first few of `items`, and how many more: a list of 60,000 is no message.
  private static func list(_ items: [String]) -> String {
    let shown = items.prefix(10).joined(separator: ", ")
    return items.count > 10 ? shown + " and \(items.count - 10) more" : shown
  }
}
