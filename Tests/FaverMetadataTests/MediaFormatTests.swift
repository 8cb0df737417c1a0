import FaverCore
import Testing

@testable import FaverMetadata

private func box(_ type: String, _ brands: [String]) -> [UInt8] {
  let body = brands.flatMap { Array($0.utf8) }
  let size = 8 + body.count
  return [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)] + Array(type.utf8) + body
}

@Test(arguments: [
  ([0xFF, 0xD8, 0xFF, 0xE1] as [UInt8], MediaFormat.jpeg),
  ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
  (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
  ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
  ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
  (box("ftyp", ["heic", "\0\0\0\0", "mif1", "heic"]), .heif),
  (box("ftyp", ["mif1", "\0\0\0\0", "mif1", "avif"]), .avif),
  (box("ftyp", ["avif", "\0\0\0\0", "mif1"]), .avif),
  (box("ftyp", ["crx ", "\0\0\0\0", "crx "]), .cr3),
  (box("ftyp", ["qt  ", "\0\0\0\0", "qt  "]), .quickTime),
  (box("ftyp", ["isom", "\0\0\0\0", "isom", "mp42"]), .mp4),
  (box("ftyp", ["XXXX", "\0\0\0\0", "mp42"]), .mp4),
  (box("moov", []), .quickTime),
])
func formatsAreRecognisedByContent(head: [UInt8], format: MediaFormat) {
  #expect(MediaFormat.sniff(head) == format)
}

private let ownRawHeads: [([UInt8], MediaFormat)] = [
  (Array("FUJIFILMCCD-RAW 0201".utf8), .raf),
  ([0x00, 0x4D, 0x52, 0x4D, 0, 0, 0x0A, 0x0C], .mrw),
  (Array("FOVb".utf8) + [2, 0, 2, 0], .x3f),
  ([0x49, 0x49, 0x1A, 0, 0, 0] + Array("HEAPCCDR".utf8), .crw),
  ([0x4D, 0x4D, 0, 0, 0, 0x1A] + Array("HEAPCCDR".utf8), .crw),
]

@Test(arguments: ownRawHeads)
func rawsWithTheirOwnContainersAreRecognised(head: [UInt8], format: MediaFormat) {
  #expect(MediaFormat.sniff(head) == format)
  #expect(format.kind == .photo)
}

@Test(arguments: [
  Array("hello, world".utf8), [], [0xFF, 0xD8], Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8),
  box("ftyp", ["XXXX", "\0\0\0\0", "XXXX"]), Array("FUJIFILM".utf8), [0x00, 0x4D, 0x52, 0x49],
  [0x49, 0x49, 0x1A, 0, 0, 0] + Array("HEAPXXXX".utf8),
])
func otherContentIsNotMedia(head: [UInt8]) {
  #expect(MediaFormat.sniff(head) == nil)
}

@Test func videosAreVideosAndStillsArePhotos() {
  #expect(MediaFormat.mp4.kind == .video && MediaFormat.quickTime.kind == .video)
  #expect(MediaFormat.allCases.filter { $0.kind == .photo }.count == MediaFormat.allCases.count - 2)
}
