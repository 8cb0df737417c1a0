/// Why an album folder could not be brought up to date. (One photo that cannot be linked or
/// copied is not an error of the album: it is skipped, with its reason, in the summary.)
package enum AlbumError: Error, Equatable, CustomStringConvertible {
  case notAFolder(path: String)
  case cannotCreateFolder(path: String, reason: String)
  case cannotReadFolder(path: String, reason: String)
  /// The record of what faver made in the album is there but cannot be read or understood.
  case unreadableRecord(path: String, reason: String)
  case cannotWriteRecord(path: String, reason: String)

  package var description: String {
    switch self {
    case .notAFolder(let path):
      "\(path) is a file, not a folder; give the album the path of a folder (it is created if missing)."
    case .cannotCreateFolder(let path, let reason):
      "Cannot create the album folder \(path): \(reason). Check that its parent folder is writable, "
        + "or choose another folder."
    case .cannotReadFolder(let path, let reason):
      "Cannot list the album folder \(path): \(reason). Check its permissions and run again."
    case .unreadableRecord(let path, let reason):
      "Cannot use \(path), faver's list of what it made in this album (\(reason)), so it cannot tell "
        + "its links and copies from your own files: nothing was changed. Restore that file, or move it "
        + "away to start the album afresh (what faver made before is then kept as if it were yours)."
    case .cannotWriteRecord(let path, let reason):
      "Cannot write \(path), faver's list of what it made in this album (\(reason)). Make the folder "
        + "writable and run again: the next run finishes what this one started."
    }
  }
}
