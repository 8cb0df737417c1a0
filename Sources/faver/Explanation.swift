import FaverKit
import Foundation

/// How `faver clusters --explain` says why moments start where they do: the sentences are the
/// CLI's, the numbers FaverCore's.
enum Explanation {
  /// One line with the numbers that decided a boundary:
  /// `gap 4h 12m (15120 s) >= threshold 3h 0m (10800 s)`,
  /// `moved 2.22 km (> 1 km) in 10m 0s (600 s >= 5m 0s)`.
  static func boundary(_ boundary: Moment.Boundary) -> String {
    switch boundary {
    case .first: "start of library"
    case .timeGap(let gap, let threshold):
      "gap \(duration(gap)) (\(seconds(gap)) s) >= threshold \(duration(threshold)) (\(seconds(threshold)) s)"
    case .distance(let meters, let gap):
      "moved \(String(format: "%.2f", meters / 1000)) km (> 1 km) in \(duration(gap)) "
        + "(\(seconds(gap)) s >= \(duration(MomentClusterer.minimumMoveGap)))"
    case .undated:
      "undated: no capture date in these files (their modification times are not when they were taken), in folder order"
    }
  }

  /// The threshold and how it was chosen, with its numbers:
  /// `threshold 30m 0s (1800 s): 90th percentile of 12 gaps of 1m 0s or more (nearest rank 11)
  /// is 12m 0s (720 s), clamped up to 30m 0s`.
  static func threshold(of clustering: MomentClusterer.Result) -> String {
    let threshold = clustering.threshold
    let chosen = "threshold \(duration(threshold)) (\(seconds(threshold)) s)"
    let minute = duration(MomentClusterer.minimumCountedGap)
    switch clustering.basis {
    case .fixed:
      return chosen + ", fixed"
    case .fallback(let counted):
      return chosen + ", the fallback: \(counted.counted("gap")) of \(minute) or more, fewer than "
        + "\(MomentClusterer.minimumGapCount) to learn from"
    case .percentile(let rank, let counted, let value):
      var line =
        chosen + ": 90th percentile of \(counted.counted("gap")) of \(minute) or more (nearest rank \(rank)) "
        + "is \(duration(value)) (\(seconds(value)) s)"
      if value < threshold { line += ", clamped up to \(duration(threshold))" }
      if value > threshold { line += ", clamped down to \(duration(threshold))" }
      return line
    }
  }

  /// How the assets' times were placed on the timeline (see `Timeline`), a line per kind of
  /// evidence: `placed: 24 by the offset in the file, 1 by GPS stamps, …`, then the clock
  /// corrections in force.
  static func placement(of assets: [Asset]) -> [String] {
    var counts: [OffsetSource: Int] = [:]
    var modified = 0
    var undated = 0
    var shifted: [String: (shift: Int, photos: Int)] = [:]
    for asset in assets {
      let time = asset.captureTime
      if time.isUndated {
        undated += 1
      } else if time.source == .fileModified {
        modified += 1
      } else {
        counts[time.offsetSource, default: 0] += 1
      }
      if time.clockShift != 0, let camera = asset.camera {
        shifted[camera, default: (time.clockShift, 0)].photos += 1
      }
    }
    let kinds: [(OffsetSource, String)] = [
      (.file, "by the offset in the file"), (.gpsTime, "by the file's GPS time stamps"),
      (.sameCamera, "inferred from the same camera's photos"),
      (.library, "inferred from the zones the library's other cameras were in then"),
      (.none, "not placed: no offset, no evidence within a day (wall clock read as UTC)"),
    ]
    var parts = kinds.compactMap { source, text in counts[source].map { "\($0) \(text)" } }
    if modified > 0 { parts.append("\(modified) at their modification time (no date in the file)") }
    if undated > 0 {
      parts.append(
        "\(undated) undated (no date in the file; its modification time is not when it was taken), last")
    }
    var lines = ["times placed: " + parts.joined(separator: "; ")]
    for (camera, shift) in shifted.sorted(by: { $0.key < $1.key }) {
      let sign = shift.shift < 0 ? "-" : "+"
      lines.append(
        "clock corrected: \(camera) \(sign)\(duration(TimeInterval(abs(shift.shift)))) (\(shift.shift) s), "
          + shift.photos.counted("photo"))
    }
    return lines
  }

  /// The threshold alone: `threshold 3h 0m (10800 s)`.
  static func thresholdValue(_ threshold: TimeInterval) -> String {
    "threshold \(duration(threshold)) (\(seconds(threshold)) s)"
  }

  /// `45s`, `12m 5s`, `4h 12m`, `2d 3h`: rounded down to the unit shown.
  static func duration(_ seconds: TimeInterval) -> String {
    let whole = Int(seconds.rounded(.down))
    if whole < 60 { return "\(whole)s" }
    if whole < 3600 { return "\(whole / 60)m \(whole % 60)s" }
    if whole <= 48 * 3600 { return "\(whole / 3600)h \(whole % 3600 / 60)m" }
    return "\(whole / 86400)d \(whole % 86400 / 3600)h"
  }

  /// Seconds as the manifest has them: `600`, `2.500`, `0.125`.
  static func seconds(_ seconds: TimeInterval) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.3f", seconds)
  }
}
