// C: the photos of the stop on screen (its similar group, or burst) side by side, the one
// suggested to keep outlined with the reason; a click shows one. Each frame is drawn as the strip
// draws it (frame.js): what one shows, the other shows, and a frame that cannot be shown says why.
import { fileName } from "./describe.js";
import { showFrame } from "./frame.js";
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
    showFrame(figure, id, asset ? fileName(asset) : id, "compare");
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
