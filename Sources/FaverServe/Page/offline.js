// Taking the review along: the next photos' previews and asset objects kept in this browser
// (IndexedDB), so that the review goes on without a network. While the server cannot be reached,
// the API's reads of the review (where it is, a moment's assets, the progress) are answered from
// them, with the marks made since applied, and the marks wait in the saver's queue.
import { along, reachable } from "./api.js";
import { saver } from "./saver.js";
import { $ } from "./ui.js";

const databaseName = "faver-along";
const marksKey = "faver.along.marks"; // {id: state} of the marks made since the photos were taken
const cursorKey = "faver.along.cursor"; // the photo last moved to

const state = {
  meta: null, // {order: [moment id], previousMoment, nextMoment, progress, ids: [asset id], bytes}
  moments: new Map(), // moment id → GET /api/moments/{id}/assets, as taken
  urls: new Map(), // asset id → an object URL of its preview
  marks: {},
  cursor: null,
  taking: false,
};

// MARK: - IndexedDB

function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => {
      for (const store of ["meta", "moments", "previews"]) request.result.createObjectStore(store);
    };
    request.onsuccess = () => {
      // A database deleted (a device revoked, forget.js) is let go of at once.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  });
}
function finished(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
function committed(transaction) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error);
  });
}

// MARK: - Reading what was taken

function readLocal(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key) || "null") ?? fallback; } catch (_) { return fallback; }
}
function writeLocal(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (_) { /* private mode */ }
}

// The photos taken along, from IndexedDB into memory (their previews as object URLs).
export async function loadAlong() {
  state.marks = readLocal(marksKey, {});
  state.cursor = readLocal(cursorKey, null);
  try {
    const database = await openDatabase();
    const transaction = database.transaction(["meta", "moments", "previews"]);
    const meta = await finished(transaction.objectStore("meta").get("along"));
    if (!meta) return;
    for (const id of meta.order) {
      const moment = await finished(transaction.objectStore("moments").get(id));
      if (moment) state.moments.set(id, moment);
    }
    for (const id of meta.ids) {
      const blob = await finished(transaction.objectStore("previews").get(id));
      if (blob) state.urls.set(id, URL.createObjectURL(blob));
    }
    state.meta = meta;
  } catch (_) {
    // No IndexedDB (a private window): nothing taken along.
  }
  renderAlong();
}

const withState = (asset, mark) => Object.assign({}, asset, {
  reviewed: mark !== "unreviewed", favorite: mark === "favorite", rejected: mark === "rejected",
});
const marked = (asset) => (state.marks[asset.id] ? withState(asset, state.marks[asset.id]) : asset);

// A moment's assets as taken, with the marks made since; its neighbours those in the order taken.
function momentNow(id) {
  const taken = state.moments.get(id);
  if (!taken) return null;
  const assets = taken.assets.map(marked);
  const count = (test) => assets.filter(test).length;
  const moment = Object.assign({}, taken.moment, {
    reviewed: count((asset) => asset.reviewed), favorites: count((asset) => asset.favorite),
    rejected: count((asset) => asset.rejected),
  });
  const { order } = state.meta;
  const position = order.indexOf(id);
  return Object.assign({}, taken, {
    moment, assets,
    previousMoment: position > 0 ? order[position - 1] : state.meta.previousMoment,
    nextMoment: position < order.length - 1 ? order[position + 1] : state.meta.nextMoment,
  });
}

// How many photos are still to review among those taken, and the library's progress with the
// marks made since.
function assetsTaken() {
  return state.meta ? state.meta.order.flatMap((id) => (momentNow(id) || { assets: [] }).assets) : [];
}
export function photosReady() {
  if (!state.meta) return 0;
  const ids = new Set(state.meta.ids);
  return assetsTaken().filter((asset) => ids.has(asset.id) && !asset.reviewed).length;
}
function progressNow() {
  const taken = state.meta.order.flatMap((id) => (state.moments.get(id) || { assets: [] }).assets);
  const now = assetsTaken();
  const seen = (assets) => assets.filter((asset) => asset.reviewed).length;
  const { total, reviewed } = state.meta.progress;
  const count = Math.min(total, Math.max(0, reviewed + seen(now) - seen(taken)));
  return { reviewed: count, total, fraction: total ? count / total : 0 };
}

// The answer to `GET path` from what was taken, or null when it cannot be answered offline.
function answer(path) {
  if (!state.meta) return null;
  if (path === "/api/progress") return progressNow();
  const match = /^\/api\/moments\/([^/?]+)\/assets$/.exec(path);
  if (match) return momentNow(decodeURIComponent(match[1]));
  // `?stops=1`: the moment's stops with the place, as the server answers it.
  const stops = path === "/api/review?stops=1";
  if (path !== "/api/review" && !stops) return null;
  // Where the review is: the photo last moved to when it was taken along, else the first taken
  // photo not yet seen.
  const order = state.meta.order;
  let here = order.map(momentNow).find((moment) => moment.assets.some((asset) => asset.id === state.cursor));
  let asset = here && here.assets.find((item) => item.id === state.cursor);
  if (!asset) {
    const ids = new Set(state.meta.ids);
    here = order.map(momentNow).find((moment) => moment.assets.some((item) => ids.has(item.id) && !item.reviewed));
    if (!here) return null;
    asset = here.assets.find((item) => ids.has(item.id) && !item.reviewed);
  }
  return {
    asset, moment: here.moment, progress: progressNow(),
    previousMoment: here.previousMoment, nextMoment: here.nextMoment, ...(stops ? { stops: here } : {}),
  };
}

