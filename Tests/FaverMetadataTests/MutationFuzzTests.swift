import FaverCore
import FaverTestSupport
import Foundation
import SeededRandom
import Synchronization
import Testing

@testable import FaverMetadata

#if canImport(Glibc)
  import Glibc
#endif

// A seeded mutation fuzzer over every container reader and the EXIF boundary, seeded with every
// media file of the corpus. Each case takes one file (in turn), damages it one to three ways
// (`Mutation`) and reads it through `MetadataReader.read`, then damages its EXIF block and gives
// it to `ExifBlock.read`. Nothing may crash, hang, take long, or read or hold absurd amounts.
//
//   FAVER_FUZZ_SECONDS=600 swift test --filter mutatedCorpusFiles   a longer run (default 15 s)
//   FAVER_FUZZ_SEED=… FAVER_FUZZ_CASE=…                              replays one case
//   FAVER_CORPUS=/some/folder                                         another corpus

/// The harness's settings, from the environment.
struct FuzzSettings: Sendable {
  var seconds = 15.0
  var seed: UInt64 = 0x5EED_F00D
  var onlyCase: Int?
  var folder = Corpus.folder
  /// A read longer than this is a failure (a debug build, on a shared machine).
  var maximumReadSeconds = 5.0
  /// A read still running this long is a hang: the harness stops waiting for it.
  var hangSeconds = 60.0

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    if let text = environment["FAVER_FUZZ_SECONDS"], let value = Double(text) { seconds = value }
    if let text = environment["FAVER_FUZZ_SEED"], let value = UInt64(text) { seed = value }
    onlyCase = environment["FAVER_FUZZ_CASE"].flatMap { Int($0) }
    if let path = environment["FAVER_CORPUS"] { folder = URL(fileURLWithPath: path) }
  }

  var hasCorpus: Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
  }

  func replay(_ index: Int) -> String {
    "FAVER_FUZZ_SEED=\(seed) FAVER_FUZZ_CASE=\(index) swift test --skip-build --filter mutatedCorpusFiles"
  }
}

/// A corpus file the cases start from, and the EXIF block its container holds.
struct FuzzSeedFile: Sendable {
  var path: String
  var bytes: [UInt8]
  var exif: [UInt8]?

  /// Every file under `folder` whose format faver knows, in path order.
  static func all(in folder: URL) -> [FuzzSeedFile] {
    let enumerator = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    var files: [FuzzSeedFile] = []
    while let url = enumerator?.nextObject() as? URL {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
        let data = try? Data(contentsOf: url), let format = MediaFormat.sniff(Array(data.prefix(65_536)))
      else { continue }
      let bytes = [UInt8](data)
      let found = try? MetadataReader.containerReader(for: format)?.read(
        from: MemoryByteSource(bytes), head: Array(bytes.prefix(65_536)))
      let exif = (found as? ContainedExif)?.block.map(ContainedExif.withinLibexifLimit)
      files.append(
        FuzzSeedFile(
          path: url.path.replacingOccurrences(of: folder.path + "/", with: ""), bytes: bytes, exif: exif))
    }
    return files.sorted { $0.path < $1.path }
  }
}

/// One case: a file and the damage done to it, all drawn from the seed and the case's index.
struct FuzzCase {
  var index: Int
  var file: FuzzSeedFile
  var mutations: [Mutation] = []
  var bytes: [UInt8]
  var exif: [UInt8]?

  init(index: Int, seed: UInt64, files: [FuzzSeedFile]) {
    self.index = index
    file = files[index % files.count]
    var generator = SeededGenerator(seed: seed ^ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    bytes = file.bytes
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      let mutation = Mutation.allCases.randomElement(using: &generator) ?? .setBytes
      mutations.append(mutation)
      bytes = bytes.mutated(mutation, using: &generator)
    }
    exif = file.exif.map { block in
      var damaged = block
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        damaged = damaged.mutated(
          Mutation.allCases.randomElement(using: &generator) ?? .setBytes, using: &generator)
      }
      return damaged
    }
  }

  var description: String {
    "case \(index) (\(file.path); \(mutations.map(\.rawValue).joined(separator: ", ")))"
  }

  /// Reads the damaged file and block; returns the bytes the reader read.
  func run() -> Int64 {
    let source = CountingByteSource(MemoryByteSource(bytes))
    let reader = MetadataReader(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
    _ = try? reader.read(
      source, head: Array(bytes.prefix(65_536)), modified: Date(timeIntervalSince1970: 0), name: "x")
    if let exif { _ = ExifBlock.read(exif) }
    return source.total
  }
}

/// A source that counts the bytes read through it.
final class CountingByteSource: ByteSource {
  let inner: MemoryByteSource
  private(set) var total: Int64 = 0
  init(_ inner: MemoryByteSource) { self.inner = inner }
  var size: Int64 { inner.size }
  func read(at offset: Int64, count: Int) -> [UInt8] {
    let bytes = inner.read(at: offset, count: count)
    total += Int64(bytes.count)
    return bytes
  }
}

/// What the fuzzing thread tells the test.
private struct FuzzState: Sendable {
  var current: Int?
  var started = ContinuousClock.now
  var casesRun = 0
  var failures: [String] = []
  var isDone = false
}

/// The case running, for the crash handler (it may read only atomics).
private let crashingSeed = Atomic<UInt64>(0)
private let crashingCase = Atomic<Int>(-1)

