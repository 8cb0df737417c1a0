// Saving: marks and the cursor, in order, retried until the server has them. Every mark goes
// through `saver`, a queue kept in localStorage until the server confirms it, so a mark is never
// lost to a failed request or a closed tab. Each mark carries the time it was made ("at"): sent
// late, it never overwrites a newer mark made elsewhere (the server keeps the newer); made on a
// photo edited in place since (a new id), it lands on the photo as it is now, whose new id the
// page then holds in place of the old; made on a photo deleted since, it is kept aside (never
// dropped) and the person is told.
import { along, api } from "./api.js";
import { notice, sleep } from "./ui.js";

export const saver = {
  key: "faver.pending",
  keptKey: "faver.unsaved", // [{id, state, at, name}]: marks for photos no longer in the library
  queue: [],
  running: null,
  failing: false,
  // Told the server's word on an asset once a mark of it is saved, and the id the mark was sent
  // for when that differs (an edit in place gave the photo a new id).
  onSaved: (_asset, _former) => {},
  // The name of a photo by its id, for what the page says of a mark it could not save.
  nameOf: (id) => id,
  // Told every operation queued, and every change of the queue.
  onQueued: (_operation) => {},
  onChange: () => {},
  // Resolved when the server cannot be reached and the photos taken along let the review go on.
  offlineWaiters: [],

  load() {
    try { this.queue = JSON.parse(localStorage.getItem(this.key) || "[]"); } catch (_) { this.queue = []; }
  },
  persist() {
    try { localStorage.setItem(this.key, JSON.stringify(this.queue)); } catch (_) { /* private mode */ }
    this.onChange();
  },
  // Queues `operation` ({kind: "mark", id, state} or {kind: "cursor", id}); the promise settles
  // once it and everything before it is saved, or, offline with photos taken along, once it is
  // kept to be sent later. A mark is stamped with the time it was made; of the cursor's moves
  // waiting, only the last is kept.
  push(operation) {
    const queued = operation.kind === "mark" ? { ...operation, at: new Date().toISOString() } : operation;
    const last = this.queue.length - 1;
    // The first is being sent: it stays.
    if (queued.kind === "cursor" && last > 0 && this.queue[last].kind === "cursor") this.queue[last] = queued;
    else this.queue.push(queued);
    this.onQueued(queued);
    this.persist();
    return this.flush();
  },
  // Settles once everything queued is saved, or offline once the review can go on without it.
  flush() {
    if (!this.running) {
      this.running = this.drain().finally(() => { this.running = null; this.offlineWaiters = []; });
    }
    if (this.offline && along.canGoOn()) return Promise.resolve();
    return Promise.race([this.running, new Promise((resolve) => this.offlineWaiters.push(resolve))]);
  },
  offline: false,
  goneOffline() {
    this.offline = true;
    for (const resolve of this.offlineWaiters.splice(0)) resolve();
  },
  // The marks queued for `former` go to `id`: the same photo, edited in place.
  rekey(former, id) {
    for (const operation of this.queue) if (operation.id === former) operation.id = id;
  },
  keep(operation) {
    let kept = [];
    try { kept = JSON.parse(localStorage.getItem(this.keptKey) || "[]"); } catch (_) { /* kept anew */ }
    kept.push({ ...operation, name: this.nameOf(operation.id) });
    try { localStorage.setItem(this.keptKey, JSON.stringify(kept)); } catch (_) { /* private mode */ }
    this.persist();
    this.lost = this.lost.filter((mark) => mark.id !== operation.id);
    this.lost.push(kept[kept.length - 1]);
    notice(lostSentence(this.lost));
  },
  lost: [], // kept aside since the page was opened: what the notice says
  // Whether a mark of `id` is still waiting to be saved.
  isMarking(id) { return this.queue.some((operation) => operation.kind === "mark" && operation.id === id); },
  async drain() {
    let delay = 400;
    while (this.queue.length) {
      const operation = this.queue[0];
      try {
        const result = operation.kind === "mark"
          ? await api(`/api/assets/${operation.id}/mark`, { state: operation.state, at: operation.at })
          : await api("/api/cursor", { id: operation.id });
        this.queue.shift();
        const former = operation.kind === "mark" && result && result.id && result.id !== operation.id ? operation.id : null;
        if (former) this.rekey(former, result.id);
        this.persist();
        if (result && result.id) this.onSaved(result, former);
        if (operation.kind === "mark" && result && stateOf(result) !== operation.state && !this.isMarking(result.id)) {
          notice(`${result.path.split("/").pop()} was marked elsewhere after this page marked it: the newer mark is kept.`, "info", 4);
        } else if (this.failing) notice("Saved.", "info", 2);
        this.failing = false;
        this.offline = false;
        delay = 400;
      } catch (error) {
        if (error.status === 401) return; // kept (localStorage) until the page is opened again
        if (error.status === 410 && operation.kind === "mark") {
          // The photo was deleted: the mark is kept aside, and the person told which.
          this.queue.shift();
          this.keep(operation);
          continue;
        }
        if (error.permanent) {
          // The server refuses it for good: a mark says so, never silently; a cursor on a photo
          // gone is only a place, and the next one is saved.
          this.queue.shift();
          this.persist();
          if (operation.kind === "mark") notice(`Could not save a mark: ${error.message}`);
          continue;
        }
        if (error.status === 0 && along.canGoOn()) {
          // Offline with photos taken along: the review goes on, the line says what waits.
          this.goneOffline();
          if (this.failing) notice(null);
          this.failing = false;
        } else {
          this.failing = true;
          notice(`Not saved yet (${error.message}); retrying…`);
        }
        await sleep(delay);
        delay = Math.min(delay * 2, 5000);
      }
    }
  },
};

// "1 favorite was for a photo no longer in the library: IMG_0011.jpg. It is kept on this
// device, not saved."
export function lostSentence(lost) {
  const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const favorites = lost.filter((mark) => mark.state === "favorite").length;
  const rejects = lost.filter((mark) => mark.state === "rejected").length;
  const others = lost.length - favorites - rejects;
  const kinds = [[favorites, "favorite"], [rejects, "reject"], [others, "mark"]]
    .filter(([count]) => count).map(([count, word]) => plural(count, word));
  const what = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} and ${kinds[kinds.length - 1]}` : kinds[0];
  const one = lost.length === 1;
  return `${what} ${one ? "was for a photo" : "were for photos"} no longer in the library: `
    + `${lost.map((mark) => mark.name).join(", ")}. ${one ? "It is" : "They are"} kept on this device, not saved.`;
}

const stateOf = (asset) =>
  asset.favorite ? "favorite" : asset.rejected ? "rejected" : asset.reviewed ? "reviewed" : "unreviewed";
