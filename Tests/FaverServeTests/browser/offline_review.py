#!/usr/bin/python3
"""A phone on the network reviews offline: chromium at phone size with touch emulation, in a network
namespace of its own joined to this script's by a veth pair (10.213.0.1 here, 10.213.0.2 the phone),
so that every request it sends is a remote one that needs pairing. No address off this machine, and
nothing in the machine's own network namespace: the script runs in one of its own.

`faver serve --listen 10.213.0.1` prints a pairing link; the phone opens it (the pairing page, then
the review), reviews, takes 50 photos along, goes offline (chromedriver's network conditions),
reviews 20 of them with favorites and an undo (C compares a burst taken along from its copies; a
burst seen before the photos were taken shows its frames from the browser's cache in the strip and
in C alike, and with that cache out of reach says on each frame, in both, its name and that it was
not taken along; the photo's line is whole on the phone; the details and C cover nothing below the
photo, on a phone and on a desktop), and comes back online: every mark is then in
`faver favorites --json`, and a mark made meanwhile in the CLI on one of them is not overwritten.
Then over HTTPS with a self-signed certificate made here (openssl): the service worker registers
and the page reloads offline. Screenshots go to --screenshots.

Needs root (ip netns). Run by `OfflineReviewBrowserTests.swift`; by hand:
  /usr/bin/python3 Tests/FaverServeTests/browser/offline_review.py --faver .build/debug/faver \
      --screenshots docs/screenshots
"""

import argparse
import base64
import ctypes
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from PIL import Image, ImageDraw
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from page_layout import OVERLAYS, covered_by, overlap

NAMESPACE = f"faver-phone-{os.getpid()}"
HOST_SIDE, PHONE_SIDE = f"fvh{os.getpid() % 100000}", f"fvp{os.getpid() % 100000}"
HOST_ADDRESS, PHONE_ADDRESS = "10.213.0.1", "10.213.0.2"
DRIVER_PORT = 9515
TIMEOUT = 30
# Three days of 20, 20 and 13 photos, bursts of three among them (a burst is one stop): after 3
# stops, the rest (up to 50) is taken along.
DAYS = (20, 20, 13)

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def sh(*command):
    subprocess.run(command, check=True, capture_output=True)


def leave_the_machines_network():
    """This script moves to a network namespace of its own, with its loopback and no IPv6: the
    pair's host side, its address and its removal never reach the machine's namespace, where
    chromium running for another test at the same time would fail its requests in flight with
    ERR_NETWORK_CHANGED at each change."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(0x40000000) != 0:  # CLONE_NEWNET
        raise subprocess.CalledProcessError(1, "unshare", stderr=os.strerror(ctypes.get_errno()).encode())
    sh("sh", "-c", "echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6; "
                   "echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6")
    sh("ip", "link", "set", "lo", "up")


def make_network():
    """The veth pair, settled before chromium starts: chromium fails the requests in flight with
    ERR_NETWORK_CHANGED whenever an address or a link of its namespace changes, and a link that
    comes up gets an IPv6 link-local address a moment later (after duplicate address detection,
    later still on a loaded machine). So the phone's namespace has no IPv6, and its link is up
    with its one address before anything opens a page; and the host side is in this script's
    namespace, not the machine's (`leave_the_machines_network`)."""
    leave_the_machines_network()
    sh("ip", "netns", "add", NAMESPACE)
    inside = ("ip", "netns", "exec", NAMESPACE)
    sh(*inside, "sh", "-c", "echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6; "
                            "echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6")
    sh("ip", "link", "add", HOST_SIDE, "type", "veth", "peer", "name", PHONE_SIDE)
    sh("ip", "link", "set", PHONE_SIDE, "netns", NAMESPACE)
    sh("ip", "addr", "add", HOST_ADDRESS + "/30", "dev", HOST_SIDE)
    sh("ip", "link", "set", HOST_SIDE, "up")
    sh(*inside, "ip", "addr", "add", PHONE_ADDRESS + "/30", "dev", PHONE_SIDE)
    sh(*inside, "ip", "link", "set", PHONE_SIDE, "up")
    sh(*inside, "ip", "link", "set", "lo", "up")
    settled = [PHONE_ADDRESS, "127.0.0.1"]
    for _ in range(300):
        links = subprocess.run([*inside, "ip", "-o", "link", "show", "up"], capture_output=True, text=True).stdout
        addresses = subprocess.run([*inside, "ip", "-o", "addr"], capture_output=True, text=True).stdout
        phone_link = [line for line in links.splitlines() if f" {PHONE_SIDE}@" in line]
        if phone_link and "LOWER_UP" in phone_link[0] and sorted(re.findall(r"inet6? ([^/ ]+)", addresses)) == sorted(settled):
            return
        time.sleep(0.05)
    remove_network()
    raise SystemExit(f"the phone's link did not settle in 15 s: {links}{addresses}")


