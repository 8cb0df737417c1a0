import FaverCore
import Foundation

/// The cases of a string-backed enum by the UTF-8 bytes of their raw values: a column's text
/// matched without making a `String` of it (a listing reads three such columns per row).
struct RawValueTable<Value: RawRepresentable & CaseIterable & Sendable>: Sendable
where Value.RawValue == String {
  private let cases: [(utf8: [UInt8], value: Value)]

  init() { cases = Value.allCases.map { (Array($0.rawValue.utf8), $0) } }

  /// The case `Value(rawValue:)` finds for the text `utf8` read as `String(cString:)` reads it
  /// (up to its first NUL); nil when none.
  func value(_ utf8: UnsafeBufferPointer<UInt8>?) -> Value? {
    guard let utf8 else { return Value(rawValue: "") }
    let text = UnsafeBufferPointer(rebasing: utf8.prefix { $0 != 0 })
    for entry in cases where entry.utf8.count == text.count {
      let equal = entry.utf8.withUnsafeBufferPointer { utf8 in
        guard let expected = utf8.baseAddress, let found = text.baseAddress else { return true }
        return memcmp(expected, found, text.count) == 0
      }
      if equal { return entry.value }
    }
    return nil
  }
}

extension MediaKind {
  static let byUTF8 = RawValueTable<MediaKind>()
}

extension TimeSource {
  static let byUTF8 = RawValueTable<TimeSource>()
}

extension OffsetSource {
  static let byUTF8 = RawValueTable<OffsetSource>()
}
