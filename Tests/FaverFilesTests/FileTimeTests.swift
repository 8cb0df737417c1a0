import FaverStore
import Foundation
import Testing

@testable import FaverFiles

#if canImport(Glibc)
  import Glibc
#endif

private func status(seconds: Int, nanoseconds: Int = 0) -> stat {
  var info = stat()
  info.st_size = 10
  info.st_mtim = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
  return info
}

@Test(arguments: [
  (1_700_000_000, 5, Int64(1_700_000_000_000_000_005)),
  (-1, 999_999_999, Int64(-1)),
  (9_223_372_036, 854_775_807, Int64.max),  // 2262-04-11T23:47:16.854775807Z, the last exact one
  (-9_223_372_037, 145_224_192, Int64.min),
])
func aStampHoldsNanosecondsExactlyWhereAnInt64Can(seconds: Int, nanoseconds: Int, expected: Int64) {
  #expect(FileStamp(status(seconds: seconds, nanoseconds: nanoseconds)).mtimeNs == expected)
}

@Test(arguments: [
  9_223_372_800,  // 2262-04-12
  -11_676_096_000,  // 1600-01-01
  -9_224_000_000,  // 1677-09-13
  Int.max, Int.min, 15_032_385_535,
])
func aTimeOutsideThatRangeStillTellsAChangeFromNone(seconds: Int) {
  // No trap, the same stamp for the same time, another for a time a second later or earlier.
  let stamp = FileStamp(status(seconds: seconds))
  #expect(stamp == FileStamp(status(seconds: seconds)))
  #expect(stamp != FileStamp(status(seconds: seconds &+ 1)))
  #expect(stamp != FileStamp(status(seconds: seconds &- 1)))
  #expect(stamp != FileStamp(status(seconds: seconds, nanoseconds: 1)))
  #expect(modificationDate(status(seconds: seconds)).timeIntervalSince1970 == Double(seconds))
}
