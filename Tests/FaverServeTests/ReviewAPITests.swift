import FaverKit
import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FaverServe

@Test func nextIsTheAssetToReviewAndNullOnceEverythingIsSeen() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let ids = try await allIDs(client)
    #expect(ids.count == ServeWorkspace.shots.count)
    for expected in ids {
      let next = try #require(try await client.next())
      #expect(next["id"] as? String == expected)
      #expect(next["path"] as? String != nil)  // the one asset object, every key present
      #expect(next.keys.contains("companion"))
      _ = try await client.mark(expected, "reviewed")
    }
    let (status, text) = try await client.post("/api/next", "")
    #expect(status == .ok)
    #expect(text == "null")
  }
}

/// A state is set exactly, whatever it was: what undo needs.
/// (states set in turn, then reviewed, favorite, rejected).
@Test(arguments: [
  (["favorite", "reviewed"], [true, false, false]),
  (["rejected", "reviewed"], [true, false, false]),
  (["favorite", "rejected"], [true, false, true]),
  (["rejected", "favorite"], [true, true, false]),
  (["favorite", "unreviewed"], [false, false, false]),
  (["reviewed", "unreviewed", "favorite"], [true, true, false]),
])
func aMarkSetsTheStateExactly(states: [String], expected: [Bool]) async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let id = try #require(try await allIDs(client).first)
    var answer: [String: Any] = [:]
    for state in states { answer = try await client.mark(id, state) }
    #expect(answer["id"] as? String == id)
    let asset = try await client.json("/api/assets/\(id)")
    for object in [answer, asset] {
      #expect([object["reviewed"], object["favorite"], object["rejected"]].map { $0 as? Bool } == expected)
    }
  }
}

@Test func momentsComePagedWithTheIdToContinueAfter() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    var seen: [String] = []
    var after: String? = nil
    repeat {
      let page = try await client.json("/api/moments?limit=1" + (after.map { "&after=\($0)" } ?? ""))
      let moments = try #require(page["moments"] as? [[String: Any]])
      #expect(moments.count == 1)
      seen += moments.compactMap { $0["id"] as? String }
      after = page["next"] as? String
      #expect(page.keys.contains("next"))
    } while after != nil && seen.count < 10
    let all = try #require(try await client.json("/api/moments?limit=100")["moments"] as? [[String: Any]])
    #expect(seen == all.compactMap { $0["id"] as? String })
    #expect(seen.count >= 2)
    #expect(seen.allSatisfy { $0.hasPrefix("m-") })
  }
}

@Test func aMomentListsEveryAssetAndItsBursts() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let first = try #require(
      (try await client.json("/api/moments?limit=1")["moments"] as? [[String: Any]])?.first)
    let id = try #require(first["id"] as? String)
    let moment = try await client.json("/api/moments/\(id)/assets")
    let assets = try #require(moment["assets"] as? [[String: Any]])
    let bursts = try #require(moment["bursts"] as? [[String: Any]])
    // The morning: a burst of three, then a photo of its own.
    #expect(bursts.map { ($0["assets"] as? [String])?.count ?? 0 } == [3, 1])
    #expect(bursts.flatMap { $0["assets"] as? [String] ?? [] } == assets.compactMap { $0["id"] as? String })
    #expect((moment["moment"] as? [String: Any])?["assets"] as? Int == 4)
    #expect((moment["moment"] as? [String: Any])?["photos"] as? Int == 4)
    #expect((moment["moment"] as? [String: Any])?["videos"] as? Int == 0)
    #expect(first["cover"] as? String == assets.first?["id"] as? String)
    _ = try await client.mark(try #require(assets.first?["id"] as? String), "reviewed")
    let after = try await client.json("/api/moments/\(id)/assets")
    #expect((after["moment"] as? [String: Any])?["reviewed"] as? Int == 1)
    try await client.execute(uri: "/api/moments/m-nothing/assets", method: .get) { response in
      #expect(response.status == .notFound)
      #expect(String(buffer: response.body).contains(#""error""#))
    }
  }
}

