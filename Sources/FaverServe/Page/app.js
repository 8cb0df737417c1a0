// faver's review page starts here. Its modules (start.js and what it imports) are loaded once
// boot.js has drawn the first photo, or at once when it draws none: loading them first held the
// main thread (parsing and running 25 modules: 100–200 ms on a phone) while the photo waited to be
// drawn. Keys pressed meanwhile are kept by boot.js and taken by start.js.
Promise.resolve(window.faverFirstPhoto).then(() => import("./start.js"));
