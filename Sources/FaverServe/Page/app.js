// faver's review page: one photo at a time, resuming at the server's cursor, and a browse grid.
// Vanilla JS, no build step. Every mark goes through `saver`, a queue kept in localStorage until
// the server confirms it, so a mark is never lost to a failed request or a closed tab.
"use strict";

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// MARK: - The API

class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
  // 4xx: asking again will not help (an asset gone after a refresh); but a 401 only says the page
  // was not opened with its address: what it holds is kept until it is.
  get permanent() { return this.status >= 400 && this.status < 500 && this.status !== 401; }
}

async function api(path, body) {
  let response;
  try {
    response = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (error) {
    throw new APIError(0, "the faver server cannot be reached");
  }
  if (response.status === 401) signedOut();
  if (!response.ok) {
    let message = response.statusText;
    try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
    throw new APIError(response.status, message);
  }
  return response.status === 204 ? null : response.json();
}

const previewSize = () => {
  const pixels = Math.max(innerWidth, innerHeight) * (devicePixelRatio || 1);
  return pixels <= 1024 ? 1024 : pixels <= 2048 ? 2048 : 4096;
};
const previewURL = (id, size) => `/api/assets/${id}/preview?size=${size || previewSize()}`;

// MARK: - Notices

let noticeTimer = null;
function notice(text, kind = "warning", seconds = 0) {
  const box = $("notice");
  clearTimeout(noticeTimer);
  if (!text) { box.hidden = true; return; }
  box.textContent = text;
  box.className = "notice " + (kind === "info" ? "info" : "");
  box.hidden = false;
  if (seconds) noticeTimer = setTimeout(() => { box.hidden = true; }, seconds * 1000);
}

// MARK: - Saving: marks and the cursor, in order, retried until the server has them

const saver = {
  key: "faver.pending",
  queue: [],
  running: null,
  failing: false,

  load() {
    try { this.queue = JSON.parse(localStorage.getItem(this.key) || "[]"); } catch (_) { this.queue = []; }
  },
  persist() {
    try { localStorage.setItem(this.key, JSON.stringify(this.queue)); } catch (_) { /* private mode */ }
  },
  // Queues `operation` ({kind: "mark", id, state} or {kind: "cursor", id}); the promise settles
  // once it and everything before it is saved.
  push(operation) {
    this.queue.push(operation);
    this.persist();
    return this.flush();
  },
  flush() {
    if (!this.running) this.running = this.drain().finally(() => { this.running = null; });
    return this.running;
  },
  async drain() {
    let delay = 400;
    while (this.queue.length) {
      const operation = this.queue[0];
      try {
        const result = operation.kind === "mark"
          ? await api(`/api/assets/${operation.id}/mark`, { state: operation.state })
          : await api("/api/cursor", { id: operation.id });
        this.queue.shift();
        this.persist();
        if (result && result.id) review.updateAsset(result);
        if (this.failing) notice("Saved.", "info", 2);
        this.failing = false;
        delay = 400;
      } catch (error) {
        if (error.status === 401) return; // kept (localStorage) until the page is opened again
        if (error.permanent) {
          // The server refuses it for good (the photo left the library): say so, never silently.
          this.queue.shift();
          this.persist();
          notice(`Could not save a mark: ${error.message}`);
          continue;
        }
        this.failing = true;
        notice(`Not saved yet (${error.message}); retrying…`);
        await sleep(delay);
        delay = Math.min(delay * 2, 5000);
      }
    }
  },
};

// MARK: - The review screen

const stateOf = (asset) =>
  asset.favorite ? "favorite" : asset.rejected ? "rejected" : asset.reviewed ? "reviewed" : "unreviewed";

function withState(asset, state) {
  return Object.assign({}, asset, {
    reviewed: state !== "unreviewed", favorite: state === "favorite", rejected: state === "rejected",
  });
}

const review = {
  place: null, // GET /api/review: the moment's summary, its neighbours, the library's progress
  moment: null, // GET /api/moments/{id}/assets
  index: 0,
  undo: [],
  moving: false,
  autoplay: false,
  autoplayTimer: null,
  holding: false,

  get asset() { return this.moment ? this.moment.assets[this.index] : null; },

  // Where the cursor is, as the server says.
  async open() {
    await saver.flush();
    const place = await api("/api/review");
    $("done").hidden = place !== null;
    if (!place) {
      this.place = this.moment = null;
      this.render();
      const progress = await api("/api/progress");
      $("done-title").textContent = progress.total ? "All caught up" : "Nothing to review yet";
      $("done-text").textContent = progress.total
        ? `All ${progress.total} photos of your library have been seen.`
        : "The library is empty: run `faver index DIR`, then reload this page.";
      $("done-browse").hidden = !progress.total;
      return;
    }
    this.place = place;
    this.moment = await api(`/api/moments/${place.moment.id}/assets`);
    const index = this.moment.assets.findIndex((asset) => asset.id === place.asset.id);
    this.index = Math.max(0, index);
    this.render();
  },

  // Moves to `index` of the moment `momentID` (the current one when null): the photo left counts
  // as seen, saved before the screen moves; then the cursor, so a reload shows the new photo.
  async move(momentID, index, { seen = true, entering = "start" } = {}) {
    if (this.moving || !this.moment) return;
    this.moving = true;
    try {
      const leaving = this.asset;
      if (seen && leaving && stateOf(leaving) === "unreviewed") {
        this.setLocal(leaving.id, "reviewed");
        this.undo.push({ id: leaving.id, before: "unreviewed" });
        await saver.push({ kind: "mark", id: leaving.id, state: "reviewed" });
      }
      if (momentID && momentID !== this.moment.moment.id) {
        const moment = await api(`/api/moments/${momentID}/assets`);
        this.moment = moment;
        if (index === null) {
          const unseen = moment.assets.findIndex((asset) => !asset.reviewed);
          index = entering === "end" ? moment.assets.length - 1 : Math.max(0, unseen);
        }
      }
      this.index = Math.min(Math.max(index, 0), this.moment.assets.length - 1);
      await saver.push({ kind: "cursor", id: this.asset.id });
      // The moment's neighbours and the library's progress, fresh (a refresh may have run):
      // awaited when the moment changed, since the next move needs its neighbours.
      const fresh = api("/api/review").then((place) => {
        if (place && place.asset.id === this.asset.id) { this.place = place; this.renderStory(); }
      }).catch(() => {});
      if (this.place && this.place.moment.id !== this.moment.moment.id) await fresh;
      this.render();
    } catch (error) {
      if (error.status === 404) { notice("The library changed; reloading the review.", "info", 4); await this.open(); }
      else notice(`Could not move on: ${error.message}`);
    } finally {
      this.moving = false;
    }
  },

  next() {
    if (!this.moment) return;
    if (this.index + 1 < this.moment.assets.length) return this.move(null, this.index + 1);
    if (this.place && this.place.nextMoment) return this.move(this.place.nextMoment, null);
    // The last photo of the library: it counts as seen all the same.
    return this.move(null, this.index).then(() => notice("That was the last moment of your library.", "info", 4));
  },
  previous() {
    if (!this.moment) return;
    if (this.index > 0) return this.move(null, this.index - 1);
    if (this.place && this.place.previousMoment) {
      return this.move(this.place.previousMoment, null, { entering: "end" });
    }
  },
  nextMoment() { if (this.place && this.place.nextMoment) return this.move(this.place.nextMoment, null); },
  previousMoment() {
    if (!this.place) return;
    if (this.index > 0) return this.move(null, 0);
    if (this.place.previousMoment) return this.move(this.place.previousMoment, 0);
  },
  // ↑/↓: within the burst only.
  inBurst(step) {
    const burst = this.burst();
    if (!burst) return;
    const position = burst.assets.indexOf(this.asset.id) + step;
    if (position < 0 || position >= burst.assets.length) return;
    return this.move(null, this.moment.assets.findIndex((asset) => asset.id === burst.assets[position]));
  },
  burst() {
    if (!this.asset) return null;
    return this.moment.bursts.find((burst) => burst.assets.includes(this.asset.id)) || null;
  },

  // A mark of the photo on screen: shown at once, saved in the background (retried until saved).
  mark(state) {
    const asset = this.asset;
    if (!asset) return;
    this.undo.push({ id: asset.id, before: stateOf(asset) });
    this.setLocal(asset.id, state);
    this.render();
    saver.push({ kind: "mark", id: asset.id, state });
  },
  toggleFavorite() {
    if (this.asset) this.mark(this.asset.favorite ? "reviewed" : "favorite");
  },
  toggleReject() {
    if (this.asset) this.mark(this.asset.rejected ? "reviewed" : "rejected");
  },
  // U: the last mark undone, and its photo shown.
  async undoLast() {
    const last = this.undo.pop();
    if (!last || this.moving) return;
    this.setLocal(last.id, last.before);
    saver.push({ kind: "mark", id: last.id, state: last.before });
    const here = this.moment.assets.findIndex((asset) => asset.id === last.id);
    if (here >= 0) {
      if (here === this.index) { this.render(); return; }
      await this.move(null, here, { seen: false });
    } else {
      await saver.push({ kind: "cursor", id: last.id });
      await this.open();
    }
    notice("Undone.", "info", 1.5);
  },

  setLocal(id, state) {
    if (!this.moment) return;
    const index = this.moment.assets.findIndex((asset) => asset.id === id);
    if (index < 0) return;
    const before = this.moment.assets[index];
    if (this.place) {
      const was = before.reviewed ? 1 : 0;
      const now = state === "unreviewed" ? 0 : 1;
      this.place.progress.reviewed += now - was;
    }
    this.moment.assets[index] = withState(before, state);
  },
  // The server's word on an asset, once saved (unless a newer mark of it is still queued).
  updateAsset(asset) {
    if (!this.moment || saver.queue.some((op) => op.kind === "mark" && op.id === asset.id)) return;
    const index = this.moment.assets.findIndex((item) => item.id === asset.id);
    if (index >= 0) { this.moment.assets[index] = asset; this.renderControls(); this.renderStory(); }
  },

  render() {
    const asset = this.asset;
    $("stage").hidden = !asset;
    $("review").classList.toggle("empty", !asset);
    if (!asset) { this.renderStory(); return; }
    const photo = $("photo");
    const video = $("video");
    $("live").hidden = true;
    $("live").pause();
    if (asset.kind === "video") {
      photo.hidden = true;
      photo.removeAttribute("data-asset-id");
      video.hidden = false;
      video.muted = true;
      video.autoplay = true;
      video.dataset.assetId = asset.id;
      if (video.getAttribute("src") !== `/api/assets/${asset.id}/video`) {
        video.src = `/api/assets/${asset.id}/video`;
        video.poster = previewURL(asset.id);
      }
      $("no-preview").hidden = true;
    } else {
      video.hidden = true;
      video.pause();
      video.removeAttribute("data-asset-id");
      video.removeAttribute("src");
      photo.hidden = false;
      photo.dataset.assetId = asset.id;
      photo.alt = asset.path.split("/").pop();
      const source = previewURL(asset.id);
      if (photo.getAttribute("src") !== source) {
        $("no-preview").hidden = true;
        photo.src = source;
      }
    }
    $("review").classList.toggle("showing-video", asset.kind === "video");
    this.renderStory();
    this.renderControls();
    this.renderDetails();
    if (!$("compare").hidden) this.renderCompare();
    this.prefetch();
    this.scheduleAutoplay();
  },

  renderStory() {
    const segments = $("segments");
    segments.textContent = "";
    if (!this.moment) { $("moment-date").textContent = ""; $("moment-place").textContent = ""; return; }
    const byID = new Map(this.moment.assets.map((asset) => [asset.id, asset]));
    // A long moment: one segment per burst, filled as far as its photos are seen.
    const perBurst = this.moment.assets.length > 120;
    segments.classList.toggle("dense", perBurst);
    for (const burst of this.moment.bursts) {
      if (perBurst) {
        const assets = burst.assets.map((id) => byID.get(id)).filter(Boolean);
        const seen = assets.filter((asset) => asset.reviewed).length;
        const segment = document.createElement("div");
        segment.className = "seg" + (seen === assets.length ? " seen" : seen ? " partial" : "")
          + (assets.some((asset) => asset.favorite) ? " favorite" : "")
          + (burst.assets.includes(this.asset.id) ? " current" : "");
        segment.style.setProperty("--fill", String(Math.max(seen / assets.length, 0.35)));
        segment.style.flex = `${Math.sqrt(assets.length)} 1 0`;
        segments.appendChild(segment);
        continue;
      }
      const group = document.createElement("div");
      group.className = "burst";
      group.style.setProperty("--n", burst.assets.length);
      for (const id of burst.assets) {
        const asset = byID.get(id);
        const segment = document.createElement("div");
        segment.className = "seg" + (asset && asset.reviewed ? " seen" : "")
          + (asset && asset.favorite ? " favorite" : "") + (asset && asset.id === this.asset.id ? " current" : "");
        group.appendChild(segment);
      }
      segments.appendChild(group);
    }
    const moment = this.moment.moment;
    $("moment-date").textContent = describeMoment(moment);
    $("moment-place").textContent = [describePlace(moment), describeCounts(moment)].filter(Boolean).join(" · ");
    const progress = this.place && this.place.progress;
    if (progress) {
      const percent = progress.total ? Math.floor((100 * progress.reviewed) / progress.total) : 100;
      // Momentum, not pressure: what is done, never what is left.
      $("library-progress").textContent = progress.reviewed
        ? `${percent} % of your library seen` : `${progress.total} photos to see`;
      $("library-progress").title = `${progress.reviewed} of ${progress.total} photos seen`;
    }
  },

  renderControls() {
    const asset = this.asset;
    if (!asset) return;
    $("favorite").setAttribute("aria-pressed", String(asset.favorite));
    $("reject").setAttribute("aria-pressed", String(asset.rejected));
    $("live-button").hidden = !asset.companion;
    const burst = this.burst();
    $("burst-position").textContent = burst && burst.assets.length > 1
      ? `burst ${burst.assets.indexOf(asset.id) + 1} of ${burst.assets.length} · ↑↓` : "";
    $("autoplay-state").textContent = this.autoplay ? (this.holding ? "paused" : "auto-advance") : "";
  },

  renderDetails() {
    const box = $("details");
    if (box.hidden || !this.asset) return;
    const asset = this.asset;
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
  },

  renderCompare() {
    const box = $("compare");
    const burst = this.burst();
    box.replaceChildren();
    if (!burst) return;
    for (const id of burst.assets) {
      const asset = this.moment.assets.find((item) => item.id === id);
      const figure = document.createElement("figure");
      figure.className = id === this.asset.id ? "current" : "";
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
        const index = this.moment.assets.findIndex((item) => item.id === id);
        this.move(null, index);
      });
      box.appendChild(figure);
    }
  },

  // The next few previews, fetched before they are needed.
  prefetch() {
    for (const asset of this.moment.assets.slice(this.index + 1, this.index + 4)) {
      if (asset.kind !== "video") new Image().src = previewURL(asset.id);
    }
  },

  playLive() {
    const asset = this.asset;
    if (!asset || !asset.companion) return;
    const live = $("live");
    live.src = `/api/assets/${asset.companion.id}/video`;
    live.hidden = false;
    live.onended = () => { live.hidden = true; };
    live.play().catch(() => { live.hidden = true; notice("This Live Photo's video cannot play here.", "info", 3); });
  },

  toggleAutoplay() {
    this.autoplay = !this.autoplay;
    notice(this.autoplay ? "Auto-advance on: hold the photo to pause." : "Auto-advance off.", "info", 2);
    this.renderControls();
    this.scheduleAutoplay();
  },
  scheduleAutoplay() {
    clearTimeout(this.autoplayTimer);
    if (!this.autoplay || this.holding || !this.asset) return;
    this.autoplayTimer = setTimeout(() => this.next(), 4000);
  },
};

