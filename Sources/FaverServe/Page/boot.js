// Runs before the page's modules load (on a phone, parsing them takes 100–200 ms): asks for what
// the first photo waits for, so that the answers are on their way meanwhile. The token in the
// address is traded for the server's cookie, then where the review stands is asked with its
// moment's stops, then the photo where it stands. `api()` (api.js) takes each answer once, in
// place of asking again; it still takes the token out of the address. Only for the review of
// every photo, and only when this browser holds no mark waiting to be saved (those are sent
// first, and the review asked after).
// A classic script, not a module: it runs as soon as it is read.

(() => {
  // The size of preview the screen shows (the longer side in device pixels, rounded up to the
  // sizes the server makes); api.js takes it from here.
  const previewSize = () => {
    const pixels = Math.max(innerWidth, innerHeight) * (devicePixelRatio || 1);
    return pixels <= 1024 ? 1024 : pixels <= 2048 ? 2048 : 4096;
  };
  window.faverPreviewSize = previewSize;
  const token = /^#token=([0-9a-f]+)$/.exec(location.hash);
  const review = token || ["", "#", "#/", "#/review"].includes(location.hash);
  let pending = "[]";
  try { pending = localStorage.getItem("faver.pending") || "[]"; } catch (_) { /* private mode */ }
  const early = {};
  const signedIn = token
    ? (early["/api/session"] = fetch("/api/session", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: token[1] }),
    }))
    : Promise.resolve();
  if (review && pending === "[]") {
    // After the session, whatever it answered: without a cookie the review says 401, as it would.
    const opening = signedIn.catch(() => null).then(() => fetch("/api/review?stops=1"));
    early["/api/review?stops=1"] = opening;
    // The photo where the review stands, loaded as soon as it is known, under the address the
    // stage shows it by (stage.js `stageURL`, api.js `photoURL` at `previewSize()`), so the
    // stage finds it loaded. A photo taken along is shown from this browser's copy instead.
    opening.then((answer) => (answer.ok ? answer.clone().json() : null)).then((place) => {
      if (!place || !place.asset || place.asset.kind === "video") return;
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "image";
      link.href = `/api/assets/${place.asset.id}/preview?size=${previewSize()}&placeholder=false&purpose=review`;
      document.head.append(link);
    }).catch(() => {});
  }
  // Each is also taken if never used: an unhandled rejection would be logged.
  for (const answer of Object.values(early)) answer.catch(() => {});
  window.faverEarly = early;
})();
