// "Take along" (↓, T): the next photos of the review, from the one on screen in queue order, their
// previews and asset objects fetched with a progress bar and kept in this browser (offline.js),
// for a review without a network.
import { api, previewSize, previewURL } from "./api.js";
import { keepAlong, photosReady, renderAlong, setTaking } from "./offline.js";
import { saver } from "./saver.js";
import { $, notice } from "./ui.js";

// How many photos it takes: bursts are kept whole, so a few more.
export const takeCount = 200;
let taking = false;

// Every burst of the moments after the review's place, in queue order, from the burst of the
// photo on screen, until `count` photos are taken (the last burst whole).
async function walk(count) {
  const place = await api("/api/review");
  if (!place) return null;
  const moments = [];
  const ids = [];
  let after = place.moment.id;
  let listing = [place.moment.id];
  let nextMoment = null;
  while (ids.length < count) {
    if (!listing.length) {
      if (after === null) break;
      const page = await api(`/api/moments?limit=50&after=${encodeURIComponent(after)}`);
      listing = page.moments.map((moment) => moment.id);
      if (!listing.length) break;
      after = page.next;
    }
    const moment = await api(`/api/moments/${listing.shift()}/assets`);
    moments.push(moment);
    const first = moment.moment.id === place.moment.id
      ? Math.max(0, moment.bursts.findIndex((burst) => burst.assets.includes(place.asset.id))) : 0;
    for (const burst of moment.bursts.slice(first)) {
      if (ids.length >= count) break;
      ids.push(...burst.assets);
    }
  }
  if (listing.length) nextMoment = listing[0];
  else if (after !== null) {
    const page = await api(`/api/moments?limit=1&after=${encodeURIComponent(moments[moments.length - 1].moment.id)}`);
    nextMoment = page.moments.length ? page.moments[0].id : null;
  }
  return {
    moments, ids, progress: place.progress, previousMoment: place.previousMoment, nextMoment,
  };
}

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;

// "Take along": the next `count` photos' previews (phone-sized; a video's poster frame) and their
// asset objects, kept in IndexedDB in place of those taken before, with a progress bar.
export async function takeAlong(count = takeCount) {
  if (taking) return;
  taking = true;
  setTaking(true);
  const bar = $("along-progress");
  try {
    // The marks made so far first, so that the photos are taken as the server now has them.
    await saver.flush();
    if (saver.queue.length) throw new Error("the faver server cannot be reached");
    const walked = await walk(count);
    if (!walked) { notice("Nothing is left to review: nothing to take along.", "info", 3); return; }
    const size = Math.min(previewSize(), 2048);
    const previews = new Map();
    let bytes = 0;
    bar.max = walked.ids.length;
    bar.value = 0;
    bar.hidden = false;
    const show = () => {
      const done = previews.size;
      const estimate = done ? (bytes / done) * walked.ids.length : 0;
      $("along-state").textContent = `Taking ${walked.ids.length} photos along: ${done} of ${walked.ids.length}`
        + (done ? ` · ${megabytes(bytes)} of about ${megabytes(estimate)}` : "");
      $("along").hidden = false;
      bar.value = done;
    };
    show();
    // Three at a time: the server decodes on its own pool.
    const queue = [...walked.ids];
    const fetchOne = async () => {
      while (queue.length) {
        const id = queue.shift();
        const response = await fetch(previewURL(id, size));
        if (!response.ok) throw new Error(`the preview of ${id} could not be loaded (${response.status})`);
        const blob = await response.blob();
        previews.set(id, blob);
        bytes += blob.size;
        show();
      }
    };
    await Promise.all([fetchOne(), fetchOne(), fetchOne()]);
    await keepAlong(walked, previews, bytes);
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
    notice(`${photosReady()} photos ready to review offline (${megabytes(bytes)}).`, "info", 4);
  } catch (error) {
    notice(`Could not take the photos along: ${error.message}`);
  } finally {
    taking = false;
    setTaking(false);
    bar.hidden = true;
    renderAlong();
  }
}

export function setUpTakeAlong() {
  $("along-button").addEventListener("click", () => takeAlong());
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || $("review").hidden) return;
    if (event.key.toLowerCase() !== "t") return;
    event.preventDefault();
    takeAlong();
  });
}
