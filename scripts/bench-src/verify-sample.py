#!/usr/bin/env python3
"""Reads a few generated files back with `exiftool -n -json` and checks them against genlib's
manifest: Make, Model, DateTimeOriginal, SubSecTimeOriginal, OffsetTimeOriginal, GPS for valid
EXIF; no DateTimeOriginal for files without or with corrupt EXIF.

Usage: verify-sample.py TREE MANIFEST   (exit 1 on any mismatch)
"""
import json
import subprocess
import sys

tree, manifest = sys.argv[1], sys.argv[2]
rows = [line.rstrip("\n").split("\t") for line in open(manifest)]
# Eight spread over the library, plus the first of each kind, with and without GPS.
picks = {rows[i * len(rows) // 8][0]: rows[i * len(rows) // 8] for i in range(8)}
for want in (lambda r: r[1] == "none", lambda r: r[1] == "corrupt",
             lambda r: r[1] == "exif" and r[7] != "-", lambda r: r[1] == "exif" and r[7] == "-"):
    row = next((r for r in rows if want(r)), None)
    if row:
        picks[row[0]] = row

paths = [f"{tree}/{p}" for p in picks]
out = subprocess.run(["exiftool", "-n", "-json", "-q", "-q", *paths], capture_output=True, text=True)
bad = []
for got in json.loads(out.stdout):
    path, kind, make, model, when, subsec, offset, lat, lon = picks[got["SourceFile"][len(tree) + 1:]]
    if kind != "exif":
        if "DateTimeOriginal" in got:
            bad.append(f"{path}: {kind} file has DateTimeOriginal {got['DateTimeOriginal']}")
        continue
    expect = {"Make": make, "Model": model, "DateTimeOriginal": when,
              "SubSecTimeOriginal": subsec, "OffsetTimeOriginal": offset}
    for tag, value in expect.items():
        have = got.get(tag)
        if str(have) != value and not (isinstance(have, int) and have == int(value)):
            bad.append(f"{path}: {tag} {have!r} != {value!r}")
    for tag, value in (("GPSLatitude", lat), ("GPSLongitude", lon)):
        have = got.get(tag)
        if value == "-" and have is not None or value != "-" and (have is None or abs(have - float(value)) > 1e-6):
            bad.append(f"{path}: {tag} {have!r} != {value!r}")
print(f"verified {len(picks)} files with exiftool: {'OK' if not bad else f'{len(bad)} mismatches'}")
for line in bad:
    print("  " + line)
sys.exit(1 if bad or len(json.loads(out.stdout)) != len(picks) else 0)
