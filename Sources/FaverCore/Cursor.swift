public import Foundation

/// The asset a person is on, kept by its position as well as its id so resuming still works once
/// that asset is reviewed, deleted or moved to another moment.
public struct Cursor: Hashable, Codable, Sendable {
  public var assetID: AssetID
  public var instant: Date
  /// Whether the person has moved on from the asset (marked it in the CLI): the review then
  /// resumes after it, not on it. Absent (nil) in a cursor saved before faver kept it: not left.
  public var left: Bool?

  public init(assetID: AssetID, instant: Date, left: Bool = false) {
    self.assetID = assetID
    self.instant = instant
    self.left = left ? true : nil
  }

  /// Whether the person has moved on from the asset.
  public var isLeft: Bool { left == true }

  public init(at asset: Asset) {
    self.init(assetID: asset.id, instant: asset.captureTime.instant)
  }

  /// Whether `asset` comes after this position in capture order (instant, then asset id).
  public func precedes(_ asset: Asset) -> Bool {
    let other = asset.captureTime.instant
    return instant != other ? instant < other : assetID < asset.id
  }
}
