import FaverCore
import Testing

@testable import FaverMetadata

@Test(arguments: [
  ("2024:05:12", [12.0, 30, 5], "2024-05-12T14:30:12+02:00"),  // 2 h ahead of UTC
  ("2024:05:12", [5.0, 15, 40], "2024-05-12T14:30:12+09:15"),  // rounded to a quarter hour
  ("2024:05:13", [2.0, 0, 0], "2024-05-12T14:30:12-11:30"),  // west, across midnight
  ("2024:05:12", [0.0, 0, 0], "2024-05-12T14:30:12"),  // +14:30 is past ±14 h: no offset
  ("2024:05:11", [12.0, 30, 5], "2024-05-12T14:30:12"),  // a fix from the day before
  ("1999:99:99", [12.0, 30, 5], "2024-05-12T14:30:12"),  // an impossible date
  ("2024:05:12", [25.0, 0, 0], "2024-05-12T14:30:12"),  // an impossible time
])
func gpsStampsGiveTheOffsetWhenNoTagDoes(date: String, time: [Double], expected: String) {
  var fields = ExifFields()
  fields.original = .init(dateTime: "2024:05:12 14:30:12")
  fields.gpsDate = date
  fields.gpsTime = time
  #expect(fields.captureTime?.iso8601 == expected)
}

@Test func anOffsetTagWinsOverTheGPSStamps() {
  var fields = ExifFields()
  fields.original = .init(dateTime: "2024:05:12 14:30:12", offset: "+01:00")
  fields.gpsDate = "2024:05:12"
  fields.gpsTime = [12, 30, 0]
  #expect(fields.captureTime?.utcOffset == 3600)
}

@Test func gpsTimeWithoutADateGivesNoOffset() {
  var fields = ExifFields()
  fields.original = .init(dateTime: "2024:05:12 14:30:12")
  fields.gpsTime = [12, 30, 0]
  #expect(fields.captureTime?.utcOffset == nil)
}
