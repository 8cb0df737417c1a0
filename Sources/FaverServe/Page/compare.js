// C: the photos of the stop on screen (its similar group, or burst) side by side, the one
// suggested to keep outlined with the reason; a click shows one. A photo taken along is shown from
// this browser's copy, as the strip shows it; a frame that cannot be shown says why in its place.
import { along, previewURL, reachable } from "./api.js";
import { $, badge } from "./ui.js";

// Why the frame of a photo is not shown: offline, one not taken along has no copy here.
function whyMissing(copy) {
  if (copy) return ["Not readable", "the copy taken along could not be read"];
  if (!reachable()) return ["Not taken along", "shown once the faver server can be reached"];
  return ["No preview", "the preview could not be loaded"];
}

// The photo `id` in `figure`: from the copy taken along when there is one, else from the server.
// Said on the frame at once when the server is known to be out of reach and there is no copy
// (a request to it may take long to fail), and whenever the image fails; a load clears it.
function showFrame(figure, id, name) {
  const copy = along.previewOf(id);
  const image = document.createElement("img");
  image.alt = name;
  const note = document.createElement("p");
  note.className = "why";
  note.hidden = true;
  const say = () => {
    const [title, reason] = whyMissing(copy);
    const heading = document.createElement("strong");
    heading.textContent = title;
    note.replaceChildren(heading, `${name}: ${reason}`);
    note.hidden = false;
    figure.classList.add("missing");
  };
  image.addEventListener("load", () => {
    note.hidden = true;
    figure.classList.remove("missing");
  });
  image.addEventListener("error", say);
  if (!copy && !reachable()) say();
  image.src = copy || previewURL(id, 1024);
  figure.append(image, note);
}

// Draws the burst of `review.asset`, when the compare view is shown.
export function renderCompare(review) {
  const box = $("compare");
  const burst = review.burst();
  box.replaceChildren();
  if (!burst) return;
  for (const id of burst.assets) {
    const asset = review.moment.assets.find((item) => item.id === id);
    const figure = document.createElement("figure");
    figure.classList.toggle("current", id === review.asset.id);
    figure.classList.toggle("suggested", id === burst.suggested);
    showFrame(figure, id, asset ? asset.path.split("/").pop() : id);
    if (asset && (asset.favorite || asset.rejected)) {
      const badges = document.createElement("div");
      badges.className = "badges";
      badges.appendChild(badge(asset.favorite ? "♥" : "✕", asset.favorite ? "favorite" : "rejected"));
      figure.appendChild(badges);
    }
    if (id === burst.suggested) {
      const caption = document.createElement("figcaption");
      caption.textContent = `Suggested: ${burst.reason || "the one to keep"} · K keeps it`;
      figure.appendChild(caption);
    }
    figure.addEventListener("click", () => {
      const index = review.moment.assets.findIndex((item) => item.id === id);
      review.move(null, index);
    });
    box.appendChild(figure);
  }
}
