// The stage: the photo (its preview) or the video on screen, a Live Photo's video over it, and
// the card of a photo without a preview.
import { api, photoURL, previewURL } from "./api.js";
import { capStretch, hideNoPreview, showNoPreview } from "./nopreview.js";
import { $, notice } from "./ui.js";

// The photo on the review screen, asked as such: the server then makes the next stops' previews
// ahead, at this size. A photo taken along is shown from this browser's copy (a `blob:` address),
// asked of no server.
const stageURL = (id) => {
  const url = photoURL(id);
  return url.startsWith("blob:") ? url : `${url}&purpose=review`;
};

// The photos about to be shown (the next stops, the one before), loaded and decoded before they
// are asked for, so that a move swaps in a photo that is ready. Each is fetched as a prefetch
// (which the server makes after what is on screen, and most often finds made ahead already), then
// decoded from the browser's cache under the address it is shown by; what is no longer about to
// be shown is let go.
const ready = new Map(); // stage address → its Image, loading or decoded
let waiting = null; // the photos to prepare once the photo on screen is decoded
export function prepareStops(assets) {
  // The photo on screen first: nothing is asked or decoded ahead of it (on opening, the first
  // photo would share the server and the browser's decoding with the stops after it).
  const photo = $("photo");
  if (!photo.hidden && photo.getAttribute("src") && photo.dataset.decoded !== photo.getAttribute("src")) {
    if (!waiting) {
      // Decoded or failed, it is settled (a photo with no preview must not hold the next ones).
      const source = photo.getAttribute("src");
      const then = () => { const later = waiting; waiting = null; if (later) prepareStops(later); };
      photo.decode().catch(() => {}).then(() => { photo.dataset.decoded = source; then(); });
    }
    waiting = assets;
    return;
  }
  waiting = null;
  const wanted = new Set();
  for (const asset of assets) {
    if (!asset || asset.kind === "video") continue;
    const url = stageURL(asset.id);
    wanted.add(url);
    if (ready.has(url)) continue;
    const image = new Image();
    ready.set(url, image);
    const loaded = url.startsWith("blob:") ? Promise.resolve()
      : fetch(url, { headers: { "Faver-Prefetch": "1" } }).then((response) => {
        if (!response.ok) throw new Error(response.statusText);
        return response.blob();
      });
    loaded.then(() => {
      if (ready.get(url) !== image) return null;
      image.src = url;
      return image.decode();
    }).catch(() => { if (ready.get(url) === image) ready.delete(url); });
  }
  const shown = photo.getAttribute("src");
  for (const url of [...ready.keys()]) if (!wanted.has(url) && url !== shown) ready.delete(url);
}

// The photo on screen is drawn: a Performance mark `faver:shown` (its id the detail), after the
// marks `faver:ask` of the key or tap that asked for it and `faver:swap` when its address was set,
// for the browser benchmark to read (ask → swap is the page's own work, swap → shown loading,
// decoding and drawing).
function markShown(photo, id) {
  photo.decode()
    .then(() => requestAnimationFrame(() => {
      if (photo.dataset.assetId === id) performance.mark("faver:shown", { detail: id });
    }))
    .catch(() => {});
}

// Shows `asset`: a photo's preview, or a video playing muted with its preview as poster.
export function showOnStage(asset) {
  const photo = $("photo");
  const video = $("video");
  $("live").hidden = true;
  $("live").pause();
  if (asset.kind === "video") {
    photo.hidden = true;
    photo.removeAttribute("data-asset-id");
    video.hidden = false;
    video.muted = true;
    video.autoplay = true;
    video.dataset.assetId = asset.id;
    if (video.getAttribute("src") !== `/api/assets/${asset.id}/video`) {
      video.src = `/api/assets/${asset.id}/video`;
      video.poster = previewURL(asset.id);
    }
    hideNoPreview();
  } else {
    video.hidden = true;
    video.pause();
    video.removeAttribute("data-asset-id");
    video.removeAttribute("src");
    photo.hidden = false;
    photo.dataset.assetId = asset.id;
    photo.alt = asset.path.split("/").pop();
    const source = stageURL(asset.id);
    if (photo.getAttribute("src") !== source) {
      hideNoPreview();
      photo.style.maxWidth = photo.style.maxHeight = "";
      photo.src = source;
      performance.mark("faver:swap", { detail: asset.id });
      markShown(photo, asset.id);
    } else if (photo.dataset.early !== undefined) {
      // Shown by boot.js before the page listened for its load or error (keys.js): told now.
      delete photo.dataset.early;
      if (photo.complete) photo.dispatchEvent(new Event(photo.naturalWidth ? "load" : "error"));
    }
  }
}

// The photo's preview loaded: a small one is not stretched past twice its size.
export function photoLoaded() {
  hideNoPreview();
  capStretch($("photo"));
}

// The preview of `asset` could not be loaded: the server's reason, asked again as JSON, on a
// card (unless `current()` moved on meanwhile); offline, that it was not taken along, as its
// frame in the strip says.
export async function photoFailed(asset, current) {
  if (!asset || asset.kind === "video") return;
  let reason = "The preview could not be loaded.";
  let kind = asset.kind;
  try {
    await api(photoURL(asset.id));
  } catch (error) {
    reason = error.status === 422 ? error.message : `The preview could not be loaded: ${error.message}.`;
    if (error.status === 0) [kind, reason] = ["notTaken", "It is shown once the faver server can be reached."];
  }
  if (current() === asset) showNoPreview(asset, reason, kind);
}

// L: the Live Photo's video over the still, once.
export function playLive(asset) {
  if (!asset || !asset.companion) return;
  const live = $("live");
  live.src = `/api/assets/${asset.companion.id}/video`;
  live.hidden = false;
  live.onended = () => { live.hidden = true; };
  live.play().catch(() => { live.hidden = true; notice("This Live Photo's video cannot play here.", "info", 3); });
}
