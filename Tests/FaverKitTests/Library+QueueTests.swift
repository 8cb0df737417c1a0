import FaverCore
import FaverFiles
import FaverStore
import FaverTestSupport
import Foundation
import SeededRandom
import Synchronization
import Testing

@testable import FaverKit

/// A generated library on an in-memory store: photos in bursts and moments, some wall-clock only
/// (zones inferred), Live Photos, RAW+JPEG pairs and copies.
private final class GeneratedLibrary {
  let folder: URL
  let store: IndexStore
  let library: Library
  let root: Int64
  var random = SeededGenerator(seed: 17)
  /// Every path indexed, with its asset id.
  var paths: [String: AssetID] = [:]
  private var next = 0
  private var clock = 1_700_000_000.0

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-queue-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    store = try IndexStore()
    root = try store.rootID(for: "/lib")
    library = Library(store: store, folder: folder)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  private func record(
    _ path: String, id: AssetID, kind: MediaKind = .photo, at seconds: Double, offset: Int?,
    identifier: String? = nil
  ) -> FileRecord {
    FileRecord(
      rootId: root, path: path, assetId: id, format: kind == .video ? "quicktime" : "jpeg", kind: kind,
      stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: seconds), utcOffset: offset, source: .exifOriginal),
      coordinate: nil, make: "Canon", model: "EOS R6", problem: nil, contentIdentifier: identifier,
      duration: kind == .video ? 2 : nil)
  }

  /// Adds `count` new assets after the last ones, and removes `removing` paths at random.
  func reindex(adding count: Int, removing: Int = 0, moving: Int = 0) throws {
    var changes = IndexChanges(rootId: root)
    for _ in 0..<count {
      clock += [0.5, 1, 2, 40, 700, 5000, 100_000].randomElement(using: &random) ?? 1
      next += 1
      let name = "a\(next)"
      let id = AssetID(rawValue: "id\(next)")
      let offset: Int? = Bool.random(using: &random) ? 3600 : nil
      var still = record(name + ".jpg", id: id, at: clock, offset: offset)
      switch Int.random(in: 0..<10, using: &random) {
      case 0:  // a Live Photo
        let video = AssetID(rawValue: "id\(next)v")
        still = record(name + ".heic", id: id, at: clock, offset: offset, identifier: name)
        changes.media.append(
          record(name + ".mov", id: video, kind: .video, at: clock, offset: offset, identifier: name))
        paths[name + ".mov"] = video
      case 1:  // RAW+JPEG
        let raw = AssetID(rawValue: "id\(next)r")
        changes.media.append(record(name + ".cr3", id: raw, at: clock, offset: offset))
        paths[name + ".cr3"] = raw
      case 2 where next > 1:  // a copy of the photo before
        still = record(name + ".jpg", id: AssetID(rawValue: "id\(next - 1)"), at: clock, offset: offset)
      default:
        break
      }
      changes.media.append(still)
      paths[still.path] = AssetID(rawValue: still.assetId)
    }
    let gone = Array(paths.keys.sorted().shuffled(using: &random).prefix(removing + moving))
    for (index, path) in gone.enumerated() {
      changes.removed.append(path)
      let id = paths.removeValue(forKey: path)
      if index >= removing, let id {  // moved: the same content at another path
        let moved = "moved/" + path
        changes.media.append(record(moved, id: id, at: clock - Double(index), offset: nil))
        paths[moved] = id
      }
    }
    try store.apply(changes)
  }

  /// Some assets of the queue, at random.
  func someAssets(_ count: Int) throws -> [AssetID] {
    let order = try library.queue().queue.order
    return Array(order.shuffled(using: &random).prefix(count))
  }
}