function badge(text, kind) {
  const span = document.createElement("span");
  span.className = "badge " + kind;
  span.textContent = text;
  return span;
}

// "2024-05-12T09:00:00+02:00" as the camera's wall clock: "Sun 12 May 2024, 09:00".
function wallClock(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text || "");
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return {
    day: date.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
    time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
  };
}
// The moment's first and last times, as their cameras' clocks showed them; only the day when
// the two clocks were in different zones (a time range across zones reads wrong).
const zoneOf = (text) => (/([+-]\d{2}:\d{2}|Z)$/.exec(text || "") || [null, ""])[1];
function describeDates(start, end) {
  const first = wallClock(start);
  const last = wallClock(end);
  if (!first) return "Undated";
  if (!last || last.day !== first.day) return last ? `${first.day} – ${last.day}` : first.day;
  if (zoneOf(start) !== zoneOf(end)) return first.day;
  return first.time === last.time ? `${first.day}, ${first.time}` : `${first.day}, ${first.time}–${last.time}`;
}
// A moment's tile: its day, short, then its times.
function tileLines(moment) {
  const first = wallClock(moment.start);
  const last = wallClock(moment.end);
  if (moment.boundary === "undated" || !first) return ["Undated", ""];
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(moment.start);
  const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  const day = date.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  if (!last || last.day !== first.day) return [day, last ? `to ${last.day}` : ""];
  return [day, first.time === last.time || zoneOf(moment.start) !== zoneOf(moment.end) ? first.time : `${first.time}–${last.time}`];
}
function describeMoment(moment) {
  return moment.boundary === "undated" ? "Undated" : describeDates(moment.start, moment.end);
}
// "51 photos and 2 videos", "1 photo": as the CLI counts them.
function describeCounts(moment) {
  const count = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;
  const parts = [moment.photos ? count(moment.photos, "photo") : "", moment.videos ? count(moment.videos, "video") : ""];
  return parts.filter(Boolean).join(" and ") || count(moment.assets, "photo");
}

