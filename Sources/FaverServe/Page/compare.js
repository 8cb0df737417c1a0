// C: the photos of the burst on screen side by side; a click shows one.
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
    figure.className = id === review.asset.id ? "current" : "";
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
    figure.addEventListener("click", () => {
      const index = review.moment.assets.findIndex((item) => item.id === id);
      review.move(null, index);
    });
    box.appendChild(figure);
  }
}
