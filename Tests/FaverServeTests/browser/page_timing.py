"""How long the review page takes to show a photo, as a person sees it, shared by the browser test
(instant_stops.py) and the benchmark (scripts/bench-page): chromium at a given size, the page's
own Performance marks (`faver:ask` when a key or tap asks for a move, `faver:shown` when the photo
it shows is decoded and drawn), and `faver serve` started on a store."""

import json
import subprocess
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 30  # seconds a condition may take to come true

PHONE = (390, 844)
DESKTOP = (1440, 900)


class Server:
    """`faver serve` on a free port of loopback: its printed address (ending in #token=SECRET)."""

    def __init__(self, faver, store, port=0, extra=()):
        self.process = subprocess.Popen(
            [faver, "serve", "--store", store, "--port", str(port), "--no-analyze", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if "http://" not in line:
            raise SystemExit("faver serve did not start: " + line + self.process.stderr.read())
        self.printed = line[line.index("http://"):].split()[0]
        self.url, fragment = self.printed.split("#", 1)
        self.token = fragment[len("token="):]
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    def api(self, path, method="GET", body=None):
        """The API as a script uses it: the token as a bearer token."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path.lstrip("/"), method=method, data=data, headers={
            "Authorization": "Bearer " + self.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            content = response.read()
            return json.loads(content) if content else None

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=TIMEOUT)


# Installed before the page's own scripts: the answers to saving a mark or the cursor arrive
# `delay` ms late, and every mark sent is remembered in `window.faverSent` ({id, state}, in order).
SLOW_SAVES = """
  window.faverSent = [];
  const slowed = (url, init) => init && init.method === "POST"
    && (/\\/api\\/cursor$/.test(url) || /\\/api\\/assets\\/[^/]+\\/mark$/.test(url));
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input.url;
    if (init && init.method === "POST" && /\\/mark$/.test(url)) {
      const body = JSON.parse(init.body);
      window.faverSent.push({ id: decodeURIComponent(url.split("/").slice(-2)[0]), state: body.state });
    }
    const answer = original(input, init);
    if (!slowed(url, init) || !window.faverSaveDelay) return answer;
    return answer.then((response) => new Promise((resolve) => setTimeout(() => resolve(response), window.faverSaveDelay)));
  };
"""


def chromium(size, mobile=False, save_delay=0):
    """Headless chromium whose page is `size` (width, height) CSS pixels at scale 1; with
    `save_delay`, the answers to saving marks and the cursor come that many ms late."""
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={size[0]},{size[1]}", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": SLOW_SAVES + f"window.faverSaveDelay = {int(save_delay)};"})
    return driver


def marks(driver, name):
    """The page's Performance marks called `name`: [(startTime ms, detail)]."""
    return driver.execute_script(
        "return performance.getEntriesByName(arguments[0]).map((m) => [m.startTime, m.detail]);", name)


def wait_until(condition, timeout=TIMEOUT):
    WebDriverWait(None, timeout, poll_frequency=0.01).until(lambda _: condition())


def first_photo(driver, url):
    """Opens `url`; the ms from the start of the navigation to the first photo drawn, and its id.
    Returns once the page listens to everything (its modules load after the first photo: app.js)."""
    driver.get(url)
    wait_until(lambda: marks(driver, "faver:shown"))
    start, shown = marks(driver, "faver:shown")[0]
    wait_until(lambda: driver.execute_script("return document.documentElement.dataset.ready !== undefined"))
    return start, shown


def step(driver, key=Keys.ARROW_RIGHT):
    """Presses `key` and waits for the photo it asks for to be drawn: the ms from the page's
    `faver:ask` to its `faver:shown`, and the id shown."""
    before = len(marks(driver, "faver:shown"))
    ActionChains(driver).send_keys(key).perform()
    wait_until(lambda: len(marks(driver, "faver:shown")) > before)
    shown_at, shown = marks(driver, "faver:shown")[-1]
    asked_at = max(at for at, _ in marks(driver, "faver:ask") if at <= shown_at)
    return shown_at - asked_at, shown


def walk(driver, count, interval=1.0):
    """`count` stops forward, one every `interval` seconds: each stop's (ms, id)."""
    times = []
    for _ in range(count):
        begun = time.monotonic()
        times.append(step(driver))
        time.sleep(max(0.0, interval - (time.monotonic() - begun)))
    return times


def open_parts(driver):
    """Where the first photo's time went, from the start of the navigation (ms): the page itself,
    its last file, DOMContentLoaded, the session, the review's opening, the photo's preview (asked,
    arrived), the photo drawn, and the page listening to everything (its modules run)."""
    return driver.execute_script("""
      const [navigation] = performance.getEntriesByType("navigation");
      const resources = performance.getEntriesByType("resource");
      const named = (test) => resources.filter((r) => test(new URL(r.name)));
      const end = (list) => list.length ? Math.max(...list.map((r) => r.responseEnd)) : null;
      const photo = named((u) => /\\/preview$/.test(u.pathname) && u.searchParams.get("purpose") === "review")[0];
      const shown = performance.getEntriesByName("faver:shown")[0];
      const ready = performance.getEntriesByName("faver:ready")[0];
      return [
        ["index.html", navigation.responseEnd],
        ["page files", end(named((u) => u.pathname.startsWith("/page/")))],
        ["DOMContentLoaded", navigation.domContentLoadedEventEnd],
        ["/api/session", end(named((u) => u.pathname === "/api/session"))],
        ["/api/review", end(named((u) => u.pathname === "/api/review"))],
        ["photo asked", photo ? photo.startTime : null],
        ["photo arrived", photo ? photo.responseEnd : null],
        ["drawn", shown ? shown.startTime : null],
        ["listening", ready ? ready.startTime : null]];
    """)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def saved(driver):
    """Whether the page's saver has nothing left to send."""
    return driver.execute_script("return (localStorage.getItem('faver.pending') || '[]') === '[]';")


def move_parts(driver, skip=0):
    """Where each move's time went, from the page's marks (after the first `skip` photos shown):
    [(ask → swap ms, the page's own work), (swap → shown ms, loading, decoding and drawing)]."""
    asks, swaps = marks(driver, "faver:ask"), marks(driver, "faver:swap")
    parts = []
    for shown_at, shown in marks(driver, "faver:shown")[skip:]:
        swapped = [at for at, ident in swaps if at <= shown_at and ident == shown]
        asked = [at for at, _ in asks if swapped and at <= swapped[-1]]
        if swapped and asked:
            parts.append((swapped[-1] - asked[-1], shown_at - swapped[-1]))
    return parts
