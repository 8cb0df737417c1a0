public import Foundation

extension MomentClusterer {
  /// A clustering as ranges: moments as ranges of bursts in queue order, bursts as ranges of the
  /// assets' positions (see `BurstRanges`). What `Result` holds, without a copy of any asset: a
  /// caller that writes each moment as it goes (the queue's full save) makes only that one, and
  /// ids only as rows are written.
  public struct Cuts: Hashable, Sendable {
    public var mode: Mode
    public var threshold: TimeInterval
    /// How the threshold was chosen.
    public var basis: Threshold.Basis
    public var bursts: BurstRanges
    /// The bursts in queue order: the dated by their first photo (instant, then id), then the
    /// undated in folder order. A burst's place here is its ordinal in the queue.
    public var order: [Int]
    /// Where each moment's bursts start in `order`.
    public var momentStarts: [Int]
    /// Why each moment starts where it does.
    public var boundaries: [Moment.Boundary]
    /// The gap before each dated burst of `order` after the first: its start minus the latest end
    /// before it, never negative, to the millisecond (what the smart threshold read).
    public var gaps: [TimeInterval]

    /// How many moments there are.
    public var momentCount: Int { momentStarts.count }

    /// The places in `order` of the bursts of moment `index`.
    public func burstOrdinals(of index: Int) -> Range<Int> {
      momentStarts[index]..<(index + 1 < momentStarts.count ? momentStarts[index + 1] : order.count)
    }

    /// Moment `index` of `assets` (the assets cut), made now.
    public func moment(_ index: Int, of assets: [Asset]) -> Moment {
      Moment(
        boundary: boundaries[index],
        bursts: burstOrdinals(of: index).map { ordinal in
          Burst(captureOrdered: bursts.members(of: order[ordinal]).map { assets[$0] })
        })
    }

    /// Hands `body` the position in the assets cut of each asset of moment `index`, burst by
    /// burst: the assets `moment(index, of:)` holds, in its order, none copied.
    public func forEachMember(ofMoment index: Int, _ body: (Int) throws -> Void) rethrows {
      for ordinal in burstOrdinals(of: index) {
        for member in bursts.members(of: order[ordinal]) { try body(member) }
      }
    }

    /// The summary of moment `index` of `assets` (the assets cut) at `place`: the summary of
    /// `moment(index, of:)`, read from the ranges without making the moment (its bursts, their
    /// copies of the assets and their ids).
    public func summary(ofMoment index: Int, of assets: [Asset], place: Place?) -> MomentSummary {
      let members = burstOrdinals(of: index).lazy.flatMap { bursts.members(of: order[$0]) }
      let id = "m-" + (members.first.map { assets[$0].id.rawValue } ?? "")
      return MomentSummary(
        members: members, id: id, boundary: boundaries[index], place: place, time: { assets[$0].captureTime },
        kind: { assets[$0].kind }, assetID: { assets[$0].id })
    }

    /// The clustering of `assets` (the assets cut) with every moment made.
    public func result(of assets: [Asset]) -> Result {
      Result(
        mode: mode, threshold: threshold, basis: basis,
        moments: (0..<momentCount).map { moment($0, of: assets) })
    }
  }
}
