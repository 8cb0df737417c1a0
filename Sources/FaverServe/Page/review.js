// The review screen: one photo at a time, resuming at the server's cursor. Moving on is the
// review: the photo left counts as seen. A move swaps in what is ready (the next stops decoded
// ahead, the next moment fetched ahead), then talks to the server: the mark and the cursor go
// through the saver's queue, kept on this device before the screen moves and sent in order.
import { api } from "./api.js";
import { renderCompare } from "./compare.js";
import { describeMoment, fileName } from "./describe.js";
import { renderDetails, renderPhotoLine, stateOf } from "./details.js";
import { filterNamed, filters } from "./filters.js";
import { showFrame } from "./frame.js";
import { momentum } from "./momentum.js";
import { saver } from "./saver.js";
import { photoFailed, photoLoaded, playLive, prepareStops, showOnStage } from "./stage.js";
import { renderStory } from "./story.js";
import { $, notice } from "./ui.js";
import { zoom } from "./zoom.js";

function withState(asset, state) {
  return Object.assign({}, asset, {
    reviewed: state !== "unreviewed", favorite: state === "favorite", rejected: state === "rejected",
  });
}

// `moment` (as the server answered) with the marks still waiting in the saver's queue, which the
// server could not know yet: what this page did is what it shows.
function withQueuedMarks(moment) {
  for (const operation of saver.queue) {
    if (operation.kind !== "mark") continue;
    const index = moment.assets.findIndex((asset) => asset.id === operation.id);
    if (index >= 0) moment.assets[index] = withState(moment.assets[index], operation.state);
  }
  return moment;
}

// A move asked for (a key, a tap, a swipe): the start of what the browser benchmark times.
const asked = () => performance.mark("faver:ask");

