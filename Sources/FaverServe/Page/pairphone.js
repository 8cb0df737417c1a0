// "Pair a phone", on this machine's page (in the help): a new pairing link and its QR code, from
// POST /api/pairing, which only this machine may ask for.
import { api } from "./api.js";
import { $ } from "./ui.js";

const isThisMachine = () => ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);

export function setUpPairing() {
  $("pair-phone").hidden = !isThisMachine();
  $("pair-button").addEventListener("click", showPairingLink);
}

export async function showPairingLink() {
  try {
    const link = await api("/api/pairing", {});
    $("pair-qr").src = `data:image/svg+xml,${encodeURIComponent(link.qrSVG)}`;
    $("pair-url").textContent = link.link;
    $("pair-url").href = link.link;
    const expires = new Date(link.expires);
    $("pair-expires").textContent = `Works once, until ${expires.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}.`;
    $("pair-link").hidden = false;
    $("pair-button").textContent = "Show a new link";
    $("pair-link").scrollIntoView({ block: "end" });
  } catch (error) {
    $("pair-text").textContent = error.status === 404
      ? "Start faver serve with --lan (or --listen on a network address) to pair a phone."
      : `Could not make a pairing link: ${error.message}`;
  }
}
