#!/usr/bin/python3
"""The review page in a real browser: chromium driven by selenium against `faver serve`.

Generates a small library of real JPEGs (two days, a burst of three), indexes it, serves it on a
free port and checks what a person sees: the printed address (ending in `#token=SECRET`) opens
the page, which trades the token for a cookie and takes it out of the address bar; without it the
page shows nothing but what to do; the photo shown is the one `/api/next` names (by its
`data-asset-id`), → marks it reviewed and moves on, F makes a favorite at once, a reload shows
the same photo, U undoes, a mark made while the server is down is retried until it is saved, and
browse drills down to a photo that opens the review there; on a phone the photo's line is whole
(its place in the burst never cut, covering neither the strip nor the buttons); with photos taken
along, the details and compare leave the status line, the strip and the buttons in sight, on a
desktop and on a phone. Screenshots go to --screenshots.

Run by `ReviewPageBrowserTests.swift`; by hand:
  /usr/bin/python3 Tests/FaverServeTests/browser/review_page.py --faver .build/debug/faver \
      --screenshots docs/screenshots
"""

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request

from PIL import Image, ImageDraw
from PIL.TiffImagePlugin import IFDRational
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import page_timing
from page_layout import OVERLAYS, covered_by

# (file, EXIF time, sky colour, ground colour): a morning with a burst of three, then a next day.
SHOTS = [
    ("day1/IMG_0001.jpg", "2024:05:12 09:00:00", (120, 170, 230), (70, 120, 60)),
    ("day1/IMG_0002.jpg", "2024:05:12 09:00:01", (125, 172, 232), (72, 122, 62)),
    ("day1/IMG_0003.jpg", "2024:05:12 09:00:02", (130, 175, 235), (74, 124, 64)),
    ("day1/IMG_0004.jpg", "2024:05:12 09:20:00", (240, 180, 120), (150, 110, 70)),
    ("day1/IMG_0005.jpg", "2024:05:12 09:45:00", (200, 120, 150), (60, 60, 90)),
    ("day2/IMG_0010.jpg", "2024:05:13 18:00:00", (250, 140, 90), (40, 40, 60)),
    ("day2/IMG_0011.jpg", "2024:05:13 18:01:30", (230, 110, 100), (30, 30, 50)),
    ("day2/IMG_0012.jpg", "2024:05:13 18:30:00", (60, 60, 110), (20, 20, 30)),
]

# Then a day each in June: enough moments that browsing them scrolls.
EXTRA_DAYS = 24

# The burst's photos are this large, with fine stripes at their middle that only a zoom to 100 %
# resolves; the others 960 × 640.
LARGE = (2400, 1600)

TIMEOUT = 20  # seconds a condition may take to come true before the check fails


