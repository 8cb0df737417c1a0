import FaverCore

/// Why a review command could not do what was asked.
public enum ReviewError: Error, Equatable, CustomStringConvertible {
  case unknownAssets([AssetID])
  case cannotWriteManifest(path: String, reason: String)

  public var description: String {
    switch self {
    case .unknownAssets(let ids):
      "No indexed asset has the id \(ids.map(\.rawValue).joined(separator: ", ")); "
        + "run `faver assets` to see the ids, or `faver index` if the photo is new."
    case .cannotWriteManifest(let path, let reason):
      "Cannot write the manifest to \(path): \(reason). Check that the folder exists and is writable."
    }
  }
}
