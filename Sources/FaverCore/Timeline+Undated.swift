public import Foundation

/// Files without a capture time of their own, flagged as undated.
extension Timeline {
  func flagUndated(_ assets: inout [Asset]) {
    let modified = assets.indices.filter { assets[$0].captureTime.source == .fileModified }
      .sorted { assets[$0].captureTime.instant < assets[$1].captureTime.instant }
    guard !modified.isEmpty else { return }
    // The asset's folder without its last `/`: read as kept, no path is built.
    func folder(_ asset: Asset) -> Folder { Folder(root: asset.root, path: asset.folder.dropLast()) }
    // How many undated files each of their folders holds, and the span of its dated photos and how
    // many (only the folders of modification times are looked at: no key is built for the rest).
    var undatedCount: [Folder: Int] = [:]
    for index in modified { undatedCount[folder(assets[index]), default: 0] += 1 }
    var spans: [Folder: (range: ClosedRange<Double>, count: Int)] = [:]
    // A folder's files mostly come one after another: its key is looked up once for each run of
    // them (a million lookups were most of the placing).
    var run: (root: String, folder: String, key: Folder?)?
    for index in assets.indices where assets[index].captureTime.source != .fileModified {
      if run?.folder != assets[index].folder || run?.root != assets[index].root {
        let key = folder(assets[index])
        run = (assets[index].root, assets[index].folder, undatedCount[key] != nil ? key : nil)
      }
      guard let key = run?.key else { continue }
      let instant = assets[index].captureTime.instant.timeIntervalSince1970
      spans[key] =
        spans[key].map {
          (min($0.range.lowerBound, instant)...max($0.range.upperBound, instant), $0.count + 1)
        }
        ?? (instant...instant, 1)
    }
    var start = 0
    for end in 0...modified.count {
      guard end > 0 else { continue }
      let closes =
        end == modified.count
        || assets[modified[end]].captureTime.instant.timeIntervalSince(
          assets[modified[end - 1]].captureTime.instant)
          > copyGap
      guard closes else { continue }
      let chain = modified[start..<end]
      start = end
      let isCopy = chain.count >= copyMinimum || Set(chain.map { folder(assets[$0]) }).count > 1
      for index in chain {
        let instant = assets[index].captureTime.instant.timeIntervalSince1970
        // Far from its folder's dated photos, which are most of the folder (a Downloads folder of
        // screenshots and three old photos says nothing).
        let key = folder(assets[index])
        let isStray = spans[key].map {
          $0.count > undatedCount[key, default: 0]
            && (instant < $0.range.lowerBound - folderReach || instant > $0.range.upperBound + folderReach)
        }
        let reason: String
        if isCopy {
          reason =
            "no capture date in the file, and its modification time is when it was copied, with "
            + "\(chain.count - 1) other files within seconds: undated"
        } else if isStray == true {
          reason =
            "no capture date in the file, and its modification time is far from every dated photo of its "
            + "folder: undated"
        } else {
          reason = "no capture date in the file: placed at its modification time"
        }
        if isCopy || isStray == true { assets[index].captureTime.isUndated = true }
        if let problem = assets[index].problem {
          // A reader's problem (corrupt EXIF…) already says the time is the modification time.
          if assets[index].captureTime.isUndated { assets[index].problem = problem + "; undated" }
        } else {
          assets[index].problem = reason
        }
      }
    }
  }
}
