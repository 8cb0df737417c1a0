import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private func time(_ source: TimeSource, offset: Int?, offsetSource: OffsetSource = .file) -> CaptureTime {
  var time = CaptureTime(instant: Date(timeIntervalSince1970: 0), utcOffset: offset, source: source)
  time.offsetSource = offsetSource
  return time
}

/// Each kind of file reaches its own windows, widened by the largest clock shift either way.
@Test func eachKindOfFileReachesItsWindows() {
  let reach = TimelineReach(largestShift: 600)
  let at = 1_000_000.0
  let evidence = reach.windows(of: time(.exifOriginal, offset: 3600), at: at)
  let zone = 86_400 + 14 * 3600 + 1200 + 60.0
  #expect(evidence.wallClocks == (at - zone)...(at + zone))
  #expect(evidence.pairs == (at - 60)...(at + 60))
  #expect(evidence.chain == nil)
  let wall = reach.windows(of: time(.exifOriginal, offset: nil), at: at)
  #expect(wall.wallClocks == (at - 4860)...(at + 4860))
  // A video's instant has an offset, but tells no zone: it reaches no wall clock.
  #expect(reach.windows(of: time(.quickTime, offset: 0), at: at).wallClocks == nil)
  let modified = reach.windows(of: time(.fileModified, offset: nil), at: at)
  #expect(modified.wallClocks == nil)
  #expect(modified.chain == (at - 2)...(at + 2))
  #expect(TimelineReach.merged([5...6, 1...2, 2...3, 7...9, 8...8]) == [1...3, 5...6, 7...9])
}

/// Whatever assets leave a travelling library (`ZoneLibrary`: phones that record their zone,
/// cameras that do not, sparse at times; a whole event at times), every asset that moves is among the wall clocks
/// their reach finds: those in their windows, and the runs through them followed. The planner
/// relies on nothing else.
@Test func assetsRemovedMoveOnlyWhatTheirReachFinds() {
  let timeline = Timeline()
  let reach = TimelineReach(timeline: timeline)
  var moved = 0
  for seed in 1...8 {
    var random = SeededGenerator(seed: UInt64(seed))
    // Every wall clock, and for half the seeds one photo of known zone in twenty: evidence hours
    // or days from the wall clocks it places, runs that carry a zone along.
    let library = ZoneLibrary(using: &random).assets.filter {
      seed % 2 == 0 || $0.captureTime.utcOffset == nil || Int.random(in: 0..<20, using: &random) == 0
    }
    var before = library
    timeline.place(&before)
    for _ in 0..<20 {
      let first = Int.random(in: library.indices, using: &random)
      let gone = first..<min(library.count, first + Int.random(in: 1...40, using: &random))
      var rest = library
      rest.removeSubrange(gone)
      var after = rest
      timeline.place(&after)
      let was = before.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
      // File time: the unplaced instant (a wall clock read as UTC).
      let files = rest.map { $0.captureTime.instant.timeIntervalSince1970 }
      let walls = rest.indices.filter { rest[$0].captureTime.utcOffset == nil }
      var reached: Set<Int> = []
      var windows = library[gone].compactMap {
        reach.windows(of: $0.captureTime, at: $0.captureTime.instant.timeIntervalSince1970).wallClocks
      }
      while !windows.isEmpty {
        let found = walls.filter { index in
          !reached.contains(index) && windows.contains { $0.contains(files[index]) }
        }
        reached.formUnion(found)
        windows = reach.runs(through: found.map { files[$0] })
      }
      for index in rest.indices where after[index].captureTime != was[index].captureTime {
        #expect(
          reached.contains(index),
          "seed \(seed): \(rest[index].id) moved out of the reach of \(gone)")
        moved += 1
      }
    }
  }
  // Removals do move others (a run's vote, a zone's evidence): the test is not empty.
  #expect(moved > 0)
}
