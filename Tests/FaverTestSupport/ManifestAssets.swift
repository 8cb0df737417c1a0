import Foundation

/// The manifest lists each burst's assets by id (schema 5); tests that look at the assets
/// themselves put the objects `faver assets --json` lists back beside the ids, under `assets`.
public enum ManifestAssets {
  /// `manifest` with every burst given `assets`: the objects of `listing` its `assetIds` name, in
  /// order (an id the listing lacks is left out, so a count tells).
  public static func expanded(_ manifest: [String: Any], listing: [[String: Any]]) -> [String: Any] {
    var byID: [String: [String: Any]] = [:]
    for asset in listing { if let id = asset["id"] as? String { byID[id] = asset } }
    var manifest = manifest
    manifest["moments"] = (manifest["moments"] as? [[String: Any]])?.map { moment in
      var moment = moment
      moment["assetsToReview"] = (moment["assetsToReview"] as? [[String: Any]])?.map { burst in
        var burst = burst
        burst["assets"] = (burst["assetIds"] as? [String] ?? []).compactMap { byID[$0] }
        return burst
      }
      return moment
    }
    return manifest
  }
}
