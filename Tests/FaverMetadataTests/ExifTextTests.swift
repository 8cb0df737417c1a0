import FaverCore
import Foundation
import Testing

@testable import FaverMetadata

@Test(arguments: [
  ("2024:05:12 14:30:12", "2024-05-12 14:30:12"),
  ("2024-05-12 14:30:12", "2024-05-12 14:30:12"),
  ("2024:05:12T14:30:12", "2024-05-12 14:30:12"),
  ("2024:05:12 14:30:12+02:00", "2024-05-12 14:30:12"),
])
func datesAreParsed(text: String, expected: String) throws {
  let civil = try #require(ExifText.dateTime(text))
  let printed = String(
    format: "%04d-%02d-%02d %02d:%02d:%02d", civil.year, civil.month, civil.day, civil.hour, civil.minute,
    civil.second)
  #expect(printed == expected)
}

@Test(arguments: [
  "0000:00:00 00:00:00", "    :  :     :  :  ", "", "2024:05:12", "2024:13:12 14:30:12",
  "2024:02:30 10:00:00", "1999:99:99 99:99:99", "2024/05/12 14:30:12", "2O24:05:12 14:30:12",
])
func blankZeroedAndImpossibleDatesAreMissing(text: String) {
  #expect(ExifText.dateTime(text) == nil)
}

@Test(arguments: [("054", 0.054), ("5", 0.5), ("12  ", 0.12), ("000", 0.0)])
func subSecondsAreDecimalFractions(text: String, expected: Double) {
  #expect(ExifText.fraction(text) == expected)
}

@Test func subSecondsWithoutDigitsAreMissing() {
  #expect(ExifText.fraction("  ") == nil)
  #expect(ExifText.fraction("abc") == nil)
}

@Test(
  arguments: [
    ("+02:00", 7200), ("-04:00", -14_400), ("+05:30", 19_800), ("-0930", -34_200), ("Z", 0),
    ("+14:00", 50_400),
  ] as [(String, Int)])
func offsetsAreParsed(text: String, expected: Int) {
  #expect(ExifText.utcOffset(text) == expected)
}

@Test(arguments: ["   :  ", "+15:00", "+02:60", "02:00", "+2:00", ""])
func invalidOffsetsAreMissing(text: String) {
  #expect(ExifText.utcOffset(text) == nil)
}

@Test(
  arguments: [("12\u{301}", 0.1), ("1\u{301}2", nil), ("25\u{301}", 0.2), ("7é", 0.7), ("٣", nil)]
    as [(String, Double?)])
func subSecondsEndAtTheFirstCharacterThatIsNotAnASCIIDigit(text: String, expected: Double?) {
  #expect(ExifText.fraction(text) == expected)
}

@Test func subSecondsReadAsTheirDecimalTextWouldParse() {
  var mismatches: [String] = []
  for digits in 1...17 {
    for seed in 0..<200 {
      let text = String((0..<digits).map { Character(String((seed * 7919 + $0 * 104_729) % 10)) })
      if ExifText.fraction(text) != Double("0." + text) { mismatches.append(text) }
    }
  }
  #expect(mismatches.isEmpty)
}
