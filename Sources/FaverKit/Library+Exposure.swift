public import FaverCore
internal import FaverMetadata
import Foundation

/// The lens and the exposure of a photo, read from its file when asked (the review page's
/// details): the index does not keep them.
extension Library {
  /// What the EXIF of the photo `id` says of its lens and exposure; nil for an id no indexed asset
  /// has, and an empty `Exposure` for a video, a file that says nothing, or one that cannot be read
  /// now or is no longer the file indexed.
  public func exposure(of id: AssetID) throws -> Exposure? {
    guard let asset = try asset(id) else { return nil }
    let path = asset.absolutePath
    guard asset.kind == .photo, let indexed = try indexedFile(asset.id, at: path) else { return Exposure() }
    do {
      let source = try FileByteSource(regularFileAt: path)
      let head = try source.read(at: 0, count: AssetID.headLength)
      // Only the file indexed: one put in its place since says nothing here.
      guard source.size == indexed.size else { return Exposure() }
      let metadata = try MetadataReader().read(source, head: head, modified: Date())
      return metadata?.exposure ?? Exposure()
    } catch {
      return Exposure()
    }
  }
}
