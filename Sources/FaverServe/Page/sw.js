// The page's service worker: the page itself (its HTML, style, modules and icons: no library data)
// from the network when it can be reached, else as last seen, so that the page opens without a
// network. The API, previews and videos never pass through it: offline, the page answers the
// review from the photos taken along (offline.js).
const cacheName = "faver-page";
const isPageFile = (url) => url.origin === self.location.origin && url.pathname.startsWith("/page/");

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.add("/page/index.html")).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The page's files it loaded before this worker ran.
self.addEventListener("message", (event) => {
  const files = (event.data && Array.isArray(event.data.keep) ? event.data.keep : [])
    .filter((name) => isPageFile(new URL(name, self.location.origin)));
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(files)).catch(() => {}));
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
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  }).catch(() => caches.match(request).then((kept) => kept || Response.error())));
});
