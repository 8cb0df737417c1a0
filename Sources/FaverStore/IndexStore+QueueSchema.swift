import GRDB

/// The review queue as last built, kept so `status`, `next`, `cursor` and `mark` read the few rows
/// they need instead of rebuilding the whole library (issue #17).
///
/// `queueMoment` holds each moment's summary and counts; its items (every asset of the queue in
/// queue order: moment, burst, capture order, with its member ids, its burst ordinal and its
/// placed capture time) are packed in one row of `queueItems` per moment, and `queueAsset` maps
/// ids to the moments holding them (see `IndexStore+QueueItems`; until v29 `queueItem` held a row
/// per item, the migrations below still name it). Every write that changes
/// what the queue would be (files, roots, clock corrections) bumps `dataGeneration` in `state`, by
/// triggers in the same transaction; the queue is fresh while the generation, the clustering mode
/// and the `QueueStamp` format and rules (`QueueRecipe`) it was built with are the current ones.
extension IndexStore {
  static func registerQueueMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v12: review queue") { db in
      try db.create(table: "queueItem") { t in
        t.primaryKey("position", .integer)
        t.column("assetId", .text).notNull()
        t.column("companionId", .text)
        t.column("rawId", .text)
        t.column("burst", .integer).notNull()
        t.column("moment", .integer).notNull()
        t.column("instant", .double).notNull()
        t.column("utcOffset", .integer)
        t.column("timeSource", .text).notNull()
        t.column("hasSubseconds", .boolean).notNull()
        t.column("offsetSource", .text).notNull()
        t.column("inferredOffset", .integer)
        t.column("clockShift", .integer).notNull()
        t.column("isUndated", .boolean).notNull()
        t.column("problem", .text)
        t.column("reviewed", .boolean).notNull().defaults(to: false)
      }
      try db.create(index: "queueItem_on_assetId", on: "queueItem", columns: ["assetId"])
      try db.create(index: "queueItem_on_burst", on: "queueItem", columns: ["burst"])
      // The items left to review, in queue order: `next` finds the first of them at once however
      // much of the queue is reviewed.
      try db.execute(sql: "CREATE INDEX queueItem_pending ON queueItem(position) WHERE reviewed = 0")
      try db.create(
        index: "queueItem_on_companionId", on: "queueItem", columns: ["companionId"],
        condition: Column("companionId") != nil)
      try db.create(
        index: "queueItem_on_rawId", on: "queueItem", columns: ["rawId"], condition: Column("rawId") != nil)
      try db.create(table: "queueMoment") { t in
        t.primaryKey("ordinal", .integer)
        t.column("summary", .text).notNull()
        t.column("total", .integer).notNull()
        t.column("reviewed", .integer).notNull()
      }
      try db.execute(sql: "INSERT OR REPLACE INTO state (key, value) VALUES ('dataGeneration', '0')")
      for table in ["file", "root", "clockCorrection"] {
        for event in ["INSERT", "UPDATE", "DELETE"] {
          try db.execute(
            sql: """
              CREATE TRIGGER \(table)_\(event.lowercased())_bumps_generation AFTER \(event) ON \(table)
              BEGIN
                UPDATE state SET value = CAST(value AS INTEGER) + 1 WHERE key = 'dataGeneration';
              END
              """)
        }
      }
    }
    migrator.registerMigration("v13: moments in columns, the listing order") { db in
      // The queue is derived data (the stamp's format changes with it, so a queue saved before
      // is rebuilt): `queueMoment` is made anew with each moment's summary and boundary in
      // columns — the manifest is written from it, and decoding JSON for each moment cost more
      // than reading its items —, its id and first item (the web page's moments). `assets` is
      // listed straight from `queueItem` in capture order.
      try db.drop(table: "queueMoment")
      try db.create(table: "queueMoment") { t in
        t.primaryKey("ordinal", .integer)
        t.column("momentId", .text).notNull()
        t.column("firstPosition", .integer).notNull()
        t.column("total", .integer).notNull()
        t.column("reviewed", .integer).notNull()
        t.column("start", .text).notNull()
        t.column("end", .text).notNull()
        t.column("photos", .integer).notNull()
        t.column("videos", .integer).notNull()
        t.column("title", .text).notNull()
        t.column("placeName", .text)
        t.column("placeAdmin1", .text)
        t.column("placeCountry", .text)
        t.column("placeCountryCode", .text)
        t.column("placeLatitude", .double)
        t.column("placeLongitude", .double)
        t.column("boundary", .text).notNull()
        t.column("gapSeconds", .double)
        t.column("thresholdSeconds", .double)
        t.column("meters", .double)
        t.column("localMean", .double)
      }
      try db.create(index: "queueMoment_on_momentId", on: "queueMoment", columns: ["momentId"])
      // A digest of each item's values: a save rewrites the queue only from the first item that
      // changed (new photos come last), comparing one number an item.
      try db.alter(table: "queueItem") { t in t.add(column: "digest", .integer).notNull().defaults(to: 0) }
      try db.create(index: "queueItem_listing", on: "queueItem", columns: ["instant", "assetId"])
      try db.execute(sql: "DELETE FROM queueItem")
      try db.execute(sql: "DELETE FROM state WHERE key = 'queue'")
    }
  }

  /// `queueGap`: every gap of a minute or more between the saved queue's dated items (what a smart
  /// threshold counts), by the ordinal of the burst after it, so an append recomputes the
  /// threshold without reading the queue (see `readPlan`). Saved with the queue; a queue
  /// saved before it has no `lastFileRow` in its stamp and is never appended to.
  static func registerQueueGapMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v18: queue gaps") { db in
      try db.create(table: "queueGap") { t in
        t.primaryKey("burst", .integer)
        t.column("gap", .double).notNull()
      }
    }
  }

  /// `queueItem.fileId`: the row of `file` that is the item's only file when the item was written
  /// (NULL when it had several, or none known), so the listing reads an item's file by its row
  /// instead of looking its asset id up (see `QueuedAssetListing`). A queue saved before it has
  /// none: it is read as it is (its items looked up by asset id), and its stamp loses its
  /// `lastFileRow`, so the first change rebuilds it whole and writes every item's row (an append
  /// would write only the new ones).
  static func registerQueueFileMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v19: the row of a queued item's file") { db in
      try db.alter(table: "queueItem") { t in t.add(column: "fileId", .integer) }
      try db.execute(
        sql:
          "UPDATE state SET value = json_remove(value, '$.lastFileRow') WHERE key = 'queue' AND json_valid(value)"
      )
    }
  }

  /// `queueMoment.endPosition`: one past the position of a moment's last item. Positions (and
  /// burst ordinals) only increase along the queue, they need not be consecutive: a photo removed
  /// mid-timeline leaves a hole instead of moving every later item (see `readPlan`). A
  /// moment's items are those of positions `firstPosition ..< endPosition`, `total` of them.
  static func registerQueueHolesMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v21: queue positions with holes") { db in
      try db.alter(table: "queueMoment") { t in
        t.add(column: "endPosition", .integer).notNull().defaults(to: 0)
      }
      try db.execute(sql: "UPDATE queueMoment SET endPosition = firstPosition + total")
    }
  }

  /// How far apart a full save writes the positions of consecutive items, and the ordinals of
  /// consecutive bursts and moments: the room a span of moments cut again (with photos taken
  /// among them, an old card imported, see `readPlan`; split or merged by a removal or a moved
  /// threshold) numbers its own in, spread evenly, instead of moving every later item. 256 keeps
  /// a million items' positions within four bytes; a span with no room left rebuilds the queue,
  /// which numbers it anew.
  static let queueStep = 256

  /// `queueMoment_counts`: each moment's total and reviewed count in an index of their own, so the
  /// library's progress (`counts()`, asked by `next`, `status` and the page) sums a 0.6 MB index
  /// instead of reading the 14 MB of moment rows at a million photos.
  static func registerQueueCountsMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v22: moment counts in an index") { db in
      try db.create(index: "queueMoment_counts", on: "queueMoment", columns: ["total", "reviewed"])
    }
  }

  /// `queueMoment.itemsHigh`, `itemsLow`: the fingerprint of a moment's items
  /// (`Manifest.Fingerprint.add(item:startsBurst:instant:)` of each, in queue order), written
  /// with its row by every write of its items (each writes the row anew), so the manifest written
  /// again after a change reads the items of the moments it changed, not the whole queue (see
  /// `readQueue`). NULL in a row saved before it: that moment's items are read.
  static func registerItemFingerprintMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v25: the fingerprint of each moment's items") { db in
      try db.alter(table: "queueMoment") { t in
        t.add(column: "itemsHigh", .integer)
        t.add(column: "itemsLow", .integer)
      }
    }
  }
}
