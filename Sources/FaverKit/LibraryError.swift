public import FaverCore

/// Why a `Library` use case could not do what was asked. (Errors of the store, the files and
/// the metadata readers come through as they are, each with its sentence.)
public enum LibraryError: Error, Equatable, CustomStringConvertible {
  /// Another run holds the store's writer lock; this one changed nothing.
  case busy(store: String)
  /// `refresh` without roots on a store where nothing was ever indexed.
  case noRoots(store: String)
  case unknownAssets([AssetID])

  public var description: String {
    switch self {
    case .busy(let store):
      "Another faver run is updating the index in \(store); this run stopped without changing anything. "
        + "Pass --wait to wait for it instead."
    case .noRoots(let store):
      "No folders are indexed in \(store) yet: run `faver index DIR` once, or name the folders."
    case .unknownAssets(let ids):
      "No indexed asset has the id \(ids.map(\.rawValue).joined(separator: ", ")); "
        + "run `faver assets` to see the ids, or `faver index` if the photo is new."
    }
  }
}
