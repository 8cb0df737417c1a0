// Taps, holds, swipes, pinches and keys on the review screen.
import { review } from "./review.js";
import { filterQuery } from "./filters.js";
import { currentRoute } from "./routes.js";
import { $ } from "./ui.js";
import { zoom } from "./zoom.js";

export function toggleDetails() {
  $("details").hidden = !$("details").hidden;
  review.renderDetails();
}
export function toggleCompare() {
  $("compare").hidden = !$("compare").hidden;
  if (!$("compare").hidden) review.renderCompare();
}

// Zooms in at the stage point (x, y) (the middle when not given), or back to fit.
function toggleZoom(x, y) {
  const burst = review.burst();
  zoom.toggle(review.asset, burst ? burst.assets : [review.asset && review.asset.id], x, y);
}

// Two taps this close in time and place are a double tap.
const doubleTap = { milliseconds: 300, pixels: 30 };
// A finger that moves more than this before the hold begins is swiping, not holding.
const holdSlop = 12;

export function setUpReviewInput() {
  const stage = $("stage");
  const pointers = new Map(); // the pointers down on the stage: where each is
  let start = null;
  let holdTimer = null;
  let lastTap = null; // {x, y, time} of a tap in the middle, waiting to see if a second follows
  let tapTimer = null;
  let pinch = null; // {distance, x, y} when two fingers went down
  let looked = null; // where the pointer last was over the stage: where Z zooms
  const local = (event) => {
    const box = stage.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const distance = () => {
    const [a, b] = [...pointers.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };

  stage.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    pointers.set(event.pointerId, local(event));
    if (pointers.size === 2) {
      // A second finger: a pinch, not a tap or a swipe.
      clearTimeout(holdTimer);
      start = null;
      pinch = distance();
      return;
    }
    start = { ...local(event), time: event.timeStamp, held: false, moved: false };
    if (zoom.on) return; // a drag pans; no hold while zoomed
    holdTimer = setTimeout(() => {
      start.held = true;
      review.holding = true;
      clearTimeout(review.autoplayTimer);
      review.renderControls();
    }, 350);
  });
  stage.addEventListener("pointermove", (event) => {
    looked = local(event);
    if (!pointers.has(event.pointerId)) return;
    const before = pointers.get(event.pointerId);
    pointers.set(event.pointerId, looked);
    if (pinch && pointers.size === 2) {
      const now = distance();
      if (!zoom.on && now.distance > pinch.distance * 1.25) { toggleZoom(now.x, now.y); pinch = now; }
      else if (zoom.on && now.distance < pinch.distance * 0.8) { zoom.exit(); pinch = now; }
      return;
    }
    if (zoom.on && start) {
      zoom.pan(looked.x - before.x, looked.y - before.y);
      if (Math.hypot(looked.x - start.x, looked.y - start.y) > 6) start.moved = true;
    } else if (start && !start.held && Math.hypot(looked.x - start.x, looked.y - start.y) > holdSlop) {
      // A finger that travels is a swipe, however slowly: it never becomes a hold.
      clearTimeout(holdTimer);
    }
  });
  const end = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2 && pinch) { if (!pointers.size) pinch = null; start = null; return; }
    clearTimeout(holdTimer);
    if (!start) return;
    const gesture = start;
    start = null;
    if (review.holding) { review.holding = false; review.renderControls(); review.scheduleAutoplay(); }
    if (event.type === "pointercancel" || gesture.held) return;
    const at = local(event);
    if (zoom.on) {
      // Zoomed: a drag panned; a double tap goes back to fit.
      if (gesture.moved) return;
      if (lastTap && event.timeStamp - lastTap.time < doubleTap.milliseconds) { lastTap = null; zoom.exit(); return; }
      lastTap = { ...at, time: event.timeStamp };
      return;
    }
    // A video's own controls (play, seek, sound) are along its bottom: leave them to it.
    if (event.target === $("video") && at.y > stage.clientHeight - 72) return;
    const dx = at.x - gesture.x;
    const dy = at.y - gesture.y;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) return dx < 0 ? review.next() : review.previous();
    if (Math.abs(dy) > 50) return review.inBurst(dy < 0 ? 1 : -1);
    const third = stage.clientWidth / 3;
    if (at.x < third) return review.previous();
    if (at.x > 2 * third) return review.next();
    // The middle: details, unless a second tap follows at once (a double tap zooms there).
    if (lastTap && event.timeStamp - lastTap.time < doubleTap.milliseconds
      && Math.hypot(at.x - lastTap.x, at.y - lastTap.y) < doubleTap.pixels) {
      clearTimeout(tapTimer);
      lastTap = null;
      toggleZoom(at.x, at.y);
      return;
    }
    lastTap = { ...at, time: event.timeStamp };
    clearTimeout(tapTimer);
    tapTimer = setTimeout(() => { lastTap = null; toggleDetails(); }, doubleTap.milliseconds);
  };
  stage.addEventListener("pointerup", end);
  stage.addEventListener("pointercancel", end);
  stage.addEventListener("pointerleave", () => { looked = null; });
  $("photo").addEventListener("error", () => review.photoFailed());
  $("photo").addEventListener("load", () => review.photoLoaded());
  $("favorite").addEventListener("click", () => review.toggleFavorite());
  $("reject").addEventListener("click", () => review.toggleReject());
  $("live-button").addEventListener("click", () => review.playLive());
  $("help-button").addEventListener("click", () => { $("help").hidden = !$("help").hidden; });
  addEventListener("resize", () => zoom.layout());

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || currentRoute().screen !== "review") return;
    const key = event.key;
    // Zoomed, the arrows pan (a tenth of the screen, half with Shift) and Space walks the frames of
    // the stop, at the same spot (focus checked across a burst).
    const step = (fraction) => (event.shiftKey ? 0.5 : 0.1) * fraction;
    const pan = (x, y) => () => zoom.pan(step(x * stage.clientWidth), step(y * stage.clientHeight));
    const zoomed = zoom.on ? {
      ArrowRight: pan(-1, 0), ArrowLeft: pan(1, 0), ArrowUp: pan(0, 1), ArrowDown: pan(0, -1),
      " ": () => review.inBurst(event.shiftKey ? -1 : 1),
      Escape: () => zoom.exit(),
    } : {};
    const handled = zoomed[key] || {
      ArrowRight: () => (event.shiftKey ? review.nextMoment() : review.next()),
      ArrowLeft: () => (event.shiftKey ? review.previousMoment() : review.previous()),
      ArrowUp: () => review.inBurst(-1),
      ArrowDown: () => review.inBurst(1),
      " ": () => (event.shiftKey ? review.previous() : review.next()),
      f: () => review.toggleFavorite(),
      p: () => review.toggleFavorite(),
      x: () => review.toggleReject(),
      u: () => review.undoLast(),
      c: () => toggleCompare(),
      k: () => review.keepBest(),
      l: () => review.playLive(),
      a: () => review.toggleAutoplay(),
      i: () => toggleDetails(),
      z: () => toggleZoom(looked && looked.x, looked && looked.y),
      b: () => { location.hash = `#/browse${filterQuery(review.filter)}`; },
      "?": () => { $("help").hidden = !$("help").hidden; },
      Escape: () => { $("help").hidden = true; $("details").hidden = true; $("compare").hidden = true; },
    }[key.length === 1 && key !== " " ? key.toLowerCase() : key];
    if (!handled) return;
    event.preventDefault();
    if (event.repeat && !key.startsWith("Arrow") && key !== " ") return;
    handled();
  });
}
