import Foundation
import Testing

@testable import FaverKit

/// `read(into:at:)` fills the buffer from the offset, and comes short only at the end of the file.
@Test(arguments: [(0, 4096), (1, 4096), (5000, 4096), (9000, 4096), (0, 20_000), (10_000, 1)])
func aReadFillsTheBufferUntilTheFileEnds(offset: Int, capacity: Int) throws {
  let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("faver-read-\(UUID().uuidString)")
  try Data(bytes).write(to: url)
  defer { try? FileManager.default.removeItem(at: url) }
  let handle = try FileHandle(forReadingFrom: url)
  defer { try? handle.close() }
  let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
  defer { buffer.deallocate() }
  let count = try handle.read(into: buffer, at: offset)
  #expect(count == min(capacity, bytes.count - offset))
  #expect(Array(buffer[..<count]) == Array(bytes[offset..<offset + count]))
}
