public import FaverCore
import FaverStore
import Foundation

extension Library {
  /// Writes every indexed asset to `writer`, as `forEachAsset` hands them over (the same order,
  /// the same values): `assets --json`, written from the saved queue's rows (saved first when
  /// stale).
  public func writeAssets(to writer: AssetListing.ArrayWriter) throws {
    try withFreshQueue { try $0.writeAssets(to: writer) }
  }
}
