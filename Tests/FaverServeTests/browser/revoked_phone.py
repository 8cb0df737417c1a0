#!/usr/bin/python3
"""A paired phone (as in offline_review.py: chromium at phone size in a network namespace of its
own, over HTTPS so that its service worker and caches are real) takes photos along and marks two
of them offline. Meanwhile, on the computer, the first photo is edited in place (new bytes, the
same capture time: a new asset id) and the second deleted, and the library indexed again. Back
online, the first favorite lands on the edited photo and the page holds it under its new id; the
second is kept on the phone, and the page says which photo it was for. Then `faver devices
--revoke all`: at the phone's next request the page clears IndexedDB, localStorage, sessionStorage,
its caches and its service worker, and shows the pairing page, which says the device is no longer
paired. Going offline before that cleared nothing. Screenshots go to --screenshots.

Needs root (ip netns). Run by `OfflineReviewBrowserTests.swift`; by hand:
  /usr/bin/python3 Tests/FaverServeTests/browser/revoked_phone.py --faver .build/debug/faver \\
      --screenshots /tmp/revoked
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from offline_review import (Server, check, failures, favorites, make_certificate, make_library, make_network,
                            move_on, offline, phone, remove_network, shown, swipe_next, tap, text, wait)
from selenium.webdriver.common.by import By

# What this browser keeps for the page: IndexedDB databases, localStorage and sessionStorage keys,
# Cache Storage and service workers.
KEPT = """
    const done = arguments[0];
    Promise.all([indexedDB.databases(), caches.keys(), navigator.serviceWorker.getRegistrations()])
      .then(([databases, cached, workers]) => done({
        databases: databases.map((item) => item.name), caches: cached, workers: workers.length,
        local: Object.keys(localStorage), session: Object.keys(sessionStorage)}))
      .catch((error) => done({error: String(error)}));"""

# The ids of the photos taken along (IndexedDB), and how many previews.
TAKEN = """
    const done = arguments[0];
    const open = indexedDB.open("faver-along");
    open.onsuccess = () => {
      const database = open.result;
      const transaction = database.transaction(["meta", "previews"]);
      const meta = transaction.objectStore("meta").get("along");
      const count = transaction.objectStore("previews").count();
      transaction.oncomplete = () => { database.close(); done({ids: meta.result ? meta.result.ids : [], previews: count.result}); };
    };
    open.onerror = () => done({ids: [], previews: 0});"""


def assets(faver, store):
    result = subprocess.run([faver, "assets", "--json", "--store", store], check=True, capture_output=True, text=True)
    entries = json.loads(result.stdout)
    return {entry["id"]: entry["path"] for entry in (entries["assets"] if isinstance(entries, dict) else entries)}


def local(driver, key):
    return driver.execute_script(f"return JSON.parse(localStorage.getItem('{key}') || '[]')")


def favorite_and_move_on(driver):
    asset = shown(driver)
    tap(driver, "favorite")
    wait(driver, lambda: driver.find_element(By.ID, "favorite").get_attribute("aria-pressed") == "true",
         f"offline, ♥ makes {asset} a favorite")
    move_on(driver)
    return asset


def review_then_revoke(driver, server, faver, store, library, screenshots):
    driver.get(server.link)
    wait(driver, lambda: shown(driver) is not None, "the pairing link opens the review", timeout=120)
    wait(driver, lambda: driver.execute_script("return !!navigator.serviceWorker.controller"),
         "the service worker controls the page")
    tap(driver, "along-button")
    wait(driver, lambda: "ready offline" in text(driver, "along-state"), "↓ takes photos along")
    offline(driver, True)
    edited = favorite_and_move_on(driver)
    deleted = favorite_and_move_on(driver)
    kept = driver.execute_async_script(KEPT)
    check("faver-along" in kept.get("databases", []) and kept.get("caches") and "faver.pending" in kept.get("local", []),
          f"offline, nothing is cleared: {kept}")

    # On the computer: the first photo edited in place, the second deleted, the library indexed.
    paths = assets(faver, store)
    with open(paths[edited], "ab") as file:
        file.write(b"\0" * 64)  # after the JPEG's end: the same photo, new bytes
    deleted_name = os.path.basename(paths[deleted])
    os.remove(paths[deleted])
    subprocess.run([faver, "index", library, "--store", store], check=True, capture_output=True)
    now = {path: id for id, path in assets(faver, store).items()}
    successor = now.get(paths[edited])
    check(successor not in (None, edited), f"the edited photo has a new id: {edited} → {successor}")

    offline(driver, False)
    wait(driver, lambda: not local(driver, "faver.pending"), "back online, every waiting mark is sent or kept aside")
    check(successor in favorites(faver, store), "the favorite made before the edit is the edited photo's")
    sentence = f"1 favorite was for a photo no longer in the library: {deleted_name}."
    wait(driver, lambda: sentence in text(driver, "notice"), f"the page says: {sentence}")
    check([mark["id"] for mark in local(driver, "faver.unsaved")] == [deleted],
          f"the deleted photo's favorite is kept on the phone: {local(driver, 'faver.unsaved')}")
    wait(driver, lambda: successor in driver.execute_async_script(TAKEN)["ids"] and
         edited not in driver.execute_async_script(TAKEN)["ids"],
         "the photos taken along hold the edited photo under its new id")
    driver.save_screenshot(os.path.join(screenshots, "phone-mark-kept.png"))

    # The pairing ended: the next request clears what the phone kept and shows the pairing page.
    subprocess.run([faver, "devices", "--revoke", "all", "--store", store], check=True, capture_output=True)
    swipe_next(driver)
    wait(driver, lambda: "no longer paired" in driver.find_element(By.TAG_NAME, "body").text,
         "at its next request the revoked phone shows the pairing page, saying it is no longer paired")
    wait(driver, lambda: driver.execute_async_script(KEPT) == {
        "databases": [], "caches": [], "workers": 0, "local": [], "session": []},
        "IndexedDB, localStorage, sessionStorage, Cache Storage and the service worker are empty")
    print("kept now:", driver.execute_async_script(KEPT))
    driver.save_screenshot(os.path.join(screenshots, "phone-revoked.png"))
    driver.refresh()
    wait(driver, lambda: "no longer paired" in driver.find_element(By.TAG_NAME, "body").text,
         "reloaded, it is the pairing page still")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--faver", required=True)
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    if os.geteuid() != 0 or shutil.which("ip") is None:
        print("skipped: needs root and ip(8) for a network namespace")
        return
    work = tempfile.mkdtemp(prefix="faver-revoked-")
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
        cert, key, spki = make_certificate(work)
        server = Server(arguments.faver, store, ["--tls-cert", cert, "--tls-key", key])
        driver = phone([f"--ignore-certificate-errors-spki-list={spki}"])
        try:
            review_then_revoke(driver, server, arguments.faver, store, library, screenshots)
        finally:
            driver.quit()
            server.stop()
    finally:
        remove_network()
        shutil.rmtree(work, ignore_errors=True) if not arguments.screenshots else None
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
    print("all passed")


if __name__ == "__main__":
    main()
