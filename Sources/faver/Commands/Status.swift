import ArgumentParser
import FaverKit

extension Faver {
  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show how much of the library is reviewed.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clusterOptions: ClusterOptions

    @Flag(help: "Print JSON.")
    var json = false

    /// What `status --json` prints.
    struct Report: Encodable {
      var reviewed: Int
      var total: Int
      var moments: Int
      var momentsToReview: Int
    }

    func run() throws {
      let status = try storeOptions.library().status(mode: clusterOptions.chosen)
      if json {
        let report = Report(
          reviewed: status.progress.reviewed, total: status.progress.total, moments: status.moments,
          momentsToReview: status.momentsToReview)
        print(try Output.json(report))
        return
      }
      let percent = Int((status.progress.fraction * 100).rounded(.down))
      print("\(status.progress.reviewed)/\(status.progress.total) reviewed (\(percent)%)")
      print("\(status.momentsToReview) of \(status.moments.counted("moment")) still to review")
    }
  }
}