/// What `next` shows by the position rule, from the whole library in memory: the asset the
/// cursor is on, whatever its state, with what is left of its burst, until the person left it;
/// else where `ReviewQueue` resumes.
private func expectedNext(
  _ library: Library, clustering: MomentClusterer.Result, queue: ReviewQueue, cursor: Cursor?
) throws -> (asset: Asset, burst: Burst)? {
  guard let cursor, !cursor.isLeft,
    let burst = clustering.moments.lazy.flatMap(\.bursts).first(where: {
      $0.assets.contains { $0.id == cursor.assetID }
    })
  else { return queue.resume(from: cursor).map { ($0.asset, $0.burst) } }
  var states: [AssetID: ReviewState] = [:]
  for asset in try library.assets() { states[asset.id] = asset.review }
  let members = burst.assets.filter { states[$0.id] == .unreviewed || $0.id == cursor.assetID }.map {
    var asset = $0
    asset.review = states[asset.id] ?? .unreviewed
    return asset
  }
  var shown = Burst(assets: members)
  shown.id = burst.id
  return try (#require(members.first { $0.id == cursor.assetID }), shown)
}

/// `status`, `next` and `cursor` from the saved queue say what the full rebuild (`ReviewQueue`)
/// says.
private func expectSameAsRebuild(
  _ generated: GeneratedLibrary, mode: MomentClusterer.Mode? = nil, _ comment: Comment,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let library = generated.library
  let (clustering, queue) = try library.queue(mode: mode)
  let status = try library.status(mode: mode)
  #expect(status.progress == queue.progress, comment, sourceLocation: sourceLocation)
  #expect(status.momentsToReview == queue.entries.count, comment, sourceLocation: sourceLocation)
  #expect(status.moments == clustering.moments.count, comment, sourceLocation: sourceLocation)
  let expected = try expectedNext(
    library, clustering: clustering, queue: queue, cursor: generated.store.cursor())
  let item = try library.next(mode: mode)
  #expect(item?.asset == expected?.asset, comment, sourceLocation: sourceLocation)
  #expect(item?.burst == expected?.burst, comment, sourceLocation: sourceLocation)
  #expect(item?.progress == (expected == nil ? nil : queue.progress), comment, sourceLocation: sourceLocation)
  #expect(
    item?.moment
      == expected.flatMap { shown in
        clustering.moments.first { $0.assets.contains { $0.id == shown.asset.id } }.map {
          MomentSummary($0, place: library.places(of: [$0])[$0.id])
        }
      }, comment,
    sourceLocation: sourceLocation)
  // Answered from the saved queue, not by the rebuild it falls back on.
  #expect(
    try generated.store.isQueueFresh(mode: library.clusteringMode(mode), recipe: Library.queueRecipe),
    comment,
    sourceLocation: sourceLocation)
  if let cursor = try generated.store.cursor() {
    let asset = try library.assets().first { $0.id == cursor.assetID }
    #expect(try library.cursor()?.asset == asset, comment, sourceLocation: sourceLocation)
  }
  // `assets`, listed from the saved queue, is the list the rebuild makes.
  var listed: [Asset] = []
  try library.forEachAsset { listed.append($0) }
  #expect(listed == (try library.assets()), comment, sourceLocation: sourceLocation)
  for state in [ReviewState.favorite, .rejected] {
    #expect(
      try library.favorites(rejected: state == .rejected) == listed.filter { $0.review == state }, comment,
      sourceLocation: sourceLocation)
  }
  // The web page's answers, from the saved queue, are those of the rebuild.
  var after: String?
  repeat {
    let page = try library.moments(limit: 7, after: after, mode: mode)
    #expect(
      page == (try library.rebuiltMoments(limit: 7, after: after, mode: mode)), comment,
      sourceLocation: sourceLocation)
    if let first = page.moments.first {
      let saved = try #require(try library.moment(first.id, mode: mode))
      let rebuilt = try #require(try library.rebuiltMoment(first.id, mode: mode))
      #expect(
        saved.summary == rebuilt.summary && saved.moment == rebuilt.moment, comment,
        sourceLocation: sourceLocation)
    }
    after = page.next
  } while after != nil
  #expect(try library.moment("m-none", mode: mode) == nil, comment, sourceLocation: sourceLocation)
  #expect(
    try library.reviewPosition(mode: mode) == library.rebuiltReviewPosition(mode: mode), comment,
    sourceLocation: sourceLocation)
  for asset in listed.prefix(40) {
    for id in asset.memberIDs {
      #expect(try library.asset(id) == asset, comment, sourceLocation: sourceLocation)
    }
  }
  #expect(try library.asset(AssetID(rawValue: "none")) == nil, comment, sourceLocation: sourceLocation)
  guard mode == nil else { return }
  // The manifest, written from the saved queue, is byte for byte the one of the rebuild; what is
  // printed is the file (made now, or kept as it was when nothing changed since, with its time).
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  var written = Data()
  let result = try library.cluster(now: now) { written.append(contentsOf: $0) }
  #expect(
    try written == Data(contentsOf: library.folder.appendingPathComponent(Library.manifestFileName)), comment,
    sourceLocation: sourceLocation)
  var rebuilt = Manifest(
    clustering: clustering, queue: queue, generatedAt: now, places: library.places(of: clustering.moments))
  rebuilt.generatedAt = try JSONDecoder().decode(Manifest.self, from: written).generatedAt
  let groups = inMemoryGroups(of: clustering.moments)
  for index in rebuilt.moments.indices {
    rebuilt.moments[index].groups = groups[rebuilt.moments[index].id] ?? []
  }
  #expect(written == (try rebuilt.encoded()), comment, sourceLocation: sourceLocation)
  #expect(result.progress == queue.progress, comment, sourceLocation: sourceLocation)
  #expect(result.thresholdSeconds == clustering.threshold, comment, sourceLocation: sourceLocation)
  #expect(
    result.moments.map(\.summary.id) == clustering.moments.map(\.id), comment, sourceLocation: sourceLocation)
}

