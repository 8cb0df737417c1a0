import Foundation
import Testing

/// Whether this machine lets the test make a network namespace (root, `ip`): the phone of the
/// offline test lives in one, so that its requests are remote ones that need pairing.
enum NetworkNamespace {
  static let ip = "/usr/sbin/ip"

  static var available: Bool {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: ip) else { return false }
    let name = "faver-probe-\(getpid())"
    guard (try? BrowserTools.run(ip, ["netns", "add", name]).status) == 0 else { return false }
    _ = try? BrowserTools.run(ip, ["netns", "del", name])
    return true
  }
}

/// A phone on the network (chromium at phone size with touch, in a network namespace joined to
/// this machine by a veth pair; `browser/offline_review.py`) pairs through the printed link,
/// reviews, takes 50 photos along, reviews 20 of them offline with favorites and an undo, and
/// once back online every mark is in `faver favorites --json`, except where the CLI marked the
/// photo later; over HTTPS with a self-signed certificate, the service worker lets the page
/// reload offline on the photos taken along. `FAVER_SCREENSHOTS=folder` keeps the screenshots.
@Test(
  .enabled(
    if: BrowserTools.available,
    "needs chromium, chromium-driver, python3-selenium and python3-pil (scripts/install-deps)"),
  .enabled(if: NetworkNamespace.available, "needs root and ip(8) to make a network namespace for the phone"))
func aPairedPhoneReviewsOfflineOnThePhotosItTookAlong() throws {
  let script = ServeWorkspace.package.appendingPathComponent(
    "Tests/FaverServeTests/browser/offline_review.py")
  var arguments = [script.path, "--faver", BrowserTools.faver.path]
  if let folder = ProcessInfo.processInfo.environment["FAVER_SCREENSHOTS"] {
    arguments += ["--screenshots", folder]
  }
  let (status, output) = try BrowserTools.run(BrowserTools.python, arguments)
  #expect(status == 0, "\(output)")
  #expect(output.contains("all passed"), "\(output)")
}

/// A paired phone's favorites meet the library's changes (`browser/revoked_phone.py`): one lands
/// on its photo edited in place since (a new id), one for a photo deleted is kept on the phone and
/// named in a notice; then, its pairing revoked, the phone clears what it took along (IndexedDB,
/// localStorage, sessionStorage, caches, its service worker) and shows the pairing page.
@Test(
  .enabled(
    if: BrowserTools.available,
    "needs chromium, chromium-driver, python3-selenium and python3-pil (scripts/install-deps)"),
  .enabled(if: NetworkNamespace.available, "needs root and ip(8) to make a network namespace for the phone"))
func aRevokedPhoneForgetsWhatItTookAlong() throws {
  let script = ServeWorkspace.package.appendingPathComponent("Tests/FaverServeTests/browser/revoked_phone.py")
  var arguments = [script.path, "--faver", BrowserTools.faver.path]
  if let folder = ProcessInfo.processInfo.environment["FAVER_SCREENSHOTS"] {
    arguments += ["--screenshots", folder]
  }
  let (status, output) = try BrowserTools.run(BrowserTools.python, arguments)
  #expect(status == 0, "\(output)")
  #expect(output.contains("all passed"), "\(output)")
}
