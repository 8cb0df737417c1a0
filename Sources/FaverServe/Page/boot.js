// Runs before the page's modules load (on a phone, parsing them takes 100–200 ms): asks for what
// the first photo waits for, so that the answers are on their way meanwhile. The token in the
// address is traded for the server's cookie, then where the review stands is asked with its
// moment's stops, then the photo where it stands is put on the stage and drawn; the modules load
// after it and draw the rest of the review (app.js). `api()` (api.js) takes each answer once, in
// place of asking again; it still takes the token out of the address. Only for the review of
// every photo, and only when this browser holds no mark waiting to be saved (those are sent
// first, and the review asked after).
// A classic script, not a module, written into index.html as it is served (PageFiles.indexPage,
// allowed by its hash): it runs as soon as the page is read, with no request of its own.

(() => {
  // The size of preview the screen shows (the longer side in device pixels, rounded up to the
  // sizes the server makes); api.js takes it from here.
  const previewSize = () => {
    const pixels = Math.max(innerWidth, innerHeight) * (devicePixelRatio || 1);
    return pixels <= 1024 ? 1024 : pixels <= 2048 ? 2048 : 4096;
  };
  window.faverPreviewSize = previewSize;
  // A small preview is not stretched past twice its pixels on this screen (past it a tiny embedded
  // thumbnail is a smear); nopreview.js (`capStretch`) takes it from here.
  const largestStretch = 2;
  window.faverCapStretch = (image) => {
    const ratio = devicePixelRatio || 1;
    image.style.maxWidth = `${(image.naturalWidth * largestStretch) / ratio}px`;
    image.style.maxHeight = `${(image.naturalHeight * largestStretch) / ratio}px`;
  };
  const token = /^#token=([0-9a-f]+)$/.exec(location.hash);
  const review = token || ["", "#", "#/", "#/review"].includes(location.hash);
  let pending = "[]";
  try { pending = localStorage.getItem("faver.pending") || "[]"; } catch (_) { /* private mode */ }
  const early = {};
  let firstPhoto = Promise.resolve();
  const signedIn = token
    ? (early["/api/session"] = fetch("/api/session", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: token[1] }),
    }))
    : Promise.resolve();
  if (review && pending === "[]") {
    // After the session, whatever it answered: without a cookie the review says 401, as it would.
    const opening = signedIn.catch(() => null).then(() => fetch("/api/review?stops=1"));
    early["/api/review?stops=1"] = opening;
    // The photo where the review stands, shown as soon as it is known, under the address the
    // stage shows it by (stage.js `stageURL`, api.js `photoURL` at `previewSize()`): the page's
    // modules then find it on the stage and leave it there (stage.js `showOnStage`); the moment's
    // title and the controls come with them. app.js waits for this before it draws the review
    // (which waits for the same answer anyway): its first drawing (the dates' formats are made
    // then) holds the main thread 50–100 ms, and the photo's frame with it.
    firstPhoto = opening.then((answer) => (answer.ok ? answer.clone().json() : null)).then((place) => {
      if (!place || !place.asset || place.asset.kind === "video") return null;
      const id = place.asset.id;
      const show = () => {
        const photo = document.getElementById("photo");
        photo.dataset.assetId = id;
        photo.dataset.early = "";
        photo.alt = place.asset.path.split("/").pop();
        photo.src = `/api/assets/${id}/preview?size=${previewSize()}&placeholder=false&purpose=review`;
        document.getElementById("review").hidden = false;
        // Settled once the photo is drawn (after the frame that draws it), fails, or takes longer
        // than a moment: only then does the page draw the rest.
        return new Promise((settled) => {
          setTimeout(settled, 300);
          photo.decode()
            .then(() => window.faverCapStretch(photo))
            .then(() => requestAnimationFrame(() => {
              if (photo.dataset.assetId === id) performance.mark("faver:shown", { detail: id });
              setTimeout(settled);
            }))
            .catch(settled);
        });
      };
      // The body is most often read by then; "interactive" comes before the modules run.
      if (document.readyState !== "loading") return show();
      return new Promise((shown) => document.addEventListener("readystatechange", () => shown(show()), { once: true }));
    }).catch(() => {});
  }
  // Every key pressed until the page listens (the photo is on screen before the modules load:
  // app.js) is kept here, in order, and held from the page's own listeners, which would drop it
  // while the review is not drawn yet; start.js takes them once it is, which stops the keeping.
  const pressed = [];
  const keep = (event) => {
    event.stopImmediatePropagation();
    pressed.push({
      key: event.key, shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey,
      altKey: event.altKey, repeat: event.repeat,
    });
  };
  addEventListener("keydown", keep, { capture: true });
  window.faverKeysPressed = () => {
    removeEventListener("keydown", keep, { capture: true });
    return pressed;
  };
  // Each is also taken if never used: an unhandled rejection would be logged.
  for (const answer of Object.values(early)) answer.catch(() => {});
  window.faverEarly = early;
  window.faverFirstPhoto = firstPhoto;
})();
