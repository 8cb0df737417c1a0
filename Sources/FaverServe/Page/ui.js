// What every screen uses: elements by id, a pause, the notice line and a badge.

export const $ = (id) => document.getElementById(id);
export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

let noticeTimer = null;
// Shows `text` in the notice line (a warning unless `kind` is "info"), for `seconds` when given;
// no text hides it.
export function notice(text, kind = "warning", seconds = 0) {
  const box = $("notice");
  clearTimeout(noticeTimer);
  if (!text) { box.hidden = true; return; }
  box.textContent = text;
  box.className = "notice " + (kind === "info" ? "info" : "");
  box.hidden = false;
  if (seconds) noticeTimer = setTimeout(() => { box.hidden = true; }, seconds * 1000);
}

export function badge(text, kind) {
  const span = document.createElement("span");
  span.className = "badge " + kind;
  span.textContent = text;
  return span;
}
