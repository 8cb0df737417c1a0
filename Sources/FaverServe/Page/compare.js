// C: the photos of the stop on screen (its similar group, or burst) side by side, the one
// suggested to keep outlined with the reason; a click shows one.
import { previewURL } from "./api.js";
import { $, badge } from "./ui.js";

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
    const image = document.createElement("img");
    image.src = previewURL(id, 1024);
    image.alt = asset ? asset.path.split("/").pop() : id;
    figure.appendChild(image);
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