export const review = {
  place: null, // GET /api/review: the moment's summary, its neighbours, the library's progress
  moment: null, // GET /api/moments/{id}/assets
  index: 0,
  undo: [],
  moving: false,
  pending: null, // the one step asked for during a move, taken after it
  autoplay: false,
  autoplayTimer: null,
  holding: false,
  filter: "all", // the review walks only the photos passing it ("review my favorites again")
  filtered: null, // with a filter, the ids of the moments holding such photos, in order
  ahead: new Map(), // moment id → {loading, moment}: the next moment's assets, fetched ahead
  placing: null, // the request for the place after a move, while under way
  placeAgain: false, // moves made meanwhile: asked again once it is answered

  get asset() { return this.moment ? this.moment.assets[this.index] : null; },
  passes(asset) { return filters[this.filter].passes(asset); },

  // Where the cursor is, as the server says; with a filter, the cursor's photo when it passes,
  // else the first photo that does.
  async open(filter = this.filter) {
    this.filter = filterNamed(filter);
    this.filtered = null;
    $("review-filter").hidden = this.filter === "all";
    $("review-filter").textContent = `${filters[this.filter].name} only ✕`;
    await saver.flush();
    this.ahead.clear();
    if (this.filter !== "all") return this.openFiltered();
    // Where the review stands and its moment's stops, in one request.
    const place = await api("/api/review?stops=1");
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
    this.moment = withQueuedMarks(place.stops || await api(`/api/moments/${place.moment.id}/assets`));
    delete place.stops;
    const index = this.moment.assets.findIndex((asset) => asset.id === place.asset.id);
    this.index = Math.max(0, index);
    this.render();
  },

  async openFiltered() {
    const ids = [];
    let after = null;
    do {
      const query = after ? `&after=${encodeURIComponent(after)}` : "";
      const page = await api(`/api/moments?limit=1000&filter=${this.filter}${query}`);
      ids.push(...page.moments.map((moment) => moment.id));
      after = page.next;
    } while (after);
    const place = await api("/api/review");
    this.filtered = ids;
    $("done").hidden = ids.length > 0;
    if (!ids.length) {
      this.place = this.moment = null;
      this.render();
      $("done-title").textContent = `Nothing to review: ${filters[this.filter].name}`;
      $("done-text").textContent = filters[this.filter].none;
      $("done-browse").hidden = false;
      return;
    }
    this.place = place;
    const here = place && ids.includes(place.moment.id) ? place.moment.id : ids[0];
    this.moment = withQueuedMarks(await api(`/api/moments/${here}/assets`));
    const shown = this.moment.assets.findIndex((asset) => place && asset.id === place.asset.id && this.passes(asset));
    this.index = Math.max(0, shown >= 0 ? shown : this.moment.assets.findIndex((asset) => this.passes(asset)));
    this.render();
  },

  // The moment after (`step` 1) or before (-1) this one: with a filter, the next holding a photo
  // that passes it.
  neighbour(step) {
    if (this.filter === "all") {
      // The moment's own neighbours (the server names them with its assets), else the place's.
      const from = this.moment && "nextMoment" in this.moment ? this.moment : this.place;
      return from && (step > 0 ? from.nextMoment : from.previousMoment);
    }
    const here = this.filtered ? this.filtered.indexOf(this.moment.moment.id) : -1;
    return (this.filtered && this.filtered[here + step]) || null;
  },
  // The index of the next (`step` 1) or previous (-1) photo of this moment that passes the filter.
  step(step) {
    for (let index = this.index + step; index >= 0 && index < this.moment.assets.length; index += step) {
      if (this.passes(this.moment.assets[index])) return index;
    }
    return -1;
  },

  // Moves to `index` of the moment `momentID` (the current one when null): the photo left counts
  // as seen; the screen moves at once (only a moment not fetched ahead is waited for), then the
  // mark and the cursor are saved in order, so a reload shows the new photo.
  async move(momentID, index, { seen = true, entering = "start" } = {}) {
    if (this.moving || !this.moment) return;
    this.moving = true;
    try {
      const leaving = this.asset;
      if (seen && leaving && stateOf(leaving) === "unreviewed") {
        this.setLocal(leaving.id, "reviewed");
        this.undo.push({ id: leaving.id, before: "unreviewed" });
        // The last photo of a moment seen: a calm sign, once.
        if (this.moment.assets.every((asset) => asset.reviewed)) {
          notice(`✓ ${describeMoment(this.moment.moment)}: all seen.`, "info", 2.5);
        }
        saver.push({ kind: "mark", id: leaving.id, state: "reviewed" });
      }
      if (momentID && momentID !== this.moment.moment.id) {
        const moment = withQueuedMarks(await this.momentNamed(momentID));
        this.moment = moment;
        if (index === null && this.filter !== "all") {
          const passing = moment.assets.map((asset, at) => (this.passes(asset) ? at : -1)).filter((at) => at >= 0);
          index = (entering === "end" ? passing[passing.length - 1] : passing[0]) ?? 0;
        } else if (index === null) {
          index = this.entry(moment, entering === "end" ? moment.assets.length - 1 : undefined);
        }
      }
      this.index = Math.min(Math.max(index, 0), this.moment.assets.length - 1);
      this.render();
      saver.push({ kind: "cursor", id: this.asset.id });
      this.placeLater();
    } catch (error) {
      if (error.status === 404) {
        notice("The library changed; reloading the review.", "info", 4);
        await this.open();
      }
      else notice(`Could not move on: ${error.message}`);
    } finally {
      this.moving = false;
    }
    // A step asked for while this one was under way (a quick second swipe) is taken now.
    const pending = this.pending;
    this.pending = null;
    if (pending) pending();
  },

  // The moment with `id`: the one fetched ahead (taken once), else asked now.
  async momentNamed(id) {
    const fetched = this.ahead.get(id);
    this.ahead.delete(id);
    return fetched ? fetched.loading : api(`/api/moments/${id}/assets`);
  },
  // Fetches the moment with `id` ahead of the move into it; the stops are prepared again once it
  // is here.
  fetchAhead(id) {
    if (this.ahead.has(id)) return;
    const fetched = { moment: null, loading: api(`/api/moments/${id}/assets`) };
    this.ahead.set(id, fetched);
    fetched.loading.then((moment) => {
      fetched.moment = moment;
      if (this.ahead.get(id) === fetched && this.moment) this.prefetch();
    }).catch(() => { if (this.ahead.get(id) === fetched) this.ahead.delete(id); });
  },
  // Where a moment entered opens: the stop holding `at` (from its start, its first photo not yet
  // seen), on that stop's landing frame.
  entry(moment, at = Math.max(0, moment.assets.findIndex((asset) => !asset.reviewed))) {
    const stop = this.stops(moment).find((frames) => frames.includes(at));
    return stop ? this.landing(stop, moment) : at;
  },

  // The place fresh from the server (the progress, the neighbours) once the cursor is saved: one
  // request at a time, asked again when moves were made meanwhile.
  placeLater() {
    if (this.placing) { this.placeAgain = true; return; }
    this.placing = saver.flush().then(() => api("/api/review")).then((place) => {
      if (place && this.asset && place.asset.id === this.asset.id) { this.place = place; this.renderStory(); }
    }).catch(() => {}).finally(() => {
      this.placing = null;
      if (this.placeAgain) { this.placeAgain = false; this.placeLater(); }
    });
  },

  // →: the next stop. Without a filter a burst or similar group is one stop: its frames were on
  // screen as the strip, so leaving it counts them all as seen (one undo for all of them), and the
  // next stop opens on its suggested frame. With a filter, the next photo that passes it.
  next() {
    if (!this.moment) return;
    asked();
    if (this.moving) { this.pending = () => this.next(); return; } // after the move under way
    if (this.filter !== "all") return this.nextPhoto();
    const stops = this.stops();
    const here = stops.findIndex((stop) => stop.includes(this.index));
    this.seeStop(here >= 0 ? stops[here] : [this.index]);
    const seen = false; // done by seeStop
    if (here >= 0 && here + 1 < stops.length) return this.move(null, this.landing(stops[here + 1]), { seen });
    if (this.neighbour(1)) return this.move(this.neighbour(1), null, { seen });
    return this.move(null, this.index, { seen }).then(() =>
      notice("That was the last moment of your library.", "info", 4));
  },
  nextPhoto() {
    const next = this.step(1);
    if (next >= 0) return this.move(null, next);
    if (this.neighbour(1)) return this.move(this.neighbour(1), null);
    // The last photo of the library: it counts as seen all the same.
    const last = this.filter === "all" ? "That was the last moment of your library."
      : `That was the last photo of ${filters[this.filter].name}.`;
    return this.move(null, this.index).then(() => notice(last, "info", 4));
  },
  // ←: the previous stop, on its suggested frame (with a filter, the previous photo passing it).
  previous() {
    if (!this.moment) return;
    asked();
    if (this.moving) { this.pending = () => this.previous(); return; }
    if (this.filter === "all") {
      const stops = this.stops();
      const here = stops.findIndex((stop) => stop.includes(this.index));
      if (here > 0) return this.move(null, this.landing(stops[here - 1]));
    } else {
      const previous = this.step(-1);
      if (previous >= 0) return this.move(null, previous);
    }
    if (this.neighbour(-1)) return this.move(this.neighbour(-1), null, { entering: "end" });
  },
  // The moment's stops in the order of their first frames, each the indices of its frames: a
  // similar group, else a burst, else one photo.
  stops(moment = this.moment) {
    const stops = new Map();
    moment.assets.forEach((asset, index) => {
      const stop = this.stopOf(asset.id, moment);
      const key = stop ? stop.id : asset.id;
      if (!stops.has(key)) stops.set(key, []);
      stops.get(key).push(index);
    });
    return [...stops.values()];
  },
  // The frame a stop opens on: its suggestion, else its first frame not yet seen, else its first.
  landing(stop, moment = this.moment) {
    const assets = moment.assets;
    const suggested = this.stopOf(assets[stop[0]].id, moment)?.suggested;
    const at = stop.find((index) => assets[index].id === suggested)
      ?? stop.find((index) => !assets[index].reviewed);
    return at ?? stop[0];
  },
  // Counts the frames of `stop` not yet seen as seen (saved in order, before the cursor moves), as
  // one undo entry.
  seeStop(stop) {
    const changes = [];
    for (const index of stop) {
      const asset = this.moment.assets[index];
      if (stateOf(asset) !== "unreviewed") continue;
      changes.push({ id: asset.id, before: "unreviewed" });
      this.setLocal(asset.id, "reviewed");
      saver.push({ kind: "mark", id: asset.id, state: "reviewed" });
    }
    if (changes.length) {
      this.undo.push(changes.length === 1 ? changes[0] : { changes, shown: this.asset.id });
      if (this.moment.assets.every((asset) => asset.reviewed)) {
        notice(`✓ ${describeMoment(this.moment.moment)}: all seen.`, "info", 2.5);
      }
    }
  },
  nextMoment() {
    asked();
    if (this.neighbour(1)) return this.move(this.neighbour(1), null);
  },
  previousMoment() {
    if (!this.moment) return;
    asked();
    const first = this.filter === "all" ? 0 : this.moment.assets.findIndex((asset) => this.passes(asset));
    if (this.index > first) return this.move(null, first);
    if (this.neighbour(-1)) return this.move(this.neighbour(-1), this.filter === "all" ? 0 : null);
  },
  // ↑/↓: within the burst only.
  inBurst(step) {
    asked();
    const burst = this.burst();
    if (!burst) return;
    const position = burst.assets.indexOf(this.asset.id) + step;
    if (position < 0 || position >= burst.assets.length) return;
    return this.move(null, this.moment.assets.findIndex((asset) => asset.id === burst.assets[position]));
  },
  // The stop of the photo on screen, its frames decided on together: its similar group (a burst,
  // or shots a short time apart that are nearly the same, with the photo to keep suggested), else
  // its burst; `{id, assets, suggested, reason}`.
  burst() { return this.asset ? this.stopOf(this.asset.id) : null; },
  stopOf(id, moment = this.moment) {
    const group = (moment.groups || []).find((item) => item.assetIds.includes(id));
    if (group) return { id: group.id, assets: group.assetIds, suggested: group.suggested, reason: group.reason };
    const burst = moment.bursts.find((item) => item.assets.includes(id));
    return burst ? { id: burst.id, assets: burst.assets, suggested: null, reason: null } : null;
  },


  // K, keep best: the suggestion of the stop on screen a favorite and its other frames still
  // unreviewed reviewed, one undo for all of it; the suggestion shows.
  keepBest() {
    const stop = this.burst();
    if (this.moving) return;
    if (!stop || !stop.suggested) {
      notice(stop ? "Nothing suggested yet: run `faver analyze`." : "A single photo: nothing to choose.", "info", 2.5);
      return;
    }
    const changes = [];
    for (const id of stop.assets) {
      const asset = this.moment.assets.find((item) => item.id === id);
      if (!asset) continue;
      const before = stateOf(asset);
      const state = id === stop.suggested ? "favorite" : before === "unreviewed" ? "reviewed" : before;
      if (state === before) continue;
      changes.push({ id, before });
      this.setLocal(id, state);
      saver.push({ kind: "mark", id, state });
    }
    if (changes.length) this.undo.push({ changes, shown: this.asset.id });
    const others = stop.assets.length - 1;
    notice(`Kept the best; ${others} other${others === 1 ? "" : "s"} seen.`, "info", 2);
    const here = this.moment.assets.findIndex((asset) => asset.id === stop.suggested);
    if (here >= 0 && here !== this.index) return this.move(null, here, { seen: false });
    this.render();
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
  // An undo entry is one mark `{id, before}`, or several made by one key `{changes: [...],
  // shown}`, undone together, back on the photo `shown` then.
  async undoLast() {
    const entry = this.undo.pop();
    if (!entry || this.moving) return;
    const changes = entry.changes || [entry];
    for (const change of changes) {
      this.setLocal(change.id, change.before);
      saver.push({ kind: "mark", id: change.id, state: change.before });
    }
    const last = entry.shown ? { id: entry.shown } : changes[0];
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
    const was = before.reviewed ? 1 : 0;
    const now = state === "unreviewed" ? 0 : 1;
    if (this.place) this.place.progress.reviewed += now - was;
    momentum.add(now - was);
    this.moment.assets[index] = withState(before, state);
  },
  // The server's word on an asset, once saved (unless a newer mark of it is still queued).
  // The server's word on an asset; `former`, the id it had before an edit in place gave it a new one.
  updateAsset(asset, former) {
    if (!this.moment || saver.isMarking(asset.id)) return;
    if (former) for (const burst of this.moment.bursts || []) burst.assets = burst.assets.map((id) => (id === former ? asset.id : id));
    const index = this.moment.assets.findIndex((item) => item.id === asset.id || item.id === former);
    if (index >= 0) { this.moment.assets[index] = asset; this.renderControls(); this.renderStory(); }
  },

  render() {
    const asset = this.asset;
    $("stage").hidden = !asset;
    $("review").classList.toggle("empty", !asset);
    if (!asset) { zoom.exit(); renderPhotoLine(null); this.renderStory(); return; }
    showOnStage(asset);
    zoom.follow(asset);
    renderPhotoLine(asset);
    $("review").classList.toggle("showing-video", asset.kind === "video");
    this.renderStory();
    this.renderControls();
    this.renderDetails();
    this.renderStrip();
    if (!$("compare").hidden) this.renderCompare();
    this.prefetch();
    this.scheduleAutoplay();
  },

  renderStory() { renderStory(this.moment, this.asset, this.place); },

  renderControls() {
    const asset = this.asset;
    if (!asset) return;
    $("favorite").setAttribute("aria-pressed", String(asset.favorite));
    $("reject").setAttribute("aria-pressed", String(asset.rejected));
    $("live-button").hidden = !asset.companion;
    const burst = this.burst();
    const kind = burst && burst.id.startsWith("g-") ? "similar" : "burst";
    const suggested = burst && burst.suggested === asset.id ? " · suggested" : "";
    // The keys that walk the burst, a hint the style leaves out on a phone (no arrow keys there).
    const keys = document.createElement("span");
    keys.className = "keys";
    keys.textContent = " · ↑↓";
    $("burst-position").replaceChildren(...(burst && burst.assets.length > 1
      ? [`${kind} ${burst.assets.indexOf(asset.id) + 1} of ${burst.assets.length}${suggested}`, keys] : []));
    $("autoplay-state").textContent = this.autoplay ? (this.holding ? "paused" : "auto-advance") : "";
  },

  renderDetails() { renderDetails(this.asset, this.moment && this.moment.moment); },

  renderCompare() { renderCompare(this); },

  // The stop's frames as a strip under the photo (each drawn as compare draws it, frame.js), the
  // one on screen and the suggestion marked; a tap shows a frame (the stop is seen as a whole, so
  // walking it marks nothing).
  renderStrip() {
    const strip = $("strip");
    const stop = this.burst();
    strip.hidden = !stop || stop.assets.length < 2;
    if (strip.hidden) { strip.replaceChildren(); return; }
    if (strip.dataset.stop !== stop.id || strip.children.length !== stop.assets.length) {
      strip.dataset.stop = stop.id;
      strip.replaceChildren(...stop.assets.map((id) => {
        const frame = document.createElement("figure");
        const asset = this.moment.assets.find((item) => item.id === id);
        showFrame(frame, id, asset ? fileName(asset) : id, "strip");
        frame.addEventListener("click", (event) => {
          event.stopPropagation();
          const here = this.moment.assets.findIndex((item) => item.id === id);
          if (here >= 0 && here !== this.index) this.move(null, here, { seen: false });
        });
        return frame;
      }));
    }
    for (const frame of strip.children) {
      frame.classList.toggle("current", frame.dataset.frame === this.asset.id);
      frame.classList.toggle("suggested", frame.dataset.frame === stop.suggested);
    }
  },
  photoLoaded() { photoLoaded(); },
  photoFailed() { return photoFailed(this.asset, () => this.asset); },
  playLive() { playLive(this.asset); },

  // The photos the next moves show, decoded before they are asked for (see stage.js): the next
  // two stops and the one before (with a filter, the photos passing it); near the moment's end,
  // the next moment, fetched, and its first stop.
  prefetch() {
    const assets = this.moment.assets;
    let photos;
    let last;
    if (this.filter === "all") {
      const stops = this.stops();
      const here = stops.findIndex((stop) => stop.includes(this.index));
      photos = [...stops.slice(here + 1, here + 3), ...(here > 0 ? [stops[here - 1]] : [])]
        .map((stop) => assets[this.landing(stop)]);
      last = here + 2 >= stops.length;
    } else {
      const after = assets.slice(this.index + 1).filter((asset) => this.passes(asset)).slice(0, 2);
      const before = assets.slice(0, this.index).filter((asset) => this.passes(asset)).slice(-1);
      photos = [...after, ...before];
      last = after.length < 2;
    }
    const next = last ? this.neighbour(1) : null;
    if (next) {
      this.fetchAhead(next);
      const moment = this.ahead.get(next).moment;
      if (moment && this.filter === "all") photos.push(moment.assets[this.entry(moment)]);
    }
    prepareStops(photos);
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
