import Testing

@testable import FaverCore

@Test func theRecipeDigestFollowsEveryRuleAndNothingElse() {
  let current = QueueRecipe()
  #expect(current.digest == QueueRecipe().digest)
  #expect(current.digest.count == 16 && current.digest.allSatisfy(\.isHexDigit))
  var burst = QueueRecipe()
  burst.burstDetector.window = .seconds(2)
  var timeline = QueueRecipe()
  timeline.timeline.runGap = 1800
  var rules = QueueRecipe()
  rules.rulesVersion += 1
  var places = QueueRecipe()
  places.placeTable = "0123456789abcdef"
  let digests = [current, burst, timeline, rules, places].map(\.digest)
  #expect(Set(digests).count == 5)
}
