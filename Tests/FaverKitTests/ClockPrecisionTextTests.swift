import FaverKit
import Testing

@testable import FaverCore

/// What `faver clock` says of a suggestion's precision follows the claim's width: the second, the
/// quarter hour, or the minutes either way of a wider claim (a clock never set, a claim widened by
/// chance), rounded up so it never says less than is claimed.
@Test(arguments: [
  (1, "to the second"), (900, "to the quarter hour"), (1800, "to within 15 min either way"),
  (2340, "to within 20 min either way"), (6300, "to within 53 min either way"),
])
func aSuggestionsPrecisionIsSaidAsWideAsItsClaim(precision: Int, said: String) {
  #expect(ClockSuggestion.Evidence(shift: 3600, precision: precision, reference: "").precisionText == said)
}
