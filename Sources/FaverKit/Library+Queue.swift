import FaverCore
import FaverStore

/// The review queue saved in the store (see `IndexStore+Queue`): `status`, `next`, `cursor` and
/// `mark --unreviewed` read the rows they need from it instead of rebuilding the library. It is
/// saved by `cluster` (and so `refresh`), and by the first of those commands to find it stale
/// (files, roots or clock corrections changed, or another mode): that one rebuilds the library
/// once, as every command did before. A store that cannot be written keeps the rebuild.
extension Library {
  /// The store, with the saved queue of `mode` fresh (saved now when stale); nil when it is
  /// stale and the store cannot be written: the caller rebuilds the queue in memory.
  func storeWithFreshQueue(mode: MomentClusterer.Mode) throws -> IndexStore? {
    let readable = try readableStore
    if try readable.isQueueFresh(mode: mode) { return readable }
    guard let writable = try? store(creating: false), !writable.isReadOnly else { return nil }
    let generation = try writable.dataGeneration()
    let clustering = MomentClusterer(mode: mode).moments(in: try placedAssets(writable, ordered: false))
    try saveQueue(clustering, places: places(of: clustering.moments), generation: generation, in: writable)
    return writable
  }

  /// Saves the queue of `clustering` (built from the data of `generation`) with each moment's
  /// summary.
  func saveQueue(
    _ clustering: MomentClusterer.Result, places: [String: Place], generation: Int, in store: IndexStore
  ) throws {
    let summaries = clustering.moments.map { MomentSummary($0, place: places[$0.id]) }
    try store.saveQueue(
      clustering.moments, summaries: summaries, generation: generation, mode: clustering.mode,
      threshold: clustering.threshold)
  }

  /// `status` from the saved queue.
  func savedStatus(_ store: IndexStore) throws -> Status {
    let counts = try store.queueCounts()
    return Status(
      progress: ReviewProgress(reviewed: counts.reviewed, total: counts.total),
      momentsToReview: counts.momentsToReview, moments: counts.moments)
  }

  /// `next` from the saved queue; nil in `item` when nothing is left. `found` is false when the
  /// saved queue names a file no longer indexed (it cannot be, while it is fresh).
  func savedNext(_ store: IndexStore) throws -> (found: Bool, item: Item?) {
    guard let found = try store.queueResume(from: try store.cursor()) else { return (true, nil) }
    let (first, pending) = try store.queuedBurst(found.burst)
    let assets = try store.assets(of: pending)
    guard let index = pending.firstIndex(where: { $0.position == found.position }),
      let asset = assets[index]
    else { return (false, nil) }
    let members = assets.compactMap(\.self)
    guard members.count == assets.count else { return (false, nil) }
    var burst = Burst(assets: members)
    burst.assets = members
    burst.id = "b-" + (first?.rawValue ?? asset.id.rawValue)
    let counts = try store.queueCounts()
    try self.store.setCursor(Cursor(at: asset))
    return (
      true,
      Item(
        asset: asset, burst: burst, progress: ReviewProgress(reviewed: counts.reviewed, total: counts.total),
        moment: try store.queuedMomentSummary(found.moment))
    )
  }

  /// The cursor's asset from the saved queue, with its review state.
  func savedCursorAsset(_ cursor: Cursor, in store: IndexStore) throws -> Asset? {
    guard let item = try store.queuedItem(cursor.assetID),
      var asset = try store.assets(of: [item]).first ?? nil
    else { return nil }
    let states = try store.reviewStates(of: asset.memberIDs)
    asset.review = asset.memberIDs.lazy.compactMap { states[$0] }.first ?? .unreviewed
    return asset
  }
}
