import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// Both twins brought up to date, step by step, and compared: their saved queues row for row, and
/// what a person sees of them.
extension TwinLibraries {
  /// The saved queue of `store` as a rebuild would save it: its items, moments, counted gaps and
  /// the map of ids to moments, row by row, and its threshold. A queue brought up to date equals a
  /// full rebuild when this is equal: every item's values in queue order, byte for byte, but its
  /// numbering. Positions, burst and moment ordinals only increase along the queue and may keep
  /// holes (a span cut again numbers its own anew over its room), so an item's position is left
  /// out (its rank is its place in the list), its burst and moment ordinals are replaced by their
  /// ranks among the bursts and moments (a gap's burst and a key's moment too, a moment's ordinal
  /// by its place in the list); a moment's position range and first burst are replaced by how many
  /// items of that moment it holds, which must be its `total`.
  static func savedQueue(_ store: IndexStore) throws -> [[[String: DatabaseValue]]] {
    func values(_ rows: [Row], without left: Set<String>) -> [[String: DatabaseValue]] {
      rows.map { row in
        Dictionary(
          zip(row.columnNames, row.databaseValues).filter { !left.contains($0.0) },
          uniquingKeysWith: { a, _ in a })
      }
    }
    return try store.database.read { db in
      let items = try IndexStore.items(from: 0, to: Int.max, in: db)
      // The numbering itself: positions, bursts and moments increase together.
      #expect(zip(items, items.dropFirst()).allSatisfy { $0.position < $1.position })
      #expect(zip(items, items.dropFirst()).allSatisfy { $0.burst <= $1.burst && $0.moment <= $1.moment })
      let burstRanks = Dictionary(
        uniqueKeysWithValues: Array(Set(items.map(\.burst))).sorted().enumerated().map { ($1, $0) })
      let momentRanks = Dictionary(
        uniqueKeysWithValues: Array(Set(items.map(\.moment))).sorted().enumerated().map { ($1, $0) })
      let itemValues = items.map { item -> [String: DatabaseValue] in
        let time = item.captureTime
        return [
          "assetId": item.assetID.rawValue.databaseValue,
          "companionId": item.companionID?.rawValue.databaseValue ?? .null,
          "rawId": item.rawID?.rawValue.databaseValue ?? .null,
          "instant": time.instant.timeIntervalSince1970.databaseValue,
          "utcOffset": time.utcOffset?.databaseValue ?? .null,
          "timeSource": time.source.rawValue.databaseValue,
          "hasSubseconds": time.hasSubseconds.databaseValue,
          "offsetSource": time.offsetSource.rawValue.databaseValue,
          "inferredOffset": time.inferredOffset?.databaseValue ?? .null,
          "clockShift": time.clockShift.databaseValue,
          "isUndated": time.isUndated.databaseValue, "problem": item.problem?.databaseValue ?? .null,
          "reviewed": item.reviewed.databaseValue, "fileId": item.fileID?.databaseValue ?? .null,
          "burstRank": (burstRanks[item.burst] ?? -1).databaseValue,
          "momentRank": (momentRanks[item.moment] ?? -1).databaseValue,
        ]
      }
      var moments = values(
        try Row.fetchAll(db, sql: "SELECT * FROM queueMoment ORDER BY ordinal"),
        without: ["ordinal", "firstPosition", "endPosition", "firstBurst"])
      let ordinals = try Int.fetchAll(db, sql: "SELECT ordinal FROM queueMoment ORDER BY ordinal")
      for (index, ordinal) in ordinals.enumerated() {
        let held = try IndexStore.items(ofMoment: ordinal, in: db)
        #expect(held.allSatisfy { $0.moment == ordinal })
        moments[index]["held"] = held.count.databaseValue
      }
      // Every id of an item maps to its moment, and nothing else is mapped.
      let keys = items.flatMap { item in
        item.memberIDs.map { "\(IndexStore.key(of: $0)) \(momentRanks[item.moment] ?? -1)" }
      }
      let mapped = try Row.fetchAll(db, sql: "SELECT key, moment FROM queueAsset").map {
        "\($0[0] as Int64) \(momentRanks[$0[1] as Int] ?? -1)"
      }
      #expect(Set(keys) == Set(mapped), "the ids mapped to moments")
      let burstRank = { (burst: Int) in burstRanks.keys.count { $0 < burst } }
      return [
        itemValues, moments,
        try Row.fetchAll(db, sql: "SELECT burst, gap FROM queueGap ORDER BY burst").map {
          ["burstRank": burstRank($0[0]).databaseValue, "gap": ($0[1] as Double).databaseValue]
        },
        values(
          try Row.fetchAll(
            db, sql: "SELECT json_extract(value, '$.threshold') AS t FROM state WHERE key = 'queue'"),
          without: []),
        [["keys": Set(keys).sorted().joined(separator: ",").databaseValue]],
        [["mapped": Set(mapped).sorted().joined(separator: ",").databaseValue]],
      ]
    }
  }

