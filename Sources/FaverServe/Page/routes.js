// Routes: #/review, #/browse, #/browse/{moment}, #/browse/{moment}/{burst}; each may end in
// ?filter=favorites|rejected|unreviewed.
import { signedOutNow } from "./api.js";
import { browse, scrollPositions } from "./browse.js";
import { review } from "./review.js";
import { $, notice } from "./ui.js";

export function currentRoute() {
  const hash = location.hash || "#/review";
  const [path, query] = hash.replace(/^#\/?/, "").split("?");
  const parts = path.split("/");
  const filter = new URLSearchParams(query || "").get("filter") || "all";
  if (parts[0] === "browse") {
    return { screen: "browse", moment: parts[1] || null, burst: parts[2] || null, filter, hash };
  }
  return { screen: "review", filter, hash };
}

let shownRoute = null;

// Shows the screen the address names.
export async function route() {
  const next = currentRoute();
  if (shownRoute && shownRoute.screen === "browse") {
    scrollPositions[shownRoute.hash] = $("browse").scrollTop;
    sessionStorage.setItem("faver.scroll", JSON.stringify(scrollPositions));
  }
  if (!shownRoute || shownRoute.screen !== next.screen) {
    if ($("notice").classList.contains("info")) notice(null);
  }
  shownRoute = next;
  $("review").hidden = next.screen !== "review";
  $("browse").hidden = next.screen !== "browse";
  try {
    if (next.screen === "review") {
      browse.rendered = null; // marks made here show when browsing again
      await review.open(next.filter);
    } else {
      clearTimeout(review.autoplayTimer);
      await browse.show(next);
      $("browse").scrollTop = scrollPositions[next.hash] || 0;
    }
  } catch (error) {
    if (!signedOutNow()) notice(`Could not load: ${error.message}`);
  }
}
