import ArgumentParser
import FaverKit

/// How moments are cut; shared by every command that builds the queue.
///
/// Without `--mode` or `--gap`, the mode `faver clusters` last used applies (smart at first), so
/// `next` and `status` count moments the way the last manifest did.
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
      smart (learns the gap from the library, and cuts where you moved over 1 km) or fixed. \
      Default: the mode `clusters` or `refresh` last wrote the manifest with, else smart.
      """)
  var mode: ModeChoice?

  @Option(help: "The gap that starts a new moment in fixed mode (default 3h); implies --mode fixed.")
  var gap: GapChoice?

  func validate() throws {
    if mode == .smart, gap != nil {
      throw ValidationError("--gap only applies to --mode fixed; smart mode picks its own gaps.")
    }
  }

  /// The mode asked for on the command line, if any; else the library's remembered one applies.
  var chosen: MomentClusterer.Mode? {
    switch (mode, gap) {
    case (.smart, _): .smart
    case (.fixed, _), (nil, .some): .fixed(gap: (gap ?? .threeHours).seconds)
    case (nil, nil): nil
    }
  }
}
