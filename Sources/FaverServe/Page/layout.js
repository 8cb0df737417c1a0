// The review screen's overlays (the details, compare) end above its controls, whose height changes
// with what they hold: the status line, the burst's strip, a line that wraps on a narrow screen.
// Their height is kept in the style's --controls-height (app.css places the overlays by it).
import { $ } from "./ui.js";

export function keepOverlaysAboveControls() {
  const controls = document.querySelector("#review .controls");
  new ResizeObserver(([entry]) => {
    const height = Math.ceil(entry.borderBoxSize[0].blockSize);
    $("review").style.setProperty("--controls-height", `${height}px`);
  }).observe(controls);
}
