// The page as an installable web app: its service worker (/sw.js) keeps the page itself (HTML,
// style, modules; never the library's data) so that it opens without a network. Browsers allow
// one only in a secure context: under HTTPS, or on this machine (localhost).
export function registerWorker() {
  if (!("serviceWorker" in navigator) || !isSecureContext) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // The page's files this page loaded before the worker ran: kept now.
      const files = [...new Set(performance.getEntriesByType("resource").map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith("/page/")))];
      if (registration.active) registration.active.postMessage({ keep: files });
    })
    .catch(() => { /* the page works without it, online */ });
}