// What the saver queues, remembered for the answers above.
export function remember(operation) {
  if (operation.kind === "cursor") {
    state.cursor = operation.id;
    writeLocal(cursorKey, state.cursor);
  } else if (state.meta) {
    state.marks[operation.id] = operation.state;
    writeLocal(marksKey, state.marks);
  }
  renderAlong();
}

// The name of a photo taken along (its file's), else its id.
export function nameOf(id) {
  for (const taken of state.moments.values()) {
    const asset = taken.assets.find((item) => item.id === id);
    if (asset) return asset.path.split("/").pop();
  }
  return id;
}

// A photo was edited in place since it was taken along (its new id, `asset.id`, answered a mark
// sent for `former`): what this browser holds of it goes by the new id, in IndexedDB too.
export async function followEdit(former, asset) {
  const id = asset.id;
  const rekey = (ids) => ids.map((item) => (item === former ? id : item));
  if (former in state.marks) {
    state.marks[id] = state.marks[former];
    delete state.marks[former];
    writeLocal(marksKey, state.marks);
  }
  if (state.cursor === former) { state.cursor = id; writeLocal(cursorKey, id); }
  const changed = [...state.moments.values()].filter((taken) => taken.assets.some((item) => item.id === former));
  if (!state.meta || !changed.length) return;
  for (const taken of changed) {
    taken.assets = taken.assets.map((item) => (item.id === former ? asset : item));
    for (const burst of taken.bursts) burst.assets = rekey(burst.assets);
  }
  state.meta.ids = rekey(state.meta.ids);
  if (state.urls.has(former)) { state.urls.set(id, state.urls.get(former)); state.urls.delete(former); }
  try {
    const database = await openDatabase();
    const transaction = database.transaction(["meta", "moments", "previews"], "readwrite");
    for (const taken of changed) transaction.objectStore("moments").put(taken, taken.moment.id);
    transaction.objectStore("meta").put(state.meta, "along");
    const previews = transaction.objectStore("previews");
    const blob = await finished(previews.get(former));
    if (blob) { previews.put(blob, id); previews.delete(former); }
    await committed(transaction);
  } catch (_) {
    // No IndexedDB: held in memory alone.
  }
  renderAlong();
}

// Keeps what was taken along (takealong.js: the moments walked, the previews fetched, their size),
// in place of what was taken before.
export async function keepAlong(walked, previews, bytes) {
  const meta = {
    order: walked.moments.map((moment) => moment.moment.id), ids: walked.ids, bytes,
    progress: walked.progress, previousMoment: walked.previousMoment, nextMoment: walked.nextMoment,
  };
  const database = await openDatabase();
  const transaction = database.transaction(["meta", "moments", "previews"], "readwrite");
  for (const store of ["meta", "moments", "previews"]) transaction.objectStore(store).clear();
  for (const moment of walked.moments) transaction.objectStore("moments").put(moment, moment.moment.id);
  for (const [id, blob] of previews) transaction.objectStore("previews").put(blob, id);
  transaction.objectStore("meta").put(meta, "along");
  await committed(transaction);
  for (const url of state.urls.values()) URL.revokeObjectURL(url);
  state.urls = new Map([...previews].map(([id, blob]) => [id, URL.createObjectURL(blob)]));
  state.moments = new Map(walked.moments.map((moment) => [moment.moment.id, moment]));
  state.meta = meta;
  state.marks = {};
  writeLocal(marksKey, state.marks);
}

// MARK: - On screen

// While photos are being taken along, the line is the progress bar's.
export function setTaking(taking) { state.taking = taking; }

// The line that says what is ready, and offline what waits: "offline — 143 photos ready, 12
// marks to send".
export function renderAlong() {
  if (state.taking) return; // the progress bar's line
  const ready = photosReady();
  const waiting = saver.queue.filter((operation) => operation.kind === "mark").length;
  const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const offline = !reachable();
  document.body.classList.toggle("offline", offline);
  // Nothing taken along: a mark not saved says so itself (the saver's notice).
  let text = "";
  if (state.meta && offline) {
    text = `offline — ${plural(ready, "photo")} ready` + (waiting ? `, ${plural(waiting, "mark")} to send` : "");
  } else if (state.meta) {
    text = `${plural(ready, "photo")} ready offline`;
  }
  $("along-state").textContent = text;
  $("along").hidden = !text;
}

export function setUpAlong() {
  along.previewOf = (id) => state.urls.get(id) || null;
  along.answer = answer;
  along.canGoOn = () => photosReady() > 0 || state.urls.size > 0;
  along.changed = renderAlong;
  addEventListener("online", () => saver.flush());
  addEventListener("offline", renderAlong);
}
