import Foundation
import Testing

@testable import FaverKit

@Test func faverStoreEnvironmentWinsOverXDG() {
  let url = StoreLocation.resolve(flag: nil, environment: ["FAVER_STORE": "/s", "XDG_DATA_HOME": "/x"])
  #expect(url.path == "/s")
}
