internal import Foundation

/// The camera's runs against the other cameras' sessions.
///
/// A *run* is the camera's photos no more than `sceneGap` apart; an *event* its runs no more than
/// `eventGap` apart. A *session* is the reference photos (of every other camera together) no more
/// than `sessionGap` apart. A run *fits* at a shift when, moved by it, it lies inside a session
/// widened by `margin` either side (inside it, or right beside it). Sessions are more than twice
/// `margin` apart, so a run fits at most one at a time.
struct RunMap {
  var runs: [(start: Double, end: Double, event: Int)] = []
  var sessions: [(start: Double, end: Double, camera: String?, offset: Int)] = []
  var margin: Double
  private var starts: [Double] = []

  /// `own` the camera's instants, ascending; `reference` the other cameras' zoned photos,
  /// ascending.
  init(
    own: [Double], reference: [(instant: Double, camera: String?, offset: Int)], rule: ClockSuggestion
  ) {
    margin = rule.margin
    for (index, instant) in own.enumerated() {
      let gap = index > 0 ? instant - own[index - 1] : .infinity
      if gap > rule.sceneGap {
        let event = (runs.last?.event ?? -1) + (gap > rule.eventGap ? 1 : 0)
        runs.append((instant, instant, event))
      } else {
        runs[runs.count - 1].end = instant
      }
    }
    var first = 0
    for index in reference.indices
    where index + 1 == reference.count
      || reference[index + 1].instant - reference[index].instant > rule.sessionGap
    {
      let photos = reference[first...index]
      var byCamera: [String: Int] = [:]
      for photo in photos { if let name = photo.camera { byCamera[name, default: 0] += 1 } }
      let offsets = photos.map(\.offset).sorted()
      sessions.append(
        (
          photos.first?.instant ?? 0, photos.last?.instant ?? 0,
          byCamera.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key, offsets[offsets.count / 2]
        ))
      first = index + 1
    }
    starts = sessions.map { $0.start - margin }
  }

  /// The runs that fit at `shift`, each with the session it fits.
  func fitting(at shift: Double) -> [(run: Int, session: Int)] {
    var found: [(run: Int, session: Int)] = []
    for (index, run) in runs.enumerated() {
      let after = starts.firstIndex(atLeast: run.start + shift + 0.000_1)
      guard after > 0, run.end + shift <= sessions[after - 1].end + margin else { continue }
      found.append((index, after - 1))
    }
    return found
  }

  /// How many runs fit over the quarter hour (`width`) around `shift`: the sum of those that fit
  /// at each minute of it. Runs fit over spans of shifts as wide as their sessions' slack and
  /// the margin either side; the truth is in the middle of where most of them overlap, and a
  /// single shift where a few more fit by chance is not.
  func spread(at shift: Double, width: Double) -> Int {
    let minutes = Self.samples(width: width) / 2
    return (-minutes...minutes).reduce(0) { $0 + fitting(at: shift + Double($1) * 60).count }
  }

  /// How many minutes `spread(at:width:)` sums over.
  static func samples(width: Double) -> Int { 2 * Int((width / 2 / 60).rounded(.down)) + 1 }

  /// How many runs fit at `shift`, and at how many events.
  func count(at shift: Double) -> (runs: Int, events: Int) {
    let found = fitting(at: shift)
    return (found.count, Set(found.map { runs[$0.run].event }).count)
  }

  /// The shifts within `range` where the most runs fit, as the spans of shifts where that many
  /// fit, and the most that fit anywhere in `range` more than `apart` from every such span.
  /// Run against every session: for a clock counting from a default date.
  func widest(in range: ClosedRange<Double>, apart: Double) -> (
    best: [ClosedRange<Double>], count: Int, otherwise: Int
  ) {
    var edges: [(at: Double, step: Int)] = []
    for run in runs {
      for session in sessions where session.end - session.start + 2 * margin >= run.end - run.start {
        let low = max(session.start - margin - run.start, range.lowerBound)
        let high = min(session.end + margin - run.end, range.upperBound)
        guard low <= high else { continue }
        edges.append((low, 1))
        edges.append((high, -1))
      }
    }
    // Openings before closings at one shift: the spans are closed.
    edges.sort { ($0.at, -$0.step) < ($1.at, -$1.step) }
    var spans: [(range: ClosedRange<Double>, count: Int)] = []
    var (count, index) = (0, 0)
    while index < edges.count {
      let at = edges[index].at
      while index < edges.count, edges[index].at == at, edges[index].step > 0 {
        count += 1
        index += 1
      }
      spans.append((at...at, count))
      while index < edges.count, edges[index].at == at {
        count -= 1
        index += 1
      }
      if index < edges.count, count > 0 { spans.append((at...edges[index].at, count)) }
    }
    let most = spans.map(\.count).max() ?? 0
    let best = spans.filter { $0.count == most }.map(\.range)
    let otherwise =
      spans.filter { span in
        best.allSatisfy {
          span.range.lowerBound - $0.upperBound > apart || $0.lowerBound - span.range.upperBound > apart
        }
      }.map(\.count).max() ?? 0
    return (best, most, otherwise)
  }
}
