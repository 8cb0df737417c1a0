import FaverCore
import FaverStore
import Foundation

/// Bringing a stale saved queue up to date with every change since it was saved, of any kind and
/// any mixture, without reading the whole library: the one planner, by the steps of rules.md,
/// "Keeping the queue up to date", in the one transaction of the use case. The store reads what
/// the changes reach and writes the rows (`IndexStore+QueuePlan`, `+QueueSpans`); `QueuePlanner`
/// decides by a full build's rules; this puts them in order and names the moments' places.
extension Library {
  /// What `plan` did.
  enum QueuePlanning: Equatable {
    /// The saved queue is up to date: `items` rows were written.
    case planned(items: Int)
    /// The changes are not ones a plan takes (why): the queue is to be built whole.
    case rebuild(String)
  }

  /// Brings the saved queue of `mode` up to date by the steps above, in the write transaction of
  /// `queue`; or leaves it as it is and says why.
  func plan(_ queue: IndexStore.QueueSnapshot, mode: MomentClusterer.Mode, corrections: [ClockCorrection])
    throws -> QueuePlanning
  {
    let reach: IndexStore.PlanReach
    switch try queue.readPlan(mode: mode, recipe: Self.queueRecipe, corrections: corrections) {
    case .fresh: return .planned(items: 0)
    case .rebuild(let why): return .rebuild(why)
    case .reached(let read): reach = read
    }
    let planner = QueuePlanner(mode: mode, corrections: corrections)
    var assets = QueuePlanner.assets(of: reach.places)
    let leaving = Set(assets.flatMap { $0.memberIDs.map(\.rawValue) }).union(reach.formerIDs)
    guard let evidence = try queue.zoneEvidence(in: planner.evidenceWindows(for: assets), without: leaving)
    else { return .rebuild("too many photos of known zone around the changed wall clocks") }
    planner.place(&assets, among: evidence)
    let change = try queue.change(placing: assets, leaving: leaving, of: reach)
    guard !change.isEmpty else {
      try queue.keepStamp(of: reach)
      return .planned(items: 0)
    }
    let window = planner.clusterer.burstDetector.window.seconds
    var extra: Set<Int> = []
    for _ in 0..<4 {
      guard let spans = try change.spans(window: window, extra: extra, in: queue), !spans.isEmpty else {
        return .rebuild("the moments around the changes cannot be cut again alone")
      }
      let assets = spans.map(\.assets)
      let (threshold, gaps) = planner.threshold(cutting: assets, outside: try queue.gaps(outside: spans))
      if threshold.seconds != reach.savedThreshold {
        let others = try queue.momentsCutOtherwise(
          from: reach.savedThreshold, to: threshold.seconds, outside: spans)
        guard extra.count + others.count <= IndexStore.movedCutLimit else {
          return .rebuild("the threshold moved past too many moments")
        }
        if !others.isEmpty {
          extra.formUnion(others)
          continue
        }
      }
      let moments = planner.moments(cutting: assets, openings: spans.map(\.boundary), at: threshold)
      // One place finder for every span (each opens the table and says once when it cannot).
      let places = self.places(of: moments.flatMap(\.self))
      let cuts = zip(spans, zip(moments, gaps)).map { span, cut in
        IndexStore.SpanCut(
          span: span, moments: cut.0, gaps: cut.1,
          summaries: cut.0.map { MomentSummary($0, place: places[$0.id]) })
      }
      guard let written = try queue.write(cuts, threshold: threshold.seconds, of: reach) else {
        return .rebuild("the moments to cut again have no room left in their numbering")
      }
      return .planned(items: written)
    }
    return .rebuild("the threshold kept moving")
  }
}
