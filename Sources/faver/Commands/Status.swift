import ArgumentParser
import FaverKit
import FaverStore

extension Faver {
  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show how much of the library is reviewed.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clusterOptions: ClusterOptions

    func run() throws {
      let store = try IndexStore(folder: storeOptions.location)
      let session = ReviewSession(store: store, clusterer: try clusterOptions.clusterer(store: store))
      let (clustering, queue) = try session.queue()
      let progress = queue.progress
      let percent = Int((progress.fraction * 100).rounded(.down))
      print("\(progress.reviewed)/\(progress.total) reviewed (\(percent)%)")
      print("\(queue.entries.count) of \(clustering.moments.count) moments still to review")
    }
  }
}
