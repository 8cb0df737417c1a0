public import FaverKit
import Foundation

/// The previews faver makes (`Library.preview`): upright, of the size asked (or the original's,
/// when smaller), from the fastest good source of each format, cached in the store folder; where
/// there is none, a placeholder that says why. Made off the server's threads: a first preview may
/// take a large HEIC's decode.
public struct LibraryPreviews: PreviewSource {
  public let library: Library

  public init(library: Library) { self.library = library }

  public func preview(of asset: Asset, size: Int) async throws -> Preview {
    let library = library
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          with: Result {
            let made = try library.preview(of: asset.id, size: size)
            return Preview(jpeg: try Data(contentsOf: made.file), isPlaceholder: made.failure != nil)
          })
      }
    }
  }
}
