import Foundation

/// A video's poster frame: its first frame, taken by the `ffmpeg` program (which turns it upright
/// by the video's rotation) into a temporary file, stopped after `PreviewLimits.videoSeconds`.
package struct VideoFrame: Sendable {
  /// The ffmpeg program; nil when none is installed.
  package var ffmpeg: String?

  package init(ffmpeg: String?) { self.ffmpeg = ffmpeg }

  /// ffmpeg as found on `PATH` in `environment`, else nil.
  package static func findFFmpeg(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.lazy.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The first frame of the video at `path` as a JPEG whose long edge is at most `longEdge`.
  package func jpeg(of path: String, longEdge: Int, limits: PreviewLimits) throws(PreviewFailure) -> [UInt8] {
    guard let ffmpeg else { throw .noVideoTool }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "faver-frame-\(UUID().uuidString).jpg")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments = [
      "-nostdin", "-v", "error", "-i", path, "-frames:v", "1", "-an",
      "-vf", "scale='min(\(longEdge),iw)':'min(\(longEdge),ih)':force_original_aspect_ratio=decrease",
      "-q:v", "3", "-f", "image2", "-y", output.path,
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    do {
      try process.run()
    } catch {
      throw .noVideoTool
    }
    if done.wait(timeout: .now() + .seconds(limits.videoSeconds)) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      done.wait()
      throw .timedOut(seconds: limits.videoSeconds)
    }
    guard process.terminationStatus == 0, let bytes = try? Data(contentsOf: output), !bytes.isEmpty else {
      throw .damaged(
        format: "video", reason: "ffmpeg found no frame (exit status \(process.terminationStatus))")
    }
    return Array(bytes)
  }
}
