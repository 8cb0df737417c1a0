// The page's service worker: the page itself (its HTML, style, modules and icons: no library data)
// kept, so that the page opens without a network. A file under `/page/VERSION/` (what index.html
// names: its contents never change under that version) is answered from what is kept, without
// asking; any other from the network when it can be reached, else as last seen. The API,
// previews and videos never pass through it: offline, the page answers the review from the
// photos taken along (offline.js).
const cacheName = "faver-page";
const isPageFile = (url) => url.origin === self.location.origin && url.pathname.startsWith("/page/");
const versionOf = (url) => (/^\/page\/([0-9a-f]{16})\//.exec(url.pathname) || [])[1];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.add("/page/index.html")).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The page's files it loaded before this worker ran, and index.html as it is now (what opens
// offline: it names this version's files); those of other versions are let go.
self.addEventListener("message", (event) => {
  const files = (event.data && Array.isArray(event.data.keep) ? event.data.keep : [])
    .filter((name) => isPageFile(new URL(name, self.location.origin)));
  const versions = new Set(files.map((name) => versionOf(new URL(name, self.location.origin))).filter(Boolean));
  event.waitUntil(caches.open(cacheName).then(async (cache) => {
    await cache.addAll([...files, "/page/index.html"]);
    if (!versions.size) return;
    for (const request of await cache.keys()) {
      const version = versionOf(new URL(request.url));
      if (version && !versions.has(version)) await cache.delete(request);
    }
  }).catch(() => {}));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate" && url.origin === self.location.origin && url.pathname === "/") {
    // Never kept: "/" is the pairing page for a device not (or no longer) paired.
    event.respondWith(fetch(request).catch(() => caches.match("/page/index.html").then((kept) => kept || Response.error())));
    return;
  }
  if (!isPageFile(url)) return;
  const fromNetwork = () => fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  });
  event.respondWith(versionOf(url)
    ? caches.match(request).then((kept) => kept || fromNetwork())
    : fromNetwork().catch(() => caches.match(request).then((kept) => kept || Response.error())));
});