function describePlace(moment) {
  // The place's name (GeoNames, offline), else the country, else the coordinates.
  if (moment.place) {
    const { name, country } = moment.place;
    return [name, country].filter(Boolean).join(", ");
  }
  if (moment.latitude === null || moment.latitude === undefined) return "";
  const lat = `${Math.abs(moment.latitude).toFixed(3)}° ${moment.latitude >= 0 ? "N" : "S"}`;
  const lon = `${Math.abs(moment.longitude).toFixed(3)}° ${moment.longitude >= 0 ? "E" : "W"}`;
  return `${lat}, ${lon}`;
}

// MARK: - Taps, holds, swipes and keys

function setUpReviewInput() {
  const stage = $("stage");
  let start = null;
  let holdTimer = null;
  stage.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY, time: event.timeStamp, held: false };
    holdTimer = setTimeout(() => {
      start.held = true;
      review.holding = true;
      clearTimeout(review.autoplayTimer);
      review.renderControls();
    }, 350);
  });
  const end = (event) => {
    clearTimeout(holdTimer);
    if (!start) return;
    const gesture = start;
    start = null;
    if (review.holding) { review.holding = false; review.renderControls(); review.scheduleAutoplay(); }
    if (event.type === "pointercancel" || gesture.held) return;
    // A video's own controls (play, seek, sound) are along its bottom: leave them to it.
    if (event.target === $("video") && event.clientY > stage.clientHeight - 72) return;
    const dx = event.clientX - gesture.x;
    const dy = event.clientY - gesture.y;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) return dx < 0 ? review.next() : review.previous();
    if (Math.abs(dy) > 50) return review.inBurst(dy < 0 ? 1 : -1);
    const third = stage.clientWidth / 3;
    if (event.clientX < third) return review.previous();
    if (event.clientX > 2 * third) return review.next();
    toggleDetails();
  };
  stage.addEventListener("pointerup", end);
  stage.addEventListener("pointercancel", end);
  $("photo").addEventListener("error", () => {
    $("no-preview").textContent = "No preview of this photo yet.";
    $("no-preview").hidden = false;
  });
  // The server's stand-in (a tiny grey square) for what it cannot show yet: HEIC, raw files.
  $("photo").addEventListener("load", () => {
    const photo = $("photo");
    if (photo.naturalWidth > 8) return;
    const name = (review.asset && review.asset.path.split("/").pop()) || "this photo";
    $("no-preview").textContent = `No preview of ${name} yet.`;
    $("no-preview").hidden = false;
  });
  $("favorite").addEventListener("click", () => review.toggleFavorite());
  $("reject").addEventListener("click", () => review.toggleReject());
  $("live-button").addEventListener("click", () => review.playLive());
  $("help-button").addEventListener("click", () => { $("help").hidden = !$("help").hidden; });

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || currentRoute().screen !== "review") return;
    const key = event.key;
    const handled = {
      ArrowRight: () => (event.shiftKey ? review.nextMoment() : review.next()),
      ArrowLeft: () => (event.shiftKey ? review.previousMoment() : review.previous()),
      ArrowUp: () => review.inBurst(-1),
      ArrowDown: () => review.inBurst(1),
      " ": () => review.next(),
      f: () => review.toggleFavorite(),
      p: () => review.toggleFavorite(),
      x: () => review.toggleReject(),
      u: () => review.undoLast(),
      c: () => toggleCompare(),
      l: () => review.playLive(),
      a: () => review.toggleAutoplay(),
      i: () => toggleDetails(),
      b: () => { location.hash = "#/browse"; },
      "?": () => { $("help").hidden = !$("help").hidden; },
      Escape: () => { $("help").hidden = true; $("details").hidden = true; $("compare").hidden = true; },
    }[key.length === 1 && key !== " " ? key.toLowerCase() : key];
    if (!handled) return;
    event.preventDefault();
    if (event.repeat && !key.startsWith("Arrow") && key !== " ") return;
    handled();
  });
}

