/// `name` (or a relative path) inside `folder`, with one slash between them: the one way faver
/// joins a root and a path below it (`/` and `a` give `/a`, not `//a`).
package func joinPath(_ folder: String, _ name: some StringProtocol) -> String {
  if folder.isEmpty { return String(name) }
  var joined = folder
  joined.reserveCapacity(folder.utf8.count + 1 + name.utf8.count)  // one allocation
  if !folder.hasSuffix("/") { joined += "/" }
  joined += name
  return joined
}

extension Asset {
  /// Where the file is: the root joined with the path below it.
  public var absolutePath: String { joinPath(root, path) }
}

extension Asset {
  /// The files reviewed as this one item: the asset, then its raw file, then its Live Photo video.
  private var members: [Companion] { [raw, companion].compactMap { $0 } }

  /// The ids of the item's files, in `memberPaths`' order (a mark on any of them is the item's).
  public var memberIDs: [AssetID] { [id] + members.map(\.id) }

  /// The item's files, absolute, in `memberIDs`' order.
  public var memberPaths: [String] { [absolutePath] + members.map(\.absolutePath) }
}

extension Asset.Companion {
  /// Where the video is: the root joined with the path below it.
  public var absolutePath: String { joinPath(root, path) }
}
