import ArgumentParser
import FaverCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Clustering and manifest for a large synthetic library, in memory: what `faver clusters` does
// after loading the index. Run by scripts/bench-clusters.
// Usage: cluster-bench [--assets N] [--seed S] [--reviewed FRACTION] [--check]
//   --check  also encode the manifest with Foundation's JSONEncoder and compare the bytes

struct ClusterBench: ParsableArguments {
  @Option(help: "Synthetic assets.") var assets = 1_000_000
  @Option(help: "Seed of the generator.") var seed: UInt64 = 42
  @Option(help: "Fraction of the assets marked reviewed.") var reviewed = 0.25
  @Flag(help: "Also encode the manifest with JSONEncoder and compare the bytes.") var check = false

  func validate() throws {
    guard assets >= 1 else { throw ValidationError("--assets must be at least 1.") }
    guard (0...1).contains(reviewed) else { throw ValidationError("--reviewed is a fraction from 0 to 1.") }
  }
}
let options = ClusterBench.parseOrExit()
let (count, seed, reviewedFraction, check) = (options.assets, options.seed, options.reviewed, options.check)

/// Peak resident set of this process so far, in MiB.
func peakMiB() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024
}

/// Runs `work` and prints how long it took.
func step<T>(_ label: String, _ work: () throws -> T) rethrows -> (T, Double) {
  let start = ContinuousClock.now
  let result = try work()
  let elapsed = ContinuousClock.now - start
  let seconds = elapsed.seconds
  print(
    label.padding(toLength: 44, withPad: " ", startingAt: 0)
      + String(format: "%8.3f s %9.1f MiB", seconds, peakMiB()))
  return (result, seconds)
}

print(
  "cluster-bench: \(count) assets, seed \(seed), \(Int(reviewedFraction * 100))% reviewed, \(ProcessInfo.processInfo.activeProcessorCount) cores"
)
print("step".padding(toLength: 44, withPad: " ", startingAt: 0) + "   seconds  peak RSS")
var (library, _) = step("generate assets (not counted)") { SyntheticAssets.make(count: count, seed: seed) }
let (reviewed, _) = step("pick reviewed ids (not counted)") {
  Set(library.prefix(Int(Double(library.count) * reviewedFraction)).map(\.id))
}
// Every seventh asset as a camera that records no offset: its wall clock read as UTC, for the
// timeline to place.
for index in stride(from: 0, to: library.count, by: 7) {
  let offset = library[index].captureTime.utcOffset ?? 0
  library[index].captureTime = CaptureTime(
    instant: library[index].captureTime.instant + TimeInterval(offset), utcOffset: nil,
    source: library[index].captureTime.source, hasSubseconds: library[index].captureTime.hasSubseconds)
}
let (_, timelineSeconds) = step("timeline (Timeline: zones for 1 in 7)") { Timeline().place(&library) }
let (clustering, clusterSeconds) = step("moments (MomentClusterer .smart, with bursts)") {
  MomentClusterer(mode: .smart).moments(in: library)
}
// As in `faver clusters`, the loaded assets are not kept once they are clustered.
library = []
let (queue, queueSeconds) = step("review queue (ReviewQueue)") {
  ReviewQueue(moments: clustering.moments, reviewed: reviewed)
}
let (manifest, manifestSeconds) = step("manifest (Manifest)") {
  Manifest(clustering: clustering, queue: queue, generatedAt: Date(timeIntervalSince1970: 1_700_000_000))
}
// As `faver clusters` writes it: streamed into a file a megabyte at a time (no fsync here: that
// is the disk's speed, not faver's).
let manifestPath = FileManager.default.temporaryDirectory.appendingPathComponent(
  "cluster-bench-\(getpid()).json"
).path
defer { unlink(manifestPath) }
let (manifestBytes, encodeSeconds) = try step("manifest JSON to a file (Manifest.encode)") {
  let descriptor = open(manifestPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
  defer { close(descriptor) }
  var total = 0
  try manifest.encode { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      guard written > 0 else { throw CocoaError(.fileWriteUnknown) }
      offset += written
    }
    total += bytes.count
  }
  return total
}
let total = timelineSeconds + clusterSeconds + queueSeconds + manifestSeconds + encodeSeconds
print(
  "total (moments + queue + manifest + JSON)".padding(toLength: 44, withPad: " ", startingAt: 0)
    + String(format: "%8.3f s %9.1f MiB", total, peakMiB()))
print(
  "\(clustering.moments.reduce(0) { $0 + $1.bursts.count }) bursts, \(clustering.moments.count) moments, threshold \(Int(clustering.threshold)) s, "
    + "\(queue.entries.count) moments to review, manifest \(manifestBytes / 1_048_576) MiB")
print(
  String(
    format: "targets: total %.2f s (< 3 s: %@), peak RSS %.0f MiB (< 1024: %@)", total,
    total < 3 ? "met" : "NOT MET", peakMiB(), peakMiB() < 1024 ? "met" : "NOT MET"))
if check {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  let (same, _) = try step("check: JSONEncoder gives the same bytes") {
    try encoder.encode(manifest) == Data(contentsOf: URL(fileURLWithPath: manifestPath))
  }
  print(same ? "check: identical to JSONEncoder's output" : "check: DIFFERS from JSONEncoder's output")
  if !same { exit(1) }
}
