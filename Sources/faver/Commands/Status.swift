import ArgumentParser
import FaverKit

extension Faver {
  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show how much of the library is reviewed.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clusterOptions: ClusterOptions

    func run() throws {
      let status = try storeOptions.library().status(mode: clusterOptions.chosen)
      let percent = Int((status.progress.fraction * 100).rounded(.down))
      print("\(status.progress.reviewed)/\(status.progress.total) reviewed (\(percent)%)")
      print("\(status.momentsToReview) of \(status.moments) moments still to review")
    }
  }
}