@Test func theSavedQueueAnswersAsTheRebuildAcrossMarksReindexingClocksAndModes() throws {
  let generated = try GeneratedLibrary()
  try generated.reindex(adding: 300)
  try expectSameAsRebuild(generated, "indexed")
  // A review: what `next` shows is marked, now and then a favorite.
  for step in 0..<12 {
    let shown = try #require(try generated.library.next()).asset.id
    try generated.library.mark(
      [shown], as: step % 4 == 0 ? .favorite : step % 4 == 1 ? .rejected : .reviewed, movingOn: true)
    try expectSameAsRebuild(generated, "review step \(step)")
  }
  try generated.library.mark(try generated.someAssets(80), as: .reviewed)
  try expectSameAsRebuild(generated, "marked at random")
  // An undo puts the cursor on the first undone asset in queue order.
  let undone = try generated.someAssets(15)
  try generated.library.mark(undone, as: .unreviewed)
  let first = try generated.library.queue().queue.pending.first {
    !Set(undone).isDisjoint(with: $0.asset.memberIDs)
  }
  #expect(try generated.store.cursor() == first.map { Cursor(at: $0.asset) })
  try expectSameAsRebuild(generated, "undone")
  // The cursor's asset removed: `next` goes on after the place it held.
  let onCursor = try #require(try generated.store.cursor()).assetID
  let cursorPaths = generated.paths.filter { $0.value == onCursor }.map(\.key)
  var changes = IndexChanges(rootId: generated.root)
  changes.removed = cursorPaths
  try generated.store.apply(changes)
  for path in cursorPaths { generated.paths[path] = nil }
  try expectSameAsRebuild(generated, "cursor's asset removed")
  try generated.reindex(adding: 60, removing: 25, moving: 10)
  try expectSameAsRebuild(generated, "reindexed")
  try generated.store.addClockCorrection(ClockCorrection(camera: "Canon EOS R6", shift: 7200))
  try expectSameAsRebuild(generated, "clock corrected")
  try expectSameAsRebuild(generated, mode: .fixed(gap: 3600), "another mode")
  try generated.library.cluster(mode: .fixed(gap: 600))
  try expectSameAsRebuild(generated, "the mode cluster remembered")
  try expectSameAsRebuild(generated, mode: .smart, "smart again")
}

@Test func aQueueSavedBeforeAChangeIsStale() throws {
  let generated = try GeneratedLibrary()
  try generated.reindex(adding: 20)
  let mode = try generated.library.clusteringMode()
  _ = try generated.library.status()
  #expect(try generated.store.isQueueFresh(mode: mode, recipe: Library.queueRecipe))
  #expect(try !generated.store.isQueueFresh(mode: .fixed(gap: 60), recipe: Library.queueRecipe))
  try generated.reindex(adding: 1)
  #expect(try !generated.store.isQueueFresh(mode: mode, recipe: Library.queueRecipe))
  _ = try generated.library.next()
  #expect(try generated.store.isQueueFresh(mode: mode, recipe: Library.queueRecipe))
  try generated.store.addClockCorrection(ClockCorrection(camera: "Canon EOS R6", shift: 60))
  #expect(try !generated.store.isQueueFresh(mode: mode, recipe: Library.queueRecipe))
  _ = try generated.library.status()
  // Marks leave it fresh: review state is read beside it.
  try generated.library.mark(try generated.someAssets(3), as: .reviewed)
  #expect(try generated.store.isQueueFresh(mode: mode, recipe: Library.queueRecipe))
}

