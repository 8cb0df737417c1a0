import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// Both twins brought up to date, step by step, and compared: their saved queues row for row, and
/// what a person sees of them.
extension TwinLibraries {
  /// The saved queue of `store` as a rebuild would save it: its items, moments and counted gaps,
  /// row by row, and its threshold. A queue brought up to date equals a full rebuild when this
  /// is equal: every row's values in queue order, byte for byte, but its numbering. Positions,
  /// burst and moment ordinals only increase along the queue and may keep holes (a span cut
  /// again numbers its own anew over its room), so an item's position is left out (its rank is
  /// its place in the list), its burst and moment ordinals are replaced by their ranks among the
  /// bursts and moments (a gap's burst too, a moment's ordinal by its place in the list), and its
  /// digest (which holds the ordinals) is left out; a moment's position range is replaced by how
  /// many items of that moment it holds, which must be its `total`.
  static func savedQueue(_ store: IndexStore) throws -> [[[String: DatabaseValue]]] {
    func values(_ rows: [Row], without left: Set<String>) -> [[String: DatabaseValue]] {
      rows.map { row in
        Dictionary(
          zip(row.columnNames, row.databaseValues).filter { !left.contains($0.0) },
          uniquingKeysWith: { a, _ in a })
      }
    }
    return try store.database.read { db in
      // The numbering itself: positions, bursts and moments increase together.
      for column in ["burst", "moment"] {
        let ordinals = try Int.fetchAll(db, sql: "SELECT \(column) FROM queueItem ORDER BY position")
        #expect(zip(ordinals, ordinals.dropFirst()).allSatisfy { $0 <= $1 }, "\(column)")
      }
      return [
        values(
          try Row.fetchAll(
            db,
            sql: """
              SELECT *, DENSE_RANK() OVER (ORDER BY burst) AS burstRank,
                DENSE_RANK() OVER (ORDER BY moment) AS momentRank FROM queueItem ORDER BY position
              """),
          without: ["position", "burst", "moment", "digest"]),
        values(
          try Row.fetchAll(
            db,
            sql: """
              SELECT *, (SELECT COUNT(*) FROM queueItem q WHERE q.position >= m.firstPosition
                AND q.position < m.endPosition AND q.moment = m.ordinal) AS held
              FROM queueMoment m ORDER BY ordinal
              """),
          without: ["ordinal", "firstPosition", "endPosition"]),
        values(
          try Row.fetchAll(
            db,
            sql: """
              SELECT (SELECT COUNT(DISTINCT burst) FROM queueItem WHERE burst < g.burst) AS burstRank, gap
              FROM queueGap g ORDER BY burst
              """), without: []),
        values(
          try Row.fetchAll(
            db, sql: "SELECT json_extract(value, '$.threshold') AS t FROM state WHERE key = 'queue'"),
          without: []),
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
      try db.execute(sql: "DELETE FROM queueItem")
      try db.execute(sql: "DELETE FROM queueMoment")
      try db.execute(sql: "DELETE FROM queueGap")
    }
    #expect(try rebuilt.library.freshenQueue(mode: .smart) == .rebuilt)
    return done
  }
}
