package import Foundation
import GRDB

/// How many decisions the similar groups leave (`faver status`), kept in `state` with the key of
/// what they were counted from: the saved queue (its generation, mode and rules) and the signals
/// (`signalGeneration`, bumped by every `saveSignals`). Grouping a large library costs a pass over
/// its queue; `status` pays it once per change, not once per call.
extension IndexStore {
  /// Counts of the similar groups of one queue with one set of signals.
  package struct DecisionCount: Hashable, Codable, Sendable {
    package var key: String
    package var items: Int
    package var decisions: Int
    package var groups: Int

    package init(key: String, items: Int, decisions: Int, groups: Int) {
      (self.key, self.items, self.decisions, self.groups) = (key, items, decisions, groups)
    }
  }

  static let signalGenerationKey = "signalGeneration"
  static let decisionsKey = "decisions"

  /// Bumps the signals' generation, in the transaction that changed them.
  static func bumpSignalGeneration(in db: Database) throws {
    let current = try state(Int.self, key: signalGenerationKey, in: db) ?? 0
    try setState(current + 1, key: signalGenerationKey, in: db)
  }

  /// Keeps `count`; a store that cannot be written keeps nothing.
  package func keepDecisionCount(_ count: DecisionCount) throws {
    guard !isReadOnly else { return }
    try database.write { db in try Self.setState(count, key: Self.decisionsKey, in: db) }
  }
}

extension IndexStore.QueueSnapshot {
  /// What the decisions of this snapshot are counted from, for signals of `version`; nil without
  /// a saved queue.
  package func decisionKey(version: Int) throws -> String? {
    guard let stamp = try IndexStore.queueStamp(db) else { return nil }
    let signals = try IndexStore.state(Int.self, key: IndexStore.signalGenerationKey, in: db) ?? 0
    let mode = String(decoding: try JSONEncoder().encode(stamp.mode), as: UTF8.self)
    return "\(stamp.recipe) \(stamp.generation) \(mode) \(signals) \(version)"
  }

  /// The decisions kept for `key`, if they were counted from it.
  package func keptDecisionCount(key: String) throws -> IndexStore.DecisionCount? {
    let kept = try IndexStore.state(IndexStore.DecisionCount.self, key: IndexStore.decisionsKey, in: db)
    return kept?.key == key ? kept : nil
  }
}