@Test func marksOfThousandsOfIdsAtOnceKeepTheCountsAndTheCursor() throws {
  let generated = try GeneratedLibrary()
  try generated.reindex(adding: 3_000)
  let all = try generated.library.queue().queue.order
  _ = try generated.library.status()
  try generated.library.mark(all, as: .reviewed)
  #expect(try generated.library.status().progress == ReviewProgress(reviewed: all.count, total: all.count))
  try generated.library.mark(all, as: .unreviewed)
  #expect(try generated.library.status().progress == ReviewProgress(reviewed: 0, total: all.count))
  let first = try #require(try generated.library.queue().queue.pending.first).asset
  #expect(try generated.store.cursor() == Cursor(at: first))
}

/// Saves the queue `generated` would build now, as `Library` does; returns the items written.
private func saveNow(_ generated: GeneratedLibrary) throws -> Int {
  let library = generated.library
  let store = generated.store
  let mode = try library.clusteringMode()
  var assets = try library.placedAssets(store, ordered: false)
  let cuts = MomentClusterer(mode: mode).cuts(in: assets)
  let places = library.places(of: cuts.result(of: assets).moments)
  return try store.saveQueue(
    &assets, cuts: cuts, places: (0..<cuts.momentCount).map { places[cuts.moment($0, of: assets).id] },
    generation: try store.dataGeneration(), recipe: Library.queueRecipe)
}

/// A full save over a saved queue writes every item (each moment's packed in one row) and answers
/// as a rebuild, whatever changed since: nothing, photos at the end, marks, a removal, a clock.
@Test func aFullSaveOverASavedQueueAnswersAsARebuild() throws {
  let generated = try GeneratedLibrary()
  try generated.reindex(adding: 400)
  try generated.library.cluster(mode: .fixed(gap: 3600))
  func total() throws -> Int { try generated.library.status().progress.total }
  #expect(try saveNow(generated) == total())
  try generated.reindex(adding: 5)
  #expect(try saveNow(generated) == total())
  try expectSameAsRebuild(generated, "photos added at the end")
  try generated.library.mark(try generated.someAssets(30), as: .reviewed)
  #expect(try saveNow(generated) == total())
  try expectSameAsRebuild(generated, "photos marked")
  try generated.reindex(adding: 0, removing: 1)
  #expect(try saveNow(generated) == total())
  try expectSameAsRebuild(generated, "a photo removed")
  try generated.store.addClockCorrection(ClockCorrection(camera: "Canon EOS R6", shift: 86_400 * 400))
  #expect(try saveNow(generated) == total())
  try expectSameAsRebuild(generated, "clock corrected")
}

@Test func anIndexThatChangedTheLibrarySavesTheQueueOnceOneWasSaved() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-index-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let tree = try TemporaryTree()
  func photo(_ name: String, at time: String) throws {
    var exif = ExifBuilder()
    exif.original(time, offset: "+01:00")
    try tree.write(name, exif.jpeg() + Array(name.utf8))
  }
  try photo("a.jpg", at: "2024:05:01 10:00:00")
  let library = Library.open(store: folder)
  _ = try library.index([tree.path])
  let store = try library.readableStore
  // The first index leaves the queue to the first command that needs it.
  #expect(try !store.hasSavedQueue())
  #expect(try library.status().progress.total == 1)
  #expect(try store.isQueueFresh(mode: .smart, recipe: Library.queueRecipe))
  // Then an index that changed something saves it again.
  try photo("b.jpg", at: "2024:05:01 11:00:00")
  _ = try library.index([tree.path])
  #expect(try store.isQueueFresh(mode: .smart, recipe: Library.queueRecipe))
  #expect(try library.status().progress.total == 2)
}

