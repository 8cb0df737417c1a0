// The story bar over the photo: the moment's photos as segments, its date, place and counts, a
// calm sign once all of it is seen, and how much of the library is seen (today's count too).
import { describeCounts, describeMoment, describePlace, describeProgress } from "./describe.js";
import { momentum } from "./momentum.js";
import { $ } from "./ui.js";

// Up to this many segments a bar stays readable on a phone; past it a moment shows one segment
// per burst, and past it again one continuous bar.
export const readableSegments = 40;

// Draws the story of `moment` (GET /api/moments/{id}/assets) with `asset` on screen; `place`
// (GET /api/review) brings the library's progress.
export function renderStory(moment, asset, place) {
  const segments = $("segments");
  segments.textContent = "";
  segments.className = "segments";
  if (!moment) {
    $("moment-date").textContent = "";
    $("moment-place").textContent = "";
    $("moment-done").hidden = true;
    return;
  }
  const byID = new Map(moment.assets.map((item) => [item.id, item]));
  if (moment.assets.length <= readableSegments) drawPhotos(segments, moment, byID, asset);
  else if (moment.bursts.length <= readableSegments) drawBursts(segments, moment, byID, asset);
  else drawContinuous(segments, moment, asset);
  $("moment-date").textContent = describeMoment(moment.moment);
  $("moment-date").title = $("moment-date").textContent;
  $("moment-place").textContent = [describePlace(moment.moment), describeCounts(moment.moment)]
    .filter(Boolean).join(" · ");
  $("moment-done").hidden = !moment.assets.every((item) => item.reviewed);
  const progress = place && place.progress;
  if (progress) {
    // Momentum, not pressure: what is done, never what is left.
    $("library-progress").textContent = describeProgress(progress);
    $("library-progress").title = `${progress.reviewed} of ${progress.total} photos seen`;
  }
  $("session-count").textContent = momentum.text();
}

// One segment per photo, grouped by burst.
function drawPhotos(segments, moment, byID, asset) {
  for (const burst of moment.bursts) {
    const group = document.createElement("div");
    group.className = "burst";
    group.style.setProperty("--n", burst.assets.length);
    for (const id of burst.assets) {
      const item = byID.get(id);
      const segment = document.createElement("div");
      segment.className = "seg" + (item && item.reviewed ? " seen" : "")
        + (item && item.favorite ? " favorite" : "") + (item && item.id === asset.id ? " current" : "");
      group.appendChild(segment);
    }
    segments.appendChild(group);
  }
}

// One segment per burst, filled as far as its photos are seen.
function drawBursts(segments, moment, byID, asset) {
  segments.classList.add("dense");
  for (const burst of moment.bursts) {
    const assets = burst.assets.map((id) => byID.get(id)).filter(Boolean);
    const seen = assets.filter((item) => item.reviewed).length;
    const segment = document.createElement("div");
    segment.className = "seg" + (seen === assets.length ? " seen" : seen ? " partial" : "")
      + (assets.some((item) => item.favorite) ? " favorite" : "")
      + (burst.assets.includes(asset.id) ? " current" : "");
    segment.style.setProperty("--fill", String(Math.max(seen / assets.length, 0.35)));
    segment.style.flex = `${Math.sqrt(assets.length)} 1 0`;
    segments.appendChild(segment);
  }
}

// One bar: the seen photos filled in order, favorites as ticks, the photo on screen as a mark.
function drawContinuous(segments, moment, asset) {
  segments.classList.add("continuous");
  const count = moment.assets.length;
  const track = document.createElement("div");
  track.className = "track";
  const seen = moment.assets.map((item) => item.reviewed);
  // Runs of seen photos, so that a bar of thousands draws a handful of elements.
  for (let start = 0; start < count;) {
    let end = start;
    while (end < count && seen[end] === seen[start]) end += 1;
    if (seen[start]) track.appendChild(span("run", start / count, (end - start) / count));
    start = end;
  }
  moment.assets.forEach((item, index) => {
    if (item.favorite) track.appendChild(span("tick", index / count, 0));
  });
  const here = moment.assets.findIndex((item) => item.id === asset.id);
  track.appendChild(span("here", Math.max(here, 0) / count, 1 / count));
  segments.appendChild(track);
}

function span(kind, left, width) {
  const element = document.createElement("div");
  element.className = kind;
  element.style.left = `${(left * 100).toFixed(3)}%`;
  if (width) element.style.width = `${(width * 100).toFixed(3)}%`;
  return element;
}