/// On a trap while a case runs, says which case it was before the process dies; returns the
/// handlers it replaced.
private func installCrashReport() -> [(Int32, __sighandler_t?)] {
  [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE].map { signal in
    let previous = Glibc.signal(signal) { number in
      let index = crashingCase.load(ordering: .relaxed)
      if index >= 0 {
        // No allocation here: the crash may have been inside malloc.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 160) { text in
          var end = 0
          func append(_ part: StaticString) {
            for index in 0..<part.utf8CodeUnitCount {
              text[end] = part.utf8Start[index]
              end += 1
            }
          }
          func append(_ value: UInt64) {
            var digits = 0
            var rest = value
            repeat {
              digits += 1
              rest /= 10
            } while rest > 0
            rest = value
            for offset in stride(from: digits - 1, through: 0, by: -1) {
              text[end + offset] = UInt8(48 + rest % 10)
              rest /= 10
            }
            end += digits
          }
          append("\nfaver fuzz: crashed while this case ran: FAVER_FUZZ_SEED=")
          append(crashingSeed.load(ordering: .relaxed))
          append(" FAVER_FUZZ_CASE=")
          append(UInt64(index))
          append("\n")
          _ = write(2, text.baseAddress, end)
        }
      }
      Glibc.signal(number, SIG_DFL)
      raise(number)
    }
    return (signal, previous)
  }
}

/// The largest peak resident size the process has had, in KiB (`VmHWM`).
private func peakResidentKiB() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return 0 }
  return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
}

@Test(.enabled(if: FuzzSettings().hasCorpus, "no corpus: ../shared/corpus is absent and FAVER_CORPUS unset"))
func mutatedCorpusFilesAreReadWithoutCrashHangOrExcess() throws {
  let settings = FuzzSettings()
  let files = FuzzSeedFile.all(in: settings.folder)
  try #require(!files.isEmpty, "no media file in \(settings.folder.path)")
  let formats = Set(files.compactMap { MediaFormat.sniff(Array($0.bytes.prefix(65_536))) })
  #expect(settings.folder != Corpus.folder || formats.count >= 10, "formats in the corpus: \(formats)")

  let state = Mutex(FuzzState())
  let finished = DispatchSemaphore(value: 0)
  let peakBefore = peakResidentKiB()
  crashingSeed.store(settings.seed, ordering: .relaxed)
  let previousHandlers = installCrashReport()
  Thread.detachNewThread {
    defer { finished.signal() }
    let deadline = ContinuousClock.now + .seconds(settings.seconds)
    var index = settings.onlyCase ?? 0
    repeat {
      let fuzz = FuzzCase(index: index, seed: settings.seed, files: files)
      crashingCase.store(index, ordering: .relaxed)
      let started = ContinuousClock.now
      state.withLock { ($0.current, $0.started) = (index, started) }
      let read = fuzz.run()
      let seconds = (ContinuousClock.now - started).seconds
      // Readers read headers, not images: a few times the file (nested containers re-read their
      // part), never the unbounded reads a length field could ask for.
      let readLimit = 8 * Int64(fuzz.bytes.count) + (16 << 20)
      var failures: [String] = []
      if seconds > settings.maximumReadSeconds {
        failures.append("\(fuzz.description) took \(seconds) s (at most \(settings.maximumReadSeconds))")
      }
      if read > readLimit { failures.append("\(fuzz.description) read \(read) bytes (at most \(readLimit))") }
      state.withLock {
        $0.casesRun += 1
        $0.failures += failures.map { "seed \(settings.seed) \($0); replay: \(settings.replay(index))" }
      }
      index += 1
    } while settings.onlyCase == nil && ContinuousClock.now < deadline
    crashingCase.store(-1, ordering: .relaxed)
  }
  if finished.wait(timeout: .now() + settings.seconds + settings.hangSeconds) == .timedOut {
    let (current, started) = state.withLock { ($0.current, $0.started) }
    let index = current ?? 0
    let fuzz = FuzzCase(index: index, seed: settings.seed, files: files)
    let message =
      "seed \(settings.seed) \(fuzz.description) still running after "
      + "\((ContinuousClock.now - started).seconds) s; replay: \(settings.replay(index))"
    Issue.record(Comment(rawValue: message))
    return
  }
  for (signal, handler) in previousHandlers { Glibc.signal(signal, handler) }
  let (casesRun, failures) = state.withLock { ($0.casesRun, $0.failures) }
  for failure in failures { Issue.record(Comment(rawValue: failure)) }
  let grown = peakResidentKiB() - peakBefore
  #expect(grown < 1 << 20, "peak memory grew by \(grown) KiB during the fuzzing (seed \(settings.seed))")
  #expect(casesRun >= min(files.count, 100) || settings.onlyCase != nil, "only \(casesRun) cases ran")
}

@Test(arguments: Mutation.allCases)
func everyMutationDamagesAFile(mutation: Mutation) {
  let file = ContainerBuilder.png(exif: Array(ExifBuilder().block().dropFirst(6)))
  var generator = SeededGenerator(seed: 9)
  let changed = (0..<100).filter { _ in file.mutated(mutation, using: &generator) != file }.count
  #expect(changed >= 40)  // setting a size to 0 changes nothing where it was 0 already
  #expect([UInt8]().mutated(mutation, using: &generator).isEmpty)
}
