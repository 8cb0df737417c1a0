import FaverKit
import Foundation
import Hummingbird

/// The JSON API the page uses (see `docs/api.md`): every route a `Library` use case. A file is
/// reached only through an asset id the store knows; no path ever comes from a client.
struct ReviewAPI: Sendable {
  var library: Library
  var previews: any PreviewSource
  var files: FileDirectory
  /// Where every read and write of the store runs.
  var blocking: BlockingPool

  init(library: Library, previews: any PreviewSource, blocking: BlockingPool) {
    self.library = library
    self.previews = previews
    self.blocking = blocking
    files = FileDirectory(library: library)
  }

  func add(to router: Router<some RequestContext>) {
    let api = router.group("api")
    api.post("next") { _, _ in try await next() }
    api.get("review") { request, _ in try await place(request) }
    api.get("progress") { _, _ in
      try Reply.json(API.ProgressObject(try await blocking.run { try library.progress() }))
    }
    api.post("cursor") { request, context in try await setCursor(request, context: context) }
    api.get("moments") { request, _ in try await moments(request) }
    api.get("months") { request, _ in try await months(request) }
    api.get("moments/:id/assets") { _, context in try await momentAssets(context.parameters.get("id") ?? "") }
    api.get("assets/:id") { _, context in try await asset(context) }
    api.post("assets/:id/mark") { request, context in try await mark(request, context: context) }
    api.get("assets/:id/exposure") { _, context in try await exposure(context) }
    api.get("assets/:id/preview") { request, context in try await preview(request, context: context) }
    api.get("assets/:id/video") { request, context in try await video(request, context: context) }
  }

  // MARK: - Routes

  /// `POST /api/next`: the asset to review now, or `null`; the cursor is saved on it (a change,
  /// so never a `GET`, which any page could make with an `<img>`).
  func next() async throws -> Response {
    guard let item = try await blocking.run({ try library.nextUnreviewed() }) else { return Reply.null }
    return try Reply.json(AssetListing(item.asset))
  }

  /// `GET /api/review`: the photo the cursor is on (whatever its state), its moment, the progress;
  /// with `?stops=1`, the moment's stops too, read with it.
  func place(_ request: Request) async throws -> Response {
    guard request.uri.queryParameters["stops"] == "1" else {
      guard let place = try await blocking.run({ try library.reviewPosition() }) else { return Reply.null }
      return try Reply.json(API.ReviewPosition(place))
    }
    guard let opening = try await blocking.run({ try library.reviewOpening() }) else { return Reply.null }
    return try Reply.json(API.ReviewPosition(opening.position, stops: opening.stops))
  }

  /// `POST /api/cursor` `{"id": …}`: the photo on screen, where `next` and a reopened page resume.
  func setCursor(_ request: Request, context: some RequestContext) async throws -> Response {
    let body: API.CursorRequest = try await decode(request, context: context)
    guard let id = Self.assetID(body.id) else { return Self.unknownAsset(body.id) }
    do {
      try await blocking.run { try library.setCursor(to: id) }
    } catch LibraryError.unknownAssets {
      return Self.unknownAsset(body.id)
    }
    return Response(status: .noContent)
  }

