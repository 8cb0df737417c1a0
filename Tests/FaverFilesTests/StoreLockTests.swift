import FaverStore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverFiles

@Test func theWriterLockIsExclusiveAndReleasedWithItsOwner() throws {
  let temporary = try TemporaryStore()
  var lock: StoreLock? = try StoreLock(folder: temporary.folder, wait: false)
  #expect(throws: StoreError.busy(path: temporary.folder.path)) {
    try StoreLock(folder: temporary.folder, wait: false)
  }
  withExtendedLifetime(lock) {}
  lock = nil
  #expect(throws: Never.self) { try StoreLock(folder: temporary.folder, wait: false) }
}