def remove_network():
    subprocess.run(["ip", "link", "del", HOST_SIDE], capture_output=True)
    subprocess.run(["ip", "netns", "del", NAMESPACE], capture_output=True)


def make_library(root):
    index = 0
    for day, shots in enumerate(DAYS, start=1):
        for shot in range(shots):
            # A burst of three every fifth shot: one second apart; else 10 minutes apart.
            minute, second = divmod(shot * 600 + (shot % 5 in (1, 2)) * -599, 60)
            taken = f"2023:10:{day:02} {9 + minute // 60:02}:{minute % 60:02}:{second % 60:02}"
            path = os.path.join(root, f"day{day}", f"IMG_{index:04}.jpg")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            image = Image.new("RGB", (900, 600), (40 + 2 * index, 120, 200 - 2 * index))
            draw = ImageDraw.Draw(image)
            draw.rectangle([0, 380, 900, 600], fill=(60, 90 + day * 20, 60))
            draw.ellipse([100 + index * 8, 80, 220 + index * 8, 200], fill=(255, 236, 170))
            exif = image.getexif()
            exif[0x8769] = {0x9003: taken, 0x9011: "+11:00"}
            image.save(path, "JPEG", quality=80, exif=exif)
            index += 1


class NamespacedDriver(Service):
    """chromedriver in the phone's namespace, reached at the phone's address."""

    def start(self):
        self.process = subprocess.Popen(
            ["ip", "netns", "exec", NAMESPACE, "/usr/bin/chromedriver", f"--port={DRIVER_PORT}",
             f"--allowed-ips={HOST_ADDRESS}", f"--allowed-origins=*"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                urllib.request.urlopen(self.service_url + "/status", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("chromedriver did not start in the phone's namespace")

    @property
    def service_url(self):
        return f"http://{PHONE_ADDRESS}:{DRIVER_PORT}"

    def stop(self):
        if getattr(self, "process", None):
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:  # SIGTERM ignored where the test runner ignores it
                self.process.kill()
                self.process.wait(timeout=TIMEOUT)


def phone(extra_flags=()):
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", *extra_flags]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2, "touch": True, "mobile": True},
        "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                     "Chrome/124.0 Mobile Safari/537.36"})
    return webdriver.Chrome(service=NamespacedDriver("/usr/bin/chromedriver"), options=options)


class Server:
    def __init__(self, faver, store, extra=(), inside=()):
        listen = ["--listen", HOST_ADDRESS] if not inside else ["--lan"]
        self.process = subprocess.Popen(
            [*inside, faver, "serve", "--store", store, "--port", "0", *listen, "--no-analyze", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.link = None
        self.page = None
        for _ in range(40):
            line = self.process.stdout.readline()
            if not line:
                break
            if "#token=" in line:
                self.page = line[line.index("http"):].split()[0]
            if "#pair=" in line:
                self.link = line[line.index("http"):].split()[0]
                break
        if not self.link:
            raise SystemExit("faver serve printed no pairing link: " + self.process.stderr.read())
        # Both pipes drained from now on: a server whose output filled a pipe nobody read would
        # stop at its next line. What it said is kept, to be printed when a check fails.
        self.said = []
        for stream in (self.process.stdout, self.process.stderr):
            threading.Thread(target=lambda stream=stream: self.said.extend(stream), daemon=True).start()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=TIMEOUT)


def wait(driver, condition, what, timeout=TIMEOUT):
    """Whether `condition` comes true within `timeout` s. What the browser throws while the page
    is being replaced (an element gone stale, a page navigating away: the pairing page after a
    revoke) is asked again, not taken for a failure."""
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.1,
                      ignored_exceptions=[WebDriverException]).until(lambda _: condition())
        check(True, what)
        return True
    except Exception:  # never came true
        check(False, what)
        return False


def shown(driver):
    """The id of the photo on screen, once the page listens to everything (boot.js draws the first
    photo before the modules load: app.js)."""
    return driver.execute_script(
        "const p = document.getElementById('photo'); if (document.documentElement.dataset.ready === undefined) return null;"
        " return p && !p.hidden ? p.dataset.assetId : null;")


def text(driver, element_id):
    return driver.execute_script(f"const e = document.getElementById('{element_id}'); return e && !e.hidden ? e.textContent : '';")


def record_pointers(driver):
    """Keeps the last pointer events the stage saw, to say what a swipe that did nothing delivered."""
    driver.execute_script("""
        if (window.seenPointers) return;
        window.seenPointers = [];
        for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"])
          document.getElementById("stage").addEventListener(type, (e) => {
            window.seenPointers.push(`${type} ${Math.round(e.clientX)},${Math.round(e.clientY)} ${Math.round(e.timeStamp)}`);
            window.seenPointers.splice(0, window.seenPointers.length - 24);
          }, true);""")


def swipe_next(driver, slowly=False):
    """A swipe to the left on the stage, as a finger does (touch emulation: pointer events).
    `slowly`: the finger takes over half a second, longer than a hold takes to begin."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 300, "y": 420}]})
    for x in (250, 180, 110):
        if slowly:
            time.sleep(0.2)
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": 425}]})
    # The finger slows before it lifts: no fling (the tap that stops a fling is no click).
    for x in (109, 108):
        time.sleep(0.06)
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": 425}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap(driver, element_id):
    box = driver.execute_script(
        f"const b = document.getElementById('{element_id}').getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2];")
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": box[0], "y": box[1]}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


# Where the status line, the burst's strip and its frames are, and what else is on screen: the
# heart, ✕, Browse, ↓, ?, the moment's title and the photo's line. A frame is reached when the
# element at its centre is the frame (or inside it).
LAYOUT = """
    const box = (element) => {
      const b = element.getBoundingClientRect();
      return {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
    };
    const strip = document.getElementById('strip');
    const others = {'♥': '#favorite', '✕': '#reject', 'Browse': '.top-actions a[href="#/browse"]',
      '↓': '#along-button', '?': '#help-button', 'the title': '#moment-date', "the photo's line": '.photo-line'};
    return {
      line: box(document.getElementById('along')), strip: box(strip), viewport: [innerWidth, innerHeight],
      frames: [...strip.querySelectorAll('.frame')].map((frame) => {
        const b = box(frame), x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
        const hit = document.elementFromPoint(x, y), image = frame.querySelector('img');
        return {id: frame.dataset.frame, box: b, centre: [x, y], reached: !!hit && frame.contains(hit),
                loaded: !!image && image.complete && image.naturalWidth > 0};
      }),
      others: Object.fromEntries(Object.entries(others).map(([name, selector]) => [name, box(document.querySelector(selector))])),
    };"""


def burst_on_screen(driver):
    return driver.execute_script("const s = document.getElementById('strip'); return !s.hidden && s.children.length > 1")


def strip_and_line_apart(driver, where):
    """The status line and the burst's strip side by side: neither covers the other nor anything
    else on screen, every frame is in the viewport, loaded (offline: from the copy taken along),
    and reached by a tap at its centre."""
    wait(driver, lambda: all(frame["loaded"] for frame in driver.execute_script(LAYOUT)["frames"]),
         f"{where}: every frame of the strip is shown")
    layout = driver.execute_script(LAYOUT)
    line, strip, (width, height) = layout["line"], layout["strip"], layout["viewport"]
    check(not overlap(line, strip), f"{where}: the status line {line} and the strip {strip} do not overlap")
    for frame in layout["frames"]:
        box = frame["box"]
        check(box["left"] >= 0 and box["top"] >= 0 and box["right"] <= width and box["bottom"] <= height,
              f"{where}: frame {frame['id']} {box} is within the {width}×{height} viewport")
        check(frame["reached"], f"{where}: a tap at the centre of frame {frame['id']} {frame['centre']} reaches it")
    for name, other in layout["others"].items():
        check(not overlap(line, other) and not overlap(strip, other),
              f"{where}: neither the status line nor the strip covers {name} {other}")
    return layout


# The photo's line (its name, time and place in the burst), whether any part of it is cut, and
# what it might cover: the strip, ♥, ✕ and the status line.
PHOTO_LINE = """
    const box = (element) => {
      const b = element.getBoundingClientRect();
      return {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
    };
    const line = document.querySelector('.photo-line');
    const shown = (selector) => {
      const element = document.querySelector(selector);
      return element && element.getClientRects().length ? box(element) : null;
    };
    return {
      text: line.innerText, burst: document.getElementById('burst-position').innerText,
      box: box(line), burstBox: box(document.getElementById('burst-position')), viewport: [innerWidth, innerHeight],
      cut: [line, ...line.children].filter((part) => part.scrollWidth > part.clientWidth + 0.5)
        .map((part) => part.id || part.className),
      others: Object.fromEntries(Object.entries({'the strip': '#strip', '♥': '#favorite', '✕': '#reject',
        'the status line': '#along'}).map(([name, selector]) => [name, shown(selector)]).filter(([, b]) => b)),
    };"""


def photo_line_whole(driver, where):
    """The photo's line is read in full: nothing of it cut, its place in the burst ("burst 1 of 2")
    within the viewport, and it covers nothing of the strip or the buttons."""
    line = driver.execute_script(PHOTO_LINE)
    width = line["viewport"][0]
    check(re.search(r"(burst|similar) \d+ of \d+", line["burst"]) is not None and line["burst"] in line["text"],
          f"{where}: the photo's line says the place in the burst ({line['text']!r})")
    check(not line["cut"], f"{where}: no part of the photo's line is cut {line['cut']} ({line['text']!r})")
    check(line["box"]["left"] >= 0 and line["box"]["right"] <= width
          and line["burstBox"]["left"] >= 0 and line["burstBox"]["right"] <= width,
          f"{where}: the photo's line {line['box']} is within the {width} px wide viewport")
    for name, other in line["others"].items():
        check(not overlap(line["box"], other), f"{where}: the photo's line {line['box']} covers nothing of {name} {other}")
    return line


# The figures of the compare view: whether each image loaded, and what the figure says.
COMPARE = """
    return [...document.querySelectorAll('#compare figure')].map((figure) => {
      const image = figure.querySelector('img');
      return {text: figure.innerText, source: image ? image.src.split(':')[0] : null,
              loaded: !!image && image.complete && image.naturalWidth > 0 && image.getClientRects().length > 0};
    });"""


def compare_taken_along(driver, where, screenshot):
    """C on a burst taken along, offline: every frame shown from the copy taken along."""
    count = driver.execute_script("return document.getElementById('strip').children.length")
    ActionChains(driver).send_keys("c").perform()
    wait(driver, lambda: len(driver.execute_script(COMPARE)) == count
         and all(frame["loaded"] for frame in driver.execute_script(COMPARE)),
         f"{where}: C compares the burst's {count} frames, every one loaded")
    frames = driver.execute_script(COMPARE)
    check(all(frame["source"] == "blob" for frame in frames) and not any("not taken along" in frame["text"] for frame in frames),
          f"{where}: from the copies taken along ({frames})")
    overlay_covers_nothing(driver, where, "compare")
    driver.save_screenshot(screenshot)
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait(driver, lambda: driver.execute_script("return document.getElementById('compare').hidden"), f"{where}: Esc closes it")


# The frames of the strip and of compare, by id: "shown" (its image loaded and on screen), "not
# taken along" (no image, and a label on screen, whole, with the frame's file name and that it was
# not taken along) or "blank" (neither: a person cannot tell what the frame is).
FRAMES = """
    const frames = (selector) => [...document.querySelectorAll(selector)].map((frame) => {
      const image = frame.querySelector('img'), note = frame.querySelector('.why');
      const visible = (element) => !!element && !element.hidden && element.getClientRects().length > 0
        && getComputedStyle(element).visibility !== 'hidden';
      const label = visible(note);
      return {id: frame.dataset.frame, name: image ? image.alt : '',
              shown: visible(image) && image.complete && image.naturalWidth > 0,
              label: label ? note.innerText : '',
              whole: label && note.scrollHeight <= note.clientHeight + 1 && note.scrollWidth <= note.clientWidth + 1};
    });
    return {strip: frames('#strip .frame'), compare: frames('#compare figure')};"""


def frame_states(driver):
    """{"strip": {id: state}, "compare": {id: state}} (see FRAMES), and what each frame said."""
    frames = driver.execute_script(FRAMES)
    def state(frame):
        if frame["shown"]:
            return "shown"
        said = frame["label"].lower()
        return "not taken along" if "not taken along" in said and frame["name"].lower() in said and frame["name"] \
            and frame["whole"] else "blank"
    return {kind: {frame["id"]: state(frame) for frame in frames[kind]} for kind in ("strip", "compare")}, frames


def strip_and_compare_agree(driver, where, expected, screenshot):
    """The burst on screen: every frame of its strip is `expected` ("shown" or "not taken along",
    never blank), and C shows every frame the same way."""
    states = lambda: frame_states(driver)[0]
    count = driver.execute_script("return document.getElementById('strip').children.length")
    if not wait(driver, lambda: len(states()["strip"]) == count and set(states()["strip"].values()) == {expected},
                f"{where}: every one of the strip's {count} frames is {expected}"):
        print("  the frames:", frame_states(driver))
    driver.save_screenshot(screenshot + ".png")
    ActionChains(driver).send_keys("c").perform()
    if not wait(driver, lambda: states()["compare"] == states()["strip"], f"{where}: C shows each frame as the strip does"):
        print("  the frames:", frame_states(driver))
    driver.save_screenshot(screenshot + "-compare.png")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait(driver, lambda: driver.execute_script("return document.getElementById('compare').hidden"), f"{where}: Esc closes it")


def frames_not_taken_along(driver, screenshots):
    """Offline, back on the moment's first burst, seen before the photos were taken along (none of
    its frames taken along): the strip shows its frames from the browser's cache, and so does C.
    With the browser's cache out of reach too (DevTools' "disable cache"), every frame of the strip
    says its name and that it was not taken along, on a phone and on a desktop, and so do C and the
    photo's own card."""
    here = shown(driver)
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
    if not wait(driver, lambda: shown(driver) != here and burst_on_screen(driver),
                "offline, Shift+← goes back to the moment's first burst, seen before the photos were taken along"):
        return
    strip_and_compare_agree(driver, "phone, offline, a burst seen before taking along", "shown",
                            os.path.join(screenshots, "offline-phone-cached"))
    first = shown(driver)
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    try:
        # Away from the burst and back: its strip is drawn again, with nothing to draw it from.
        ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
        wait(driver, lambda: shown(driver) not in (None, first) and not burst_on_screen(driver), "→ goes on")
        ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
        wait(driver, lambda: burst_on_screen(driver), "and ← back to the burst")
        # The photo itself says so too, on its card: not that it has no preview.
        card = lambda: text(driver, "no-preview")
        if not wait(driver, lambda: "not taken along" in card().lower() and "no preview" not in card().lower(),
                    "phone, offline: the photo on screen, neither taken along nor kept, says it was not taken along"):
            print("  the card:", repr(card()))
        strip_and_compare_agree(driver, "phone, offline, a burst neither taken along nor kept", "not taken along",
                                os.path.join(screenshots, "offline-phone-not-taken"))
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        try:
            strip_and_compare_agree(driver, "desktop, offline, a burst neither taken along nor kept", "not taken along",
                                    os.path.join(screenshots, "offline-desktop-not-taken"))
        finally:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    finally:
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    for _ in range(6):
        if shown(driver) == here:
            break
        before = shown(driver)
        ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
        wait(driver, lambda: shown(driver) not in (None, before), "→ goes on")
    check(shown(driver) == here, "and → comes back to where the review was")


def overlay_covers_nothing(driver, where, overlay):
    """The open `overlay` ("details" or "compare") covers none of the status line, the strip, the
    photo's line, ♥ and ✕, all on screen."""
    layout = lambda: driver.execute_script(OVERLAYS)
    covered = lambda: covered_by(layout(), overlay)
    if not wait(driver, lambda: layout()[overlay] is not None and "the status line" in layout()["needed"]
                and "the strip" in layout()["needed"] and not covered(),
                f"{where}: the open {overlay} covers none of the status line, the strip, the photo's line, ♥ and ✕"):
        print("  covered:", covered(), layout())


def details_cover_nothing(driver, where, screenshot):
    """I opens the details: they cover nothing below the photo; I closes them."""
    ActionChains(driver).send_keys("i").perform()
    wait(driver, lambda: driver.execute_script("return !document.getElementById('details').hidden"), f"{where}: I shows the details")
    overlay_covers_nothing(driver, where, "details")
    driver.save_screenshot(screenshot)
    ActionChains(driver).send_keys("i").perform()
    wait(driver, lambda: driver.execute_script("return document.getElementById('details').hidden"), f"{where}: I hides them")


def move_on(driver, slowly=False):
    before = shown(driver)
    record_pointers(driver)
    swipe_next(driver, slowly)
    moved = wait(driver, lambda: shown(driver) not in (None, before) and
                 driver.execute_script("return document.getElementById('photo').complete"),
                 f"a {'slow ' if slowly else ''}swipe moves on from {before}")
    if not moved:
        print("the stage saw:", driver.execute_script("return window.seenPointers"), "now shown:", shown(driver))
    return moved


def offline(driver, on):
    driver.set_network_conditions(offline=on, latency=0, download_throughput=-1, upload_throughput=-1)
    if not on:
        driver.delete_network_conditions()


def favorites(faver, store):
    result = subprocess.run([faver, "favorites", "--json", "--store", store], check=True, capture_output=True, text=True)
    return {entry["id"] for entry in json.loads(result.stdout)}


def state_of(faver, store, asset):
    result = subprocess.run([faver, "assets", "--json", "--store", store], check=True, capture_output=True, text=True)
    entries = json.loads(result.stdout)
    entries = entries["assets"] if isinstance(entries, dict) else entries
    entry = next(item for item in entries if item["id"] == asset)
    return "favorite" if entry.get("favorite") else "rejected" if entry.get("rejected") else (
        "reviewed" if entry.get("reviewed") else "unreviewed")


def tap_at(driver, x, y):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def see_a_burst_offline(driver, screenshots):
    """Offline with a burst on screen, on the phone and then on a desktop's screen: the status line
    and the strip are both in full view, and a tap on a frame shows it."""
    layout = strip_and_line_apart(driver, "phone, offline, a burst")
    photo_line_whole(driver, "phone, offline, a burst")
    driver.save_screenshot(os.path.join(screenshots, "offline-phone-burst.png"))
    compare_taken_along(driver, "phone, offline", os.path.join(screenshots, "offline-phone-compare.png"))
    details_cover_nothing(driver, "phone, offline", os.path.join(screenshots, "offline-phone-details.png"))
    here = shown(driver)
    other = next((frame for frame in layout["frames"] if frame["id"] != here), None)
    if other:
        tap_at(driver, *other["centre"])
        wait(driver, lambda: shown(driver) == other["id"], "phone, offline: a tap on a frame of the strip shows it")
        back = next(frame for frame in driver.execute_script(LAYOUT)["frames"] if frame["id"] == here)
        tap_at(driver, *back["centre"])
        wait(driver, lambda: shown(driver) == here, "and a tap on the first frame shows it again")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        strip_and_line_apart(driver, "desktop, offline, a burst")
        photo_line_whole(driver, "desktop, offline, a burst")
        driver.save_screenshot(os.path.join(screenshots, "offline-desktop-burst.png"))
        compare_taken_along(driver, "desktop, offline", os.path.join(screenshots, "offline-desktop-compare.png"))
        details_cover_nothing(driver, "desktop, offline", os.path.join(screenshots, "offline-desktop-details.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})


def review_offline(driver, faver, store, screenshots):
    server = Server(faver, store)
    try:
        driver.get(server.link)
        # The first photo waits for the server's first queue and preview: longer on a loaded machine.
        if not wait(driver, lambda: shown(driver) is not None, "the printed pairing link pairs the phone and opens the review",
                    timeout=4 * TIMEOUT):
            print("page:", driver.current_url, driver.execute_script("return document.body.innerText")[:500])
            for entry in driver.get_log("browser"):
                print("console:", entry.get("message", "")[:300])
            print("server:", "".join(server.said[-20:])[-2000:])
        check("#pair=" not in driver.current_url, "the code is taken out of the address bar")
        check("faver-device" not in driver.execute_script("return document.cookie"),
              "the device cookie is HttpOnly: the page's script cannot read it")
        # A slow finger swipes too: it never turns into a hold.
        for index in range(3):
            move_on(driver, slowly=index == 0)
        tap(driver, "along-button")
        wait(driver, lambda: "ready offline" in text(driver, "along-state"), "↓ takes photos along")
        driver.execute_script("document.getElementById('notice').hidden = true")
        wait(driver, lambda: driver.execute_script("return document.getElementById('photo').complete"), "the photo is loaded")
        driver.save_screenshot(os.path.join(screenshots, "review-phone-paired.png"))
        # The line is read again once the photo is loaded: it says what is ready whenever it is
        # not the progress bar's, and may be redrawn meanwhile.
        def ready_now():
            line = driver.execute_script("return document.getElementById('along-state').textContent")
            return line if re.match(r"\d+ photos? ready offline", line) else None
        wait(driver, lambda: ready_now() is not None, "the line says how many photos are ready")
        ready = ready_now() or "0"
        taken = int(ready.split()[0])
        status = json.loads(subprocess.run([faver, "status", "--json", "--store", store], check=True,
                                           capture_output=True, text=True).stdout)
        left = status["total"] - status["reviewed"]
        check(taken >= min(50, left), f"50 photos ready, or all {left} left: {ready}")
        # Off the network, 20 more photos: every third a favorite, one undone.
        offline(driver, True)
        frames_not_taken_along(driver, screenshots)
        reviewed, favorite = [], []
        burst_seen = False
        for index in range(20):
            asset = shown(driver)
            reviewed.append(asset)
            if index % 3 == 0:
                tap(driver, "favorite")
                wait(driver, lambda: driver.find_element(By.ID, "favorite").get_attribute("aria-pressed") == "true",
                     "a tap on ♥ makes a favorite at once, offline")
                favorite.append(asset)
            if index == 9:
                ActionChains(driver).send_keys("u").perform()  # U: not a favorite after all
                wait(driver, lambda: driver.find_element(By.ID, "favorite").get_attribute("aria-pressed") == "false",
                     "U undoes the favorite, offline")
                favorite.remove(asset)
            if not move_on(driver):
                break
            if index == 4:
                wait(driver, lambda: "offline —" in text(driver, "along-state"), "the page says it is offline")
                driver.save_screenshot(os.path.join(screenshots, "offline-phone.png"))
            if index >= 4 and not burst_seen and burst_on_screen(driver):
                burst_seen = True
                see_a_burst_offline(driver, screenshots)
        check(burst_seen, "offline, a burst came on screen")
        line = text(driver, "along-state")
        check("marks to send" in line, f"offline, marks wait: {line}")
        # Meanwhile, on the computer: the CLI rejects one of the favorites made on the phone.
        changed = favorite[1]
        subprocess.run([faver, "mark", changed, "--reject", "--store", store], check=True, capture_output=True)
        offline(driver, False)
        wait(driver, lambda: driver.execute_script("return JSON.parse(localStorage.getItem('faver.pending') || '[]').length") == 0,
             "back online, every waiting mark is sent")
        kept = favorites(faver, store)
        missing = {asset: state_of(faver, store, asset) for asset in set(favorite) - {changed} - kept}
        check(not missing and len(favorite) == 6, f"every favorite made offline is in faver favorites --json {missing}")
        check(changed not in kept and state_of(faver, store, changed) == "rejected",
              "the CLI's newer mark is not overwritten by the phone's late one")
        check(all(state_of(faver, store, asset) != "unreviewed" for asset in reviewed[:-1]),
              "every photo moved on from offline is reviewed")
        # The pairing page: a new browser profile, not paired.
        driver.delete_all_cookies()
        driver.get(server.link.split("#")[0])
        wait(driver, lambda: "Pair" in driver.find_element(By.TAG_NAME, "body").text, "an unpaired phone gets the pairing page")
        driver.save_screenshot(os.path.join(screenshots, "pairing-phone.png"))
    finally:
        server.stop()


def make_certificate(folder):
    key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=faver-test",
                    "-addext", f"subjectAltName=IP:{HOST_ADDRESS}", "-keyout", key, "-out", cert],
                   check=True, capture_output=True)
    spki = subprocess.run(
        f"openssl x509 -in {cert} -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary",
        shell=True, check=True, capture_output=True).stdout
    return cert, key, base64.b64encode(spki).decode()


def service_worker_offline(faver, store, work, screenshots):
    cert, key, spki = make_certificate(work)
    server = Server(faver, store, ["--tls-cert", cert, "--tls-key", key])
    # The certificate is trusted by its key, as a phone trusts an installed one: a secure context.
    driver = phone([f"--ignore-certificate-errors-spki-list={spki}"])
    try:
        driver.get(server.link)
        wait(driver, lambda: shown(driver) is not None, "over HTTPS the pairing link opens the review")
        wait(driver, lambda: driver.execute_script("return !!navigator.serviceWorker.controller"),
             "the service worker registers and controls the page")
        wait(driver, lambda: driver.execute_async_script(
            "const done = arguments[0]; caches.match(document.querySelector('script[type=module]').src.replace('app.js', "
            "'review.js')).then((kept) => done(!!kept), () => done(false))"),
            "it keeps the page's modules")
        driver.execute_script("document.getElementById('along-button').click()")
        wait(driver, lambda: "ready offline" in text(driver, "along-state"), "over HTTPS too, photos are taken along")
        offline(driver, True)
        driver.refresh()
        wait(driver, lambda: (shown(driver) or "") != "" and driver.execute_script(
            "const p = document.getElementById('photo'); return p.src.startsWith('blob:') && p.complete && p.naturalWidth > 0"),
            "offline, the page reloads from the service worker and shows a photo taken along")
        wait(driver, lambda: "offline —" in text(driver, "along-state"), "and says it is offline")
        before = shown(driver)
        swipe_next(driver)
        wait(driver, lambda: shown(driver) not in (None, before), "and the review goes on")
        offline(driver, False)
    finally:
        driver.quit()
        server.stop()


def pair_a_phone(faver, store, screenshots):
    """This machine's page shows a pairing link and its QR code. Served with --lan inside the
    phone's namespace (its only network is the veth pair), and opened there on its loopback."""
    server = Server(faver, store, inside=("ip", "netns", "exec", NAMESPACE))
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=960,700", "--hide-scrollbars"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=NamespacedDriver("/usr/bin/chromedriver"), options=options)
    try:
        try:
            driver.get(server.page)
        except Exception:
            print("server:", server.page, "exit", server.process.poll(), "".join(server.said[-20:])[-2000:])
            raise
        wait(driver, lambda: shown(driver) is not None, "this machine's page opens with its token")
        driver.execute_script("document.getElementById('help-button').click()")
        wait(driver, lambda: driver.execute_script("return !document.getElementById('pair-phone').hidden"),
             "the help has Pair a phone")
        driver.execute_script("document.getElementById('pair-button').click()")
        wait(driver, lambda: "#pair=" in driver.find_element(By.ID, "pair-url").text, "it shows a pairing link")
        wait(driver, lambda: driver.execute_script(
            "const q = document.getElementById('pair-qr'); return q.complete && q.naturalWidth > 0"),
            "and its QR code as an image")
        driver.save_screenshot(os.path.join(screenshots, "pair-a-phone.png"))
    finally:
        driver.quit()
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--faver", required=True)
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    if os.geteuid() != 0 or shutil.which("ip") is None:
        print("skipped: needs root and ip(8) for a network namespace")
        return
    work = tempfile.mkdtemp(prefix="faver-offline-")
    screenshots = arguments.screenshots or os.path.join(work, "screenshots")
    os.makedirs(screenshots, exist_ok=True)
    library, store = os.path.join(work, "library"), os.path.join(work, "store")
    make_library(library)
    subprocess.run([arguments.faver, "index", library, "--store", store], check=True, capture_output=True)
    try:
        make_network()
    except subprocess.CalledProcessError as error:
        remove_network()
        print(f"skipped: this machine does not allow a network namespace ({error.stderr.decode().strip()})")
        return
    try:
        driver = phone()
        try:
            review_offline(driver, arguments.faver, store, screenshots)
        finally:
            driver.quit()
        service_worker_offline(arguments.faver, store, work, screenshots)
        pair_a_phone(arguments.faver, store, screenshots)
    finally:
        remove_network()
        shutil.rmtree(work, ignore_errors=True) if not arguments.screenshots else None
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
    print("all passed")


if __name__ == "__main__":
    main()
