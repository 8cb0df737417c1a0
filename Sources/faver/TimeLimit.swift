import ArgumentParser

/// A length of time on the command line: a number and a unit, `s`, `m` or `h` (`90s`, `10m`,
/// `1h`); a bare number is seconds.
struct TimeLimit: ExpressibleByArgument, Equatable {
  var duration: Duration

  init?(argument: String) {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600]
    let (digits, unit) =
      argument.last.flatMap { units[$0] }.map { (argument.dropLast(), $0) } ?? (Substring(argument), 1)
    guard let count = Int64(digits), count >= 0, count <= 1_000_000 else { return nil }
    duration = .seconds(count * unit)
  }

  init(duration: Duration) { self.duration = duration }

  /// As it is written: `30s`, `10m`, `1h`.
  var defaultValueDescription: String {
    let seconds = duration.components.seconds
    return seconds > 0 && seconds % 3600 == 0
      ? "\(seconds / 3600)h" : seconds > 0 && seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
  }
}
