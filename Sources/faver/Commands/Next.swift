import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Next: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "next",
      abstract: "Show the asset to review now, with its burst.",
      discussion: """
        Resumes where you left off, where the review page does: the asset the cursor is on, until \
        you move on from it (on the page, a photo marked stays on screen until you move to the next), \
        else the next unreviewed one in queue order (moment by moment, burst by burst); new photos, \
        re-indexing and a change of --mode keep the place. The cursor is saved on the asset shown; \
        mark it with `faver mark` and `faver next` moves on. `faver cursor --reset` starts again \
        from the first unreviewed asset.
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clusterOptions: ClusterOptions

    @Flag(help: "Print JSON instead of text (null when nothing is left to review).")
    var json = false

    struct Shown: Encodable {
      var asset: AssetListing
      var burst: [AssetListing]
      var progress: ReviewProgress
      /// The asset's moment: when, where, how many.
      var moment: MomentSummary?
      /// The similar group (or burst) the asset is in, with the photo to keep suggested; null
      /// when it is in none.
      var group: SimilarGroup?

      enum CodingKeys: String, CodingKey { case asset, burst, progress, moment, group }

      /// `group` as `null` when there is none, where `Codable`'s default would leave it out.
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(asset, forKey: .asset)
        try container.encode(burst, forKey: .burst)
        try container.encode(progress, forKey: .progress)
        try container.encodeIfPresent(moment, forKey: .moment)
        try container.encode(group, forKey: .group)
      }
    }

    func run() throws {
      let library = storeOptions.library()
      guard let next = try library.next(mode: clusterOptions.chosen) else {
        if json {
          print("null")
        } else {
          let progress = try library.progress()
          print(
            progress.total == 0
              ? "Nothing to review: the index is empty; run `faver index DIR` first."
              : "Review complete: all \(progress.total.counted("asset")) reviewed.")
        }
        return
      }
      let group = try library.similarGroup(holding: next.asset.id, mode: clusterOptions.chosen)
      if json {
        let shown = Shown(
          asset: AssetListing(next.asset), burst: next.burst.assets.map(AssetListing.init),
          progress: next.progress, moment: next.moment, group: group)
        print(try Output.json(shown))
        return
      }
      print(
        "\(next.asset.id)  \(next.asset.captureTime.iso8601)  \(Terminal.escaped(next.asset.absolutePath))")
      if next.asset.review != .unreviewed {
        print(
          "  already \(next.asset.review.rawValue): `faver mark \(next.asset.id) --reviewed` keeps it so and moves on"
        )
      }
      if let moment = next.moment {
        let counts = [(moment.photos, "photo"), (moment.videos, "video")].filter { $0.0 > 0 }
          .map { $0.0.counted($0.1) }.joined(separator: ", ")
        print("  moment: \(Terminal.escaped(moment.title)) (\(counts))")
      }
      if let raw = next.asset.raw { print("  raw file: \(Terminal.escaped(raw.absolutePath))") }
      if let video = next.asset.companion {
        print("  Live Photo video: \(Terminal.escaped(video.absolutePath))")
      }
      if next.burst.assets.count > 1 {
        print("burst \(next.burst.id) (\(next.burst.assets.count.counted("photo")) to review):")
        for asset in next.burst.assets {
          print("  \(asset.id == next.asset.id ? ">" : " ") \(asset.id)  \(Terminal.escaped(asset.path))")
        }
      }
      if let group, let suggested = group.suggested, let reason = group.reason {
        let name = try library.firstPath(of: suggested).map { ($0 as NSString).lastPathComponent }
        print("  suggested: \(Terminal.escaped(name ?? suggested.rawValue)) (\(reason))")
      }
      print("\(next.progress.reviewed)/\(next.progress.total) reviewed")
    }
  }
}