function toggleDetails() {
  $("details").hidden = !$("details").hidden;
  review.renderDetails();
}
function toggleCompare() {
  $("compare").hidden = !$("compare").hidden;
  if (!$("compare").hidden) review.renderCompare();
}

// MARK: - Browse: moments → bursts → photos

const browse = {
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
  image.src = previewURL(coverID, 512);
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

// MARK: - Routes: #/review, #/browse, #/browse/{moment}, #/browse/{moment}/{burst}

function currentRoute() {
  const hash = location.hash || "#/review";
  const parts = hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "browse") return { screen: "browse", moment: parts[1] || null, burst: parts[2] || null, hash };
  return { screen: "review", hash };
}

const scrollPositions = JSON.parse(sessionStorage.getItem("faver.scroll") || "{}");
let shownRoute = null;

async function route() {
  const next = currentRoute();
  if (shownRoute && shownRoute.screen === "browse") {
    scrollPositions[shownRoute.hash] = $("browse").scrollTop;
    sessionStorage.setItem("faver.scroll", JSON.stringify(scrollPositions));
  }
  if (!shownRoute || shownRoute.screen !== next.screen) {
    if ($("notice").classList.contains("info")) notice(null);
  }
  shownRoute = next;
  $("review").hidden = next.screen !== "review";
  $("browse").hidden = next.screen !== "browse";
  try {
    if (next.screen === "review") {
      browse.rendered = null; // marks made here show when browsing again
      await review.open();
    } else {
      clearTimeout(review.autoplayTimer);
      await browse.show(next);
      $("browse").scrollTop = scrollPositions[next.hash] || 0;
    }
  } catch (error) {
    if (!isSignedOut) notice(`Could not load: ${error.message}`);
  }
}

