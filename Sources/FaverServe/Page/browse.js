// Browse: moments → bursts → photos. A photo opens the review there.
import { api, previewURL } from "./api.js";
import { describeMoment, tileLines } from "./describe.js";
import { saver } from "./saver.js";
import { $, badge } from "./ui.js";

// Where each browse list was scrolled to, kept for the tab's life.
export const scrollPositions = JSON.parse(sessionStorage.getItem("faver.scroll") || "{}");

export const browse = {
  after: null,
  done: false,
  loading: false,
  rendered: null,

  async show(route) {
    const key = route.hash;
    if (this.rendered === key) return;
    this.rendered = key;
    const grid = $("grid");
    grid.replaceChildren();
    $("grid-more").textContent = "";
    if (!route.moment) {
      $("browse-title").textContent = "Moments";
      $("browse-back").hidden = true;
      this.after = null;
      this.done = false;
      await this.more();
      // Back from a moment: as many pages as it takes to return to where the list was.
      const box = $("browse");
      const wanted = scrollPositions[key] || 0;
      while (!this.done && box.scrollHeight < wanted + box.clientHeight) await this.more();
      return;
    }
    $("browse-back").hidden = false;
    const data = await api(`/api/moments/${route.moment}/assets`);
    const byID = new Map(data.assets.map((asset) => [asset.id, asset]));
    $("browse-title").textContent = describeMoment(data.moment);
    if (route.burst) {
      $("browse-back").href = `#/browse/${route.moment}`;
      $("browse-back").textContent = "‹ Bursts";
      const burst = data.bursts.find((item) => item.id === route.burst);
      for (const id of burst ? burst.assets : []) grid.appendChild(photoTile(byID.get(id)));
      return;
    }
    $("browse-back").href = "#/browse";
    $("browse-back").textContent = "‹ Moments";
    for (const burst of data.bursts) {
      const assets = burst.assets.map((id) => byID.get(id));
      if (assets.length === 1) { grid.appendChild(photoTile(assets[0])); continue; }
      const cover = assets.find((asset) => asset.favorite) || assets[0];
      const tile = tileLink(`#/browse/${route.moment}/${burst.id}`, cover.id, assets.every((a) => a.reviewed));
      tile.appendChild(label(`Burst of ${assets.length}`, ""));
      tile.appendChild(badges(assets));
      grid.appendChild(tile);
    }
  },

  async more() {
    if (this.loading || this.done) return;
    this.loading = true;
    try {
      const query = this.after ? `&after=${encodeURIComponent(this.after)}` : "";
      const page = await api(`/api/moments?limit=40${query}`);
      for (const moment of page.moments) {
        const tile = tileLink(`#/browse/${moment.id}`, moment.cover, moment.reviewed === moment.assets);
        const [day, time] = tileLines(moment);
        tile.appendChild(label(day, [time, `${moment.reviewed}/${moment.assets} seen`].filter(Boolean).join(" · ")));
        const marks = document.createElement("div");
        marks.className = "badges";
        if (moment.favorites) marks.appendChild(badge(`♥ ${moment.favorites}`, "favorite"));
        tile.appendChild(marks);
        $("grid").appendChild(tile);
      }
      this.after = page.next;
      this.done = page.next === null;
      $("grid-more").textContent = this.done ? "" : "More below…";
    } finally {
      this.loading = false;
    }
  },
};

function tileLink(href, coverID, seen) {
  const tile = document.createElement("a");
  tile.className = "tile" + (seen ? " seen" : "");
  tile.href = href;
  const image = document.createElement("img");
  image.loading = "lazy";
  image.alt = "";
  // A photo without a preview is a plain tile that says so, not a placeholder image.
  image.src = `${previewURL(coverID, 512)}&placeholder=false`;
  image.addEventListener("error", () => { image.hidden = true; tile.classList.add("without-preview"); });
  tile.appendChild(image);
  return tile;
}
function label(title, text) {
  const box = document.createElement("div");
  box.className = "label";
  const strong = document.createElement("strong");
  strong.textContent = title;
  box.append(strong, text);
  return box;
}
function badges(assets) {
  const box = document.createElement("div");
  box.className = "badges";
  const favorites = assets.filter((asset) => asset.favorite).length;
  const rejected = assets.filter((asset) => asset.rejected).length;
  if (favorites) box.appendChild(badge(assets.length > 1 ? `♥ ${favorites}` : "♥", "favorite"));
  if (rejected) box.appendChild(badge(assets.length > 1 ? `✕ ${rejected}` : "✕", "rejected"));
  if (assets.some((asset) => !asset.reviewed)) box.appendChild(badge("new", "unseen"));
  return box;
}
function photoTile(asset) {
  const tile = tileLink("#/review", asset.id, asset.reviewed);
  tile.dataset.assetId = asset.id;
  tile.appendChild(badges([asset]));
  if (asset.kind === "video" || asset.companion) tile.appendChild(label(asset.kind === "video" ? "▶ Video" : "Live", ""));
  tile.addEventListener("click", async (event) => {
    event.preventDefault();
    await saver.push({ kind: "cursor", id: asset.id });
    location.hash = "#/review";
  });
  return tile;
}
