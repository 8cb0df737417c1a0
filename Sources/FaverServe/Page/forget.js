// A device whose pairing was ended (`faver devices --revoke`): the server answers its requests
// `Faver-Device: revoked`, and the page forgets what it took along and kept — the previews and
// asset objects (IndexedDB), the marks waiting and its settings (localStorage, sessionStorage),
// its caches and its service worker — then shows the pairing page. Only that answer does this:
// a request that fails (offline) or a page opened without its address keeps everything.
export const isRevoked = (response) => response.status === 401 && response.headers.get("Faver-Device") === "revoked";

function deleted(name) {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

export async function forgetThisDevice() {
  try { localStorage.clear(); sessionStorage.clear(); } catch (_) { /* no storage */ }
  const names = indexedDB.databases
    ? indexedDB.databases().then((list) => list.map((item) => item.name)).catch(() => ["faver-along"])
    : Promise.resolve(["faver-along"]);
  const cleared = Promise.allSettled([
    names.then((list) => Promise.all(list.map(deleted))),
    window.caches ? caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))) : null,
    navigator.serviceWorker
      ? navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((one) => one.unregister())))
      : null,
  ]);
  // The server's answer clears the same (`Clear-Site-Data`) as it comes; a step of ours held up by
  // that (seen: one in eight times, for more than 30 s) must not keep the page from saying so.
  await Promise.race([cleared, new Promise((done) => setTimeout(done, 3000))]);
  location.replace("/");
}
