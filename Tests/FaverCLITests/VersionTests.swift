import Foundation
import Testing

@Test func theVersionSaysTheNumberAndTheCommitOnItsFirstLine() throws {
  let result = try faver(["--version"])
  #expect(result.status == 0)
  let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
  // `swift build` knows no commit; scripts/build-release gives the one it built.
  let pattern = /[0-9]+\.[0-9]+\.[0-9]+ \(commit (unknown|[0-9a-f]{7,40}(-dirty)?)\)/
  #expect(first.wholeMatch(of: pattern) != nil, "\(first)")
}
