import FaverServe
import FaverTestSupport
import Foundation
import Testing

/// The secret is made once per store, readable by its owner only, and kept: a restarted server
/// knows the page's cookie.
@Test func theSecretIsMadeOnceReadableOnlyByItsOwner() throws {
  let tree = try TemporaryTree()
  let first = try ServeSecret.inStore(tree.root)
  #expect(first.value.count == 64)
  #expect(first.value.allSatisfy { $0.isHexDigit && !$0.isUppercase })
  let path = tree.root.appendingPathComponent(ServeSecret.fileName).path
  let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  #expect(mode & 0o777 == 0o600)
  #expect(try ServeSecret.inStore(tree.root) == first)
  #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path) == [ServeSecret.fileName])
  #expect(ServeSecret.random() != first)
  #expect(first.matches(first.value))
  #expect(!first.matches(String(first.value.dropLast()) + "x"))
  #expect(!first.matches(first.value + "0"))
}

@Test func aSecretOthersCanReadIsRefusedWithWhatToDo() throws {
  let tree = try TemporaryTree()
  _ = try ServeSecret.inStore(tree.root)
  let path = tree.root.appendingPathComponent(ServeSecret.fileName).path
  try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
  #expect(throws: ServeSecretError.readableByOthers(path: path)) { try ServeSecret.inStore(tree.root) }
  // A link in its place is not followed.
  try FileManager.default.removeItem(atPath: path)
  try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/etc/hostname")
  #expect(throws: ServeSecretError.unreadable(path: path)) { try ServeSecret.inStore(tree.root) }
}

/// `--open` hands the browser a page in the store, readable by its owner only, that goes on to
/// the address with the token: the token is in no command line.
@Test func theRedirectPageForOpenIsReadableOnlyByItsOwner() throws {
  let tree = try TemporaryTree()
  let url = try #require(URL(string: "http://127.0.0.1:8080/#token=" + String(repeating: "ab", count: 32)))
  let page = try #require(RedirectPage.write(to: url, in: tree.root))
  let mode = try #require(
    try FileManager.default.attributesOfItem(atPath: page.path)[.posixPermissions] as? Int)
  #expect(mode & 0o777 == 0o600)
  let html = try String(contentsOf: page, encoding: .utf8)
  #expect(html.contains(#"content="0;url=\#(url.absoluteString)""#))
  // Written again over the last one; nothing else left in the folder.
  _ = try #require(RedirectPage.write(to: url, in: tree.root))
  #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path) == [RedirectPage.fileName])
}

@Test func makingTheSecretLeavesEveryOtherFileOfTheStoreAlone() throws {
  let tree = try TemporaryTree()
  // What the temporary of this very process was once named, and one of the naming now.
  let lookAlikes = [
    ServeSecret.fileName + ".faver-\(getpid()).tmp", ServeSecret.fileName + ".faver-\(UUID().uuidString).tmp",
  ]
  for name in lookAlikes { try tree.write(name, Array("a person's".utf8)) }
  _ = try ServeSecret.inStore(tree.root)
  let url = try #require(URL(string: "http://127.0.0.1:8080/#token=" + String(repeating: "ab", count: 32)))
  _ = try #require(RedirectPage.write(to: url, in: tree.root))
  let names = Set(try FileManager.default.contentsOfDirectory(atPath: tree.root.path))
  #expect(names == Set(lookAlikes + [ServeSecret.fileName, RedirectPage.fileName]))
  for name in lookAlikes {
    #expect(try String(contentsOf: tree.root.appendingPathComponent(name), encoding: .utf8) == "a person's")
  }
}
