import FaverCore
package import FaverStore
package import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file found under a library root.
package struct FoundFile: Hashable, Sendable {
  /// The root as given, made absolute and free of symlinks.
  package var root: String
  /// Path below the root, `/`-separated.
  package var relativePath: String
  /// What `lstat` said; nil when the walk did not stat the file (`LibraryWalker.statsFiles`),
  /// and whoever opens it asks the open file instead.
  package var stamp: FileStamp?
  package var modified: Date?

  package var absolutePath: String { joinPath(root, relativePath) }
  /// The file's name, the last component of its path.
  package var name: String {
    guard let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return relativePath }
    return String(relativePath[relativePath.utf8.index(after: slash)...])
  }
}

/// Something the walk could not go into or read; it never stops the walk.
package enum WalkIssue: Hashable, Sendable, CustomStringConvertible {
  /// `opendir` failed with `errno`; the files indexed under the folder are kept.
  case unreadableFolder(path: String, errno: Int32)
  /// `lstat` of an entry failed with `errno` (not ENOENT: that is `vanished`).
  case unreadableEntry(path: String, errno: Int32)
  case vanished(path: String)
  /// `escaped`: the name as bash's `$'…'` reads it (`shellEscaped`).
  case nonUTF8Name(folder: String, escaped: String)
  case symlinkLoop(path: String)
  case brokenSymlink(path: String)

  package var description: String {
    switch self {
    case .unreadableFolder(let path, ENOENT):
      "Folder \(path) vanished during the scan; its indexed files are kept, and the next run will see "
        + "it if it comes back."
    case .unreadableFolder(let path, let code):
      "Skipped folder \(path): \(Self.reason(code, of: "its")); its indexed files are kept."
    case .unreadableEntry(let path, let code):
      "Skipped \(path): \(Self.reason(code, of: "its folder's"))."
    case .vanished(let path): "\(path) vanished during the scan; the next run will see it if it comes back."
    case .nonUTF8Name(let folder, let escaped):
      "Skipped $'\(escaped)' in \(folder): its name is not valid UTF-8 (shown as bash's $'…' reads it). "
        + "Rename it to include it."
    case .symlinkLoop(let path): "Not following \(path): it leads back into a folder already walked."
    case .brokenSymlink(let path): "Skipped \(path): a symbolic link to nothing."
    }
  }

  /// The system's reason for `code`, and what to do where that is clear: permissions (of
  /// `whose`: the folder itself, or the folder an entry is in) only for EACCES and EPERM.
  private static func reason(_ code: Int32, of whose: String) -> String {
    switch code {
    case EACCES, EPERM: "\(errnoText(code)). Fix \(whose) permissions to include it"
    case ENAMETOOLONG:
      "its name, with the folders above it, is too long for the file system (\(errnoText(code))). "
        + "Shorten it or a folder above it to include it"
    default: errnoText(code)
    }
  }
}

/// What the walk reports, in a stable order.
package enum WalkEvent: Sendable {
  case file(FoundFile)
  /// A hidden or system file or folder that is never indexed.
  case ignored(relativePath: String)
  /// A symbolic link left alone because `followSymlinks` is off.
  case symlinkSkipped(relativePath: String)
  /// A pipe, socket or device: never media, never opened (a pipe would block the read).
  case notRegularFile(relativePath: String)
  /// A problem; `relativeFolder` is set when a whole folder could not be read, so the files
  /// indexed under it before are kept rather than taken for deleted.
  case issue(WalkIssue, unreadableFolder: String?)
}

