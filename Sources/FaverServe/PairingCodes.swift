public import Foundation
import Synchronization

/// The one-time codes that pair a device with `faver serve --lan`, kept in the server's memory
/// only:
/// - a code is 8 characters of Crockford's base-32 alphabet (40 random bits), read without
///   case, spaces or dashes;
/// - it pairs one device, once, within `lifetime` (10 minutes) of being issued;
/// - after `wrongCodesPerMinute` (10) wrong, used or expired codes within a minute, every code is
///   refused, the right one too, until the oldest of those is a minute old: 100 guesses in the
///   life of a code out of 2^40.
public final class PairingCodes: Sendable {
  public static let lifetime: TimeInterval = 600
  public static let wrongCodesPerMinute = 10
  static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

  /// A code and when it stops working.
  public struct Code: Sendable, Hashable {
    public var value: String
    public var expires: Date
  }

  /// What trading a code came to.
  public enum Outcome: Sendable, Equatable {
    case accepted
    /// Wrong, used or expired.
    case refused
    /// Too many wrong codes in the last minute: not even looked at.
    case tooMany
  }

  private struct State {
    var codes: [String: Date] = [:]
    var wrongAt: [Date] = []
  }

  private let now: @Sendable () -> Date
  private let state = Mutex(State())

  /// `now` is the clock (tests move it).
  public init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  /// A new code, good for `lifetime`; codes issued before stay good until they expire.
  public func issue() -> Code {
    var generator = SystemRandomNumberGenerator()
    let value = String(
      (0..<8).map { _ in Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)] })
    let expires = now().addingTimeInterval(Self.lifetime)
    state.withLock { $0.codes[value] = expires }
    return Code(value: value, expires: expires)
  }

  /// Trades `candidate`: `.accepted` uses the code up.
  public func redeem(_ candidate: String) -> Outcome {
    let time = now()
    let code = String(candidate.uppercased().filter { $0 != " " && $0 != "-" })
    return state.withLock { state in
      state.codes = state.codes.filter { $0.value > time }
      state.wrongAt.removeAll { time.timeIntervalSince($0) >= 60 }
      guard state.wrongAt.count < Self.wrongCodesPerMinute else { return .tooMany }
      guard state.codes.removeValue(forKey: code) != nil else {
        state.wrongAt.append(time)
        return .refused
      }
      return .accepted
    }
  }
}
