// Taps, holds, swipes and keys on the review screen.
import { review } from "./review.js";
import { currentRoute } from "./routes.js";
import { $ } from "./ui.js";

export function toggleDetails() {
  $("details").hidden = !$("details").hidden;
  review.renderDetails();
}
export function toggleCompare() {
  $("compare").hidden = !$("compare").hidden;
  if (!$("compare").hidden) review.renderCompare();
}

export function setUpReviewInput() {
  const stage = $("stage");
  let start = null;
  let holdTimer = null;
  stage.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY, time: event.timeStamp, held: false };
    holdTimer = setTimeout(() => {
      start.held = true;
      review.holding = true;
      clearTimeout(review.autoplayTimer);
      review.renderControls();
    }, 350);
  });
  const end = (event) => {
    clearTimeout(holdTimer);
    if (!start) return;
    const gesture = start;
    start = null;
    if (review.holding) { review.holding = false; review.renderControls(); review.scheduleAutoplay(); }
    if (event.type === "pointercancel" || gesture.held) return;
    // A video's own controls (play, seek, sound) are along its bottom: leave them to it.
    if (event.target === $("video") && event.clientY > stage.clientHeight - 72) return;
    const dx = event.clientX - gesture.x;
    const dy = event.clientY - gesture.y;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) return dx < 0 ? review.next() : review.previous();
    if (Math.abs(dy) > 50) return review.inBurst(dy < 0 ? 1 : -1);
    const third = stage.clientWidth / 3;
    if (event.clientX < third) return review.previous();
    if (event.clientX > 2 * third) return review.next();
    toggleDetails();
  };
  stage.addEventListener("pointerup", end);
  stage.addEventListener("pointercancel", end);
  $("photo").addEventListener("error", () => {
    $("no-preview").textContent = "No preview of this photo yet.";
    $("no-preview").hidden = false;
  });
  // The server's stand-in (a tiny grey square) for what it cannot show yet: HEIC, raw files.
  $("photo").addEventListener("load", () => {
    const photo = $("photo");
    if (photo.naturalWidth > 8) return;
    const name = (review.asset && review.asset.path.split("/").pop()) || "this photo";
    $("no-preview").textContent = `No preview of ${name} yet.`;
    $("no-preview").hidden = false;
  });
  $("favorite").addEventListener("click", () => review.toggleFavorite());
  $("reject").addEventListener("click", () => review.toggleReject());
  $("live-button").addEventListener("click", () => review.playLive());
  $("help-button").addEventListener("click", () => { $("help").hidden = !$("help").hidden; });

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || currentRoute().screen !== "review") return;
    const key = event.key;
    const handled = {
      ArrowRight: () => (event.shiftKey ? review.nextMoment() : review.next()),
      ArrowLeft: () => (event.shiftKey ? review.previousMoment() : review.previous()),
      ArrowUp: () => review.inBurst(-1),
      ArrowDown: () => review.inBurst(1),
      " ": () => review.next(),
      f: () => review.toggleFavorite(),
      p: () => review.toggleFavorite(),
      x: () => review.toggleReject(),
      u: () => review.undoLast(),
      c: () => toggleCompare(),
      l: () => review.playLive(),
      a: () => review.toggleAutoplay(),
      i: () => toggleDetails(),
      b: () => { location.hash = "#/browse"; },
      "?": () => { $("help").hidden = !$("help").hidden; },
      Escape: () => { $("help").hidden = true; $("details").hidden = true; $("compare").hidden = true; },
    }[key.length === 1 && key !== " " ? key.toLowerCase() : key];
    if (!handled) return;
    event.preventDefault();
    if (event.repeat && !key.startsWith("Arrow") && key !== " ") return;
    handled();
  });
}
