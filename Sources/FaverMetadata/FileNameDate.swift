package import FaverCore

/// A date that phones and apps write into file names, for files whose metadata has none.
package struct FileNameDate: Equatable, Sendable {
  package var wallClock: CivilDateTime
  /// False when the name gives the day only (WhatsApp's `IMG-20230512-WA0001`).
  package var hasTime: Bool
  /// Seconds east of UTC when the naming scheme fixes it: Google's camera app writes `PXL_`
  /// names in UTC (widely reported, e.g. github.com/simulot/immich-go/issues/397; not documented
  /// by Google). Older Pixels' `IMG_` names are local time.
  package var utcOffset: Int?

  /// Recognises `IMG_20230512_143012`, `VID_20230512_143012`, `PXL_20230512_143012345`,
  /// `20230512_143012`, `Screenshot_2023-05-12-14-30-12` and `IMG-20230512-WA0001`.
  package static func parse(_ name: String) -> FileNameDate? {
    let groups = digitGroups(name)
    // YYYYMMDD, a separator, HHMMSS (Pixel adds milliseconds).
    for (index, group) in groups.enumerated() where group.digits.count == 8 {
      guard index + 1 < groups.count, let day = date(group.digits) else { continue }
      let next = groups[index + 1]
      if next.start == group.end + 1, [6, 9].contains(next.digits.count),
        let time = time(day, Array(next.digits.prefix(6)))
      {
        let isPixel = name.hasPrefix("PXL_")
        return FileNameDate(wallClock: time, hasTime: true, utcOffset: isPixel ? 0 : nil)
      }
      if next.start == group.end + 3, next.digits.count == 4,
        name.utf8.dropFirst(group.end).starts(with: "-WA".utf8)
      {
        return FileNameDate(wallClock: day, hasTime: false, utcOffset: nil)
      }
    }
    // YYYY-MM-DD-HH-MM-SS with any one-character separators.
    let widths = groups.map(\.digits.count)
    for start in widths.indices where widths[start...].starts(with: [4, 2, 2, 2, 2, 2]) {
      let run = groups[start..<start + 6]
      guard zip(run, run.dropFirst()).allSatisfy({ $1.start == $0.end + 1 }),
        let day = date(run.prefix(3).flatMap(\.digits)),
        let time = time(day, run.suffix(3).flatMap(\.digits))
      else { continue }
      return FileNameDate(wallClock: time, hasTime: true, utcOffset: nil)
    }
    return nil
  }

  private struct Group {
    var digits: [Int]
    var start: Int
    var end: Int
  }

  /// Runs of ASCII digits with their byte ranges.
  private static func digitGroups(_ name: String) -> [Group] {
    var groups: [Group] = []
    for (index, byte) in name.utf8.enumerated() {
      guard (48...57).contains(byte) else { continue }
      if let last = groups.last, last.end == index {
        groups[groups.count - 1].digits.append(Int(byte - 48))
        groups[groups.count - 1].end = index + 1
      } else {
        groups.append(Group(digits: [Int(byte - 48)], start: index, end: index + 1))
      }
    }
    return groups
  }

  private static func number(_ digits: some Collection<Int>) -> Int { digits.reduce(0) { $0 * 10 + $1 } }

  /// A plausible YYYYMMDD day (1990 to 2099), at midnight.
  private static func date(_ d: [Int]) -> CivilDateTime? {
    guard d.count == 8, (1990...2099).contains(number(d[0..<4])) else { return nil }
    return CivilDateTime(
      year: number(d[0..<4]), month: number(d[4..<6]), day: number(d[6..<8]), hour: 0, minute: 0,
      second: 0)
  }

  /// `day` at the HHMMSS time in `d`.
  private static func time(_ day: CivilDateTime, _ d: [Int]) -> CivilDateTime? {
    guard d.count == 6 else { return nil }
    return CivilDateTime(
      year: day.year, month: day.month, day: day.day, hour: number(d[0..<2]),
      minute: number(d[2..<4]), second: number(d[4..<6]))
  }
}