  /// Where two saved queues (`savedQueue`) first differ: the table and row, and both rows.
  static func firstDifference(_ a: [[[String: DatabaseValue]]], _ b: [[[String: DatabaseValue]]]) -> String {
    for (table, (x, y)) in zip(a, b).enumerated() {
      for row in 0..<max(x.count, y.count) where row >= x.count || row >= y.count || x[row] != y[row] {
        let (left, right) = (row < x.count ? "\(x[row])" : "none", row < y.count ? "\(y[row])" : "none")
        return "table \(table) row \(row): \(left) against \(right)"
      }
    }
    return "none"
  }

  /// When the twins' manifests are written.
  static let now = Date(timeIntervalSince1970: 1_900_000_000)

  /// What a person sees of both libraries: `next`, `status` and the manifest (of one `now`), byte
  /// for byte. Nil when they agree, else which differs.
  func seenDifferently() throws -> String? {
    func seen(_ library: Library) throws -> (Library.Item?, Library.Status, Data) {
      var manifest = Data()
      try library.cluster(now: Self.now) { manifest.append(contentsOf: $0) }
      return (try library.next(), try library.status(), manifest)
    }
    let (a, b) = (try seen(appended.library), try seen(rebuilt.library))
    if a.0 != b.0 { return "next" }
    if a.1 != b.1 { return "status" }
    if a.2 != b.2 { return "the manifest" }
    return nil
  }

  /// Twins of `seed` (without wall-clock photos nor files dated by their modification time unless
  /// asked), 20 days built whole, then `steps` changes, each
  /// `change` of the step's number, made fresh and expected alike (`expectAlike`); returns how
  /// each step was made fresh, up to the first where they differ.
  static func stepped(
    seed: Int, steps: Int, wallClocks: Bool = false, modifiedFiles: Bool = false, wallClockCamera: Int? = nil,
    _ change: (TwinLibraries, Int) throws -> Void
  ) async throws -> [Library.QueueFreshening] {
    let twins = try TwinLibraries(seed: UInt64(seed))
    twins.wallClocks = wallClocks
    twins.modifiedFiles = modifiedFiles
    twins.wallClockCamera = wallClockCamera
    for _ in 0..<20 { try twins.append() }
    #expect(try twins.freshen() == .rebuilt)
    var taken: [Library.QueueFreshening] = []
    for step in 0..<steps {
      await Task.yield()  // the suite's other tests run between steps (see `TwinLibraries`)
      try change(twins, step)
      let done = try twins.freshen()
      taken.append(done)
      guard try twins.expectAlike(after: step, done) else { break }
    }
    return taken
  }

  /// Expects both libraries alike after `step` (made fresh by `done`): their saved queues row for
  /// row (`savedQueue`), and what a person sees (`seenDifferently`); returns whether they are.
  func expectAlike(after step: Int, _ done: Library.QueueFreshening) throws -> Bool {
    let (a, b) = (try Self.savedQueue(appended.store), try Self.savedQueue(rebuilt.store))
    #expect(a == b, "step \(step): \(done), \(Self.firstDifference(a, b))")
    let seen = try seenDifferently()
    #expect(seen == nil, "step \(step): \(done)")
    return a == b && seen == nil
  }

  /// Brings both queues up to date: `appended` as `Library` does, `rebuilt` from the whole library
  /// (its queue dropped first). Returns how `appended` did it.
  func freshen() throws -> Library.QueueFreshening {
    let done = try appended.library.freshenQueue(mode: .smart)
    try rebuilt.store.database.write { db in
      try db.execute(sql: "DELETE FROM state WHERE key = 'queue'")
      try db.execute(sql: "DELETE FROM queueItems")
      try db.execute(sql: "DELETE FROM queueAsset")
      try db.execute(sql: "DELETE FROM queueMoment")
      try db.execute(sql: "DELETE FROM queueGap")
    }
    #expect(try rebuilt.library.freshenQueue(mode: .smart) == .rebuilt)
    return done
  }
}