/// Walks library roots: depth first, entries in byte order of their names, so every run visits
/// files in the same order. Hidden and known system files are skipped; symbolic links are only
/// followed when asked, and then never in a loop.
package struct LibraryWalker: Sendable {
  package var followSymlinks: Bool
  /// Absolute folders never entered (the store itself, when it lies inside a root).
  package var excludedFolders: Set<String>
  /// Whether every entry is stat'ed. When off (and links are not followed), a folder listing
  /// that tells files, folders and links apart is trusted and files come without a stamp: a
  /// first index, which opens every file anyway, then stats the open files on all cores rather
  /// than every path here on one.
  package var statsFiles = true

  /// Names of system and thumbnail files or folders that are never photos of the library.
  package static let junkNames: Set<String> = [
    "@eaDir", "Thumbs.db", "desktop.ini", "$RECYCLE.BIN", "System Volume Information", "#recycle",
  ]

  package init(followSymlinks: Bool = false, excludedFolders: Set<String> = []) {
    self.followSymlinks = followSymlinks
    self.excludedFolders = excludedFolders
  }

  /// True for names never indexed: dot files and folders (`.git`, `.thumbnails`, `.Trash-1000`,
  /// `.DS_Store`, AppleDouble `._*`) and the junk names above.
  package static func isIgnored(_ name: String) -> Bool {
    // Most names start with a letter no junk name starts with: no need to hash them.
    guard let first = name.utf8.first, junkFirstBytes.contains(first) else { return false }
    return first == UInt8(ascii: ".") || junkNames.contains(name)
  }

  private static let junkFirstBytes = Set(junkNames.compactMap(\.utf8.first) + [UInt8(ascii: ".")])

  /// Walks `root` (already absolute and canonical), calling `visit` for every event.
  /// Followed links are taken last, so a file reachable both ways is found at its real path.
  package func walk(root: String, _ visit: (WalkEvent) throws -> Void) rethrows {
    var visited: Set<FileKey> = []
    if let key = FileKey(path: root, follow: true) { visited.insert(key) }
    var stack: [String] = [""]
    var links: [String] = []
    var nextLink = 0  // links are taken in the order found (taking from the front moved them all)
    while true {
      if let folder = stack.popLast() {
        try walkFolder(root: root, folder, visited: &visited, subfolders: &stack, links: &links, visit)
      } else if nextLink < links.count {
        let relative = links[nextLink]
        nextLink += 1
        let path = joinPath(root, relative)
        var info = stat()
        guard stat(path, &info) == 0 else {
          try visit(.issue(.brokenSymlink(path: path), unreadableFolder: nil))
          continue
        }
        guard visited.insert(FileKey(info)).inserted else {
          if info.st_mode & S_IFMT == S_IFDIR {
            try visit(.issue(.symlinkLoop(path: path), unreadableFolder: nil))
          }
          continue
        }
        try visitEntry(root: root, relative, info, subfolders: &stack, visit)
      } else {
        return
      }
    }
  }

  /// Lists one folder: files are visited, subfolders pushed (in reverse, so they pop in order),
  /// symbolic links kept for later or skipped. Entries are stat'ed relative to the open folder,
  /// which spares the kernel a walk down the whole path for each file.
  private func walkFolder(
    root: String, _ folder: String, visited: inout Set<FileKey>, subfolders stack: inout [String],
    links: inout [String], _ visit: (WalkEvent) throws -> Void
  ) rethrows {
    let absolute = folder.isEmpty ? root : joinPath(root, folder)
    guard let dir = opendir(absolute) else {
      try visit(.issue(.unreadableFolder(path: absolute, errno: errno), unreadableFolder: folder))
      return
    }
    defer { closedir(dir) }
    let (entries, invalid) = Self.entries(in: dir)
    for escaped in invalid {
      try visit(.issue(.nonUTF8Name(folder: absolute, escaped: escaped), unreadableFolder: nil))
    }
    let descriptor = dirfd(dir)
    let trustsListing = !statsFiles && !followSymlinks
    var subfolders: [String] = []
    for (name, type) in entries {
      let relative = folder.isEmpty ? name : folder + "/" + name
      if Self.isIgnored(name) {
        try visit(.ignored(relativePath: relative))
        continue
      }
      if trustsListing {
        switch Int(type) {
        case DT_REG:
          try visit(.file(FoundFile(root: root, relativePath: relative)))
          continue
        case DT_DIR:
          if !excludedFolders.contains(joinPath(root, relative)) { subfolders.append(relative) }
          continue
        case DT_LNK:
          try visit(.symlinkSkipped(relativePath: relative))
          continue
        case DT_FIFO, DT_SOCK, DT_CHR, DT_BLK:
          try visit(.notRegularFile(relativePath: relative))
          continue
        default: break  // unknown (some file systems): stat it
        }
      }
      var info = stat()
      guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
        let path = joinPath(absolute, name)
        let issue: WalkIssue =
          errno == ENOENT ? .vanished(path: path) : .unreadableEntry(path: path, errno: errno)
        try visit(.issue(issue, unreadableFolder: nil))
        continue
      }
      if info.st_mode & S_IFMT == S_IFLNK {
        if followSymlinks {
          links.append(relative)
        } else {
          try visit(.symlinkSkipped(relativePath: relative))
        }
        continue
      }
      if followSymlinks, !visited.insert(FileKey(info)).inserted { continue }
      try visitEntry(root: root, relative, info, subfolders: &subfolders, visit)
    }
    stack.append(contentsOf: subfolders.reversed())
  }

  private func visitEntry(
    root: String, _ relative: String, _ info: stat, subfolders: inout [String],
    _ visit: (WalkEvent) throws -> Void
  ) rethrows {
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      if !excludedFolders.contains(joinPath(root, relative)) { subfolders.append(relative) }
    case S_IFREG:
      let file = FoundFile(
        root: root, relativePath: relative, stamp: FileStamp(info), modified: modificationDate(info))
      try visit(.file(file))
    default:
      try visit(.notRegularFile(relativePath: relative))  // sockets, devices, pipes: never media
    }
  }

  /// The folder's entries (name and `d_type`) in byte order of their names, and (escaped) the
  /// names that are not UTF-8.
  private static func entries(in dir: OpaquePointer) -> (valid: [(String, UInt8)], invalid: [String]) {
    var valid: [(name: String, type: UInt8, isASCII: Bool)] = []
    var invalid: [[UInt8]] = []
    while let entry = readdir(dir) {
      let type = entry.pointee.d_type
      withUnsafeBytes(of: entry.pointee.d_name) { raw in
        guard let cName = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
        if let name = String(validatingCString: cName) {
          if name != "." && name != ".." {
            valid.append((name, type, raw.prefix { $0 != 0 }.allSatisfy { $0 < 0x80 }))
          }
        } else {
          invalid.append(Array(raw.prefix { $0 != 0 }))
        }
      }
    }
    // For ASCII names String's own comparison is byte order, and the fastest there is.
    valid.sort { a, b in a.isASCII && b.isASCII ? a.name < b.name : utf8Precedes(a.name, b.name) }
    invalid.sort { $0.lexicographicallyPrecedes($1) }
    return (valid.map { ($0.name, $0.type) }, invalid.map(shellEscaped))
  }

  /// A name that is not valid UTF-8, written as bash's `$'…'` reads it back, so the file can be
  /// found and renamed: what is valid UTF-8 stays as it is, other bytes become `\xFF`, control
  /// characters `\n`, `\x01` or `\u0085`, and `\` and `'` are escaped.
  static func shellEscaped(_ name: [UInt8]) -> String {
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = name.makeIterator()
    var offset = 0
    func hex(_ value: UInt32, _ digits: Int) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
    while true {
      switch parser.parseScalar(from: &bytes) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        offset += encoded.count
        switch scalar.value {
        case 0x0A: text += "\\n"
        case 0x09: text += "\\t"
        case 0x0D: text += "\\r"
        case 0x5C: text += "\\\\"
        case 0x27: text += "\\'"
        case 0..<0x20, 0x7F: text += "\\x" + hex(scalar.value, 2)
        case 0x80..<0xA0, 0x2028, 0x2029: text += "\\u" + hex(scalar.value, 4)
        default: text.unicodeScalars.append(scalar)
        }
      case .error(let length):
        for byte in name[offset..<offset + length] { text += "\\x" + hex(UInt32(byte), 2) }
        offset += length
      case .emptyInput:
        return text
      }
    }
  }
}

/// Whether `a` sorts before `b` by their UTF-8 bytes (which is code point order). String's own
/// `<` compares canonically equivalent forms as equal, and is slower.
func utf8Precedes(_ a: String, _ b: String) -> Bool {
  let fast = a.utf8.withContiguousStorageIfAvailable { x in
    b.utf8.withContiguousStorageIfAvailable { y in x.lexicographicallyPrecedes(y) }
  }
  return (fast ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
}

/// A file's identity on its device.
struct FileKey: Hashable {
  var device: UInt64
  var inode: UInt64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  init?(path: String, follow: Bool) {
    var info = stat()
    guard (follow ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
    self.init(info)
  }
}

func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
