import ArgumentParser
import FaverKit

extension Faver {
  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status", abstract: "Show how much of the library is reviewed.")

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
      /// Decisions once each similar group (bursts included) is one.
      var decisions: Int
    }

    func run() throws {
      let library = storeOptions.library()
      let status = try library.status(mode: clusterOptions.chosen)
      let decisions = try library.decisions(mode: clusterOptions.chosen)
      if json {
        let report = Report(
          reviewed: status.progress.reviewed, total: status.progress.total, moments: status.moments,
          momentsToReview: status.momentsToReview, decisions: decisions.decisions)
        print(try Output.json(report))
        return
      }
      let percent = Int((status.progress.fraction * 100).rounded(.down))
      print("\(status.progress.reviewed)/\(status.progress.total) reviewed (\(percent)%)")
      print("\(status.momentsToReview) of \(status.moments.counted("moment")) still to review")
      if decisions.decisions < decisions.items {
        print(
          "\(decisions.items.counted("photo")) in \(decisions.decisions.counted("decision")) "
            + "(\(decisions.groups.counted("group")) of similar shots)")
      }
    }
  }
}
