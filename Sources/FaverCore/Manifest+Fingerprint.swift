import Foundation

extension Manifest {
  /// A digest of everything one moment's bytes in the manifest are written from, so a manifest
  /// written again can copy the bytes of each moment whose digest it finds in the last file
  /// instead of writing them (see `FaverKit.Library.cluster`). Two lanes of 64 bits, each a
  /// multiply-and-shift mix of 64-bit words: the same on every run and every machine.
  ///
  /// What goes in is what `Writer.write` writes from, nothing that depends on where the moment
  /// stands (see `entry(of:items:reviewed:)`): the moment's summary, boundary and counts (not its
  /// ordinal nor its first position), the fingerprint of its items in queue order
  /// (`add(item:startsBurst:instant:)`), then the places among them of those reviewed. The similar
  /// groups are written from the items' signals too: those are not in it (the caller keeps the
  /// signals' generation).
  public struct Fingerprint: Hashable, Comparable, Sendable {
    public private(set) var high: UInt64 = 0x243F_6A88_85A3_08D3
    public private(set) var low: UInt64 = 0x1319_8A2E_0370_7344

    public init() {}

    /// A fingerprint read back as `high` and `low` said it.
    public init(high: UInt64, low: UInt64) { (self.high, self.low) = (high, low) }

    /// By `high`, then `low`: an order to search sorted fingerprints in.
    public static func < (a: Fingerprint, b: Fingerprint) -> Bool {
      (a.high, a.low) < (b.high, b.low)
    }

    public mutating func add(_ word: UInt64) {
      high = (high ^ word) &* 0xFF51_AFD7_ED55_8CCD
      high ^= high >> 29
      low = (low ^ (word &+ 0x9E37_79B9_7F4A_7C15)) &* 0xC4CE_B9FE_1A85_EC53
      low ^= low >> 32
    }

    public mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }

    public mutating func add(_ number: Double) { add(number.bitPattern) }

    public mutating func add(_ flag: Bool) { add(flag ? 1 as UInt64 : 2) }

    /// The bytes' count, then the bytes eight at a time (the last word padded with zeros).
    public mutating func add(bytes: UnsafeRawBufferPointer) {
      add(bytes.count)
      var index = 0
      while index + 8 <= bytes.count {
        add(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index += 8
      }
      guard index < bytes.count else { return }
      var last: UInt64 = 0
      for byte in bytes[index...].reversed() { last = last << 8 | UInt64(byte) }
      add(last)
    }

    public mutating func add(_ text: String) {
      var text = text
      text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Nil and the empty text apart.
    public mutating func add(_ text: String?) {
      add(text != nil)
      if let text { add(text) }
    }

    public mutating func add(_ number: Double?) {
      add(number != nil)
      if let number { add(number) }
    }

    /// What the moment's entry says of itself: its summary, boundary (whether it states the
    /// threshold, not the threshold itself) and counts.
    public mutating func add(moment: QueuedMoment) {
      let summary = moment.summary
      add(summary.id)
      add(summary.start)
      add(summary.end)
      add(summary.photos)
      add(summary.videos)
      add(summary.title)
      add(summary.place != nil)
      if let place = summary.place {
        add(place.name)
        add(place.admin1)
        add(place.country)
        add(place.countryCode)
        add(place.latitude)
        add(place.longitude)
      }
      add(moment.boundary.reason)
      add(moment.boundary.gapSeconds)
      // Whether the boundary states the threshold, not its value: the library's, which most new
      // days move, and every time-gap boundary states it; a copy takes the new value in place of
      // the old (see `Writer.write(copied:threshold:)`).
      add(moment.boundary.thresholdSeconds != nil)
      add(moment.boundary.meters)
      add(moment.total)
      add(moment.reviewed)
    }

    /// One item of the moment, in queue order: its asset id's bytes, whether it starts a burst
    /// and its placed instant. Whether it is reviewed is left out: the saved queue keeps the
    /// fingerprint of each moment's items from the save that wrote them, and a mark changes no
    /// item.
    public mutating func add(item id: UnsafeRawBufferPointer, startsBurst: Bool, instant: Double) {
      add(bytes: id)
      add(startsBurst)
      add(instant)
    }

    /// The fingerprint of `moment`'s entry: its row (`add(moment:)`), `items`, the fingerprint of
    /// its items (`add(item:startsBurst:instant:)` of each), and `reviewed`, the places among them
    /// of those reviewed (an `add(_:)` of each place, in order; none added when none is).
    public static func entry(
      of moment: QueuedMoment, items: Fingerprint, reviewed: Fingerprint
    ) -> Fingerprint {
      var entry = Fingerprint()
      entry.add(moment: moment)
      entry.add(items.high)
      entry.add(items.low)
      entry.add(reviewed.high)
      entry.add(reviewed.low)
      return entry
    }
  }
}