/// The page's answers as the whole library clustered in memory gives them: the oracle the saved
/// queue's answers are checked against.
extension Library {
  fileprivate func rebuiltMoments(limit: Int, after: String? = nil, mode: MomentClusterer.Mode? = nil) throws
    -> MomentPage
  {
    let moments = try reviewedMoments(mode: mode)
    let start = after.flatMap { id in moments.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
    let page = moments[min(start, moments.count)...].prefix(max(limit, 0))
    let more = page.endIndex < moments.endIndex && !page.isEmpty
    let places = places(of: Array(page))
    return MomentPage(
      moments: page.map { MomentCard($0, place: places[$0.id]) }, next: more ? page.last?.id : nil)
  }

  fileprivate func rebuiltMoment(_ id: String, mode: MomentClusterer.Mode? = nil) throws -> (
    summary: MomentCard, moment: Moment
  )? {
    guard let moment = try reviewedMoments(mode: mode).first(where: { $0.id == id }) else { return nil }
    return (MomentCard(moment, place: places(of: [moment])[moment.id]), moment)
  }

  fileprivate func rebuiltReviewPosition(mode: MomentClusterer.Mode? = nil) throws -> ReviewPosition? {
    let moments = try reviewedMoments(mode: mode)
    let cursor = try readableStore.cursor()
    if let cursor, let position = position(of: cursor.assetID, in: moments) { return position }
    guard let resume = try queue(mode: mode).queue.resume(from: cursor) else { return nil }
    return position(of: resume.asset.id, in: moments)
  }

  /// Every moment of the library, its assets with their review state.
  private func reviewedMoments(mode: MomentClusterer.Mode?) throws -> [Moment] {
    MomentClusterer(mode: try clusteringMode(mode)).moments(in: try assets()).moments
  }

  private func position(of id: AssetID, in moments: [Moment]) -> ReviewPosition? {
    guard let index = moments.firstIndex(where: { $0.assets.contains { $0.memberIDs.contains(id) } }),
      let asset = moments[index].assets.first(where: { $0.memberIDs.contains(id) })
    else { return nil }
    let all = moments.flatMap(\.assets)
    return ReviewPosition(
      asset: asset,
      moment: MomentCard(moments[index], place: places(of: [moments[index]])[moments[index].id]),
      previousMoment: index > 0 ? moments[index - 1].id : nil,
      nextMoment: index + 1 < moments.count ? moments[index + 1].id : nil,
      progress: ReviewProgress(reviewed: all.filter(\.review.isReviewed).count, total: all.count),
      group: inMemoryGroups(of: [moments[index]]).values.first?.first { $0.assetIDs.contains(asset.id) })
  }
}

/// The similar groups of each of `moments` by moment id, grouped in memory as the saved queue
/// groups them (a library never analyzed: its bursts).
private func inMemoryGroups(of moments: [Moment]) -> [String: [SimilarGroup]] {
  var burst = 0
  var groups: [String: [SimilarGroup]] = [:]
  for (ordinal, moment) in moments.enumerated() {
    var candidates: [SimilarGrouper.Candidate] = []
    for members in moment.bursts {
      for asset in members.assets {
        candidates.append(
          SimilarGrouper.Candidate(
            id: asset.id, moment: ordinal, burst: burst, instant: asset.captureTime.instant, signals: nil))
      }
      burst += 1
    }
    groups[moment.id] = SimilarGrouper().groups(in: candidates)
  }
  return groups
}

/// A review queue built from the whole library is reported (how many files it is built from, then
/// nil once saved), so the command line can say why it waits; a queue that is fresh is read
/// without a word.
@Test func aQueueBuiltFromTheWholeLibraryIsReported() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-build-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore()
  let root = try store.rootID(for: "/lib")
  var changes = IndexChanges(rootId: root)
  for index in 0..<5 {
    changes.media.append(
      FileRecord(
        rootId: root, path: "p\(index).jpg", assetId: AssetID(rawValue: "id\(index)"), format: "jpeg",
        kind: .photo, stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
        captureTime: CaptureTime(
          instant: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 100), utcOffset: 3600,
          source: .exifOriginal),
        coordinate: nil, make: "Canon", model: "EOS R6", problem: nil, contentIdentifier: nil, duration: nil))
  }
  try store.apply(changes)
  let reports = Reports()
  let library = Library(store: store, folder: folder, queueBuild: { reports.add($0) })
  #expect(try library.status().progress.total == 5)
  #expect(reports.all == [5, nil])
  _ = try library.status()
  _ = try library.cluster(mode: .smart)
  #expect(reports.all == [5, nil])
  // Another mode is another queue: built from the whole library again.
  _ = try library.cluster(mode: .fixed(gap: 3600))
  #expect(reports.all == [5, nil, 5, nil])
}

/// What a `queueBuild` handler was told, in order.
private final class Reports: Sendable {
  private let said = Mutex<[Int?]>([])
  func add(_ assets: Int?) { said.withLock { $0.append(assets) } }
  var all: [Int?] { said.withLock { $0 } }
}
