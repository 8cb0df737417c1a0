import ArgumentParser
import FaverKit

extension Faver {
  struct Similar: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "similar",
      abstract: "List the groups of similar shots (bursts included) and the photo suggested in each.",
      discussion: """
        Within a moment, shots at most 3 minutes apart whose pictures are nearly the same are one \
        group, and a burst always is. The suggestion is the sharpest, then the best exposed, then \
        the largest. Photos not analyzed yet (`faver analyze`) group by burst only.
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clusterOptions: ClusterOptions

    @Flag(help: "Print JSON: an array of {id, assetIds, suggested, reason}.")
    var json = false

    func run() throws {
      let library = storeOptions.library()
      let groups = try library.similarGroups(mode: clusterOptions.chosen)
      if json {
        print(try Output.json(groups))
        return
      }
      for group in groups {
        print("\(group.id)  \(group.assetIDs.count.counted("shot"))")
        for id in group.assetIDs {
          let path = try library.firstPath(of: id).map { Terminal.escaped($0) } ?? ""
          let mark = id == group.suggested ? "*" : " "
          print("  \(mark) \(id)  \(path)")
        }
        if let reason = group.reason { print("    suggested: \(reason)") }
      }
      let saved = groups.reduce(0) { $0 + $1.decisionsSaved }
      print("\(groups.count.counted("group")), \(saved.counted("decision")) saved")
    }
  }
}