/// The photo on screen is where the page and `next` resume, reviewed or not.
@Test func theCursorIsWhereTheReviewResumes() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let ids = try await allIDs(client)
    let (status, _) = try await client.post("/api/cursor", #"{"id": "\#(ids[2])"}"#)
    #expect(status == .noContent)
    #expect((try await client.json("/api/review")["asset"] as? [String: Any])?["id"] as? String == ids[2])
    #expect(try await client.next()?["id"] as? String == ids[2])
    // Reviewed, the page still reopens on it; `next` moves on past it.
    _ = try await client.mark(ids[2], "reviewed")
    let place = try await client.json("/api/review")
    #expect((place["asset"] as? [String: Any])?["id"] as? String == ids[2])
    #expect((place["progress"] as? [String: Any])?["reviewed"] as? Int == 1)
    #expect(place["nextMoment"] as? String != nil)
    #expect(try await client.next()?["id"] as? String == ids[3])
    // Undone (unreviewed), `next` comes back to it.
    _ = try await client.mark(ids[2], "unreviewed")
    #expect(try await client.next()?["id"] as? String == ids[2])
  }
}

@Test func aPreviewIsTheOriginalJPEGReachedOnlyByItsID() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let asset = try #require(try await client.next())
    let id = try #require(asset["id"] as? String)
    let original = try Data(contentsOf: URL(fileURLWithPath: try #require(asset["path"] as? String)))
    try await client.execute(uri: "/api/assets/\(id)/preview?size=512", method: .get) { response in
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/jpeg")
      #expect(Data(response.body.readableBytesView) == original)
    }
    for uri in [
      "/api/assets/0123456789abcdef/preview", "/api/assets/..%2F..%2Fetc%2Fpasswd/preview",
      "/api/assets/\(id)/preview?size=0", "/page/..%2FReviewAPI.swift", "/page/../../Package.swift",
    ] {
      try await client.execute(uri: uri, method: .get) { response in
        #expect([.notFound, .badRequest].contains(response.status), "\(uri)")
        #expect(!String(buffer: response.body).contains("import"))
      }
    }
  }
}

@Test func aVideoIsServedByIDWithByteRanges() async throws {
  let workspace = try ServeWorkspace(video: true)
  try await workspace.withClient { client in
    let moments = try #require(try await client.json("/api/moments?limit=100")["moments"] as? [[String: Any]])
    let last = try await client.json("/api/moments/\(try #require(moments.last?["id"] as? String))/assets")
    let video = try #require((last["assets"] as? [[String: Any]])?.first { $0["kind"] as? String == "video" })
    #expect((last["moment"] as? [String: Any])?["videos"] as? Int == 1)
    let id = try #require(video["id"] as? String)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: try #require(video["path"] as? String)))
    try await client.execute(uri: "/api/assets/\(id)/video", method: .get) { response in
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "video/mp4")
      #expect(Data(response.body.readableBytesView) == bytes)
    }
    try await client.execute(uri: "/api/assets/\(id)/video", method: .get, headers: [.range: "bytes=10-19"]) {
      response in
      #expect(response.status == .partialContent)
      #expect(response.headers[.contentRange] == "bytes 10-19/\(bytes.count)")
      #expect(Data(response.body.readableBytesView) == bytes[10..<20])
    }
    try await client.execute(uri: "/api/assets/\(id)/video", method: .get, headers: [.range: "bytes=999999-"])
    {
      response in
      #expect(response.status == .rangeNotSatisfiable)
    }
    // A Live Photo's video, by the still's id or its own; the still (HEIC) previews as grey.
    let assets = try await allAssets(client)
    let live = try #require(assets.first { $0["companion"] is [String: Any] })
    let companion = try #require(live["companion"] as? [String: Any])
    let movie = try Data(contentsOf: URL(fileURLWithPath: try #require(companion["path"] as? String)))
    for id in [live["id"], companion["id"]].compactMap({ $0 as? String }) {
      try await client.execute(uri: "/api/assets/\(id)/video", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "video/quicktime")
        #expect(Data(response.body.readableBytesView) == movie)
      }
    }
    try await client.execute(uri: "/api/assets/\(try #require(live["id"] as? String))/preview", method: .get)
    {
      response in
      #expect(response.headers[.contentType] == "image/jpeg")
      #expect(Data(response.body.readableBytesView) == OriginalJPEGPreviews.placeholder)
    }
    // A photo without a Live Photo video has none.
    let photo = try #require(try await allIDs(client).first)
    try await client.execute(uri: "/api/assets/\(photo)/video", method: .get) { response in
      #expect(response.status == .notFound)
    }
  }
}

