public import Foundation

/// What `faver serve --open` hands the browser: a page in the store that sends it on to the
/// server's address, so the secret in that address is never in a command line (which every user
/// of the machine can read, in `ps`). Readable by its owner only, as Jupyter does.
public enum RedirectPage {
  public static let fileName = "serve-open.html"

  /// Writes the page for `url` into `folder` (the store); the file to open, nil when it could
  /// not be written.
  public static func write(to url: URL, in folder: URL) -> URL? {
    let file = folder.appendingPathComponent(fileName)
    let address = url.absoluteString.replacingOccurrences(of: "\"", with: "%22")
      .replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: "&", with: "%26")
    let html = """
      <!doctype html>
      <meta charset="utf-8">
      <meta http-equiv="refresh" content="0;url=\(address)">
      <title>faver</title>
      <p><a href="\(address)">Open faver's review page</a></p>

      """
    return OwnerOnlyFile.save(Array(html.utf8), to: file.path, .replacing) ? file : nil
  }
}
