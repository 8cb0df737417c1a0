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

// The stops after the photo on screen (at most two), loaded into the browser's cache under the
// address they are shown by: asked as prefetches, which the server makes after what is on screen
// and most often finds made ahead already. Each address is asked once (the last 64 remembered).
const prefetched = new Set();
export function prefetchStops(assets) {
  for (const asset of assets.slice(0, 2)) {
    const url = stageURL(asset.id);
    if (asset.kind === "video" || url.startsWith("blob:") || prefetched.has(url)) continue;
    prefetched.add(url);
    if (prefetched.size > 64) prefetched.delete(prefetched.values().next().value);
    fetch(url, { headers: { "Faver-Prefetch": "1" } })
      .then((response) => response.blob())
      .catch(() => prefetched.delete(url));
  }
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
