// Zoom: Z, a double tap or a pinch shows the photo at 100 % (one pixel of a larger preview per
// screen pixel, never smaller than the fitted photo) around the point looked at; a drag or the
// arrow keys pan; Z, Esc, a double tap or a pinch go back to fit. Moving to another photo of the
// same burst keeps the zoom at the same spot, to check focus across its frames.
import { previewURL } from "./api.js";
import { $ } from "./ui.js";

// The long edge of the zoomed preview: a bounded larger preview (the full 12 MP of most phones),
// never the original of a 50 MP file.
export const zoomSize = 4096;

export const zoom = {
  on: false,
  asset: null, // the asset zoomed into
  burst: null, // the ids of its burst: zoom follows within it
  center: { u: 0.5, v: 0.5 }, // the point at the middle of the stage, as fractions of the photo
  size: null, // {width, height} in CSS pixels once the zoomed preview loaded

  // Zooms into `asset` (of `burst`) around the stage point (x, y), or the point at the stage's
  // middle; the point stays where it is on screen.
  enter(asset, burst, x, y) {
    const stage = $("stage").getBoundingClientRect();
    const at = { x: x ?? stage.width / 2, y: y ?? stage.height / 2 };
    const point = photoPoint(at) || { u: 0.5, v: 0.5 };
    this.on = true;
    this.asset = asset.id;
    this.burst = burst;
    // The point under the pointer stays under it: remember where the middle will be.
    this.anchor = { at, point };
    this.show(asset);
  },
  // Shows `asset`'s larger preview at the zoom's place (when it loaded).
  show(asset) {
    const image = $("zoom");
    const source = previewURL(asset.id, zoomSize);
    $("stage").classList.add("zoomed");
    image.dataset.assetId = asset.id;
    const place = () => {
      const photo = $("photo");
      const fitted = fittedRect(photo);
      const ratio = devicePixelRatio || 1;
      let width = image.naturalWidth / ratio;
      let height = image.naturalHeight / ratio;
      if (fitted && width < fitted.width) { height *= fitted.width / width; width = fitted.width; }
      this.size = { width, height };
      if (this.anchor) {
        const stage = $("stage").getBoundingClientRect();
        const { at, point } = this.anchor;
        this.center = {
          u: point.u + (stage.width / 2 - at.x) / width,
          v: point.v + (stage.height / 2 - at.y) / height,
        };
        this.anchor = null;
      }
      image.hidden = false;
      this.layout();
    };
    if (image.getAttribute("src") === source && image.complete && image.naturalWidth) { place(); return; }
    image.hidden = true;
    image.onload = () => { if (this.on && this.asset === asset.id) place(); };
    image.src = source;
  },
  exit() {
    this.on = false;
    this.asset = null;
    this.size = null;
    $("stage").classList.remove("zoomed");
    $("zoom").hidden = true;
    $("zoom").removeAttribute("data-asset-id");
  },
  toggle(asset, burst, x, y) {
    if (this.on) this.exit();
    else if (asset && asset.kind !== "video") this.enter(asset, burst, x, y);
  },
  // The photo on screen changed: the zoom follows it within its burst, else it ends.
  follow(asset) {
    if (!this.on || !asset) return;
    if (asset.id === this.asset) return;
    if (asset.kind === "video" || !this.burst || !this.burst.includes(asset.id)) { this.exit(); return; }
    this.asset = asset.id;
    this.show(asset);
  },
  // Moves the photo by (dx, dy) CSS pixels.
  pan(dx, dy) {
    if (!this.on || !this.size) return;
    this.center = { u: this.center.u - dx / this.size.width, v: this.center.v - dy / this.size.height };
    this.layout();
  },
  // Places the zoomed image so that `center` is at the stage's middle, never past its edges.
  layout() {
    if (!this.size) return;
    const stage = $("stage").getBoundingClientRect();
    const { width, height } = this.size;
    const clamp = (value, size, room) => (size <= room ? (room - size) / 2 : Math.min(0, Math.max(room - size, value)));
    const left = clamp(stage.width / 2 - this.center.u * width, width, stage.width);
    const top = clamp(stage.height / 2 - this.center.v * height, height, stage.height);
    // What the clamp allowed is where the middle now is.
    this.center = { u: (stage.width / 2 - left) / width, v: (stage.height / 2 - top) / height };
    const image = $("zoom");
    image.style.width = `${width}px`;
    image.style.height = `${height}px`;
    image.style.transform = `translate(${left}px, ${top}px)`;
  },
};

// Where `image` (object-fit: contain) draws its pixels, in stage coordinates.
function fittedRect(image) {
  if (!image.naturalWidth) return null;
  const stage = $("stage").getBoundingClientRect();
  const box = image.getBoundingClientRect();
  const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  return {
    left: box.left - stage.left + (box.width - width) / 2,
    top: box.top - stage.top + (box.height - height) / 2,
    width, height,
  };
}

// The stage point `at` as fractions of the fitted photo, clamped to it.
function photoPoint(at) {
  const fitted = fittedRect($("photo"));
  if (!fitted) return null;
  const clamp = (value) => Math.min(1, Math.max(0, value));
  return { u: clamp((at.x - fitted.left) / fitted.width), v: clamp((at.y - fitted.top) / fitted.height) };
}
