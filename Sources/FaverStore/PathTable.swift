import Foundation

/// Values keyed by path, each path kept as its UTF-8 bytes in one shared buffer, found again by
/// an open-addressing table of their hashes: a handful of allocations for a million paths, where
/// a `[String: Value]` makes one per path longer than 15 bytes. Freeing those million small blocks
/// left them in the allocator's fast bins, and the next large allocation (SQLite preparing the
/// statement that writes 100 new files) merged them all again: 0.2 s of an `index` that adds
/// photos to a library of a million.
///
/// A walk looks paths up in about the order they were inserted (the order the last walk found
/// them): `find` looks first at the entry after the one it found last, in memory it just read,
/// and only then in the hash table, whose slots, spread over 16 MB at a million paths, cost a
/// cache miss a lookup (0.7 s of a no-change `index` of a million files, load and walk).
///
/// Paths are compared byte for byte (a file system's names are bytes; two spellings of one
/// accented letter are two files). Each entry carries a mark (`mark(_:)`), for telling what a
/// walk found again from what it did not.
package struct PathTable<Value>: Sendable where Value: Sendable {
  /// The paths' bytes, one after the other.
  private var bytes: [UInt8] = []
  /// Where each path starts in `bytes`, and one more: where the next would.
  private var starts: [Int] = [0]
  private var values: [Value] = []
  private var marks: [Bool] = []
  /// Per slot: 0 when empty, else the entry's index + 1 in the low 32 bits and its hash's high
  /// 32 bits above them (compared before the bytes are).
  private var slots: [UInt64] = []
  /// How many entries, from the first, are in `slots` (`append` leaves the others out).
  private var indexed = 0
  /// Where `find` looks first: after the entry it found last.
  private var predicted = 0

  package init(minimumCapacity: Int = 0) {
    reserveCapacity(minimumCapacity)
  }

  /// How many paths the table holds.
  package var count: Int { values.count }

  package var isEmpty: Bool { values.isEmpty }

  /// Makes room for `capacity` paths, of about 32 bytes each, without growing again.
  package mutating func reserveCapacity(_ capacity: Int) {
    guard capacity > 0 else { return }
    bytes.reserveCapacity(capacity * 32)
    starts.reserveCapacity(capacity + 1)
    values.reserveCapacity(capacity)
    marks.reserveCapacity(capacity)
    if slots.count < 2 * capacity { rehash(slotCount: Self.slotCount(for: capacity)) }
  }

  /// The index of `path`'s entry, nil when the table does not hold it.
  package func index(of path: String) -> Int? {
    var path = path
    return path.withUTF8 { index(of: $0) }
  }

  /// The index of the entry whose path has these bytes, nil when the table does not hold it.
  package func index(of path: UnsafeBufferPointer<UInt8>) -> Int? {
    if let index = hashedIndex(of: path) { return index }
    // Appended and not indexed yet: looked for one by one.
    return (indexed..<count).first { holds(path, at: $0) }
  }

  /// The index of `path`'s entry, looked for first after the one found last (see the type's
  /// comment); nil when the table does not hold it.
  package mutating func find(_ path: String) -> Int? {
    var path = path
    return path.withUTF8 { path in
      if predicted < count, holds(path, at: predicted) {
        predicted += 1
        return predicted - 1
      }
      indexAppended()
      guard let index = hashedIndex(of: path) else { return nil }
      predicted = index + 1
      return index
    }
  }

  private func hashedIndex(of path: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !slots.isEmpty else { return nil }
    let hash = Self.hash(path)
    let tag = hash & 0xFFFF_FFFF_0000_0000
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let content = slots[slot]
      if content == 0 { return nil }
      if content & 0xFFFF_FFFF_0000_0000 == tag {
        let index = Int(truncatingIfNeeded: content & 0xFFFF_FFFF) - 1
        if holds(path, at: index) { return index }
      }
      slot = (slot + 1) & mask
    }
  }

  /// The value kept for `path`, nil when there is none.
  package subscript(path: String) -> Value? {
    index(of: path).map { values[$0] }
  }

  /// The value of the entry at `index` (from `index(of:)`).
  package subscript(at index: Int) -> Value { values[index] }

  /// Keeps `value` for `path` (replacing the one kept, if any), unmarked.
  package mutating func insert(_ value: Value, for path: String) {
    var path = path
    path.withUTF8 { insert(value, forBytes: $0) }
  }

  /// Keeps `value` for the path with these bytes (replacing the one kept, if any), unmarked.
  package mutating func insert(_ value: Value, forBytes path: UnsafeBufferPointer<UInt8>) {
    indexAppended()
    if let index = hashedIndex(of: path) {
      (values[index], marks[index]) = (value, false)
      return
    }
    append(value, forBytes: path)
    indexAppended()
  }

  /// Keeps `value` for a path the table does not hold (a key read from a unique index), without
  /// looking for it, and without placing it in the hash table yet: `indexAppended` places all
  /// that were appended at once, in a loop whose cache misses overlap.
  package mutating func append(_ value: Value, forBytes path: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: path)
    starts.append(bytes.count)
    values.append(value)
    marks.append(false)
  }

  /// Places the appended entries in the hash table.
  package mutating func indexAppended() {
    guard indexed < count else { return }
    if 2 * count > slots.count {
      rehash(slotCount: Self.slotCount(for: count))
      return
    }
    let (kept, starts) = (bytes, starts)
    kept.withUnsafeBufferPointer { kept in
      for index in indexed..<count {
        place(
          index: index,
          hash: Self.hash(UnsafeBufferPointer(rebasing: kept[starts[index]..<starts[index + 1]])))
      }
    }
    indexed = count
  }

  /// Marks the entry at `index`; false when it was marked already.
  package mutating func mark(_ index: Int) -> Bool {
    if marks[index] { return false }
    marks[index] = true
    return true
  }

  /// Every path, in the order they were inserted.
  package var paths: [String] { (0..<count).map(path(at:)) }

  /// The paths of the entries not marked, in the order they were inserted.
  package var unmarkedPaths: [String] { (0..<count).filter { !marks[$0] }.map(path(at:)) }

  private func path(at index: Int) -> String {
    bytes.withUnsafeBufferPointer { String(decoding: $0[starts[index]..<starts[index + 1]], as: UTF8.self) }
  }

  private func holds(_ path: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let (start, end) = (starts[index], starts[index + 1])
    guard end - start == path.count else { return false }
    return bytes.withUnsafeBufferPointer { kept in
      guard let keptBase = kept.baseAddress, let base = path.baseAddress else { return path.isEmpty }
      return memcmp(keptBase + start, base, path.count) == 0
    }
  }

  private mutating func place(index: Int, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
  }

  private mutating func rehash(slotCount: Int) {
    slots = [UInt64](repeating: 0, count: slotCount)
    indexed = 0
    indexAppended()
  }

  /// A power of two at least twice `capacity`: the table is never more than half full.
  private static func slotCount(for capacity: Int) -> Int {
    var count = 16
    while count < 2 * capacity { count *= 2 }
    return count
  }

  /// A hash of the bytes, eight at a time, mixed so that both its low bits (the slot) and its
  /// high ones (the tag) depend on every byte.
  private static func hash(_ path: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(path.count)
    let raw = UnsafeRawBufferPointer(path)
    var offset = 0
    while offset + 8 <= raw.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x517C_C1B7_2722_0A95
      hash ^= hash >> 29
      offset += 8
    }
    var tail: UInt64 = 0
    while offset < raw.count {
      tail = tail << 8 | UInt64(raw[offset])
      offset += 1
    }
    hash = (hash ^ tail) &* 0x517C_C1B7_2722_0A95
    hash ^= hash >> 32
    hash = hash &* 0xD6E8_FEB8_6659_FD93
    return hash ^ hash >> 32
  }
}
