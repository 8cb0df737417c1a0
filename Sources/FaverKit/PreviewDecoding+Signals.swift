internal import FaverPreview
public import Foundation

extension PreviewDecoding {
  /// What `faver decode-worker --signals` does: limits this process (and ends it with `parent`,
  /// the process that started it), reads the signals of each of `paths` under `limits` (JSON, as
  /// the parent sent it), and returns the bytes to write on standard output.
  public static func runSignalWorker(paths: [String], limits: String, parent: Int32?) -> Data {
    let decoded = (try? JSONDecoder().decode(PreviewLimits.self, from: Data(limits.utf8))) ?? PreviewLimits()
    return Data(DecodeWorker.runSignals(paths: paths, limits: decoded, parent: parent))
  }
}
