package import Foundation
import GRDB

/// What the manifest files were last written from, so a `cluster` (and a `refresh`) over a
/// library where nothing changed writes nothing: the saved queue's stamp, the generations of the
/// review marks (bumped by triggers on `review`, as `dataGeneration` is on the files) and of the
/// signals, and what the caller adds (the manifest's writer), with each file as it was written.
extension IndexStore {
  static let reviewGenerationKey = "reviewGeneration"
  static let manifestKey = "manifest"

  static func registerReviewGenerationMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v17: review generation") { db in
      try db.execute(
        sql: "INSERT INTO state (key, value) VALUES (?, '0') ON CONFLICT(key) DO NOTHING",
        arguments: [reviewGenerationKey])
      for event in ["INSERT", "UPDATE", "DELETE"] {
        try db.execute(
          sql: """
            CREATE TRIGGER review_\(event.lowercased())_bumps_generation AFTER \(event) ON review
            BEGIN
              UPDATE state SET value = CAST(value AS INTEGER) + 1 WHERE key = '\(reviewGenerationKey)';
            END
            """)
      }
    }
  }

  /// The manifest files as written, and what from.
  package struct WrittenManifest: Hashable, Codable, Sendable {
    /// `manifestSource`'s answer when they were written.
    package var source: String
    /// Each file's path and what `stat` said of it then (size, modification time, inode).
    package var files: [String: String]

    package init(source: String, files: [String: String]) {
      (self.source, self.files) = (source, files)
    }
  }

  /// What a manifest written now from the saved queue would be written from: nil without a queue
  /// of the rules of `recipe`. `writer` names the rest (the signals' version, the writer's
  /// build).
  package func manifestSource(recipe: String, writer: String) throws -> String? {
    try database.read { db in try Self.manifestSource(recipe: recipe, writer: writer, in: db) }
  }

  /// `manifestSource` in the transaction of `db`.
  static func manifestSource(recipe: String?, writer: String, in db: Database) throws -> String? {
    guard let stamp = try Self.queueStamp(db), recipe.map(stamp.isCurrent(recipe:)) ?? true else {
      return nil
    }
    let mode = String(decoding: try JSONEncoder().encode(stamp.mode), as: UTF8.self)
    let reviews = try Self.state(Int.self, key: Self.reviewGenerationKey, in: db) ?? 0
    let signals = try Self.state(Int.self, key: Self.signalGenerationKey, in: db) ?? 0
    let threshold = stamp.threshold.map { String($0) } ?? "none"
    return "\(stamp.recipe) \(stamp.generation) \(mode) \(threshold) \(reviews) \(signals) \(writer)"
  }

  /// The manifest files last written, if any was recorded.
  package func writtenManifest() throws -> WrittenManifest? {
    try database.read { try Self.state(WrittenManifest.self, key: Self.manifestKey, in: $0) }
  }

  /// Records the manifest files just written.
  package func keepWrittenManifest(_ written: WrittenManifest) throws {
    try database.write { try Self.setState(written, key: Self.manifestKey, in: $0) }
  }
}
