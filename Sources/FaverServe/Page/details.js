// The details panel (I, or a tap in the middle): what faver knows of the photo on screen, as
// people read it; and the quiet line under the photo (its name and time).
import { api } from "./api.js";
import {
  describeCamera, describeCoordinate, describeExposure, describePlace, describeTaken, fileName, photoTime,
  relativePath,
} from "./describe.js";
import { $ } from "./ui.js";

// The lens and exposure of the photos shown, by id (GET /api/assets/{id}/exposure, read from the
// file when first asked).
const exposures = new Map();

export const stateOf = (asset) =>
  asset.favorite ? "favorite" : asset.rejected ? "rejected" : asset.reviewed ? "reviewed" : "unreviewed";

const stateNames = { favorite: "♥ favorite", rejected: "✕ rejected", reviewed: "seen", unreviewed: "not seen yet" };

// The line under the photo: its file name and the time its camera showed, in two forms of which
// the style shows one: the whole date, or on a phone's narrow line the day and month only.
export function renderPhotoLine(asset) {
  $("photo-name").textContent = asset ? fileName(asset) : "";
  const forms = asset && photoTime(asset.takenAt) ? ["medium", "short"] : [];
  $("photo-time").replaceChildren(...forms.map((form) => {
    const span = document.createElement("span");
    span.className = form;
    span.textContent = photoTime(asset.takenAt, form);
    return span;
  }));
}

// Fills the panel with `asset`'s details, when the panel is shown; `moment` (its summary) names
// the place.
export function renderDetails(asset, moment) {
  const box = $("details");
  if (box.hidden || !asset) return;
  box.dataset.assetId = asset.id;
  const position = describeCoordinate(asset.latitude, asset.longitude);
  const placeName = moment && position ? describePlace(moment) : "";
  const rows = [
    ["File", relativePath(asset)],
    ["In", asset.root],
    ["Taken", describeTaken(asset)],
    ["Camera", describeCamera(asset) || "unknown"],
    ...exposureRows(asset, moment),
    ["Place", position ? [placeName && !placeName.includes("°") ? `near ${placeName}` : "", position]
      .filter(Boolean).join(" · ") : "no position"],
    ["State", stateNames[stateOf(asset)]],
    ["Id", asset.id],
  ];
  const below = (path) => relativePath({ path, root: asset.root });
  if (asset.companion) rows.push(["Live Photo video", below(asset.companion.path)]);
  if (asset.raw) rows.push(["Raw file", below(asset.raw.path)]);
  if (asset.duplicates.length) rows.push(["Also at", asset.duplicates.join("\n")]);
  if (asset.problem) rows.push(["Problem", asset.problem]);
  const list = document.createElement("dl");
  for (const [name, value] of rows) {
    const term = document.createElement("dt");
    term.textContent = name;
    const text = document.createElement("dd");
    text.textContent = value;
    list.append(term, text);
  }
  box.replaceChildren(list);
}

// The lens and exposure rows once known; the first time, asked for and drawn when they come.
function exposureRows(asset, moment) {
  if (asset.kind === "video") return [];
  const exposure = exposures.get(asset.id);
  if (exposure === undefined) {
    exposures.set(asset.id, null);
    api(`/api/assets/${asset.id}/exposure`).then((found) => {
      exposures.set(asset.id, found);
      if ($("details").dataset.assetId === asset.id) renderDetails(asset, moment);
    }).catch(() => exposures.delete(asset.id));
    return [];
  }
  if (!exposure) return [];
  const rows = [];
  if (exposure.lens) rows.push(["Lens", exposure.lens]);
  const settings = describeExposure(exposure);
  if (settings) rows.push(["Exposure", settings]);
  return rows;
}