def make_library(root):
    shots = SHOTS + [(f"june/IMG_{day:04}.jpg", f"2024:06:{day:02} 12:00:00", (90 + 6 * day, 130, 200 - 4 * day),
                      (60, 90 + 3 * day, 60)) for day in range(1, EXTRA_DAYS + 1)]
    for index, (name, taken, sky, ground) in enumerate(shots):
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        size = LARGE if index < 3 else (960, 640)
        k = size[0] / 960
        image = Image.new("RGB", size, sky)
        draw = ImageDraw.Draw(image)
        draw.rectangle([0, 400 * k, size[0], size[1]], fill=ground)
        draw.ellipse([(620 - index * 30) * k, 90 * k, (760 - index * 30) * k, 230 * k], fill=(255, 236, 170))
        draw.polygon([(0, 420 * k), ((220 + index * 20) * k, 250 * k), (480 * k, 420 * k)],
                     fill=tuple(c // 2 for c in ground))
        if size == LARGE:
            for x in range(int(size[0] * 0.3), int(size[0] * 0.7), 4):
                draw.rectangle([x, size[1] * 0.3, x + 1, size[1] * 0.7], fill=(20, 20, 20))
        exif = image.getexif()
        exif[0x010F] = "Apple"
        exif[0x0110] = "iPhone 15"
        exif[0x8769] = {0x9003: taken, 0x9011: "+02:00",  # DateTimeOriginal, OffsetTimeOriginal
                        # ExposureTime, FNumber, ISO, FocalLength, LensModel
                        0x829A: IFDRational(1, 250), 0x829D: IFDRational(178, 100), 0x8827: 400,
                        0x920A: IFDRational(686, 100), 0xA434: "iPhone 15 back camera 6.86mm f/1.78"}
        image.save(path, "JPEG", quality=85, exif=exif)


servers = []  # every server started, stopped at the end if still running


class Server(page_timing.Server):
    """`faver serve` as page_timing starts it, remembered to be stopped at the end; its stop checked."""

    def __init__(self, faver, store, port=0):
        servers.append(self)
        super().__init__(faver, store, port=port)

    def stop(self):
        self.process.terminate()
        status = self.process.wait(timeout=TIMEOUT)
        check(status == 0, f"faver serve stops cleanly on SIGTERM (status {status})")


failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def api(server, path, method="GET", body=None, raw=False):
    """The API as a script uses it: the token as a bearer token. `/api/next` moves the cursor: POST."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path.lstrip("/"), method=method, data=data, headers={
        "Authorization": "Bearer " + server.token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        content = response.read()
        return content if raw else (json.loads(content) if content else None)


def sharpness(image):
    """How much neighbouring pixels differ, on average: what blur takes away."""
    gray = image.convert("L")
    pixels = gray.load()
    width, height = gray.size
    total = sum(abs(pixels[x + 1, y] - pixels[x, y]) for y in range(height) for x in range(width - 1))
    return total / ((width - 1) * height)


def visible_text(driver, element_id):
    element = driver.find_element(By.ID, element_id)
    return element.text if element.is_displayed() else ""


def next_id(server):
    return api(server, "/api/next", method="POST")["id"]


def shown(driver):
    """The id of the photo on screen: the data-asset-id of the element that shows it, once the page
    listens to everything (boot.js draws the first photo before the modules load: app.js)."""
    if driver.execute_script("return document.documentElement.dataset.ready === undefined"):
        return None
    elements = driver.find_elements(By.CSS_SELECTOR, "#stage [data-asset-id]")
    visible = [element for element in elements if element.is_displayed()]
    return visible[0].get_attribute("data-asset-id") if len(visible) == 1 else None


def wait(driver, condition, what, timeout=TIMEOUT):
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.1,
                      ignored_exceptions=[StaleElementReferenceException]).until(lambda _: condition())
        check(True, what)
        return True
    except Exception:  # the condition never came true (or kept throwing)
        check(False, what)
        return False


def images_loaded(driver):
    """Whether every image on screen has loaded (for a screenshot that shows them)."""
    return driver.execute_script("""
        return Array.from(document.images).filter((image) => {
          const box = image.getBoundingClientRect();
          return image.offsetParent !== null && getComputedStyle(image).visibility !== "hidden"
            && box.bottom > 0 && box.top < innerHeight;
        }).every((image) => image.complete && image.naturalWidth > 0);""")


def press(driver, *keys):
    ActionChains(driver).send_keys(*keys).perform()


# The photo's line (its name, time and place in the burst): its text, whether any part of it is
# cut, and the boxes of what it might cover (the strip, ♥, ✕).
PHOTO_LINE = """
    const box = (element) => {
      const b = element.getBoundingClientRect();
      return {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
    };
    const line = document.querySelector('.photo-line');
    return {
      text: line.innerText, burst: document.getElementById('burst-position').innerText,
      box: box(line), burstBox: box(document.getElementById('burst-position')), width: innerWidth,
      cut: [line, ...line.children].filter((part) => part.scrollWidth > part.clientWidth + 0.5)
        .map((part) => part.id || part.className),
      others: {'the strip': box(document.getElementById('strip')), '♥': box(document.getElementById('favorite')),
               '✕': box(document.getElementById('reject'))},
    };"""


def photo_line_whole(driver, where):
    """The photo's line is read in full: nothing of it cut, its place in the burst ("burst 3 of 3")
    within the viewport, and it covers nothing of the strip or the buttons. Its text."""
    line = driver.execute_script(PHOTO_LINE)
    overlap = lambda a, b: a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]
    check(re.search(r"(burst|similar) \d+ of \d+", line["burst"]) is not None and line["burst"] in line["text"],
          f"{where}: the photo's line says the place in the burst ({line['text']!r})")
    check(not line["cut"], f"{where}: no part of the photo's line is cut {line['cut']} ({line['text']!r})")
    check(line["box"]["left"] >= 0 and line["box"]["right"] <= line["width"]
          and line["burstBox"]["left"] >= 0 and line["burstBox"]["right"] <= line["width"],
          f"{where}: the photo's line {line['box']} is within the {line['width']} px wide viewport")
    for name, other in line["others"].items():
        check(not overlap(line["box"], other), f"{where}: the photo's line {line['box']} covers nothing of {name} {other}")
    return line["text"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--faver", required=True)
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="faver-browser-")
    screenshots = arguments.screenshots or os.path.join(work, "screenshots")
    os.makedirs(screenshots, exist_ok=True)
    library = os.path.join(work, "library")
    store = os.path.join(work, "store")
    make_library(library)
    subprocess.run([arguments.faver, "index", library, "--store", store], check=True, capture_output=True)
    server = Server(arguments.faver, store)
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=960,640", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # The page's own size (what a screenshot shows), whatever the window's frame takes.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 960, "height": 600, "deviceScaleFactor": 1, "mobile": False})
    try:
        run(driver, server, arguments.faver, store, screenshots)
    finally:
        if failures:  # what the page's console said, to find why
            for entry in driver.get_log("browser"):
                print("console:", entry.get("message", "")[:300])
        driver.quit()
        for running in servers:
            if running.process.poll() is None:
                running.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(failures)} failed" if failures else "all passed")
    return 1 if failures else 0


def run(driver, server, faver, store, screenshots):
    def shot(name):
        try:
            WebDriverWait(driver, TIMEOUT, poll_frequency=0.1).until(lambda _: images_loaded(driver))
        except Exception:
            check(False, f"the images of {name} load")
        driver.save_screenshot(os.path.join(screenshots, name))

    first = next_id(server)
    # Without the token: the page says to open the printed address, and shows no photo.
    driver.get(server.url)
    wait(driver, lambda: "faver serve" in driver.find_element(By.ID, "notice").text,
         "without the token, the page says to open the address faver serve printed")
    check(shown(driver) is None, "and shows no photo")
    driver.save_screenshot(os.path.join(screenshots, "no-token.png"))
    driver.get(server.printed)
    wait(driver, lambda: shown(driver) == first, "the printed address shows the photo /api/next names")
    check("token" not in driver.current_url, f"the token is taken out of the address ({driver.current_url})")
    cookies = driver.get_cookies()
    check(len(cookies) == 1 and cookies[0]["httpOnly"] and cookies[0].get("sameSite") == "Strict",
          f"the page holds an HttpOnly, SameSite=Strict cookie ({cookies})")
    wait(driver, lambda: driver.execute_script(
        "const p = document.getElementById('photo'); return p.complete && p.naturalWidth > 0"),
        "the photo's preview loads")
    wait(driver, lambda: driver.find_element(By.ID, "library-progress").text == "32 photos to see",
         "the story bar says how many photos there are to see")
    check(visible_text(driver, "photo-name") == "IMG_0001.jpg",
          f"the file name is on screen ({visible_text(driver, 'photo-name')!r})")
    check("09:00:00" in visible_text(driver, "photo-time"),
          f"and its time, as the camera showed it ({visible_text(driver, 'photo-time')!r})")
    segments = driver.find_elements(By.CSS_SELECTOR, "#segments .seg")
    check(len(segments) == 5, f"one story segment per photo of the moment ({len(segments)})")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#segments .burst")) == 3,
          "segments grouped by burst (a burst of three, two single photos)")
    shot("review.png")

    # ↓ within the burst: the photo left is reviewed, the next frame shows, and `next` agrees.
    press(driver, Keys.ARROW_DOWN)
    wait(driver, lambda: shown(driver) not in (None, first), "↓ moves on within the burst")
    second = shown(driver)
    check(api(server, f"/api/assets/{first}")["reviewed"], "the photo left is saved as reviewed")
    check(next_id(server) == second, "/api/next is the photo on screen")
    wait(driver, lambda: driver.find_element(By.ID, "library-progress").text == "3.1 % of your library seen",
         "and the story bar how much of the library is seen, to one decimal below 10 %")
    check(driver.find_element(By.ID, "session-count").text == "+1 today",
          f"and how many this session saw ({driver.find_element(By.ID, 'session-count').text!r})")
    check("seen" in driver.find_elements(By.CSS_SELECTOR, "#segments .seg")[0].get_attribute("class"),
          "its story segment fills")

    # U right after moving on: back to the photo left, unreviewed again; ↓ reviews it again.
    press(driver, "u")
    wait(driver, lambda: shown(driver) == first, "U after → shows the photo left again")
    wait(driver, lambda: not api(server, f"/api/assets/{first}")["reviewed"], "and it is unreviewed again")
    check(next_id(server) == first, "/api/next agrees")
    press(driver, Keys.ARROW_DOWN)
    wait(driver, lambda: shown(driver) == second, "↓ moves on again")
    wait(driver, lambda: api(server, f"/api/assets/{first}")["reviewed"], "reviewing it again")

    # F: a favorite at once, no move.
    press(driver, "f")
    wait(driver, lambda: api(server, f"/api/assets/{second}")["favorite"], "F makes it a favorite (the API says so)")
    check(driver.find_element(By.ID, "favorite").get_attribute("aria-pressed") == "true", "the heart is on")
    check(shown(driver) == second, "a favorite does not move on")
    shot("favorite.png")

    # Reload: the same photo.
    driver.refresh()
    wait(driver, lambda: shown(driver) == second, "a reload shows the same photo")
    check(driver.find_element(By.ID, "favorite").get_attribute("aria-pressed") == "true",
          "and it is still a favorite")

    # A key pressed as soon as the photo is drawn, before the page's modules listen (they load
    # after it: app.js), is not lost. The modules are held until X is pressed: the first photo's
    # promise (boot.js) is made to wait for the test.
    held = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        let firstPhoto;
        Object.defineProperty(window, "faverFirstPhoto", {
          configurable: true,
          get: () => firstPhoto,
          set: (drawn) => {
            firstPhoto = Promise.resolve(drawn).then(() => new Promise((go) => { window.faverTestLetGo = go; }));
          },
        });"""})
    # On a screen of three device pixels a CSS pixel, wider than the photo's 2,400 pixels twice
    # over: drawn as the page draws it, no larger than twice its pixels (it was stretched over
    # the screen, and shrank once the modules ran).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 2000, "height": 1300, "deviceScaleFactor": 3, "mobile": False})
    driver.refresh()
    wait(driver, lambda: page_timing.marks(driver, "faver:shown"), "the photo is drawn before the modules load")
    early = driver.execute_script("return document.documentElement.dataset.ready === undefined")
    check(early, "and the page's modules do not listen yet")
    stretch = driver.execute_script("""
        const photo = document.getElementById('photo');
        return [photo.getBoundingClientRect().width * devicePixelRatio / photo.naturalWidth, photo.naturalWidth];""")
    check(stretch[0] <= 2.01 and stretch[1] == LARGE[0],
          f"and no larger than twice its pixels ({stretch[0]:.2f}× {stretch[1]} px)")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    press(driver, "x")
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": held["identifier"]})
    wait(driver, lambda: driver.execute_script("return typeof window.faverTestLetGo === 'function'"),
         "the modules wait for the test")
    driver.execute_script("window.faverTestLetGo()")
    wait(driver, lambda: api(server, f"/api/assets/{second}")["rejected"], "X pressed then rejects the photo")
    check(shown(driver) == second, "and stays on it")
    press(driver, "f")
    wait(driver, lambda: api(server, f"/api/assets/{second}")["favorite"], "F makes it a favorite again")

    # Taps: the middle shows the details, the right third goes on to the next stop (the burst is
    # one: its three frames count as seen), the left third back to the burst, on its first frame.
    def tap(fraction):
        stage = driver.find_element(By.ID, "stage")
        ActionChains(driver).move_to_element_with_offset(
            stage, int(stage.size["width"] * (fraction - 0.5)), 0).click().perform()

    tap(0.5)
    wait(driver, lambda: driver.find_element(By.ID, "details").is_displayed()
         and second in driver.find_element(By.ID, "details").text, "a tap in the middle shows the details")
    details = driver.find_element(By.ID, "details").text
    check("day1/IMG_0002.jpg" in details and "/day1/IMG_0002.jpg" not in details,
          f"the details show the path below its root ({details!r})")
    check("Sunday" in details and "May" in details and "2024, 09:00:01 (UTC+02:00)" in details
          and "iPhone 15" in details, "the time as people read it and the camera")
    wait(driver, lambda: "1/250 s · f/1.8 · ISO 400 · 6.9 mm" in driver.find_element(By.ID, "details").text
         and "iPhone 15 back camera" in driver.find_element(By.ID, "details").text, "the lens and the exposure")
    shot("details.png")
    tap(0.5)
    wait(driver, lambda: not driver.find_element(By.ID, "details").is_displayed(), "and another hides them")
    burst = api(server, "/api/review")["group"]["assetIds"]
    tap(0.9)
    wait(driver, lambda: shown(driver) not in [None, *burst], "a tap on the right third goes on to the next stop")
    wait(driver, lambda: all(api(server, f"/api/assets/{id}")["reviewed"] for id in burst),
         "and every frame of the burst left counts as seen")
    check(next_id(server) == shown(driver), "/api/next agrees")
    tap(0.1)
    wait(driver, lambda: shown(driver) == burst[0], "a tap on the left third goes back to the burst, on its first frame")
    press(driver, Keys.ARROW_DOWN)
    wait(driver, lambda: shown(driver) == second, "and ↓ to its second")

    # U: the last mark undone. (A reload forgets the page's undo list: favorite it again first.)
    press(driver, "f")
    wait(driver, lambda: not api(server, f"/api/assets/{second}")["favorite"], "F again: no longer a favorite")
    press(driver, "u")
    wait(driver, lambda: api(server, f"/api/assets/{second}")["favorite"], "U undoes it: a favorite again")

    # The burst's frames as a strip under the photo, the one on screen marked; a tap shows one.
    frames = lambda: [image.get_attribute("data-frame") for image in driver.find_elements(By.CSS_SELECTOR, "#strip .frame")]
    wait(driver, lambda: len(frames()) == 3 and second in frames(), "the burst's three frames are a strip")
    check(driver.find_element(By.CSS_SELECTOR, "#strip .frame.current").get_attribute("data-frame") == second,
          "the photo on screen is marked in it")
    driver.find_element(By.CSS_SELECTOR, f"#strip .frame[data-frame='{frames()[0]}']").click()
    wait(driver, lambda: shown(driver) == frames()[0], "a tap on the strip shows that frame")
    driver.find_element(By.CSS_SELECTOR, f"#strip .frame[data-frame='{second}']").click()
    wait(driver, lambda: shown(driver) == second, "and another goes back")

    # ↓ within the burst, C compares it.
    press(driver, Keys.ARROW_DOWN)
    wait(driver, lambda: shown(driver) not in (None, second), "↓ goes on within the burst")
    third = shown(driver)
    desktop_line = photo_line_whole(driver, "a desktop")
    check("IMG_0003.jpg" in desktop_line and "2024, 09:00:02" in desktop_line and "↑↓" in desktop_line,
          f"on a desktop the photo's line has the whole date and the keys ({desktop_line!r})")
    press(driver, "c")
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#compare figure")) == 3,
         "C compares the burst's three photos side by side")
    moment = api(server, f"/api/review")
    group = moment["group"]
    check(group is not None and third in group["assetIds"] and len(group["assetIds"]) == 3,
          f"the place of the review names the burst as the group of the photo shown ({group})")
    check(not driver.find_elements(By.CSS_SELECTOR, "#compare figure.suggested"),
          "nothing analyzed: nothing suggested")
    # A suggestion (as `faver analyze` would make it, given to the page's own module here): the
    # burst's first photo, outlined with its reason; K keeps it and makes the photo on screen
    # (unreviewed again first) reviewed, U undoes all of it.
    best = group["assetIds"][0]
    api(server, f"/api/assets/{third}/mark", method="POST", body={"state": "unreviewed"})
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import(document.querySelector('script[type=module]').src.replace('app.js', 'review.js')).then(async ({ review }) => {
          const group = review.moment.groups.find((item) => item.assetIds.includes(arguments[0]));
          Object.assign(group, { suggested: arguments[0], reason: 'sharpest; 2 others blurred' });
          const response = await fetch('/api/assets/' + arguments[1]);
          review.updateAsset(await response.json());
          review.render();
          done();
        });""", best, third)
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#compare figure.suggested")) == 1
         and "sharpest" in driver.find_element(By.CSS_SELECTOR, "#compare figure.suggested").text,
         "C outlines the suggestion, with its reason")
    top = driver.execute_script("""
        return [document.getElementById('compare').getBoundingClientRect().top,
                document.querySelector('.story .moment').getBoundingClientRect().bottom];""")
    check(top[0] >= top[1] - 1, f"compare leaves the moment's title and progress in sight ({top})")
    shot("compare.png")
    states = lambda: [(lambda a: "favorite" if a["favorite"] else "reviewed" if a["reviewed"] else "unreviewed")(
        api(server, f"/api/assets/{id}")) for id in group["assetIds"]]
    before = states()
    press(driver, "k")
    check(before == ["reviewed", "favorite", "unreviewed"], f"the burst before K ({before})")
    wait(driver, lambda: states() == ["favorite", "favorite", "reviewed"],
         f"K makes the suggestion a favorite and the others reviewed, a favorite kept ({states()})")
    wait(driver, lambda: shown(driver) == best, "and shows the suggestion")
    check("suggested" in driver.find_element(By.CSS_SELECTOR, f"#strip .frame[data-frame='{best}']")
          .get_attribute("class"), "the strip marks the suggestion too")
    press(driver, "u")
    wait(driver, lambda: states() == before, "U undoes all of it at once")
    wait(driver, lambda: shown(driver) == third, f"and shows the photo that was on screen ({third})")
    press(driver, Keys.ESCAPE)
    press(driver, "?")
    wait(driver, lambda: driver.find_element(By.ID, "help").is_displayed(), "? shows the keys")
    shot("help.png")
    press(driver, Keys.ESCAPE)

    # Z: the photo at 100 % where it is looked at, sharper than the fitted one; the arrows pan;
    # moving within the burst keeps the zoom.
    zoomed = lambda: driver.execute_script(
        "const z = document.getElementById('zoom'); return !z.hidden && z.complete && z.naturalWidth > 0")
    press(driver, "z")
    wait(driver, zoomed, "Z zooms in")
    sizes = driver.execute_script("""
        const z = document.getElementById('zoom'), p = document.getElementById('photo');
        const box = z.getBoundingClientRect();
        return [z.naturalWidth, p.naturalWidth, box.width, box.left, box.top, box.height];""")
    check(sizes[0] >= 2 * sizes[1], f"from a preview at least twice the fitted one's size ({sizes[0]} vs {sizes[1]})")
    check(abs(sizes[2] - sizes[0]) <= 1, f"shown at 100 % ({sizes[2]} px for {sizes[0]})")
    check(shown(driver) == third, "of the same photo")
    shot("zoom.png")
    # The middle of the screen, zoomed, against what the fitted preview would show there enlarged.
    screen = Image.open(os.path.join(screenshots, "zoom.png")).convert("RGB")
    crop = (360, 220, 600, 380)
    fitted = Image.open(io.BytesIO(api(server, f"/api/assets/{third}/preview?size=1024", raw=True)))
    region = [(crop[0] - sizes[3]) / sizes[2], (crop[1] - sizes[4]) / sizes[5],
              (crop[2] - sizes[3]) / sizes[2], (crop[3] - sizes[4]) / sizes[5]]
    enlarged = fitted.crop([round(region[0] * fitted.width), round(region[1] * fitted.height),
                            round(region[2] * fitted.width), round(region[3] * fitted.height)]).resize(
        (crop[2] - crop[0], crop[3] - crop[1]), Image.BICUBIC)
    sharp, soft = sharpness(screen.crop(crop)), sharpness(enlarged)
    check(sharp > 2 * soft, f"the zoomed photo is sharper than the fitted one enlarged ({sharp:.1f} vs {soft:.1f})")
    before = driver.execute_script("return document.getElementById('zoom').style.transform")
    press(driver, Keys.ARROW_LEFT)
    after = driver.execute_script("return document.getElementById('zoom').style.transform")
    check(before != after, f"← pans ({before} → {after})")
    check(shown(driver) == third, "and does not move on")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.SPACE).key_up(Keys.SHIFT).perform()
    wait(driver, lambda: shown(driver) == second and zoomed(), "Shift+Space goes back within the burst, still zoomed")
    check(driver.execute_script("return document.getElementById('zoom').style.transform") == after,
          "at the same spot")
    press(driver, Keys.SPACE)
    wait(driver, lambda: shown(driver) == third and zoomed(), "Space goes on within the burst, still zoomed")
    press(driver, "z")
    wait(driver, lambda: not driver.find_element(By.ID, "zoom").is_displayed() and shown(driver) == third,
         "Z again fits the photo")
    # A double click zooms at the point clicked: the same spot of the photo stays under the pointer.
    stage = driver.find_element(By.ID, "stage")
    at = (stage.size["width"] * 0.55, stage.size["height"] * 0.4)
    spot = lambda element: driver.execute_script("""
        const image = document.getElementById(arguments[0]), box = image.getBoundingClientRect();
        const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
        const width = image.naturalWidth * scale, height = image.naturalHeight * scale;
        const left = box.left + (box.width - width) / 2, top = box.top + (box.height - height) / 2;
        return [(arguments[1] - left) / width, (arguments[2] - top) / height];""", element, *at)
    before = spot("photo")
    ActionChains(driver).move_to_element_with_offset(
        stage, int(at[0] - stage.size["width"] / 2), int(at[1] - stage.size["height"] / 2)).double_click().perform()
    wait(driver, zoomed, "a double click zooms in")
    after = spot("zoom")
    check(abs(before[0] - after[0]) < 0.01 and abs(before[1] - after[1]) < 0.01,
          f"at the point clicked ({before} → {after})")
    check(not driver.find_element(By.ID, "details").is_displayed(), "and shows no details")
    ActionChains(driver).move_to_element_with_offset(
        stage, int(at[0] - stage.size["width"] / 2), int(at[1] - stage.size["height"] / 2)).double_click().perform()
    wait(driver, lambda: not driver.find_element(By.ID, "zoom").is_displayed(), "another double click fits it again")

    # A failed save says so and is retried until the server has it.
    port = server.port
    server.stop()
    press(driver, "x")
    wait(driver, lambda: "retrying" in driver.find_element(By.ID, "notice").text,
         "with the server down, a mark says it is not saved yet")
    shot("not-saved.png")
    server = Server(faver, store, port)
    wait(driver, lambda: api(server, f"/api/assets/{third}")["rejected"],
         "once the server is back, the mark is saved")
    wait(driver, lambda: not driver.find_element(By.ID, "notice").is_displayed()
         or "Saved" in driver.find_element(By.ID, "notice").text, "and the notice says so")

    # Shift+→: the next moment.
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT).perform()
    wait(driver, lambda: "13" in driver.find_element(By.ID, "moment-date").text, "Shift+→ goes to the next moment")
    shot("next-moment.png")

    # Browse: moments → a moment's bursts → a photo, which opens the review there.
    driver.get(server.url + "#/browse")
    moments = 2 + EXTRA_DAYS
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#grid .tile")) == moments,
         f"browse lists the {moments} moments")
    shot("browse.png")
    # A moment far down the list, and back: the list is where it was.
    driver.execute_script("document.getElementById('browse').scrollTop = 250")
    scrolled = driver.execute_script("return document.getElementById('browse').scrollTop")
    check(scrolled == 250, f"the moments scroll ({scrolled})")
    tiles = driver.find_elements(By.CSS_SELECTOR, "#grid .tile")
    driver.execute_script("arguments[0].click()", tiles[-1])
    wait(driver, lambda: driver.find_element(By.ID, "browse-title").text.startswith("Mon, June 24")
         or "24" in driver.find_element(By.ID, "browse-title").text, "a moment opens")
    driver.back()
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#grid .tile")) == moments
         and driver.execute_script("return document.getElementById('browse').scrollTop") == 250,
         "back returns to the same scroll position")
    # (Scrolled, the first tile is under the sticky header: clicked as a script would.)
    driver.execute_script("arguments[0].click()", driver.find_elements(By.CSS_SELECTOR, "#grid .tile")[0])
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#grid .tile")) == 3,
         "a moment shows its bursts (one burst tile, two photos)")
    shot("moment.png")
    driver.find_elements(By.CSS_SELECTOR, "#grid .tile")[0].click()
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#grid .tile[data-asset-id]")) == 3,
         "a burst shows its three photos")
    favorite_badges = driver.find_elements(By.CSS_SELECTOR, "#grid .badge.favorite")
    check(len(favorite_badges) == 1, "with the favorite's badge")
    driver.back()
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#grid .tile")) == 3, "back returns to the bursts")
    last = driver.find_elements(By.CSS_SELECTOR, "#grid .tile")[-1]
    target = last.get_attribute("data-asset-id")
    last.click()
    wait(driver, lambda: shown(driver) == target, "a photo opens the review screen there")
    check(api(server, "/api/review")["asset"]["id"] == target, "and the cursor is on it")

    # Browse by month: a heading a month, the jump bar, "you are here", the favorites only.
    driver.get(server.url + "#/browse")
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#grid .tile")) == moments,
         "browse lists the moments again")
    headings = [heading.text for heading in driver.find_elements(By.CSS_SELECTOR, "#grid h2.month")]
    check(headings == ["May 2024", "June 2024"], f"grouped by month ({headings})")
    chips = [chip.text for chip in driver.find_elements(By.CSS_SELECTOR, "#jump-bar .chip.month")]
    check(chips == ["May", "Jun"] and "2024" in driver.find_element(By.ID, "jump-bar").text,
          f"the jump bar has the year and its months ({chips})")
    here = api(server, "/api/review")["moment"]["id"]
    marked = [tile.get_attribute("data-moment-id") for tile in driver.find_elements(By.CSS_SELECTOR, "#grid .tile.here")]
    check(marked == [here], f"you are here on the moment of the cursor ({marked})")
    driver.find_element(By.CSS_SELECTOR, '#jump-bar [data-month="2024-06"]').click()

    def below_header(selector):
        return driver.execute_script(f"""
            const top = document.querySelector('{selector}').getBoundingClientRect().top;
            const header = document.getElementById('browse-header').getBoundingClientRect().bottom;
            return top - header;""")

    wait(driver, lambda: 0 <= below_header("#month-2024-06") < 40, "the jump bar goes to June")
    driver.find_element(By.CSS_SELECTOR, "#jump-bar .chip.here").click()
    wait(driver, lambda: 0 <= below_header("#grid .tile.here") < 80, "and back to where you are")
    driver.find_element(By.CSS_SELECTOR, '#browse-filters [data-filter="favorites"]').click()
    wait(driver, lambda: [tile.get_attribute("data-moment-id") for tile in
                          driver.find_elements(By.CSS_SELECTOR, "#grid .tile")] == [here],
         "♥ Favorites lists only the moment with a favorite")
    # A filter chosen while the whole list is still on its way: the late answer is dropped, never
    # drawn into the favorites. The page's fetch is wrapped so the test holds the whole list's
    # months, and learns when the page has taken them in (a timer runs after the page's await).
    driver.execute_script("""
        const fetchNow = window.fetch;
        window.askedFor = [];
        window.fetch = (url, init) => {
          window.askedFor.push(String(url));
          if (!String(url).startsWith("/api/months?filter=all")) return fetchNow(url, init);
          return new Promise((resolve) => { window.releaseWhole = () => resolve(fetchNow(url, init)); })
            .then((response) => ({
              ok: response.ok, status: response.status, statusText: response.statusText,
              json: () => response.json().then((body) => {
                setTimeout(() => { window.wholeTakenIn = true; }, 0);
                return body;
              }),
            }));
        };
        location.hash = "#/browse";""")
    wait(driver, lambda: driver.execute_script("return typeof window.releaseWhole === 'function'"),
         "the whole list asks for its months")
    driver.find_element(By.CSS_SELECTOR, '#browse-filters [data-filter="favorites"]').click()
    favorites_only = lambda: [tile.get_attribute("data-moment-id") for tile in
                              driver.find_elements(By.CSS_SELECTOR, "#grid .tile")] == [here]
    wait(driver, favorites_only, "♥ Favorites, chosen before the whole list came, lists its moment")
    month_chips = lambda: [chip.get_attribute("data-month") for chip in
                           driver.find_elements(By.CSS_SELECTOR, "#jump-bar .chip.month")]
    favorite_months = month_chips()
    driver.execute_script("window.releaseWhole()")
    wait(driver, lambda: driver.execute_script("return window.wholeTakenIn === true"),
         "the whole list's late answer comes")
    pages = driver.execute_script(
        "return window.askedFor.filter((url) => url.startsWith('/api/moments?')).length")
    check(pages == 1 and favorites_only() and month_chips() == favorite_months,
          f"and is dropped: one page of moments asked for ({pages}), the favorites' moment alone, "
          f"the favorites' months in the jump bar ({month_chips()} against {favorite_months})")
    shot("browse-favorites.png")
    driver.find_elements(By.CSS_SELECTOR, "#grid .tile")[0].click()
    wait(driver, lambda: [tile.get_attribute("data-asset-id") for tile in
                          driver.find_elements(By.CSS_SELECTOR, "#grid .tile")] == [second],
         "and in it only the favorite")
    driver.find_elements(By.CSS_SELECTOR, "#grid .tile")[0].click()
    wait(driver, lambda: shown(driver) == second and visible_text(driver, "photo-name") == "IMG_0002.jpg",
         "which opens in the review, its file name on screen")
    # The review on a filter: it walks only the favorites, and says so.
    check("Favorites only" in visible_text(driver, "review-filter"), "the review says it shows the favorites only")
    press(driver, Keys.ARROW_RIGHT)
    wait(driver, lambda: "last photo of ♥ Favorites" in visible_text(driver, "notice"),
         "→ on the only favorite says it was the last")
    check(shown(driver) == second, "and stays on it")
    driver.find_element(By.ID, "review-filter").click()
    wait(driver, lambda: not driver.find_element(By.ID, "review-filter").is_displayed() and shown(driver) == second,
         "the filter's ✕ goes back to the whole review, on the same photo")

    # A photo without a preview: its name, the reason and what to do, in the page's own words.
    raw = add_photo_without_preview(faver, store)
    api(server, "/api/cursor", method="POST", body={"id": raw["id"]})
    driver.refresh()
    card = lambda: visible_text(driver, "no-preview")
    name = raw["path"].split("/")[-1]
    wait(driver, lambda: name in card() and raw["reason"] in card(),
         f"a photo without a preview says its name and why ({card()!r})")
    check(shown(driver) == raw["id"], "on a card that stands for it")
    shot("raw.png")

    # A phone: the same screens fit, the title on one line, the buttons within the thumb's reach.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.refresh()
    wait(driver, lambda: name in card(), "on a phone too")
    shot("raw-phone.png")
    api(server, "/api/cursor", method="POST", body={"id": first})
    driver.refresh()
    wait(driver, lambda: shown(driver) == first, "a phone shows the photo at the cursor")
    layout = driver.execute_script("""
        const box = (id) => document.getElementById(id).getBoundingClientRect();
        const browse = document.querySelector('.top-actions a[href="#/browse"]').getBoundingClientRect();
        return {title: box('moment-date').height, titleWidth: box('moment-date').right,
                favorite: box('favorite').bottom, browse: browse.bottom, browseRight: browse.right,
                reject: box('reject').left, line: box('photo-name').height};""")
    check(layout["title"] <= 24 and layout["titleWidth"] <= 390,
          f"the moment's title is one line ({layout['title']} px high)")
    check(layout["favorite"] > 0.85 * 844 and layout["browse"] > 0.85 * 844,
          f"the heart and Browse are at the bottom, within the thumb's reach ({layout})")
    check(layout["browseRight"] < layout["reject"], "Browse does not cover the buttons")
    check(visible_text(driver, "photo-name") == "IMG_0001.jpg", "the file name is on screen")
    shot("review-phone.png")
    press(driver, "z")
    wait(driver, zoomed, "Z zooms on a phone")
    shot("zoom-phone.png")
    press(driver, "z")
    # The burst compared on a phone: its three photos side by side within the screen's width.
    api(server, "/api/cursor", method="POST", body={"id": third})
    driver.refresh()
    wait(driver, lambda: shown(driver) == third, "a phone shows the burst's photo at the cursor")
    wait(driver, lambda: driver.execute_script("return document.getElementById('strip').children.length") == 3,
         "with the burst's strip")
    phone_line = photo_line_whole(driver, "a phone")
    check("IMG_0003.jpg" in phone_line and "09:00:02" in phone_line,
          f"on a phone the photo's line keeps its name and time to the second ({phone_line!r})")
    shot("review-phone-burst.png")
    # A file name too long for a phone's line gives way to the place in the burst: it ends in "…".
    long_name = driver.execute_script("""
        const name = document.getElementById('photo-name');
        const before = name.textContent;
        name.textContent = 'PXL_20240512_090002123.RAW-02.ORIGINAL.MP.COVER.jpg';
        const burst = document.getElementById('burst-position').getBoundingClientRect();
        const seen = {nameCut: name.scrollWidth > name.clientWidth, burstLeft: burst.left, burstRight: burst.right,
                      burstCut: document.getElementById('burst-position').scrollWidth > burst.width + 0.5};
        name.textContent = before;
        return seen;""")
    check(long_name["nameCut"] and not long_name["burstCut"] and long_name["burstLeft"] >= 0
          and long_name["burstRight"] <= 390,
          f"on a phone a long file name ends in an ellipsis, the place in the burst stays whole ({long_name})")
    press(driver, "c")
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#compare figure")) == 3,
         "C compares the burst on a phone")
    boxes = driver.execute_script("""
        const box = (element) => element.getBoundingClientRect();
        return {photos: [...document.querySelectorAll('#compare figure')].map((figure) =>
                  [box(figure).left, box(figure).right, box(figure).width]),
                compare: box(document.getElementById('compare')).top,
                title: box(document.querySelector('.story .moment')).bottom,
                buttons: box(document.getElementById('favorite')).top,
                bottom: box(document.getElementById('compare')).bottom};""")
    check(all(left >= 0 and right <= 390 and width >= 100 for left, right, width in boxes["photos"]),
          f"the burst's photos fit the phone's width ({boxes})")
    check(boxes["compare"] >= boxes["title"] - 1 and boxes["bottom"] <= boxes["buttons"] + 1,
          f"between the moment's title and the buttons, covering neither ({boxes})")
    shot("compare-phone.png")
    press(driver, Keys.ESCAPE)
    driver.get(server.url + "#/browse")
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#grid .tile")) == moments + 1,
         "browse on a phone lists the moments")
    driver.execute_script("document.getElementById('browse').scrollTop = 0")
    # The raw's tile turns plain once its preview request fails, which waits for the preview
    # maker to reach it behind the other tiles' (each a decode): on a machine at load 15 that once
    # took longer than TIMEOUT.
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#grid .tile.without-preview"),
         "the moment of the photo without a preview shows a plain tile", timeout=3 * TIMEOUT)
    shot("browse-phone.png")

    # A long moment's story bar stays readable: a segment a burst past 40 photos, one continuous
    # bar past 40 bursts (drawn by the page's own module, for moments made up here).
    bars = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import(document.querySelector('script[type=module]').src.replace('app.js', 'story.js')).then(({ renderStory }) => {
          const moment = (photos, bursts) => {
            const assets = Array.from({ length: photos }, (_, i) => ({ id: 'a' + i, reviewed: i < photos / 2, favorite: i === 3 }));
            const size = Math.ceil(photos / bursts);
            const groups = Array.from({ length: bursts }, (_, b) => ({ id: 'b' + b, assets: assets.slice(b * size, (b + 1) * size).map((a) => a.id) }));
            return { moment: { start: '2024-05-12T09:00:00', end: '2024-05-12T10:00:00', photos, videos: 0, assets: photos },
                     assets, bursts: groups.filter((g) => g.assets.length) };
          };
          const seen = [];
          for (const [photos, bursts] of [[30, 30], [72, 12], [300, 120]]) {
            const m = moment(photos, bursts);
            renderStory(m, m.assets[40 % photos], null);
            const bar = document.getElementById('segments');
            seen.push([bar.className, bar.querySelectorAll('.seg').length, bar.querySelectorAll('.track').length]);
          }
          done(seen);
        });""")
    check(bars == [["segments", 30, 0], ["segments dense", 12, 0], ["segments continuous", 0, 1]],
          f"a segment a photo up to 40, then a burst, then one bar ({bars})")

    # Photos taken along: the status line says so under the photo, above the burst's strip; the
    # details and C cover none of it, nor the strip, the photo's line or the buttons, on a desktop
    # and on a phone.
    api(server, "/api/cursor", method="POST", body={"id": third})
    for name, width, height, mobile in (("desktop", 1280, 800, False), ("phone", 390, 844, True)):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        driver.get(server.url + "#/review")
        driver.refresh()
        wait(driver, lambda: shown(driver) == third
             and driver.execute_script("return document.getElementById('strip').children.length") == 3,
             f"a {name} shows the burst's photo at the cursor, with its strip")
        if name == "desktop":
            press(driver, "t")
        wait(driver, lambda: "ready offline" in visible_text(driver, "along-state"),
             f"a {name}: the status line says how many photos are ready offline")
        for overlay, key in (("details", "i"), ("compare", "c")):
            press(driver, key)
            layout = lambda: driver.execute_script(OVERLAYS)
            if not wait(driver, lambda: layout()[overlay] is not None and "the status line" in layout()["needed"]
                        and "the strip" in layout()["needed"] and not covered_by(layout(), overlay),
                        f"a {name}: the open {overlay} covers none of the status line, the strip, the photo's line, ♥ and ✕"):
                print("  covered:", covered_by(layout(), overlay), layout())
            driver.execute_script("document.getElementById('notice').hidden = true")
            shot(f"along-{overlay}-{name}.png")
            press(driver, key if overlay == "details" else Keys.ESCAPE)
            wait(driver, lambda: layout()[overlay] is None, f"a {name}: {key.upper() if overlay == 'details' else 'Esc'} closes the {overlay}")
    server.stop()


