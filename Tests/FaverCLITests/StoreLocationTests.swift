import Foundation
import Testing

@testable import FaverKit

@Test func storeFlagWinsOverTheEnvironment() {
  let url = StoreLocation.resolve(flag: "/tmp/s", environment: ["FAVER_STORE": "/elsewhere"])
  #expect(url.path == "/tmp/s")
}

@Test func relativeXDGDataHomeIsIgnored() {
  let url = StoreLocation.resolve(flag: nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/home/a"])
  #expect(url.path == "/home/a/.local/share/faver")
}
