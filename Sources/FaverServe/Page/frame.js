// A frame of the stop on screen, as the strip and compare show it: the photo's preview from the
// copy taken along when there is one, else from the server. The strip's size and compare's are
// each other's second choice, so that offline a frame the browser kept at either size is shown in
// both, and one it kept at neither says so in both. A frame that cannot be shown says in its
// place what it is (its file name) and why.
import { along, previewURL, reachable } from "./api.js";

// The preview sizes of a frame: in the strip, and in compare.
export const frameSizes = { strip: 512, compare: 1024 };

// Why the frame of a photo is not shown: offline, one not taken along has no copy here.
function whyMissing(copy) {
  if (copy) return ["Not readable", "the copy taken along could not be read"];
  if (!reachable()) return ["Not taken along", "shown once the faver server can be reached"];
  return ["No preview", "the preview could not be loaded"];
}

// The photo `id`, named `name`, drawn into `box` (a `.frame`, its `data-frame`) at the size `frameSizes[kind]`
// (then at the other size). Said on the frame at once when the server is known to be out of reach and there is no
// copy (a request to it may take long to fail), and when every address failed; a load clears it.
export function showFrame(box, id, name, kind) {
  const copy = along.previewOf(id);
  const sizes = [frameSizes[kind], ...Object.values(frameSizes).filter((size) => size !== frameSizes[kind])];
  const sources = [...(copy ? [copy] : []), ...sizes.map((size) => previewURL(id, size))];
  box.classList.add("frame");
  box.dataset.frame = id;
  const image = document.createElement("img");
  image.alt = name;
  const note = document.createElement("p");
  note.className = "why";
  note.hidden = true;
  const say = () => {
    const [title, reason] = whyMissing(copy);
    const heading = document.createElement("strong");
    heading.textContent = title;
    const because = document.createElement("span");
    because.className = "reason";
    because.textContent = `: ${reason}`;
    const line = document.createElement("span");
    line.append(name, because);
    note.replaceChildren(heading, line);
    note.hidden = false;
    box.title = `${title} — ${name}: ${reason}`;
    box.classList.add("missing");
  };
  image.addEventListener("load", () => {
    note.hidden = true;
    box.removeAttribute("title");
    box.classList.remove("missing");
  });
  let next = 1;
  image.addEventListener("error", () => {
    if (next < sources.length) image.src = sources[next++];
    else say();
  });
  if (!copy && !reachable()) say();
  image.src = sources[0];
  box.append(image, note);
}
