import FaverCore
import FaverPreview
import FaverTestSupport
import Foundation
import Testing

/// Variants of real camera photos, made by Pillow in a temporary folder (nothing committed): the
/// photo turned upright and re-encoded, resized, cropped a little, brighter and darker, and a
/// ladder of Gaussian blurs.
private enum Variants {
  static let sources = [
    "exifr-fixtures/IMG_20180725_163423.jpg", "exifr-fixtures/canon-dslr.jpg",
    "immich-test-assets/albums/text/craft-beer.jpg", "immich-test-assets/albums/text/book-beside-flowers.jpg",
  ]
  /// Names of the variants of each source that show the same picture.
  static let same = ["reencoded", "half", "cropped", "brighter", "darker"]
  /// Gaussian radii (in pixels of the full photo) of the blur ladder, sharpest first.
  static let blurs = [0, 6, 12, 24, 48]

  static let hasPillow: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", "import PIL"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  static let script = """
    import sys
    from PIL import Image, ImageEnhance, ImageFilter, ImageOps
    source, folder = sys.argv[1], sys.argv[2]
    image = ImageOps.exif_transpose(Image.open(source)).convert("RGB")
    w, h = image.size
    image.save(folder + "/reencoded.jpg", quality=70)
    image.resize((w // 2, h // 2), Image.LANCZOS).save(folder + "/half.jpg", quality=90)
    image.crop((w * 3 // 100, h * 3 // 100, w - w * 3 // 100, h - h * 3 // 100)).save(folder + "/cropped.jpg", quality=90)
    ImageEnhance.Brightness(image).enhance(1.25).save(folder + "/brighter.jpg", quality=90)
    ImageEnhance.Brightness(image).enhance(0.75).save(folder + "/darker.jpg", quality=90)
    for radius in [int(r) for r in sys.argv[3].split(",")]:
        blurred = image.filter(ImageFilter.GaussianBlur(radius)) if radius else image
        blurred.save(folder + "/blur%d.jpg" % radius, quality=95)
    """

  /// The variants of `source`, made once per test run, by name.
  static func make(_ source: String, in tree: TemporaryTree) throws -> String {
    let folder = tree.root.appendingPathComponent((source as NSString).lastPathComponent + ".variants")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c", script, PreviewCorpus.path(source), folder.path, blurs.map(String.init).joined(separator: ","),
    ]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return folder.path
  }
}

/// The faver built beside the tests, which runs `decode-worker --signals`.
private let faver = BuiltFaver.url(
  package: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
).path

@Suite(
  .enabled(if: PreviewCorpus.isPresent, "../shared/corpus is not beside the checkout"),
  .enabled(if: Variants.hasPillow, "Pillow (python3-pil) is not installed"))
struct SignalMakerTests {
  let tree: TemporaryTree
  let maker = SignalMaker()
  init() throws { tree = try TemporaryTree() }

  @Test(arguments: Variants.sources)
  func reencodesResizesCropsAndBrightnessChangesStayWithinTheDistance(source: String) throws {
    let folder = try Variants.make(source, in: tree)
    let original = try maker.signals(of: PreviewCorpus.path(source))
    for name in Variants.same {
      let variant = try maker.signals(of: folder + "/\(name).jpg")
      #expect(
        original.distance(to: variant) <= SimilarGrouper.defaultDistance,
        "\(name): \(original.distance(to: variant))")
    }
  }

  @Test func differentPhotosAreFurtherApartThanTheDistance() throws {
    let signals = try Variants.sources.map { try maker.signals(of: PreviewCorpus.path($0)) }
    for (index, a) in signals.enumerated() {
      for b in signals[(index + 1)...] {
        #expect(a.distance(to: b) > SimilarGrouper.defaultDistance, "\(a.distance(to: b))")
      }
    }
  }

  @Test(arguments: Variants.sources)
  func aLadderOfBlursIsRankedInOrder(source: String) throws {
    let folder = try Variants.make(source, in: tree)
    let scores = try Variants.blurs.map { try maker.signals(of: folder + "/blur\($0).jpg").sharpness }
    #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 > $1 }, "\(scores)")
  }

  @Test func aBurstWithOneSharpFrameSuggestsIt() throws {
    let source = Variants.sources[0]
    let folder = try Variants.make(source, in: tree)
    // The sharp frame third, the blurred ones around it: one burst, as the queue gives it.
    let frames = [12, 6, 0, 24]
    let paths = frames.map { folder + "/blur\($0).jpg" }
    let results = SignalWorker(worker: PreviewWorker(program: faver)).signals(of: paths)
    let candidates = try zip(frames, results).enumerated().map { index, frame in
      SimilarGrouper.Candidate(
        id: AssetID(rawValue: "blur\(frame.0)"), moment: 0, burst: 0,
        instant: Date(timeIntervalSince1970: Double(index)), signals: try frame.1.get())
    }
    let groups = SimilarGrouper().groups(in: candidates)
    #expect(groups.count == 1)
    #expect(groups.first?.suggested == AssetID(rawValue: "blur0"))
    #expect(groups.first?.reason?.hasPrefix("sharpest") == true, "\(groups.first?.reason ?? "")")
  }

  @Test func theWorkerAnswersEachFileAndABadOneCostsOnlyItself() throws {
    try tree.write("broken.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 100))
    let paths = [
      PreviewCorpus.path(Variants.sources[1]), tree.root.appendingPathComponent("broken.jpg").path,
      tree.root.appendingPathComponent("gone.jpg").path,
    ]
    let results = SignalWorker(worker: PreviewWorker(program: faver)).signals(of: paths)
    #expect(results.count == 3)
    #expect(try results[0].get() == maker.signals(of: paths[0]))
    guard case .failure(.damaged) = results[1] else {
      Issue.record("a damaged JPEG: \(results[1])")
      return
    }
    guard case .failure(.unreadable) = results[2] else {
      Issue.record("a missing file: \(results[2])")
      return
    }
  }

  @Test func aCrashingDecoderBecomesAFailureForEachFile() throws {
    let worker = PreviewWorker(program: faver, environment: ["FAVER_TEST_DECODER": "crash"])
    let results = SignalWorker(worker: worker).signals(of: [
      PreviewCorpus.path(Variants.sources[1]), "/nonexistent",
    ])
    #expect(results.count == 2)
    for result in results {
      guard case .failure(.crashed) = result else {
        Issue.record("\(result)")
        continue
      }
    }
  }
}
