// faver's review page: one photo at a time, resuming at the server's cursor, and a browse grid.
// Vanilla JS modules, no build step; this one starts the page (loaded by app.js once the first
// photo is drawn).
import { along, signIn } from "./api.js";
import { browse } from "./browse.js";
import { setUpReviewInput } from "./keys.js";
import { keepOverlaysAboveControls } from "./layout.js";
import { followEdit, loadAlong, nameOf, remember, renderAlong, setUpAlong } from "./offline.js";
import { setUpPairing } from "./pairphone.js";
import { review } from "./review.js";
import { currentRoute, route } from "./routes.js";
import { saver } from "./saver.js";
import { setUpTakeAlong } from "./takealong.js";
import { $ } from "./ui.js";
import { registerWorker } from "./worker.js";

async function start() {
  saver.load();
  saver.onSaved = (asset, former) => {
    if (former) followEdit(former, asset);
    review.updateAsset(asset, former);
  };
  saver.nameOf = (id) => {
    const shown = review.moment && review.moment.assets.find((asset) => asset.id === id);
    return shown ? shown.path.split("/").pop() : nameOf(id);
  };
  saver.onQueued = remember;
  saver.onChange = renderAlong;
  setUpReviewInput();
  keepOverlaysAboveControls();
  setUpAlong();
  setUpTakeAlong();
  setUpPairing();
  registerWorker();
  $("browse").addEventListener("scroll", () => {
    const box = $("browse");
    if (!browse.rendered || currentRoute().moment) return;
    if (box.scrollTop + box.clientHeight > box.scrollHeight - 600) browse.more();
  });
  addEventListener("hashchange", async () => {
    await signIn();
    route();
  });
  // Back from another tab or a sleeping laptop: the cursor may have moved (the CLI, a refresh).
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && currentRoute().screen === "review" && !review.moving) review.open(currentRoute().filter).catch(() => {});
  });
  await signIn();
  // What was taken along is read while the review opens: the server's answers need none of it,
  // and a request the server cannot answer waits for it (api.js). Marks waiting to be sent wait
  // for it too: whether the review can go on without the server depends on it (saver.js).
  along.ready = loadAlong();
  if (saver.queue.length) await along.ready;
  await route();
  // The keys pressed until now (boot.js kept them), sent again to the review just drawn; from now
  // on the listeners above take them.
  for (const key of window.faverKeysPressed()) document.dispatchEvent(new KeyboardEvent("keydown", key));
  // For the browser tests and scripts/bench-page: the page listens to everything (a click does
  // what it says).
  document.documentElement.dataset.ready = "";
  performance.mark("faver:ready");
}

start();
