// The details panel (I, or a tap in the middle): what faver knows of the photo on screen, as
// people read it; and the quiet line under the photo (its name and time).
import {
  describeCamera, describeCoordinate, describePlace, describeTaken, fileName, photoTime, relativePath,
} from "./describe.js";
import { $ } from "./ui.js";

export const stateOf = (asset) =>
  asset.favorite ? "favorite" : asset.rejected ? "rejected" : asset.reviewed ? "reviewed" : "unreviewed";

const stateNames = { favorite: "♥ favorite", rejected: "✕ rejected", reviewed: "seen", unreviewed: "not seen yet" };

// The line under the photo: its file name and the time its camera showed.
export function renderPhotoLine(asset) {
  $("photo-name").textContent = asset ? fileName(asset) : "";
  $("photo-time").textContent = asset ? photoTime(asset.takenAt) : "";
}

// Fills the panel with `asset`'s details, when the panel is shown; `moment` (its summary) names
// the place.
export function renderDetails(asset, moment) {
  const box = $("details");
  if (box.hidden || !asset) return;
  const position = describeCoordinate(asset.latitude, asset.longitude);
  const placeName = moment && position ? describePlace(moment) : "";
  const rows = [
    ["File", relativePath(asset)],
    ["In", asset.root],
    ["Taken", describeTaken(asset)],
    ["Camera", describeCamera(asset) || "unknown"],
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
