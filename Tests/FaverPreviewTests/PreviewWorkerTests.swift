import FaverPreview
import FaverTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The faver built beside the tests, which runs `decode-worker`.
private let faver = BuiltFaver.url(
  package: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
).path

/// `PreviewWorker`: every preview decoded in `faver decode-worker`, and what a hostile file can
/// make it do (hang, crash, allocate without bound) costs a placeholder with its reason.
@Suite struct PreviewWorkerTests {
  let tree: TemporaryTree
  init() throws { tree = try TemporaryTree() }

  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try tree.write(name, bytes)
    return tree.root.appendingPathComponent(name).path
  }

  func worker(seconds: Int = 10, memory: Int64 = 1 << 30, decoder: String? = nil) -> PreviewWorker {
    var limits = PreviewLimits()
    limits.seconds = seconds
    limits.memoryBytes = memory
    return PreviewWorker(
      program: faver, limits: limits, environment: decoder.map { ["FAVER_TEST_DECODER": $0] } ?? [:])
  }

  @Test func theWorkerMakesTheSamePreviewAsTheMakerInProcess() throws {
    let path = try write("photo.jpg", PreviewBombs.jpeg())
    let made = worker().run(path: path, longEdge: 48)
    #expect(try made.jpeg.get() == PreviewMaker().jpeg(of: path, longEdge: 48))
    #expect(try #require(made.cost.peakBytes) > 0)
  }

  @Test func aFileTheMakerRefusesGivesTheSameReason() throws {
    let path = try write("garbage.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00])
    let inProcess = Result { () throws(PreviewFailure) in try PreviewMaker().jpeg(of: path, longEdge: 48) }
    #expect(throws: (any Error).self) { try inProcess.get() }
    #expect(worker().run(path: path, longEdge: 48).jpeg == inProcess)
  }

  @Test func aDecoderThatNeverReturnsIsStoppedAtTheLimit() throws {
    let path = try write("photo.jpg", PreviewBombs.jpeg())
    #expect(throws: PreviewFailure.timedOut(seconds: 1)) {
      try worker(seconds: 1, decoder: "hang").jpeg(of: path, longEdge: 48)
    }
  }

  @Test func aDecoderThatCrashesGivesItsSignal() throws {
    let path = try write("photo.jpg", PreviewBombs.jpeg())
    #expect(throws: PreviewFailure.crashed(signal: SIGSEGV)) {
      try worker(decoder: "crash").jpeg(of: path, longEdge: 48)
    }
  }

  /// The worker may grow by 256 MiB: one that allocates without bound gets no more (the Swift
  /// runtime aborts), and the placeholder says it needed more memory.
  @Test func aDecoderThatAllocatesWithoutBoundIsRefusedMemory() throws {
    let path = try write("photo.jpg", PreviewBombs.jpeg())
    let limit: Int64 = 256 << 20
    let made = worker(memory: limit, decoder: "allocate").run(path: path, longEdge: 48)
    #expect(made.jpeg == .failure(.needsMemory(limit: limit)))
  }

  @Test func aProgressiveJPEGBombIsRefusedBeforeDecoding() throws {
    let bytes = try PreviewBombs.progressive(claiming: 44_000, 22_000)
    #expect(bytes.count < 2_000)
    let path = try write("bomb.jpg", bytes)
    #expect(throws: PreviewFailure.needsMemory(limit: 1 << 30)) {
      try PreviewMaker().image(of: path, longEdge: 1440)
    }
    #expect(throws: PreviewFailure.needsMemory(limit: 1 << 30)) {
      try worker().jpeg(of: path, longEdge: 1440)
    }
  }

  /// A 25 MP TIFF in strips of 16 rows is read in bands: its preview, and a worker's peak under
  /// the 175 MB its pixels took decoded whole (RGBA, then RGB).
  @Test func aLargeTIFFIsPreviewedInBands() throws {
    let path = try write("large.tif", PreviewBombs.tiff(width: 5_000, height: 5_000, rowsPerStrip: 16))
    let made = worker(seconds: 60).run(path: path, longEdge: 256)
    let image = try JPEGCodec.decode(made.jpeg.get(), atLeast: 256, limits: PreviewLimits())
    #expect((image.width, image.height) == (256, 256))
    #expect(try #require(made.cost.peakBytes) < 120 << 20)
  }

  /// Read in bands (here three, of 699 strips of 3 rows), every row lands where it belongs.
  @Test func aTIFFReadInBandsKeepsEveryRowInPlace() throws {
    let path = try write(
      "shaded.tif", PreviewBombs.tiff(width: 2_000, height: 5_000, rowsPerStrip: 3, shaded: true))
    let image = try TIFFDecoder.decode(path: path, limits: PreviewLimits())
    #expect((image.width, image.height) == (2_000, 5_000))
    let misplaced = (0..<image.height).filter { row in
      let expected = PreviewBombs.shade(row / 3)
      return [0, image.width - 1].contains { image.pixels[(row * image.width + $0) * 3] != expected }
    }
    #expect(misplaced.isEmpty)
  }

  /// In one strip libtiff decodes the strip whole (300 MB for 100 MP): refused before decoding
  /// when that and a band are over the memory a preview may use. A 25 MP strip (75 MB) is read in
  /// quarters: the worker never holds its 100 MB of RGBA.
  @Test func aTIFFInOneHugeStripStaysWithinTheLimit() throws {
    let huge = try write("huge.tif", PreviewBombs.tiff(width: 10_000, height: 10_000, rowsPerStrip: 10_000))
    let refused = worker(memory: 256 << 20).run(path: huge, longEdge: 256)
    #expect(refused.jpeg == .failure(.needsMemory(limit: 256 << 20)))
    let path = try write("strip.tif", PreviewBombs.tiff(width: 5_000, height: 5_000, rowsPerStrip: 5_000))
    let made = worker(seconds: 60, memory: 512 << 20).run(path: path, longEdge: 256)
    let image = try JPEGCodec.decode(made.jpeg.get(), atLeast: 256, limits: PreviewLimits())
    #expect((image.width, image.height) == (256, 256))
    #expect(try #require(made.cost.peakBytes) < 175 << 20)
  }

  /// Strips of 6,000 rows read in quarters (bands across both strips) keep every row in place.
  @Test func stripsReadInQuartersKeepEveryRowInPlace() throws {
    #expect(TIFFDecoder.bandRows(width: 3_000, height: 12_000, block: 6_000) == 1_500)
    let path = try write(
      "two.tif", PreviewBombs.tiff(width: 3_000, height: 12_000, rowsPerStrip: 6_000, shaded: true))
    let image = try TIFFDecoder.decode(path: path, limits: PreviewLimits())
    let misplaced = (0..<image.height).filter { row in
      image.pixels[row * image.width * 3] != PreviewBombs.shade(row / 6_000)
    }
    #expect(misplaced.isEmpty)
  }
}
