public import FaverKit
public import Foundation
import HTTPTypes

/// A photo's preview for the page: JPEG bytes of at most `size` pixels on the long side.
public struct PreviewBytes: Hashable, Sendable {
  public var jpeg: Data
  /// Why the photo could not be shown, a sentence that says what to do; `jpeg` is then a
  /// stand-in that says so. Nil for a real preview.
  public var failure: String?

  /// A stand-in where the photo could not be shown.
  public var isPlaceholder: Bool { failure != nil }

  public init(jpeg: Data, failure: String? = nil) {
    self.jpeg = jpeg
    self.failure = failure
  }
}

/// What a preview is asked for, which sets its priority.
public enum PreviewPurpose: String, Sendable, Equatable {
  /// The photo on screen of a review: the stops after it are made ahead.
  case review
  /// A stop the page loads before it shows it: made after what is on screen, and the stops after
  /// it are made ahead.
  case prefetch
  /// Anything else (a thumbnail, a zoom): at the screen's priority, nothing made ahead.
  case other

  /// What a preview request asks for: its `purpose` parameter, `review` turned `prefetch` by a
  /// `Faver-Prefetch` header (the page prefetches under the address it then shows).
  static func asked(_ parameter: String?, headers: HTTPFields) -> PreviewPurpose {
    let purpose = parameter.flatMap(PreviewPurpose.init(rawValue:)) ?? .other
    guard purpose == .review, let name = HTTPField.Name("Faver-Prefetch"), headers[name] != nil else {
      return purpose
    }
    return .prefetch
  }
}

/// Where previews come from. The server asks by asset id only; what the id names (the asset
/// object, with its path) comes from `Library`, never from a client.
public protocol PreviewSource: Sendable {
  /// The preview of `asset`, fitting `size` pixels.
  func preview(of asset: Asset, size: Int) async throws -> PreviewBytes
  /// The preview of `asset`, fitting `size` pixels, asked for `purpose`.
  func preview(of asset: Asset, size: Int, for purpose: PreviewPurpose) async throws -> PreviewBytes
  /// Stops making previews ahead of the review (on shutdown).
  func stopAhead()
}

extension PreviewSource {
  /// A source that makes nothing ahead treats every purpose alike.
  public func preview(of asset: Asset, size: Int, for purpose: PreviewPurpose) async throws -> PreviewBytes {
    try await preview(of: asset, size: size)
  }

  public func stopAhead() {}
}

/// Previews without decoding anything: the original file itself when it is a JPEG, else a grey
/// placeholder (a HEIC, a raw file or a video shows as grey). `faver serve` uses
/// `LibraryPreviews`; this stays for tests of the API that need no decoder.
public struct OriginalJPEGPreviews: PreviewSource {
  public init() {}

  public func preview(of asset: Asset, size: Int) async throws -> PreviewBytes {
    let path = asset.absolutePath
    guard asset.kind == .photo, let handle = FileHandle(forReadingAtPath: path) else {
      return PreviewBytes(jpeg: Self.placeholder, failure: Self.notAJPEG)
    }
    defer { try? handle.close() }
    // A JPEG starts with SOI and a marker, whatever its name says.
    guard let head = try handle.read(upToCount: 3), head.elementsEqual([0xFF, 0xD8, 0xFF]) else {
      return PreviewBytes(jpeg: Self.placeholder, failure: Self.notAJPEG)
    }
    try handle.seek(toOffset: 0)
    return PreviewBytes(jpeg: try handle.readToEnd() ?? Data())
  }

  static let notAJPEG = "These previews show JPEG files only; serve the library with `faver serve` to see it."

  /// An 8×8 dark grey baseline JPEG.
  static let placeholder =
    Data(
      base64Encoded: """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMU
        FRUVDA8XGBYUGBIUFRT/wAALCAAIAAgBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF
        BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW
        V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi
        4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APkSv//Z
        """, options: .ignoreUnknownCharacters) ?? Data()
}
