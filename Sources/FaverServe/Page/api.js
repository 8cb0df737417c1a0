// The server: its JSON API, the preview addresses, and the session (the address `faver serve`
// printed ends in #token=SECRET, traded here for the server's cookie).
import { forgetThisDevice, isRevoked } from "./forget.js";
import { notice } from "./ui.js";

export class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
  // 4xx: asking again will not help (an asset gone after a refresh); but a 401 only says the page
  // was not opened with its address: what it holds is kept until it is.
  get permanent() { return this.status >= 400 && this.status < 500 && this.status !== 401; }
}

// What the photos taken along (offline.js) stand in for while the server cannot be reached: the
// review's reads, and previews as object URLs.
export const along = {
  previewOf: (_id) => null, // the object URL of a preview taken along
  answer: (_path) => null, // the answer to a GET from what was taken, or null
  canGoOn: () => false, // whether the review can go on without the server
  changed: () => {}, // told when the server is reached again, or no longer
  ready: Promise.resolve(), // what was taken along, read (app.js does not wait for it to open)
};

let isReachable = true;
// Whether the last request reached the server.
export const reachable = () => isReachable;
function reached(now) {
  if (now === isReachable) return;
  isReachable = now;
  along.changed();
}

// The requests boot.js made before the modules loaded, by path: each answer is taken once.
const early = new Map(Object.entries(window.faverEarly || {}));

// `GET path`, or `POST path` with `body` as JSON; the answer's JSON (null for 204). While the
// server cannot be reached, a GET the photos taken along can answer is answered from them.
export async function api(path, body) {
  let response;
  try {
    const asked = early.get(path);
    early.delete(path);
    response = await (asked || fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    }));
  } catch (error) {
    reached(false);
    if (body === undefined) await along.ready;
    const answer = body === undefined ? along.answer(path) : null;
    if (answer) return answer;
    throw new APIError(0, "the faver server cannot be reached");
  }
  reached(true);
  if (isRevoked(response)) {
    await forgetThisDevice();
    throw new APIError(401, "this device is no longer paired");
  }
  if (response.status === 401) signedOut();
  if (!response.ok) {
    let message = response.statusText;
    try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
    throw new APIError(response.status, message);
  }
  return response.status === 204 ? null : response.json();
}

// The size of preview the screen shows: boot.js's, which asks for the first photo at it.
export const previewSize = () => window.faverPreviewSize();
// A preview of the screen's size: the one taken along when there is one.
export const previewURL = (id, size) => (!size && along.previewOf(id)) || `/api/assets/${id}/preview?size=${size || previewSize()}`;
// The photo on the review screen: where there is no preview the server answers 422 with the
// reason, for the page to say in its own words, rather than a placeholder image.
export const photoURL = (id) => along.previewOf(id) || `${previewURL(id, previewSize())}&placeholder=false`;

// MARK: - The session

// Trades the token in the address for the server's cookie, when the address has one (opened, or
// pasted over this page's), and takes it out of the address bar and the history before anything
// else runs, so it is never shown, bookmarked or sent.
export async function signIn() {
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
export const signedOutNow = () => isSignedOut;
function signedOut() {
  isSignedOut = true;
  // Nothing to act on: no buttons that cannot work.
  document.body.classList.add("signed-out");
  notice("This page needs the address that faver serve printed (it ends in #token=…): open that address.");
}
