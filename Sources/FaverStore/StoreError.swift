/// Why the index could not be opened or used.
package enum StoreError: Error, Equatable, CustomStringConvertible {
  case cannotCreateFolder(path: String, reason: String)
  case cannotOpen(path: String, reason: String)
  case newerSchema(path: String)
  case busy(path: String)

  package var description: String {
    switch self {
    case .cannotCreateFolder(let path, let reason):
      "Cannot create the store folder \(path): \(reason). Choose another with --store or FAVER_STORE."
    case .cannotOpen(let path, let reason):
      "Cannot open the index at \(path): \(reason). If it is damaged, move it aside and run `faver index` again."
    case .newerSchema(let path):
      "The index at \(path) was written by a newer faver; upgrade faver to use it."
    case .busy(let path):
      "Another faver run is updating the index in \(path); this run stopped without changing anything. "
        + "Pass --wait to wait for it instead."
    }
  }
}
