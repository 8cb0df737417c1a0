import FaverCore
import FaverStore
import Foundation
import Logging

/// A file the walk found that must be read: new, or changed since the last run.
struct FileToRead: Sendable {
  var file: FoundFile
  /// Whether the last run indexed it as a photo or video.
  var wasMedia: Bool
}

/// The walk of one root, on its own thread: each file found is compared with what the last run
/// saw and, when new or changed, sent to be read. What it counted and what it did not find again
/// are read once the channel is closed.
final class RootWalk: @unchecked Sendable {
  private let walker: LibraryWalker
  private let root: String
  private let logger: Logger
  // Owned by the walking thread until the channel closes, then by the reader.
  /// What the last run saw, its media marked as this walk finds them (`KnownFiles.Entry.found`),
  /// its other files removed: at the end, what is not marked or left is gone.
  private(set) var unseen: KnownFiles
  /// Folders that could not be read in full ("" for the root itself).
  private(set) var unreadableFolders: [String] = []
  /// Files seen, unchanged, ignored, skipped and the walk's warnings.
  private(set) var summary = IndexSummary()

  init(walker: LibraryWalker, root: String, known: KnownFiles, logger: Logger) {
    self.walker = walker
    self.root = root
    self.unseen = known
    self.logger = logger
  }

  /// Walks the root on a new thread, sending what must be read to `channel`, which is closed when
  /// the walk ends or is cancelled.
  func start(sendingTo channel: WalkChannel<FileToRead>) {
    Thread.detachNewThread { [self] in
      defer { channel.close() }
      try? walk(sendingTo: channel)  // only `Cancelled` is thrown: the reader has stopped
    }
  }

  private func walk(sendingTo channel: WalkChannel<FileToRead>) throws(WalkChannel<FileToRead>.Cancelled) {
    do {
      try walker.walk(root: root) { event in
        switch event {
        case .file(let found):
          summary.filesSeen += 1
          // (When the walk does not stat files, nothing was known: every file goes to be read.)
          if let index = unseen.media.index(forKey: found.relativePath), !unseen.media.values[index].found {
            unseen.media.values[index].found = true
            let entry = unseen.media.values[index]
            if entry.stamp == found.stamp {
              summary.unchanged += 1
              if entry.hasProblem { summary.withProblems += 1 }
            } else {
              try channel.send(FileToRead(file: found, wasMedia: true))
            }
          } else if let stamp = unseen.nonMedia.removeValue(forKey: found.relativePath), stamp == found.stamp
          {
            summary.skip(.notMedia)
          } else {
            try channel.send(FileToRead(file: found, wasMedia: false))
          }
          if summary.filesSeen % 1000 == 0 { try channel.tally(filesSeen: summary.filesSeen) }
        case .ignored:
          summary.ignored += 1
        case .symlinkSkipped:
          summary.skip(.symlink)
        case .notRegularFile:
          summary.skip(.notRegularFile)
        case .issue(let issue, let folder):
          logger.warning("\(issue.description)")
          summary.warn(issue.description)
          if let folder { unreadableFolders.append(folder) }
          switch issue {
          case .nonUTF8Name: summary.skip(.nonUTF8Name)
          case .vanished: summary.skip(.vanished)
          case .unreadableEntry: summary.skip(.unreadable)
          default: break
          }
        }
      }
    } catch let cancelled as WalkChannel<FileToRead>.Cancelled {
      throw cancelled
    } catch {
      preconditionFailure("the walk throws only what its visitor throws: \(error)")
    }
    try channel.tally(filesSeen: summary.filesSeen)
  }
}
