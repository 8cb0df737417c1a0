import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Clock: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "clock",
      abstract: "List the cameras, or put right a camera whose clock was wrong.",
      discussion: """
        Without options: each camera (make, model and serial number when the files give one) with \
        its photo count, the first and last time its clock showed, its correction, and a suggested \
        shift when its photos of the same scenes as other cameras' are a constant time off.

        --camera NAME --shift +1h2m3s moves that camera's photos by the shift (a DSLR whose clock \
        was never set to summer time: +1h; one that runs 3 minutes fast: -3m), only those its \
        clock showed between --from and --to when given (dates as the camera showed them: \
        2024-05-12 or 2024-05-12T14:30:00). No file is touched: the correction is kept in the \
        store, survives refresh and moves, and --clear undoes it.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "The camera, as `faver clock` names it.")
    var camera: String?

    @Option(
      parsing: .unconditional,
      help: "Seconds, or hours, minutes and seconds, to add to the camera's clock: +1h, -3m, +1h2m3s.")
    var shift: String?

    @Option(help: "Only photos the camera's clock showed at or after this date (YYYY-MM-DD[THH:MM[:SS]]).")
    var from: String?

    @Option(help: "Only photos the camera's clock showed at or before this date (YYYY-MM-DD[THH:MM[:SS]]).")
    var to: String?

    @Flag(help: "Forget the camera's corrections.")
    var clear = false

    @Flag(help: "Print the cameras as a JSON array.")
    var json = false

    func validate() throws {
      if camera == nil, shift != nil || clear || from != nil || to != nil {
        throw ValidationError("Name the camera: --camera NAME (run `faver clock` to list them).")
      }
      if let camera, camera.isEmpty {
        throw ValidationError("--camera needs a name; an empty one names none.")
      }
      if camera != nil, (shift == nil) == !clear {
        throw ValidationError("With --camera, give either --shift or --clear.")
      }
      if clear, from != nil || to != nil {
        throw ValidationError("--clear forgets every correction of the camera; drop --from and --to.")
      }
      if json, camera != nil { throw ValidationError("--json lists the cameras; drop --camera.") }
      if let shift, let seconds = ClockText.seconds(shift), abs(seconds) > ClockCorrection.maximumShift {
        throw ValidationError(
          "--shift \(shift) is more than 200 years: give the camera's error, such as +1h or -3m.")
      }
      if let shift, ClockText.seconds(shift) == nil {
        throw ValidationError("--shift \(shift): write a signed duration such as +1h, -3m, +1h2m3s or -90s.")
      }
      for (name, text) in [("--from", from), ("--to", to)] {
        if let text, ClockText.date(text, endOfDay: false) == nil {
          throw ValidationError(
            "\(name) \(text): write a date as 2024-05-12, 2024-05-12T14:30 or 2024-05-12T14:30:00.")
        }
      }
      if let from, let to, let start = ClockText.date(from, endOfDay: false),
        let end = ClockText.date(to, endOfDay: true), end < start
      {
        throw ValidationError("--to \(to) is before --from \(from).")
      }
    }

    /// The photos whose GPS time fixed their instant: said apart, so the counts add up to the
    /// camera's.
    private static func zones(_ count: Int) -> String {
      guard count > 0 else { return "" }
      return count == 1
        ? "; 1 photo placed by its GPS time keeps its instant and takes the clock's zone"
        : "; \(count) photos placed by their GPS time keep their instant and take the clock's zone"
    }

    func run() throws {
      let library = storeOptions.library()
      if let camera {
        let change: Library.ClockChange
        if clear {
          change = try library.clearClock(camera: camera)
          print(
            "\(change.camera): clock corrections forgotten; \(change.moved.counted("photo")) back at the times their files give"
              + Self.zones(change.zonesMoved))
        } else {
          let seconds = ClockText.seconds(shift ?? "") ?? 0
          change = try library.correctClock(
            camera: camera, shift: seconds, from: from.flatMap { ClockText.date($0, endOfDay: false) },
            to: to.flatMap { ClockText.date($0, endOfDay: true) })
          print(
            "\(change.camera): \(change.moved.counted("photo")) moved by \(ClockText.text(seconds))"
              + Self.zones(change.zonesMoved) + "; no file was touched")
        }
        return
      }
      let cameras = try library.cameras()
      if json {
        print(try Output.json(cameras.map(Listed.init)))
        return
      }
      if cameras.isEmpty { print("No photo of this library names its camera.") }
      for camera in cameras {
        var line =
          "\(Terminal.escaped(camera.name))  \(camera.photos.counted("photo"))  "
          + "\(camera.first) … \(camera.last)"
        if camera.shiftSeconds != 0 { line += "  corrected by \(ClockText.text(camera.shiftSeconds))" }
        if let suggested = camera.suggestedShiftSeconds {
          line +=
            "  suggested: \(ClockText.text(suggested)), \(camera.suggestion?.precisionText ?? "") (faver clock --camera '\(camera.name)' --shift "
            + "\(ClockText.text(suggested))): \(camera.evidence ?? "")"
        } else if let evidence = camera.evidence {
          line += "  \(evidence)"
        }
        print(line)
      }
    }

    /// A camera as `--json` prints it.
    struct Listed: Encodable {
      var name: String
      var photos: Int
      var first: String
      var last: String
      var shiftSeconds: Int
      var suggestedShiftSeconds: Int?
      var suggestionPrecisionSeconds: Int?
      var neverSet: Bool
      var evidence: String?
      var evidenceCounts: Counts?
      var corrections: [Correction]

      /// What a suggestion rests on, as `ClockSuggestion.Evidence` counts it.
      struct Counts: Encodable {
        var runs: Int
        var events: Int
        var unshifted: Int
        var otherwise: Int
        var shots: Int
        var shotRuns: Int
        var shotsUnshifted: Int
        var shotsOtherwise: Int
      }

      struct Correction: Encodable {
        var shiftSeconds: Int
        var from: String?
        var to: String?
      }

      init(_ camera: Library.Camera) {
        (name, photos, first, last) = (camera.name, camera.photos, camera.first, camera.last)
        shiftSeconds = camera.shiftSeconds
        suggestedShiftSeconds = camera.suggestedShiftSeconds
        suggestionPrecisionSeconds = camera.suggestion?.precision
        neverSet = camera.neverSet
        evidence = camera.evidence
        evidenceCounts = camera.suggestion.map {
          Counts(
            runs: $0.runs, events: $0.events, unshifted: $0.unshifted, otherwise: $0.otherwise,
            shots: $0.shots,
            shotRuns: $0.scenes, shotsUnshifted: $0.shotsUnshifted, shotsOtherwise: $0.shotsOtherwise)
        }
        corrections = camera.corrections.map {
          Correction(
            shiftSeconds: $0.shift, from: $0.from.map(ClockText.wallClock), to: $0.to.map(ClockText.wallClock)
          )
        }
      }

      enum CodingKeys: String, CodingKey {
        case name, photos, first, last, shiftSeconds, suggestedShiftSeconds, suggestionPrecisionSeconds,
          neverSet
        case evidence, evidenceCounts, corrections
      }

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(photos, forKey: .photos)
        try container.encode(first, forKey: .first)
        try container.encode(last, forKey: .last)
        try container.encode(shiftSeconds, forKey: .shiftSeconds)
        try container.encode(suggestedShiftSeconds, forKey: .suggestedShiftSeconds)
        try container.encode(suggestionPrecisionSeconds, forKey: .suggestionPrecisionSeconds)
        try container.encode(neverSet, forKey: .neverSet)
        try container.encode(evidence, forKey: .evidence)
        try container.encode(evidenceCounts, forKey: .evidenceCounts)
        try container.encode(corrections, forKey: .corrections)
      }
    }
  }
}

/// The durations and dates `faver clock` reads and prints.
enum ClockText {
  /// `+1h2m3s`, `-3m`, `90s`, `+3600` → seconds; nil when it is not such a duration.
  static func seconds(_ text: String) -> Int? {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    var sign = 1
    if let first = rest.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty else { return nil }
    if let plain = Int(rest), plain >= 0 { return sign * plain }
    var total = 0
    var seen: Set<Character> = []
    var number = ""
    for character in rest {
      if character.isASCII, character.isNumber {
        number.append(character)
        continue
      }
      let unit: Int
      switch character.lowercased() {
      case "h": unit = 3600
      case "m": unit = 60
      case "s": unit = 1
      default: return nil
      }
      let unitName = Character(character.lowercased())
      guard let value = Int(number), !seen.contains(unitName), value <= 1_000_000 else { return nil }
      seen.insert(unitName)
      total += value * unit
      number = ""
    }
    return number.isEmpty ? sign * total : nil
  }

  /// `+1h2m3s`, `-3m`, `+0s`.
  static func text(_ seconds: Int) -> String {
    let magnitude = abs(seconds)
    var text = seconds < 0 ? "-" : "+"
    if magnitude >= 3600 { text += "\(magnitude / 3600)h" }
    if magnitude % 3600 >= 60 { text += "\(magnitude % 3600 / 60)m" }
    if magnitude % 60 > 0 || magnitude == 0 { text += "\(magnitude % 60)s" }
    return text
  }

  /// `2024-05-12`, `2024-05-12T14:30`, `2024-05-12 14:30:00` as a wall clock read as UTC; a
  /// date alone is its first second, or with `endOfDay` its last.
  static func date(_ text: String, endOfDay: Bool) -> Date? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == "T" || $0 == " " })
    guard (1...2).contains(parts.count) else { return nil }
    let day = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
    guard day.count == 3, let year = day[0], let month = day[1], let date = day[2] else { return nil }
    var clock = [endOfDay ? 23 : 0, endOfDay ? 59 : 0, endOfDay ? 59 : 0]
    if parts.count == 2 {
      let fields = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
      guard (2...3).contains(fields.count), fields.allSatisfy({ $0 != nil }) else { return nil }
      clock = fields.compactMap { $0 } + (fields.count == 2 ? [endOfDay ? 59 : 0] : [])
    }
    guard
      let civil = CivilDateTime(
        year: year, month: month, day: date, hour: clock[0], minute: clock[1], second: clock[2])
    else { return nil }
    return Date(timeIntervalSince1970: Double(civil.secondsSince1970) + (endOfDay ? 0.999 : 0))
  }

  /// A wall clock read as UTC, as `2024-05-12T14:30:00`.
  static func wallClock(_ date: Date) -> String {
    let civil = CivilDateTime(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", civil.year, civil.month, civil.day, civil.hour, civil.minute,
      civil.second)
  }
}
