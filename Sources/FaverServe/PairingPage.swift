import Foundation
import Hummingbird

/// What a device that is not paired sees: a sentence on how to pair, a field for the code, and
/// the small script that trades the code of the pairing link (`#pair=CODE`, a fragment: never in
/// a request line or a log) by `POST /api/pair`, then opens the review page. Nothing of the
/// library is in it.
enum PairingPage {
  static let scriptPath = "/pair.js"
  static let stylePath = "/pair.css"

  /// The pairing page's own files, open to any device.
  static func isFile(_ path: String) -> Bool { path == scriptPath || path == stylePath }

  static let html = """
    <!doctype html>
    <html lang="en">
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>faver: pair this device</title>
    <link rel="stylesheet" href="/pair.css">
    <body>
    <h1>Pair this device with faver</h1>
    <p>PAIRED_STATE On the computer that runs <code>faver serve --lan</code>, scan the
    QR code it shows, or open the pairing link it printed (it ends in <code>#pair=…</code>) here.</p>
    <p>Or type the code of that link:</p>
    <p><input id="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false">
    <button id="pair" type="button">Pair</button></p>
    <p id="status" role="status"></p>
    <p>A code works once, for 10 minutes.</p>
    <script src="/pair.js"></script>
    </body>
    </html>

    """

  /// The review page's look: dark, calm, one column a thumb can reach.
  static let style = """
    :root { color-scheme: dark; }
    body { margin: 0 auto; max-width: 30rem; padding: 2.5rem 1.5rem; background: #0b0b0d; color: #ececf1;
      font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    h1 { font-size: 1.5rem; font-weight: 600; margin: 0 0 1rem; }
    p { color: #b9b9c3; }
    code { color: #ececf1; background: #1c1c21; padding: 0.1em 0.35em; border-radius: 4px; white-space: nowrap; }
    input, button { font: inherit; border-radius: 12px; padding: 0.6rem 0.9rem; }
    input { width: 11rem; background: #1c1c21; color: #ececf1; border: 1px solid #3a3a44;
      letter-spacing: 0.12em; text-transform: uppercase; }
    button { background: #ececf1; color: #0b0b0d; border: 0; font-weight: 600; margin-left: 0.4rem; }
    #status { color: #ffd591; min-height: 1.5em; }

    """

  static let script = """
    "use strict";
    (function () {
      const status = document.getElementById("status");
      async function pair(code) {
        status.textContent = "Pairing…";
        try {
          const response = await fetch("/api/pair", {
            method: "POST", headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ code: code }), credentials: "same-origin",
          });
          if (response.ok) { location.replace("/"); return; }
          const body = await response.json().catch(() => ({}));
          status.textContent = body.error || "This code did not pair the device.";
        } catch (error) {
          status.textContent = "faver cannot be reached: is `faver serve --lan` still running?";
        }
      }
      // Revoked: what the review page kept on this device goes (as Clear-Site-Data asks, for a
      // browser that does not honour it).
      if (document.body.dataset.revoked !== undefined) {
        try { localStorage.clear(); sessionStorage.clear(); } catch (_) {}
        if (window.caches) caches.keys().then((names) => names.forEach((name) => caches.delete(name))).catch(() => {});
        if (indexedDB.databases) {
          indexedDB.databases().then((list) => list.forEach((item) => indexedDB.deleteDatabase(item.name))).catch(() => {});
        } else indexedDB.deleteDatabase("faver-along");
        if (navigator.serviceWorker) {
          navigator.serviceWorker.getRegistrations().then((all) => all.forEach((one) => one.unregister())).catch(() => {});
        }
      }
      const match = /^#pair=([0-9A-Za-z-]+)$/.exec(location.hash);
      if (match) {
        history.replaceState(null, "", location.pathname);
        pair(match[1]);
      }
      document.getElementById("pair").addEventListener("click", () => {
        pair(document.getElementById("code").value);
      });
    })();

    """

  /// The pairing page; `revoked`, for a device whose pairing was ended: it says so, and its
  /// script clears what the review page kept on the device.
  static func response(status: HTTPResponse.Status, revoked: Bool = false) -> Response {
    let state =
      revoked
      ? "This device is no longer paired with faver, and what it kept for reviewing offline was removed from it. To review here again, pair it anew."
      : "This device is not paired yet."
    let page = html.replacingOccurrences(of: "PAIRED_STATE", with: state)
      .replacingOccurrences(of: "<body>", with: revoked ? "<body data-revoked>" : "<body>")
    return Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
  }

  static func add(to router: Router<some RequestContext>) {
    router.get("pair.css") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "no-cache"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: style)))
    }
    router.get("pair.js") { _, _ in
      Response(
        status: .ok,
        headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: script)))
    }
  }
}
