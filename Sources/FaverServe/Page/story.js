// The story bar over the photo: a segment per photo of the moment (or per burst, for a long one),
// the moment's date, place and counts, and how much of the library is seen.
import { describeCounts, describeMoment, describePlace } from "./describe.js";
import { $ } from "./ui.js";

// Draws the story of `moment` (GET /api/moments/{id}/assets) with `asset` on screen; `place`
// (GET /api/review) brings the library's progress.
export function renderStory(moment, asset, place) {
  const segments = $("segments");
  segments.textContent = "";
  if (!moment) { $("moment-date").textContent = ""; $("moment-place").textContent = ""; return; }
  const byID = new Map(moment.assets.map((item) => [item.id, item]));
  // A long moment: one segment per burst, filled as far as its photos are seen.
  const perBurst = moment.assets.length > 120;
  segments.classList.toggle("dense", perBurst);
  for (const burst of moment.bursts) {
    if (perBurst) {
      const assets = burst.assets.map((id) => byID.get(id)).filter(Boolean);
      const seen = assets.filter((item) => item.reviewed).length;
      const segment = document.createElement("div");
      segment.className = "seg" + (seen === assets.length ? " seen" : seen ? " partial" : "")
        + (assets.some((item) => item.favorite) ? " favorite" : "")
        + (burst.assets.includes(asset.id) ? " current" : "");
      segment.style.setProperty("--fill", String(Math.max(seen / assets.length, 0.35)));
      segment.style.flex = `${Math.sqrt(assets.length)} 1 0`;
      segments.appendChild(segment);
      continue;
    }
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
  $("moment-date").textContent = describeMoment(moment.moment);
  $("moment-place").textContent = [describePlace(moment.moment), describeCounts(moment.moment)]
    .filter(Boolean).join(" · ");
  const progress = place && place.progress;
  if (progress) {
    const percent = progress.total ? Math.floor((100 * progress.reviewed) / progress.total) : 100;
    // Momentum, not pressure: what is done, never what is left.
    $("library-progress").textContent = progress.reviewed
      ? `${percent} % of your library seen` : `${progress.total} photos to see`;
    $("library-progress").title = `${progress.reviewed} of ${progress.total} photos seen`;
  }
}