def add_photo_without_preview(faver, store):
    """A raw file that holds no preview (exiftool's test NEF, from the shared corpus, copied into the
    generated library), else a JPEG whose data is damaged; indexed. Its asset object, and the
    sentence the page should show (the start of the reason)."""
    library = os.path.join(os.path.dirname(store), "library", "raw")
    os.makedirs(library, exist_ok=True)
    corpus = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "../../../../shared/corpus/exiftool-t-images/Nikon.nef")
    if os.path.exists(corpus):
        path = os.path.join(library, "DSC_0001.NEF")
        shutil.copyfile(corpus, path)
        reason = "develop it in a raw converter"
    else:
        path = os.path.join(library, "IMG_9999.jpg")
        with open(path, "wb") as file:
            file.write(b"\xff\xd8\xff\xdb" + bytes(range(256)) * 8)
        reason = "damaged"
    subprocess.run([faver, "index", os.path.dirname(library), "--store", store], check=True, capture_output=True)
    listed = subprocess.run([faver, "assets", "--store", store, "--json"], check=True, capture_output=True, text=True)
    assets = json.loads(listed.stdout)
    assets = assets if isinstance(assets, list) else assets["assets"]
    found = next(asset for asset in assets if asset["path"] == os.path.realpath(path) or asset["path"] == path)
    return {"id": found["id"], "path": found["path"], "reason": reason}


if __name__ == "__main__":
    sys.exit(main())
