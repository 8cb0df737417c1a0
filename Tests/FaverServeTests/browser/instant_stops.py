#!/usr/bin/python3
"""The review page moves without waiting for the server: chromium at phone size, against
`faver serve` on a generated library of four days.

- The first photo is the one `/api/review` names, shown from one request (`?stops=1`).
- With every answer to saving a mark or the cursor held back SAVE_DELAY ms, each → still shows
  the next photo in well under that (the move swaps what is ready, then saves), across a moment's
  end too (the next moment is fetched ahead).
- After a fast run of stops with favorites (keys sent as quickly as they can be typed), once the
  page has nothing left to send: every mark it sent is in the store, as its last state; the
  store's reviewed count is the number of photos the page marked; a reload shows the photo
  `faver next` names.

Run by `ReviewPageBrowserTests.swift`; by hand:
  /usr/bin/python3 Tests/FaverServeTests/browser/instant_stops.py --faver .build/debug/faver
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_timing import PHONE, Server, chromium, first_photo, marks, saved, step, wait_until  # noqa: E402

DAYS = 4
PER_DAY = 20  # photos a day, two minutes apart (no bursts): one stop each
SAVE_DELAY = 10000  # ms the answers to saves are held back (a move under a full test run's load took 3.6 s)
FAST_RUN = 50  # stops of the fast run
KEY_GAP = 0.06  # seconds between its keys

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def make_library(root):
    for day in range(DAYS):
        for shot in range(PER_DAY):
            path = os.path.join(root, f"day{day + 1}", f"IMG_{shot:04}.jpg")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            image = Image.new("RGB", (1600, 1200), (60 + 40 * day, 120 + 6 * shot, 200 - 8 * shot))
            draw = ImageDraw.Draw(image)
            draw.ellipse([100 + 60 * shot, 300, 400 + 60 * shot, 600], fill=(250, 230, 160))
            exif = image.getexif()
            minutes = 2 * shot
            exif[0x8769] = {0x9003: f"2024:07:{10 + day:02} {9 + minutes // 60:02}:{minutes % 60:02}:00",
                            0x9011: "+02:00"}
            image.save(path, "JPEG", quality=85, exif=exif)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--faver", required=True)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="faver-instant-")
    library, store = os.path.join(work, "library"), os.path.join(work, "store")
    make_library(library)
    subprocess.run([arguments.faver, "index", library, "--store", store], check=True, capture_output=True)
    server = Server(arguments.faver, store)
    driver = chromium(PHONE, mobile=True, save_delay=SAVE_DELAY)
    try:
        run(driver, server, arguments.faver, store)
    finally:
        if failures:
            for entry in driver.get_log("browser"):
                print("console:", entry.get("message", "")[:300])
        driver.quit()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(failures)} failed" if failures else "all passed")
    return 1 if failures else 0


def run(driver, server, faver, store):
    place = server.api("/api/review")
    _, first = first_photo(driver, server.printed)
    check(first == place["asset"]["id"], "the first photo shown is the one /api/review names")
    opened = [entry for entry in driver.execute_script(
        "return performance.getEntriesByType('resource').map((r) => r.name);") if "/api/" in entry]
    check(not any("/api/moments/" in name for name in opened),
          f"the page opened from one request for its place and stops, no moment asked apart ({opened})")
    # boot.js asks for the session, the place and the first photo before the modules load; the
    # page takes those answers instead of asking again.
    asked = driver.execute_script(
        "return performance.getEntriesByType('resource').map((r) => [new URL(r.name).pathname, r.initiatorType]);")
    reviews = [kind for path, kind in asked if path == "/api/review"]
    photos = [kind for path, kind in asked if path == f"/api/assets/{first}/preview"]
    check(reviews == ["fetch"], f"the place was asked once ({reviews})")
    # By boot.js's preload when the place comes while the modules still load (most often), else by
    # the stage: never both.
    check(len(photos) == 1 and photos[0] in ("link", "img"), f"the first photo was asked once ({photos})")

    # Saves answered SAVE_DELAY ms late: each move is drawn long before any save is answered.
    days = set()
    slowest = 0.0
    for _ in range(PER_DAY + 4):
        took, shown = step(driver)
        slowest = max(slowest, took)
        days.add(server.api(f"/api/assets/{shown}")["path"].split("/")[-2])
    check(slowest < SAVE_DELAY / 2,
          f"with saves answered {SAVE_DELAY} ms late, every move is drawn at once (slowest {slowest:.0f} ms)")
    check(len(days) == 2, f"the moves crossed into the next moment ({sorted(days)})")

    # A fast run, the saves at full speed: a key every KEY_GAP seconds (a person's quickest), a
    # favorite every seventh stop.
    driver.execute_script("window.faverSaveDelay = 0;")
    keys = ActionChains(driver)
    for index in range(FAST_RUN):
        for key in ["f", Keys.ARROW_RIGHT] if index % 7 == 3 else [Keys.ARROW_RIGHT]:
            keys.send_keys(key).pause(KEY_GAP)
    keys.perform()
    wait_until(lambda: saved(driver) and driver.execute_script(
        "return document.getElementById('photo').complete;"))
    sent = driver.execute_script("return window.faverSent;")
    last = {}
    for mark in sent:
        last[mark["id"]] = mark["state"]
    states = {}
    for asset_id in last:
        asset = server.api(f"/api/assets/{asset_id}")
        states[asset_id] = ("favorite" if asset["favorite"] else "rejected" if asset["rejected"]
                            else "reviewed" if asset["reviewed"] else "unreviewed")
    differ = {asset_id: (state, states[asset_id]) for asset_id, state in last.items() if states[asset_id] != state}
    check(not differ, f"every mark the page sent ({len(last)} photos) is in the store as last sent {differ}")
    favorites = sum(state == "favorite" for state in last.values())
    check(favorites >= 3, f"the fast run made favorites ({favorites})")
    progress = server.api("/api/progress")
    marked = sum(state != "unreviewed" for state in last.values())
    check(progress["reviewed"] == marked,
          f"the store's reviewed count is the page's marks ({progress['reviewed']} and {marked})")
    check(marked > PER_DAY + 4 + 10, f"the fast run moved on ({marked} photos marked)")

    on_screen = driver.find_element("id", "photo").get_attribute("data-asset-id")
    driver.refresh()
    wait_until(lambda: marks(driver, "faver:shown"))
    reloaded = marks(driver, "faver:shown")[0][1]
    check(reloaded == on_screen, f"a reload shows the photo the run ended on ({reloaded}, {on_screen})")
    cli = subprocess.run([faver, "next", "--store", store, "--json"], capture_output=True, text=True, check=True)
    named = json.loads(cli.stdout)
    named = named and named["asset"]["id"]
    check(named == on_screen, f"`faver next` names the photo on screen ({named}, {on_screen})")


if __name__ == "__main__":
    sys.exit(main())
