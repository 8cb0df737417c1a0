public import Foundation
import Synchronization

/// The one-time codes that pair a device with `faver serve --lan`, kept in the server's memory
/// only:
/// - a code is 8 characters of Crockford's base-32 alphabet (40 random bits), read without
///   case, spaces or dashes;
/// - it pairs one device, once, within `lifetime` (10 minutes) of being issued;
/// - after `wrongCodesPerMinute` (10) wrong, used or expired codes from one client address
///   within a minute, every code from that address is refused, the right one too, until the
///   oldest of those is a minute old; other addresses are not held back by it (an unknown
///   address is one shared address);
/// - after `wrongCodesPerWindow` (10) wrong codes from all addresses together within
///   `window` (2 seconds), every code from everyone is refused until the oldest of those is
///   2 seconds old. A host with many addresses thus gets at most 5 guesses a second, 3,000 in
///   the life of a code out of 2^40 (one chance in 366 million); one host with one address gets
///   100, and holds back the owner's right code for at most 2 seconds a minute (a host with
///   many addresses holds it back for as long as it keeps guessing).
/// A refused request is not looked at and counts for nothing. Only addresses with a wrong code
/// in the last minute are remembered: at most 300 of them, 5 a second for a minute.
public final class PairingCodes: Sendable {
  public static let lifetime: TimeInterval = 600
  public static let wrongCodesPerMinute = 10
  public static let wrongCodesPerWindow = 10
  public static let window: TimeInterval = 2
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
    /// Too many wrong codes from this address in the last minute: not even looked at.
    case tooMany
    /// Too many wrong codes from all addresses together in the last `window`: not even looked at.
    case tooManyFromAll
  }

  private struct State {
    var codes: [String: Date] = [:]
    /// When each address sent its wrong codes of the last minute, oldest first.
    var wrongFrom: [String: [Date]] = [:]
    /// When the wrong codes of the last `window` came, from every address, oldest first.
    var recentWrong: [Date] = []
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

  /// How many client addresses the limit remembers now.
  var rememberedAddresses: Int { state.withLock { $0.wrongFrom.count } }

  /// Trades `candidate` sent from the client address `client` (nil when unknown): `.accepted`
  /// uses the code up.
  public func redeem(_ candidate: String, from client: String? = nil) -> Outcome {
    let time = now()
    let code = String(candidate.uppercased().filter { $0 != " " && $0 != "-" })
    let address = client ?? ""
    return state.withLock { state in
      state.codes = state.codes.filter { $0.value > time }
      state.recentWrong.removeAll { time.timeIntervalSince($0) >= Self.window }
      state.wrongFrom = state.wrongFrom.compactMapValues { times in
        let kept = times.filter { time.timeIntervalSince($0) < 60 }
        return kept.isEmpty ? nil : kept
      }
      guard state.wrongFrom[address, default: []].count < Self.wrongCodesPerMinute else { return .tooMany }
      guard state.recentWrong.count < Self.wrongCodesPerWindow else { return .tooManyFromAll }
      guard state.codes.removeValue(forKey: code) != nil else {
        state.wrongFrom[address, default: []].append(time)
        state.recentWrong.append(time)
        return .refused
      }
      return .accepted
    }
  }
}