  /// `GET /api/moments?limit=N&after=C&filter=F`.
  func moments(_ request: Request) async throws -> Response {
    let query = request.uri.queryParameters
    let limitText = query["limit"].map(String.init)
    guard let limit = limitText.map({ Int($0) }) ?? 50, (1...1000).contains(limit) else {
      return Reply.error(.badRequest, "limit must be a whole number from 1 to 1000.")
    }
    guard let filter = Self.filter(request) else { return Self.unknownFilter }
    let after = query["after"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    let page = try await blocking.run { try library.moments(limit: limit, after: after, passing: filter) }
    return try Reply.json(page)
  }

  /// `GET /api/months?filter=F`: the months of the moments, for a jump bar.
  func months(_ request: Request) async throws -> Response {
    guard let filter = Self.filter(request) else { return Self.unknownFilter }
    let months = try await blocking.run { try library.momentMonths(passing: filter) }
    return try Reply.json(API.MonthList(months: months.map(API.MonthObject.init)))
  }

  /// `GET /api/moments/{id}/assets`.
  func momentAssets(_ id: String) async throws -> Response {
    guard let found = try await blocking.run({ try library.momentStops(id) }) else {
      return Reply.error(
        .notFound, "No moment has the id \(id); the moments may have been cut again: reload.")
    }
    return try Reply.json(API.MomentAssets(found))
  }

  /// `GET /api/assets/{id}`.
  func asset(_ context: some RequestContext) async throws -> Response {
    let text = context.parameters.get("id") ?? ""
    guard let id = Self.assetID(text), let asset = try await blocking.run({ try library.asset(id) }) else {
      return Self.unknownAsset(text)
    }
    return try Reply.json(AssetListing(asset))
  }

  /// `GET /api/assets/{id}/exposure`: the lens and the exposure, read from the file.
  func exposure(_ context: some RequestContext) async throws -> Response {
    let text = context.parameters.get("id") ?? ""
    guard let id = Self.assetID(text), let exposure = try await blocking.run({ try library.exposure(of: id) })
    else {
      return Self.unknownAsset(text)
    }
    return try Reply.json(API.ExposureObject(exposure))
  }

  /// `POST /api/assets/{id}/mark` `{"state": …}`: sets the state exactly; answers the asset object.
  /// With `"at"` (when the mark was made), a newer mark made since is kept, an edit in place is
  /// followed, and a photo deleted is 410 (`LateMarkTime`).
  func mark(_ request: Request, context: some RequestContext) async throws -> Response {
    let text = context.parameters.get("id") ?? ""
    let body: API.MarkRequest = try await decode(request, context: context)
    guard let id = Self.assetID(text) else { return Self.unknownAsset(text) }
    let madeAt = try body.at.map(LateMarkTime.parse)
    let marked = try await blocking.run {
      try LateMarkTime.mark(id, to: body.state, madeAt: madeAt, in: library)
    }
    guard let marked else { return madeAt == nil ? Self.unknownAsset(text) : LateMarkTime.gone(text) }
    return try LateMarkTime.reply(marked.asset, marked.late)
  }

  /// `GET /api/assets/{id}/preview?size=N&placeholder=B&purpose=P`: `image/jpeg`; where there is
  /// no preview, a placeholder image that says why, or with `placeholder=false` a 422 whose error
  /// is that sentence, for the page to say in its own words. `purpose=review`: the photo on
  /// screen of a review, the next stops are made ahead at this size; sent with a
  /// `Faver-Prefetch` header, the same address is a prefetch of a stop, made after what is on
  /// screen (the browser keeps it under the address it then shows). Anything else is served at
  /// the screen's priority.
  func preview(_ request: Request, context: some RequestContext) async throws -> Response {
    let text = context.parameters.get("id") ?? ""
    let query = request.uri.queryParameters
    let sizeText = query["size"].map(String.init)
    guard let size = sizeText.map({ Int($0) }) ?? 1600, (16...8192).contains(size) else {
      return Reply.error(.badRequest, "size must be a whole number of pixels from 16 to 8192.")
    }
    let placeholderText = query["placeholder"].map(String.init) ?? "true"
    guard placeholderText == "true" || placeholderText == "false" else {
      return Reply.error(.badRequest, "placeholder must be true or false.")
    }
    let placeholder = placeholderText == "true"
    let purpose = PreviewPurpose.asked(query["purpose"].map(String.init), headers: request.headers)
    guard let id = Self.assetID(text), let entry = try await blocking.run({ try files.entry(id) }) else {
      return Self.unknownAsset(text)
    }
    // The asset's own file, still the one indexed: no preview of a file swapped in since.
    let asset = entry.asset
    guard let indexed = try await blocking.run({ try files.indexed(asset.id, at: asset.absolutePath) }),
      try await FileReply.isUnchanged(indexed)
    else { return FileReply.changed }
    let preview = try await previews.preview(of: asset, size: size, for: purpose)
    if let failure = preview.failure, !placeholder {
      return Reply.error(.unprocessableContent, failure)
    }
    return Response(
      status: .ok,
      headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=3600"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: preview.jpeg)))
  }

  /// `GET /api/assets/{id}/video`: a video, or a Live Photo's video (by the photo's id or its
  /// own), with byte ranges.
  func video(_ request: Request, context: some RequestContext) async throws -> Response {
    let text = context.parameters.get("id") ?? ""
    guard let id = Self.assetID(text),
      let video = try await blocking.run({ () -> FileDirectory.Entry? in
        guard let entry = try files.entry(id) else { return nil }
        if entry.kind == .video { return entry }
        guard let video = entry.asset.companion else { return nil }
        return try files.entry(video.id)
      })
    else {
      return Reply.error(.notFound, "No video has the id \(text).")
    }
    guard let indexed = try await blocking.run({ try files.indexed(video.fileID, at: video.path) }) else {
      return FileReply.changed
    }
    return try await FileReply.file(indexed, request: request)
  }

  // MARK: - Helpers

  /// An asset id as the API takes it: 16 hex digits.
  static func assetID(_ text: String) -> AssetID? {
    guard text.utf8.count == 16, text.utf8.allSatisfy(\.isASCIIHexDigit) else { return nil }
    return AssetID(rawValue: text.lowercased())
  }

  /// The `filter` query parameter (`all` when absent); nil for one the API does not know.
  static func filter(_ request: Request) -> MomentFilter? {
    guard let text = request.uri.queryParameters["filter"].map(String.init), !text.isEmpty else {
      return .all
    }
    return MomentFilter(rawValue: text)
  }

  static var unknownFilter: Response {
    Reply.error(.badRequest, "filter must be all, favorites, rejected or unreviewed.")
  }

  static func unknownAsset(_ id: String) -> Response {
    Reply.error(.notFound, "No indexed asset has the id \(id); the library may have been refreshed: reload.")
  }

  /// The request's JSON body, at most `LocalRequestGuard.bodyLimit` bytes (else 413).
  func decode<Value: Decodable>(_ request: Request, context: some RequestContext) async throws -> Value {
    var request = request
    let buffer = try await request.collectBody(upTo: LocalRequestGuard<BasicRequestContext>.bodyLimit)
    do {
      return try JSONDecoder().decode(Value.self, from: Data(buffer.readableBytesView))
    } catch {
      throw HTTPError(.badRequest, message: "The body is not the JSON this route takes; see docs/api.md.")
    }
  }
}

extension UInt8 {
  fileprivate var isASCIIHexDigit: Bool {
    (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
  }
}
