import Foundation
import Hummingbird

/// What a device that is not paired sees: a sentence on how to pair, a field for the code, and
/// the small script that trades the code of the pairing link (`#pair=CODE`, a fragment: never in
/// a request line or a log) by `POST /api/pair`, then opens the review page. Nothing of the
/// library is in it.
enum PairingPage {
  static let scriptPath = "/pair.js"

  static let html = """
    <!doctype html>
    <html lang="en">
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>faver: pair this device</title>
    <body>
    <h1>Pair this device with faver</h1>
    <p>This device is not paired yet. On the computer that runs <code>faver serve --lan</code>, scan the
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

  static func response(status: HTTPResponse.Status) -> Response {
    Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
  }

  static func add(to router: Router<some RequestContext>) {
    router.get("pair.js") { _, _ in
      Response(
        status: .ok,
        headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: script)))
    }
  }
}
