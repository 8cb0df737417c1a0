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
  private let load: KnownFilesLoad?
  // Owned by the walking thread until the channel closes, then by the reader.
  /// What the last run saw, each file marked as this walk finds it: at the end, what is not
  /// marked is gone. Empty until loaded.
  private(set) var unseen = KnownFiles()
  /// Whether `unseen` holds what the last run saw (or nothing was to be loaded).
  private var loaded: Bool
  /// Files found before the known files were loaded, compared once they are.
  private var waiting: [FoundFile] = []
  /// Why the known files could not be read: the walk stopped at once, and nothing counts as gone.
  private(set) var loadError: (any Error)?
  /// Folders that could not be read in full ("" for the root itself).
  private(set) var unreadableFolders: [String] = []
  /// Files seen, unchanged, ignored, skipped and the walk's warnings.
  private(set) var summary = IndexSummary()

  /// A walk of `root` that compares what it finds with what `known` reads (with nothing when nil:
  /// every file goes to be read).
  init(walker: LibraryWalker, root: String, known: KnownFilesLoad?, logger: Logger) {
    self.walker = walker
    self.root = root
    self.load = known
    self.loaded = known == nil
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

  /// Thrown by the visitor to end the walk when the known files could not be read.
  private struct LoadFailed: Error {}

  private func walk(sendingTo channel: WalkChannel<FileToRead>) throws(WalkChannel<FileToRead>.Cancelled) {
    do {
      try walker.walk(root: root) { event in
        switch event {
        case .file(let found):
          summary.filesSeen += 1
          if !loaded { try settle(waiting: false, sendingTo: channel) }
          if loaded {
            try compare(found, sendingTo: channel)
          } else {
            waiting.append(found)
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
      if !loaded { try settle(waiting: true, sendingTo: channel) }
    } catch let cancelled as WalkChannel<FileToRead>.Cancelled {
      throw cancelled
    } catch is LoadFailed {
      return
    } catch {
      preconditionFailure("the walk throws only what its visitor throws: \(error)")
    }
    try channel.tally(filesSeen: summary.filesSeen)
  }

  /// Takes the known files once loaded (waiting for them when `waiting`), and compares the files
  /// that waited for them; throws `LoadFailed` when they could not be read.
  private func settle(waiting wait: Bool, sendingTo channel: WalkChannel<FileToRead>) throws {
    guard let load else { return }
    do {
      guard try load.take(into: &unseen, wait: wait) else { return }
    } catch {
      loadError = error
      throw LoadFailed()
    }
    loaded = true
    for found in waiting { try compare(found, sendingTo: channel) }
    waiting = []
  }

  /// Compares a file found with what the last run saw, and sends it to be read when it is new or
  /// changed.
  private func compare(_ found: FoundFile, sendingTo channel: WalkChannel<FileToRead>)
    throws(WalkChannel<FileToRead>.Cancelled)
  {
    if let index = unseen.media.find(found.relativePath), unseen.media.mark(index) {
      let entry = unseen.media[at: index]
      if entry.stamp == found.stamp {
        summary.unchanged += 1
        if entry.hasProblem { summary.withProblems += 1 }
      } else {
        try channel.send(FileToRead(file: found, wasMedia: true))
      }
    } else if let index = unseen.nonMedia.find(found.relativePath), unseen.nonMedia.mark(index),
      unseen.nonMedia[at: index] == found.stamp
    {
      summary.skip(.notMedia)
    } else {
      try channel.send(FileToRead(file: found, wasMedia: false))
    }
  }
}
