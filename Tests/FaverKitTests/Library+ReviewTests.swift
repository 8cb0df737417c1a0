import FaverCore
import FaverFiles
import FaverStore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverKit

/// A library on an in-memory store, its manifest and lock in a temporary folder.
private final class ReviewLibrary {
  let folder: URL
  let library: Library

  /// Photos named `p<seconds>.jpg` with id `id<seconds>`.
  init(_ seconds: [Double]) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "faver-review-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try IndexStore()
    try store.addPhotos(at: seconds)
    library = Library(store: store, folder: folder)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}

private func id(_ seconds: Int) -> AssetID { AssetID(rawValue: "id\(seconds)") }

/// An hour's gap cuts a moment: three moments, one and two and one photos.
private let hourly = MomentClusterer.Mode.fixed(gap: 3600)

@Test(arguments: [1, 2, 3, 10])
func momentsComeAPageAtATimeInQueueOrder(limit: Int) throws {
  let review = try ReviewLibrary([0, 10_000, 10_001, 20_000])
  var ids: [String] = []
  var after: String? = nil
  var pages = 0
  repeat {
    let page = try review.library.moments(limit: limit, after: after, mode: hourly)
    #expect(page.moments.count <= limit)
    ids += page.moments.map(\.id)
    after = page.next
    pages += 1
  } while after != nil && pages < 10
  #expect(ids == ["m-id0", "m-id10000", "m-id20000"])
  #expect(pages == (3 + limit - 1) / limit)
  #expect(try review.library.moments(limit: 5, after: "m-gone", mode: hourly).moments.count == 3)
}

@Test func aMomentCountsItsMarksAndNamesItsCover() throws {
  let review = try ReviewLibrary([0, 10_000, 10_001, 20_000])
  try review.library.mark([id(10_001)], as: .favorite)
  let found = try #require(try review.library.moment("m-id10000", mode: hourly))
  #expect(found.moment.assets.map(\.id) == [id(10_000), id(10_001)])
  #expect(found.moment.assets.map(\.review) == [.unreviewed, .favorite])
  #expect(found.summary.assets == 2)
  #expect(found.summary.reviewed == 1)
  #expect(found.summary.favorites == 1)
  #expect(found.summary.cover == id(10_001))
  #expect(try review.library.moment("m-nothing", mode: hourly) == nil)
}

/// (the state before, the state set, the state after)
@Test(arguments: [
  (ReviewMark.favorite, ReviewState.reviewed, ReviewState.reviewed),
  (.rejected, .reviewed, .reviewed),
  (.reviewed, .reviewed, .reviewed),
  (.favorite, .rejected, .rejected),
  (.rejected, .favorite, .favorite),
  (.favorite, .unreviewed, .unreviewed),
])
func aStateIsSetExactly(before: ReviewMark, set: ReviewState, after: ReviewState) throws {
  let review = try ReviewLibrary([0, 100])
  try review.library.mark([id(0)], as: before)
  try review.library.setCursor(to: id(100))
  try review.library.setState([id(0)], to: set)
  #expect(try review.library.asset(id(0))?.review == after)
  if set != .unreviewed {  // only an undo moves the cursor (to the photo undone)
    #expect(try review.library.cursor()?.cursor.assetID == id(100))
  }
  #expect(throws: LibraryError.unknownAssets([AssetID(rawValue: "nope")])) {
    try review.library.setState([AssetID(rawValue: "nope")], to: set)
  }
}

/// The page reopens where it was, reviewed or not; with no cursor, where `next` resumes, and the
/// cursor stays unsaved until the page or `next` moves it.
@Test func thePlaceIsTheCursorsAssetWhateverItsState() throws {
  let review = try ReviewLibrary([0, 10_000, 10_001, 20_000])
  let first = try #require(try review.library.reviewPosition(mode: hourly))
  #expect(first.asset.id == id(0))
  #expect(first.previousMoment == nil)
  #expect(first.nextMoment == "m-id10000")
  #expect(try review.library.cursor() == nil)  // reading the place (the page's GET) moves nothing
  try review.library.setCursor(to: id(10_001))
  try review.library.mark([id(10_001)], as: .reviewed)
  let place = try #require(try review.library.reviewPosition(mode: hourly))
  #expect(place.asset.id == id(10_001))
  #expect(place.moment.id == "m-id10000")
  #expect((place.previousMoment, place.nextMoment) == ("m-id0", "m-id20000"))
  #expect(place.progress == ReviewProgress(reviewed: 1, total: 4))
  #expect(throws: LibraryError.unknownAssets([AssetID(rawValue: "nope")])) {
    try review.library.setCursor(to: AssetID(rawValue: "nope"))
  }
}

@Test func anEmptyLibraryHasNoPlace() throws {
  let review = try ReviewLibrary([])
  #expect(try review.library.reviewPosition() == nil)
  #expect(try review.library.moments(limit: 10).moments.isEmpty)
  #expect(try review.library.moments(limit: 10).next == nil)
}