/// What a page on another site could send: a form post, a JSON post from its origin.
@Test func changesComeOnlyAsJSONFromThePageItself() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let id = try #require(try await allIDs(client).first)
    let form = try await client.post("/api/assets/\(id)/mark", "state=favorite", contentType: "text/plain")
    #expect(form.status == .unsupportedMediaType)
    let foreign = try await client.post(
      "/api/assets/\(id)/mark", #"{"state": "favorite"}"#, origin: "http://evil.example")
    #expect(foreign.status == .forbidden)
    let bad = try await client.post("/api/assets/\(id)/mark", #"{"state": "loved"}"#)
    #expect(bad.status == .badRequest)
    #expect(bad.text.contains(#""error""#))
    let unknown = try await client.post("/api/assets/0123456789abcdef/mark", #"{"state": "favorite"}"#)
    #expect(unknown.status == .notFound)
    #expect(try await client.json("/api/assets/\(id)")["favorite"] as? Bool == false)
    let same = try await client.post(
      "/api/assets/\(id)/mark", #"{"state": "favorite"}"#, origin: "http://localhost")
    #expect(same.status == .ok)
  }
}

@Test(arguments: [
  ("bytes=0-9", 100, 0...9), ("bytes=90-", 100, 90...99), ("bytes=-10", 100, 90...99),
  ("bytes=95-200", 100, 95...99), ("bytes=0-0,5-9", 100, 0...0),
])
func aRangeHeaderNamesTheBytes(header: String, size: Int, bounds: ClosedRange<Int>) {
  #expect(ByteRange(header: header, size: size)?.bounds == bounds)
}

@Test(arguments: [
  ("bytes=100-", 100), ("bytes=9-3", 100), ("items=0-9", 100), ("bytes=0-9", 0), ("bytes=-0", 100),
])
func anUnsatisfiableRangeIsRefused(header: String, size: Int) {
  #expect(ByteRange(header: header, size: size)?.bounds == nil)
}

/// A `refresh` (cron) beside the server: the marks made in the page stay, and the page sees the
/// new photos.
@Test func marksMadeInThePageSurviveARefreshThatAddsPhotos() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let ids = try await allIDs(client)
    _ = try await client.mark(ids[0], "favorite")
    _ = try await client.mark(ids[1], "rejected")
    var builder = ExifBuilder()
    builder.original("2024:05:14 08:00:00", offset: "+02:00")
    try workspace.tree.write("day3/IMG_0020.jpg", builder.jpeg())
    _ = try workspace.library.refresh()
    let after = try await allIDs(client)
    #expect(after.count == ids.count + 1)
    #expect(try await client.json("/api/assets/\(ids[0])")["favorite"] as? Bool == true)
    #expect(try await client.json("/api/assets/\(ids[1])")["rejected"] as? Bool == true)
    #expect(try await client.json("/api/progress")["reviewed"] as? Int == 2)
  }
}

/// A file moved (and refreshed) is still served by its id: the server asks `Library` again once
/// the file it knew is gone.
@Test func aPhotoMovedAndRefreshedIsStillServedByItsID() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let id = try #require(try await allIDs(client).first)
    let old = try #require(try await client.json("/api/assets/\(id)")["path"] as? String)
    let original = try Data(contentsOf: URL(fileURLWithPath: old))
    try await client.execute(uri: "/api/assets/\(id)/preview", method: .get) { response in
      #expect(Data(response.body.readableBytesView) == original)
    }
    let moved = workspace.tree.root.appendingPathComponent("elsewhere.jpg")
    try FileManager.default.moveItem(at: URL(fileURLWithPath: old), to: moved)
    _ = try workspace.library.refresh()
    #expect(
      try await client.json("/api/assets/\(id)")["path"] as? String == workspace.tree.path + "/elsewhere.jpg")
    try await client.execute(uri: "/api/assets/\(id)/preview", method: .get) { response in
      #expect(response.status == .ok)
      #expect(Data(response.body.readableBytesView) == original)
    }
  }
}

