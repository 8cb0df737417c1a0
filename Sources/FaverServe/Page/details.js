// The details panel (I, or a tap in the middle): what faver knows of the photo on screen.
import { $ } from "./ui.js";

export const stateOf = (asset) =>
  asset.favorite ? "favorite" : asset.rejected ? "rejected" : asset.reviewed ? "reviewed" : "unreviewed";

// Fills the panel with `asset`'s details, when the panel is shown.
export function renderDetails(asset) {
  const box = $("details");
  if (box.hidden || !asset) return;
  const rows = [
    ["File", asset.path],
    ["Taken", asset.takenAt],
    ["Camera", [asset.make, asset.model].filter(Boolean).join(" ") || "unknown"],
    ["Place", asset.latitude === null ? "no position" : `${asset.latitude.toFixed(5)}, ${asset.longitude.toFixed(5)}`],
    ["State", stateOf(asset)],
    ["Id", asset.id],
  ];
  if (asset.companion) rows.push(["Live Photo video", asset.companion.path]);
  if (asset.raw) rows.push(["Raw file", asset.raw.path]);
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
