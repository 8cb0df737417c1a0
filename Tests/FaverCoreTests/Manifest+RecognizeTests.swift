import Foundation
import Testing

@testable import FaverCore

/// A manifest's bytes as faver writes them.
private func written(gaps: [Double]) throws -> [UInt8] {
  let assets = Asset.fixtures(gaps: gaps)
  let clustering = MomentClusterer(mode: .smart).moments(in: assets)
  let queue = ReviewQueue(moments: clustering.moments, reviewed: [])
  return Array(
    try Manifest(clustering: clustering, queue: queue, generatedAt: Date(timeIntervalSince1970: 0)).encoded())
}

/// Whether `bytes` pass, seen as the recognizer is given them: the first and last bytes.
private func recognized(_ bytes: [UInt8]) -> Bool {
  let length = Manifest.recognizedLength
  return Manifest.isWrittenByFaver(start: Array(bytes.prefix(length)), end: Array(bytes.suffix(length)))
}

@Test(arguments: [[], [1], [1, 60, 5 * 3600, 60, 600]] as [[Double]])
func aManifestFaverWroteIsRecognized(gaps: [Double]) throws {
  let bytes = try written(gaps: gaps)
  #expect(recognized(bytes))
  #expect(recognized(bytes + Array("\n".utf8)))
}

@Test(arguments: [
  #"{"generatedAt": "2024-06-01T10:00:00Z", "schemaVersion": 5, "thresholdSeconds": 3600}"#,  // jq's layout
  "{\n  \"generatedAt\" : \"2024\",\n  \"tool\" : \"theirs\"\n}",  // another program's keys
  "{\n  \"generatedAt\" : \"x\",\n  \"schemaVersion\" : five,\n  \"thresholdSeconds\" : 3600\n}",
  "{\n  \"generatedAt\" : \"x\",\n  \"schemaVersion\" : 5,\n  \"thresholdSeconds\" : soon\n}",
  "my notes on the trip\n",
  "",
])
func anotherFileIsNot(text: String) {
  #expect(!recognized(Array(text.utf8)))
}

@Test func aPhotoIsNot() throws {
  var bytes = try written(gaps: [1])
  bytes.replaceSubrange(0..<1, with: [0xFF, 0xD8, 0xFF, 0xE0])
  #expect(!recognized(bytes))
}
