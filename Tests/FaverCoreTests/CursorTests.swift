import Foundation
import Testing

@testable import FaverCore

@Test func cursorOrdersByInstantThenID() {
  let cursor = Cursor(at: .fixture(5, at: 10))
  #expect(cursor.precedes(.fixture(1, at: 11)))
  #expect(!cursor.precedes(.fixture(9, at: 9)))
  #expect(cursor.precedes(.fixture(6, at: 10)))
  #expect(!cursor.precedes(.fixture(4, at: 10)))
  #expect(!cursor.precedes(.fixture(5, at: 10)))
}

@Test func cursorSurvivesAJSONRoundTrip() throws {
  let cursor = Cursor(at: .fixture(3, at: 42.5))
  let decoded = try JSONDecoder().decode(Cursor.self, from: JSONEncoder().encode(cursor))
  #expect(decoded == cursor)
}