// MARK: - The session: the address `faver serve` printed ends in #token=SECRET

// Trades the token in the address for the server's cookie, when the address has one (opened, or
// pasted over this page's), and takes it out of the address bar and the history before anything
// else runs, so it is never shown, bookmarked or sent.
async function signIn() {
  const match = /^#token=([0-9a-f]+)$/.exec(location.hash);
  if (!match) return;
  history.replaceState(null, "", location.pathname + location.search + "#/review");
  try {
    await api("/api/session", { token: match[1] });
    isSignedOut = false;
    document.body.classList.remove("signed-out");
    notice(null);
  } catch (error) {
    if (!isSignedOut) notice(`Could not sign in: ${error.message}`);
  }
}

// Without the server's cookie (or with an old one) the page can show nothing: it says what to do.
// Marks not saved yet stay in localStorage until it is opened with its address again.
let isSignedOut = false;
function signedOut() {
  isSignedOut = true;
  // Nothing to act on: no buttons that cannot work.
  document.body.classList.add("signed-out");
  notice("This page needs the address that faver serve printed (it ends in #token=…): open that address.");
}

async function start() {
  saver.load();
  setUpReviewInput();
  $("browse").addEventListener("scroll", () => {
    const box = $("browse");
    if (!browse.rendered || currentRoute().moment) return;
    if (box.scrollTop + box.clientHeight > box.scrollHeight - 600) browse.more();
  });
  addEventListener("hashchange", async () => {
    await signIn();
    route();
  });
  // Back from another tab or a sleeping laptop: the cursor may have moved (the CLI, a refresh).
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && currentRoute().screen === "review" && !review.moving) review.open().catch(() => {});
  });
  await signIn();
  route();
}

start();
