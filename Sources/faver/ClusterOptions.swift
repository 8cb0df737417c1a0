import ArgumentParser
import FaverCore
import FaverStore

/// How moments are cut; shared by every command that builds the queue.
struct ClusterOptions: ParsableArguments {
  enum ModeChoice: String, ExpressibleByArgument, CaseIterable {
    case smart
    case fixed
  }

  enum GapChoice: String, ExpressibleByArgument, CaseIterable {
    case oneHour = "1h"
    case threeHours = "3h"
    case eightHours = "8h"

    var seconds: Double {
      switch self {
      case .oneHour: 3600
      case .threeHours: 3 * 3600
      case .eightHours: 8 * 3600
      }
    }
  }

  @Option(
    help: """
      smart (learns the gap from the library) or fixed. Default: the mode chosen last time \
      (remembered in the store, and used by `refresh`), else smart.
      """)
  var mode: ModeChoice?

  @Option(help: "The gap that starts a new moment in fixed mode (default 3h; implies --mode fixed).")
  var gap: GapChoice?

  func validate() throws {
    if mode == .smart, gap != nil {
      throw ValidationError("--gap only applies to --mode fixed; smart mode picks its own gap.")
    }
  }

  /// The mode asked for on the command line, if any.
  var chosen: MomentClusterer.Mode? {
    switch (mode, gap) {
    case (.smart, _): .smart
    case (.fixed, _), (nil, .some): .fixed(gap: (gap ?? .threeHours).seconds)
    case (nil, nil): nil
    }
  }

  /// The clusterer for this run: the mode asked for (remembered from now on), else the one
  /// remembered in `store`, else smart.
  func clusterer(for store: IndexStore) throws -> MomentClusterer {
    if let chosen {
      if try store.clusteringMode() != chosen { try store.setClusteringMode(chosen) }
      return MomentClusterer(mode: chosen)
    }
    return MomentClusterer(mode: try store.clusteringMode() ?? .smart)
  }
}
