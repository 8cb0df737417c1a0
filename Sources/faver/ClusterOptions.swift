import ArgumentParser
import FaverCore

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

  @Option(help: "smart (learns the gap from the library) or fixed.")
  var mode: ModeChoice = .fixed

  @Option(help: "The gap that starts a new moment in fixed mode (default 3h).")
  var gap: GapChoice?

  func validate() throws {
    if mode == .smart, gap != nil {
      throw ValidationError("--gap only applies to --mode fixed; smart mode picks its own gap.")
    }
  }

  var clusterer: MomentClusterer {
    switch mode {
    case .smart: MomentClusterer(mode: .smart)
    case .fixed: MomentClusterer(mode: .fixed(gap: (gap ?? .threeHours).seconds))
    }
  }
}
