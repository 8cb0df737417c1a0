public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The store's secret for `faver serve`: 256 random bits as 64 hex digits, in `serve-secret` in
/// the store folder, readable by its owner only (0600), made on the first `serve` and kept, so a
/// restarted server still knows the page's cookie. Whoever has it can read and mark every photo
/// through the API; nobody else can (see `SessionGuard`).
public struct ServeSecret: Sendable, Equatable {
  /// The file's name in the store folder.
  public static let fileName = "serve-secret"

  public let value: String

  /// A new secret, kept nowhere (`inStore` keeps the one it makes; tests use their own).
  public static func random() -> ServeSecret {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return ServeSecret(uncheckedValue: bytes.map { String(format: "%02x", $0) }.joined())
  }

  private init(uncheckedValue: String) { value = uncheckedValue }

  /// `value` as a secret when it is 64 lowercase hex digits.
  init?(_ value: some StringProtocol) {
    guard value.utf8.count == 64, value.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else { return nil }
    self.value = String(value)
  }

  /// Whether `candidate` is the secret, in a time that does not depend on where they differ.
  public func matches(_ candidate: some StringProtocol) -> Bool {
    let expected = Array(value.utf8)
    let given = Array(candidate.utf8)
    guard expected.count == given.count else { return false }
    var difference: UInt8 = 0
    for index in expected.indices { difference |= expected[index] ^ given[index] }
    return difference == 0
  }

  /// The secret kept in `folder` (the store), made there first when there is none.
  public static func inStore(_ folder: URL) throws -> ServeSecret {
    let path = folder.appendingPathComponent(fileName).path
    if let kept = try stored(at: path) { return kept }
    try create(path, with: random())
    guard let kept = try stored(at: path) else { throw ServeSecretError.unreadable(path: path) }
    return kept
  }

  /// The secret at `path`; nil when there is no file. Anything but this user's regular file,
  /// readable by no one else and holding a secret, is refused (a link is not followed).
  private static func stored(at path: String) throws -> ServeSecret? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw ServeSecretError.unreadable(path: path)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else {
      throw ServeSecretError.unreadable(path: path)
    }
    guard info.st_mode & 0o077 == 0 else { throw ServeSecretError.readableByOthers(path: path) }
    var bytes = [UInt8](repeating: 0, count: 128)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0,
      let secret = ServeSecret(
        String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw ServeSecretError.unreadable(path: path) }
    return secret
  }

  /// Writes `secret` to `path`, readable by its owner only from the start; a second server
  /// started at once reads either no secret or the whole of one (the first written wins).
  private static func create(_ path: String, with secret: ServeSecret) throws {
    guard OwnerOnlyFile.save(Array((secret.value + "\n").utf8), to: path, .keepingAny) else {
      throw ServeSecretError.unwritable(path: path)
    }
  }
}

/// Why the store's secret could not be had.
public enum ServeSecretError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String)
  case readableByOthers(path: String)
  case unwritable(path: String)

  public var description: String {
    switch self {
    case .unreadable(let path):
      "Cannot read faver serve's secret at \(path); remove that file and run `faver serve` again to make a new one."
    case .readableByOthers(let path):
      "faver serve's secret at \(path) is readable by other users; remove that file and run `faver serve` again to make a new one (the old address stops working)."
    case .unwritable(let path):
      "Cannot write faver serve's secret at \(path); make the store folder writable and try again."
    }
  }
}
