// Saving: marks and the cursor, in order, retried until the server has them. Every mark goes
// through `saver`, a queue kept in localStorage until the server confirms it, so a mark is never
// lost to a failed request or a closed tab.
import { api } from "./api.js";
import { notice, sleep } from "./ui.js";

export const saver = {
  key: "faver.pending",
  queue: [],
  running: null,
  failing: false,
  // Told the server's word on an asset once a mark of it is saved.
  onSaved: (_asset) => {},

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
  // Whether a mark of `id` is still waiting to be saved.
  isMarking(id) { return this.queue.some((operation) => operation.kind === "mark" && operation.id === id); },
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
        if (result && result.id) this.onSaved(result);
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
