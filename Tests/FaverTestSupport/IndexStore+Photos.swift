import FaverCore
package import FaverStore
import Foundation

extension IndexStore {
  /// Indexes photos under the root `/lib`, one `seconds` after 2023-11-14T22:13:20Z each, named
  /// `p<seconds>.jpg` with id `id<seconds>`.
  package func addPhotos(at seconds: [Double]) throws {
    let root = try rootID(for: "/lib")
    var changes = IndexChanges(rootId: root)
    changes.media = seconds.map { s in
      FileRecord(
        rootId: root, path: "p\(Int(s)).jpg", assetId: AssetID(rawValue: "id\(Int(s))"), format: "jpeg",
        kind: .photo, stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
        captureTime: CaptureTime(
          instant: Date(timeIntervalSince1970: 1_700_000_000 + s), utcOffset: 0, source: .exifOriginal),
        coordinate: nil, make: nil, model: nil, problem: nil)
    }
    try apply(changes)
  }
}
