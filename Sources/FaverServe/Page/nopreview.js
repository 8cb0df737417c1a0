// A photo that cannot be shown says what it is and why, in the page's own type: its file name,
// the server's reason (the sentence `faver preview` prints, which says what to do), and where
// it lies. A small preview is shown at most twice its size, never stretched over the screen.
import { describeTaken, fileName, relativePath } from "./describe.js";
import { $ } from "./ui.js";

const kinds = {
  photo: "This photo has no preview",
  video: "This video has no preview",
  // Offline: the server may well have one, but this browser has no copy of it.
  notTaken: "Not taken along",
};

// Shows the card for `asset`, whose preview the server would not make (or, `what` being
// "notTaken", that cannot be asked of it now): `reason` says why.
export function showNoPreview(asset, reason, what = asset.kind) {
  const card = $("no-preview");
  const title = document.createElement("h2");
  title.textContent = fileName(asset);
  const kind = document.createElement("p");
  kind.className = "kind";
  kind.textContent = kinds[what] || kinds.photo;
  const why = document.createElement("p");
  why.className = "reason";
  why.textContent = reason;
  const where = document.createElement("p");
  where.className = "where";
  where.textContent = `${relativePath(asset)} · ${describeTaken(asset)}`;
  card.replaceChildren(title, kind, why, where);
  card.dataset.assetId = asset.id;
  card.hidden = false;
  $("photo").classList.add("missing");
}

export function hideNoPreview() {
  $("no-preview").hidden = true;
  $("no-preview").removeAttribute("data-asset-id");
  $("photo").classList.remove("missing");
}

// Lets `image` grow to at most twice its own pixels on this screen: boot.js's rule, which the
// first photo follows before the modules load.
export const capStretch = (image) => window.faverCapStretch(image);
