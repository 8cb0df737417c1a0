import FaverCore
/// Why a root could not be indexed.
package enum IndexError: Error, Equatable, CustomStringConvertible {
  case rootNotFound(path: String)
  case rootNotAFolder(path: String)
  /// The root holds nothing at all, though files were indexed under it.
  case rootEmptied(path: String, indexed: Int)

  package var description: String {
    switch self {
    case .rootNotFound(let path):
      "\(path) does not exist (an unmounted drive?); nothing under it was changed in the index."
    case .rootNotAFolder(let path): "\(path) is not a folder; give faver the folder that holds your photos."
    case .rootEmptied(let path, let indexed):
      "\(path) is empty, but \(indexed.counted("photo or video", plural: "photos and videos")) "
        + "\(indexed == 1 ? "was" : "were") indexed under it (an unmounted "
        + "drive?); nothing under it was changed in the index."
    }
  }
}
