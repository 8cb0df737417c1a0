import Foundation

/// Writes JSON exactly as `JSONEncoder` does with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` (two-space indents, `"key" : value`, the same escapes and numbers),
/// handing the document to a sink a buffer at a time. The caller writes each object's keys in
/// UTF-8 byte order.
///
/// For documents too large for Foundation's encoder, which builds the whole tree of values
/// first: a manifest of a million assets took it 6.5 s and 1 GiB. This one never holds more than
/// one buffer (or one value longer than a buffer).
package final class PrettyJSON {
  /// Takes each full buffer, in order.
  package typealias Sink = (UnsafeRawBufferPointer) throws -> Void

  private var bytes: UnsafeMutablePointer<UInt8>
  private var count = 0
  /// The bytes handed to the sink so far.
  private var handed = 0
  private var capacity: Int
  private var depth = 0
  /// Whether the innermost open container has no element yet.
  private var atFirstElement = false
  private let sink: Sink
  /// What the sink threw first; nothing more is handed to it after that.
  private var sinkError: (any Error)?

  /// Hands the document to `sink` in buffers of `bufferSize` bytes; end with `finishStreaming`.
  package init(bufferSize: Int = 1 << 20, sink: @escaping Sink) {
    capacity = max(64, bufferSize)
    bytes = .allocate(capacity: capacity)
    self.sink = sink
  }

  deinit { bytes.deallocate() }

  /// Hands the sink what is left and throws what it threw, if anything.
  package func finishStreaming() throws {
    held = nil
    flush()
    if let sinkError { throw sinkError }
  }

  /// Where the next byte goes in the document: the bytes written so far.
  package var offset: Int { handed + count }

  /// Bytes written as they are, a value of the current container already written elsewhere
  /// (after `element()` or `key`): the caller vouches that they are its JSON at this depth.
  package func raw(_ bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
    append(start.assumingMemoryBound(to: UInt8.self), bytes.count)
    atFirstElement = false
  }

  package func beginObject() { open(UInt8(ascii: "{")) }
  package func endObject() { close(UInt8(ascii: "}")) }
  package func beginArray() { open(UInt8(ascii: "[")) }
  package func endArray() { close(UInt8(ascii: "]")) }

  /// Starts a member of the current object; its value comes next.
  package func key(_ name: StaticString) {
    // One reservation, then the separator, the indentation, the name and `" : ` stored in place:
    // an asset's object has twenty members.
    let indentation = 2 * depth
    let length = 2 + indentation + name.utf8CodeUnitCount + 5
    if count + length > capacity { makeRoom(for: length) }
    var at = bytes + count
    if atFirstElement {
      atFirstElement = false
    } else {
      at[0] = UInt8(ascii: ",")
      at[1] = UInt8(ascii: "\n")
      at += 2
    }
    at.update(repeating: UInt8(ascii: " "), count: indentation)
    at += indentation
    at[0] = UInt8(ascii: "\"")
    at += 1
    at.update(from: name.utf8Start, count: name.utf8CodeUnitCount)
    at += name.utf8CodeUnitCount
    let separator: StaticString = "\" : "
    at.update(from: separator.utf8Start, count: separator.utf8CodeUnitCount)
    at += separator.utf8CodeUnitCount
    count = at - bytes
  }

  /// Starts an element of the current array; its value comes next.
  package func element() { startElement() }

  package func value(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ quoted($0) }) == nil {
      Array(text.utf8).withUnsafeBufferPointer { quoted($0) }
    }
  }

  /// The text of `utf8` as `value(String(cString:))` writes it: up to its first NUL, with
  /// ill-formed UTF-8 repaired. Bytes read straight from a database, with no `String` in between.
  package func value(cString utf8: UnsafeBufferPointer<UInt8>) {
    if Self.isPlainASCII(utf8) { quoted(utf8) } else { value(Self.decoded(utf8)) }
  }

  /// `joinPath(folder, name)` for the `prefix` `joinPath(folder, "")` (the folder and the slash
  /// it needs, computed once per folder), the name's bytes read as `value(cString:)` reads them.
  package func value(prefix: String, _ name: UnsafeBufferPointer<UInt8>) {
    let written: Bool? =
      Self.isPlainASCII(name)
      ? prefix.utf8.withContiguousStorageIfAvailable { prefix in
        append(UInt8(ascii: "\""))
        escaped(prefix)
        escaped(name)
        append(UInt8(ascii: "\""))
        return true
      } : nil
    if written == nil { value(prefix + Self.decoded(name)) }
  }

  /// A C string's text as `String(cString:)` reads it.
  private static func decoded(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: utf8.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// Whether every byte is ASCII and none is NUL: the text is the bytes as they are.
  private static func isPlainASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    while index + 8 <= utf8.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      // A high bit set, or a zero byte (which subtracting one borrows into bit 7).
      if (word | ((word &- ones) & ~word)) & highs != 0 { return false }
      index += 8
    }
    while index < utf8.count {
      if base[index] == 0 || base[index] >= 0x80 { return false }
      index += 1
    }
    return true
  }

  /// Writes the date or time `write` puts at the pointer it is given (ASCII that needs no
  /// escape, at most `maximum` bytes; it returns how many), quoted.
  package func quotedASCII(maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
    if count + maximum + 2 > capacity { makeRoom(for: maximum + 2) }
    bytes[count] = UInt8(ascii: "\"")
    let length = write(bytes + count + 1)
    bytes[count + 1 + length] = UInt8(ascii: "\"")
    count += length + 2
  }

  private func quoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    append(UInt8(ascii: "\""))
    escaped(utf8)
    append(UInt8(ascii: "\""))
  }

  /// The text of a JSON string, without its quotes.
  private func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    guard let base = utf8.baseAddress else { return }
    var start = 0
    var index = 0
    while index < utf8.count {
      // Eight bytes at a time while none needs an escape (nearly always).
      if index + 8 <= utf8.count,
        !Self.mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
        continue
      }
      let byte = base[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C {
        append(base + start, index - start)
        escape(byte)
        start = index + 1
      }
      index += 1
    }
    append(base + start, utf8.count - start)
  }

  /// Whether one of eight bytes is a control character, a quote or a backslash: a byte is
  /// zero after xor with its match, and below 0x20 when subtracting 0x20 borrows from bit 7.
  @inline(__always)
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let below = (word &- ones &* 0x20) & ~word & highs
    return (below | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))) != 0
  }

  /// A byte JSON strings cannot hold as it is, as `JSONEncoder` writes it.
  private func escape(_ byte: UInt8) {
    append(UInt8(ascii: "\\"))
    switch byte {
    case 0x22, 0x5C: append(byte)
    case 0x08: append(UInt8(ascii: "b"))
    case 0x0C: append(UInt8(ascii: "f"))
    case 0x0A: append(UInt8(ascii: "n"))
    case 0x0D: append(UInt8(ascii: "r"))
    case 0x09: append(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      for digit in [UInt8(ascii: "u"), 48, 48, hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]]
      {
        append(digit)
      }
    }
  }

  package func null() {
    let text: StaticString = "null"
    append(text.utf8Start, text.utf8CodeUnitCount)
  }

  /// The text, or `null`.
  package func value(_ text: String?) {
    if let text { value(text) } else { null() }
  }

  /// The number, or `null`.
  package func value(_ number: Double?) throws {
    if let number { try value(number) } else { null() }
  }

  package func value(_ flag: Bool) {
    let text: StaticString = flag ? "true" : "false"
    append(text.utf8Start, text.utf8CodeUnitCount)
  }

  /// As `description` writes it, straight into the buffer.
  package func value(_ number: Int) {
    // At most 19 digits and a sign.
    if count + 20 > capacity { makeRoom(for: 20) }
    if number < 0 {
      bytes[count] = UInt8(ascii: "-")
      count += 1
    }
    var magnitude = number.magnitude
    var length = 1
    var rest = magnitude / 10
    while rest > 0 {
      length += 1
      rest /= 10
    }
    var index = count + length
    repeat {
      index -= 1
      bytes[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    count += length
  }

  /// As `JSONEncoder`: the shortest text that reads back as the same value, without a `.0`.
  package func value(_ number: Double) throws {
    guard number.isFinite else {
      throw EncodingError.invalidValue(
        number, EncodingError.Context(codingPath: [], debugDescription: "\(number) is not valid JSON"))
    }
    var text = Self.text(of: number)
    text.withUTF8 { append($0) }
  }

  /// A finite number's text as `value(_:)` writes it (as `JSONEncoder` does).
  package static func text(of number: Double) -> String {
    var text = number.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  private func open(_ bracket: UInt8) {
    append(bracket)
    append(UInt8(ascii: "\n"))
    depth += 1
    atFirstElement = true
  }

  private func close(_ bracket: UInt8) {
    depth -= 1
    append(UInt8(ascii: "\n"))
    indent()
    append(bracket)
    atFirstElement = false
  }

  private func startElement() {
    if atFirstElement {
      atFirstElement = false
    } else {
      append(UInt8(ascii: ","))
      append(UInt8(ascii: "\n"))
    }
    indent()
  }

  private func indent() {
    let spaces: StaticString = "                                "
    var left = 2 * depth
    while left > 0 {
      let run = min(left, spaces.utf8CodeUnitCount)
      append(spaces.utf8Start, run)
      left -= run
    }
  }

  @inline(__always)
  private func append(_ byte: UInt8) {
    if count == capacity { makeRoom(for: 1) }
    bytes[count] = byte
    count += 1
  }

  @inline(__always)
  private func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
    if count + length > capacity { makeRoom(for: length) }
    (bytes + count).update(from: start, count: length)
    count += length
  }

  /// Hands a full buffer to the sink, and grows it when one value is larger than a whole buffer.
  private func makeRoom(for length: Int) {
    flush()
    if count + length > capacity { grow(to: count + length) }
  }

  private func flush() {
    // What is held stays, moved to the front of the buffer.
    let ready = held.map { $0 - handed } ?? count
    guard ready > 0 else { return }
    if sinkError == nil {
      do {
        try sink(UnsafeRawBufferPointer(start: bytes, count: ready))
      } catch {
        sinkError = error
      }
    }
    handed += ready
    count -= ready
    if count > 0 { bytes.update(from: bytes + ready, count: count) }
  }

  /// The document offset from which bytes are held in the buffer (nil: none).
  private var held: Int?

  /// Holds what is written from here on in the buffer, not handed to the sink, until `release`:
  /// it can be rewritten in place (`rewrite`).
  package func hold() { held = offset }

  /// Lets what was held go to the sink with the next buffer.
  package func release() { held = nil }

  /// The bytes from the document offset `start` (held) to the end, to change in place.
  package func rewrite(from start: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
    precondition(held.map { start >= $0 } == true, "only held bytes are rewritten")
    body(UnsafeMutableBufferPointer(start: bytes + (start - handed), count: offset - start))
  }

  private func append(_ raw: UnsafeBufferPointer<UInt8>) {
    guard let start = raw.baseAddress, !raw.isEmpty else { return }
    append(start, raw.count)
  }

  private func grow(to needed: Int) {
    let larger = max(needed, capacity * 2)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: bytes, count: count)
    bytes.deallocate()
    (bytes, capacity) = (moved, larger)
  }
}
