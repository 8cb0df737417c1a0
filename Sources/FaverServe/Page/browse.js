// Browse: moments → bursts → photos, grouped by month with a jump bar, "you are here" on the
// moment of the cursor, and filters (favorites, rejects, not seen yet). A photo opens the review
// there.
import { api, previewURL } from "./api.js";
import { describeMoment, describeMonth, tileLines } from "./describe.js";
import { filterNamed, filterQuery, filters } from "./filters.js";
import { saver } from "./saver.js";
import { $, badge } from "./ui.js";

// Where each browse list was scrolled to, kept for the tab's life.
export const scrollPositions = JSON.parse(sessionStorage.getItem("faver.scroll") || "{}");


export const browse = {
  after: null,
  done: false,
  loading: null, // the view whose page of moments is on its way, if any
  view: 0, // counts the views shown: an answer for an older one is dropped, never drawn
  rendered: null,
  filter: "all",
  here: null, // the id of the moment of the cursor
  lastMonth: undefined, // the month of the last tile appended

  async show(route) {
    const key = route.hash;
    if (this.rendered === key) return;
    this.rendered = key;
    const view = ++this.view;
    this.filter = filterNamed(route.filter);
    const grid = $("grid");
    grid.replaceChildren();
    $("grid-more").textContent = "";
    this.renderFilters(route);
    if (!route.moment) {
      $("browse-title").textContent = "Moments";
      $("browse-back").hidden = true;
      this.after = null;
      this.done = false;
      this.lastMonth = undefined;
      const [place, months] = await Promise.all([api("/api/review"), api(`/api/months?filter=${this.filter}`)]);
      if (view !== this.view) return;
      this.here = place ? place.moment.id : null;
      this.renderJumpBar(months.months);
      await this.more();
      if (view !== this.view) return;
      if (this.done && !grid.children.length) $("grid-more").textContent = filters[this.filter].none;
      // Back from a moment: as many pages as it takes to return to where the list was.
      const box = $("browse");
      const wanted = scrollPositions[key] || 0;
      while (view === this.view && !this.done && box.scrollHeight < wanted + box.clientHeight) await this.more();
      return;
    }
    $("jump-bar").hidden = true;
    $("browse-back").hidden = false;
    const query = this.query();
    const data = await api(`/api/moments/${route.moment}/assets`);
    if (view !== this.view) return;
    const byID = new Map(data.assets.map((asset) => [asset.id, asset]));
    const keep = filters[this.filter].passes;
    $("browse-title").textContent = describeMoment(data.moment);
    if (route.burst) {
      $("browse-back").href = `#/browse/${route.moment}${query}`;
      $("browse-back").textContent = "‹ Bursts";
      const burst = data.bursts.find((item) => item.id === route.burst);
      for (const id of burst ? burst.assets : []) {
        if (keep(byID.get(id))) grid.appendChild(photoTile(byID.get(id)));
      }
      return;
    }
    $("browse-back").href = `#/browse${query}`;
    $("browse-back").textContent = "‹ Moments";
    for (const burst of data.bursts) {
      const assets = burst.assets.map((id) => byID.get(id)).filter(keep);
      if (!assets.length) continue;
      if (assets.length === 1) { grid.appendChild(photoTile(assets[0])); continue; }
      const cover = assets.find((asset) => asset.favorite) || assets[0];
      const tile = tileLink(`#/browse/${route.moment}/${burst.id}${query}`, cover.id, assets.every((a) => a.reviewed));
      tile.appendChild(label(`Burst of ${assets.length}`, ""));
      tile.appendChild(badges(assets));
      grid.appendChild(tile);
    }
    if (!grid.children.length) $("grid-more").textContent = filters[this.filter].none;
  },

  // "?filter=…" for links that keep the filter; nothing for all.
  query() { return filterQuery(this.filter); },

  // The next page of moments for the view on screen. A page asked for by an earlier view (another
  // filter, a scroll just before a click) is dropped when it comes: it never lands in this list.
  async more(limit = 40) {
    const view = this.view;
    if (this.loading === view || this.done) return;
    this.loading = view;
    try {
      const after = this.after ? `&after=${encodeURIComponent(this.after)}` : "";
      const page = await api(`/api/moments?limit=${limit}&filter=${this.filter}${after}`);
      if (view !== this.view) return;
      for (const moment of page.moments) {
        const month = monthOf(moment);
        if (month !== this.lastMonth) {
          const heading = document.createElement("h2");
          heading.className = "month";
          heading.id = `month-${month || "undated"}`;
          heading.textContent = month ? describeMonth(month) : "Undated";
          $("grid").appendChild(heading);
          this.lastMonth = month;
        }
        $("grid").appendChild(this.momentTile(moment));
      }
      this.after = page.next;
      this.done = page.next === null;
      $("grid-more").textContent = this.done ? "" : "More below…";
    } finally {
      if (this.loading === view) this.loading = null;
    }
  },

  // A moment: its cover, day and times, how many photos are left, its favorites and rejects, and
  // "you are here" on the moment of the cursor.
  momentTile(moment) {
    const left = moment.assets - moment.reviewed;
    const tile = tileLink(`#/browse/${moment.id}${this.query()}`, moment.cover, left === 0);
    tile.dataset.momentId = moment.id;
    const [day, time] = tileLines(moment);
    tile.appendChild(label(day, [time, left ? `${left} left` : "all seen ✓"].filter(Boolean).join(" · ")));
    const marks = document.createElement("div");
    marks.className = "badges";
    if (moment.id === this.here) {
      tile.classList.add("here");
      marks.appendChild(badge("you are here", "here"));
    }
    if (moment.favorites) marks.appendChild(badge(`♥ ${moment.favorites}`, "favorite"));
    if (moment.rejected) marks.appendChild(badge(`✕ ${moment.rejected}`, "rejected"));
    tile.appendChild(marks);
    return tile;
  },

  // Loads the list as far as the moment `id` and shows it (at its month's heading when `month`).
  async jumpTo(id, month) {
    const tile = () => $("grid").querySelector(`[data-moment-id="${id}"]`);
    while (!tile() && !this.done) await this.more(200);
    const target = (month && $(`month-${month}`)) || tile();
    // Just below the sticky header (a moment's tile with room for the heading of a first row).
    const room = target === tile() ? 40 : 6;
    if (target) $("browse").scrollTop = target.offsetTop - $("browse-header").offsetHeight - room;
  },

  renderFilters(route) {
    const box = $("browse-filters");
    box.replaceChildren();
    const base = route.moment ? `#/browse/${route.moment}${route.burst ? "/" + route.burst : ""}` : "#/browse";
    for (const [name, filter] of Object.entries(filters)) {
      const link = document.createElement("a");
      link.className = "chip" + (name === this.filter ? " on" : "");
      link.href = base + filterQuery(name);
      link.dataset.filter = name;
      link.textContent = filter.name;
      box.appendChild(link);
    }
    // A filter can be reviewed too: "review my favorites again".
    if (this.filter !== "all") {
      const review = document.createElement("a");
      review.id = "review-filtered";
      review.className = "chip review";
      review.href = `#/review${filterQuery(this.filter)}`;
      review.textContent = "Review these ›";
      box.appendChild(review);
    }
  },

  // The jump bar: "you are here", then each year with its months.
  renderJumpBar(months) {
    const bar = $("jump-bar");
    bar.replaceChildren();
    bar.hidden = !months.length;
    if (this.here) {
      const here = chip("You are here", "here");
      here.addEventListener("click", () => this.jumpTo(this.here));
      bar.appendChild(here);
    }
    let year = null;
    for (const entry of months) {
      const thisYear = entry.month ? entry.month.slice(0, 4) : "Undated";
      if (thisYear !== year) {
        const heading = document.createElement("span");
        heading.className = "year";
        heading.textContent = thisYear;
        bar.appendChild(heading);
        year = thisYear;
      }
      if (!entry.month) {
        const undated = chip(`${entry.moments}`, "month");
        undated.title = "Undated moments";
        undated.addEventListener("click", () => this.jumpTo(entry.first, "undated"));
        bar.appendChild(undated);
        continue;
      }
      const month = chip(describeMonth(entry.month, "short"), "month");
      month.dataset.month = entry.month;
      month.title = `${describeMonth(entry.month)}: ${entry.moments} moment${entry.moments === 1 ? "" : "s"}`;
      month.addEventListener("click", () => this.jumpTo(entry.first, entry.month));
      bar.appendChild(month);
    }
  },
};

// "2024-05" of a moment's start as its camera's clock showed it; null when undated.
const monthOf = (moment) => (moment.boundary === "undated" ? null : (moment.start || "").slice(0, 7) || null);

function chip(text, kind) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `chip ${kind}`;
  button.textContent = text;
  return button;
}

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
    location.hash = `#/review${filterQuery(browse.filter)}`;
  });
  return tile;
}
