// Momentum: how many photos this browser saw today ("+42 today"), kept in localStorage by local
// day, so that a reload keeps the count and the next day starts from nothing.

const key = "faver.today";
const today = () => new Date().toLocaleDateString("en-CA"); // YYYY-MM-DD, the local day

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(key) || "null");
    if (saved && saved.day === today() && Number.isInteger(saved.count)) return saved;
  } catch (_) { /* unreadable: start again */ }
  return { day: today(), count: 0 };
}

export const momentum = {
  // Photos seen today here (counted when they become seen, uncounted when put back).
  get count() { return load().count; },
  // `step` is +1 for a photo that became seen, -1 for one put back unseen.
  add(step) {
    const saved = load();
    saved.count = Math.max(0, saved.count + step);
    try { localStorage.setItem(key, JSON.stringify(saved)); } catch (_) { /* private mode */ }
  },
  text() {
    const count = this.count;
    return count ? `+${count} today` : "";
  },
};
