/// Why a root could not be indexed.
public enum IndexError: Error, Equatable, CustomStringConvertible {
  case rootNotFound(path: String)
  case rootNotAFolder(path: String)

  public var description: String {
    switch self {
    case .rootNotFound(let path):
      "\(path) does not exist (an unmounted drive?); nothing under it was changed in the index."
    case .rootNotAFolder(let path): "\(path) is not a folder; give faver the folder that holds your photos."
    }
  }
}