/// The page and `faver next` agree on where the review is after each thing a person does on the
/// page: asked in either order, `GET /api/review` and `Library.next` (what `faver next` prints)
/// name the same photo, and asking `next` moves nothing.
@Test func thePageAndNextNameTheSamePhotoAfterEveryStep() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let ids = try await allIDs(client)
    func agree(_ step: String, on expected: String) async throws {
      let place = try await client.json("/api/review")
      let onPage = (place["asset"] as? [String: Any])?["id"] as? String
      let next = try workspace.library.next()?.asset.id.rawValue
      let again = ((try await client.json("/api/review"))["asset"] as? [String: Any])?["id"] as? String
      #expect(onPage == expected, "\(step): the page")
      #expect(next == expected, "\(step): faver next")
      #expect(again == expected, "\(step): the page after faver next")
    }
    let first = try #require(try await client.next())["id"] as? String ?? ""
    #expect(first == ids[0])
    try await agree("opened", on: first)
    _ = try await client.mark(first, "favorite")
    try await agree("a favorite stays on screen", on: first)
    _ = try await client.mark(first, "rejected")
    try await agree("a reject too", on: first)
    // Moving on: the photo left is reviewed, the cursor on the next.
    let (status, _) = try await client.post("/api/cursor", "{\"id\": \"\(ids[1])\"}")
    #expect(status == .noContent)
    try await agree("moved on", on: ids[1])
    // Undo of the reject: the photo is unreviewed again and the cursor back on it.
    _ = try await client.mark(first, "unreviewed")
    try await agree("undone", on: first)
    // A reload is the same questions again.
    try await agree("reloaded", on: first)
  }
  // In the CLI, marking the photo `next` showed is moving on.
  let shown = try #require(try workspace.library.next()).asset.id
  try workspace.library.mark([shown], as: .favorite, movingOn: true)
  let after = try #require(try workspace.library.next())
  #expect(after.asset.id != shown && after.asset.review == .unreviewed)
  #expect(try workspace.library.reviewPosition()?.asset.id == after.asset.id)
}

/// With `placeholder=false` a photo without a preview answers 422 and the reason as its error
/// (for the page to say in its own words); a photo with one is the JPEG as ever; by default the
/// placeholder image stands in.
@Test func aPreviewAskedWithoutPlaceholderAnswersTheReason() async throws {
  let workspace = try ServeWorkspace(video: true)
  try await workspace.withClient { client in
    let assets = try await allAssets(client)
    let heic = try #require(assets.first { ($0["path"] as? String)?.lowercased().hasSuffix(".heic") == true })
    let jpeg = try #require(assets.first { ($0["path"] as? String)?.lowercased().hasSuffix(".jpg") == true })
    let heicID = try #require(heic["id"] as? String)
    let jpegID = try #require(jpeg["id"] as? String)
    try await client.execute(uri: "/api/assets/\(heicID)/preview?placeholder=false", method: .get) {
      response in
      #expect(response.status == .unprocessableContent)
      let body =
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
      #expect(body?["error"] as? String == OriginalJPEGPreviews.notAJPEG)
    }
    try await client.execute(uri: "/api/assets/\(heicID)/preview?placeholder=true", method: .get) {
      response in
      #expect(response.status == .ok)
      #expect(Data(response.body.readableBytesView) == OriginalJPEGPreviews.placeholder)
    }
    try await client.execute(uri: "/api/assets/\(jpegID)/preview?placeholder=false", method: .get) {
      response in
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/jpeg")
    }
    try await client.execute(uri: "/api/assets/\(jpegID)/preview?placeholder=maybe", method: .get) {
      response in
      #expect(response.status == .badRequest)
    }
  }
}
