#!/usr/bin/env python3
# How long SQLite takes to save a review queue of ITEMS items in MOMENTS moments (#43): one row
# per item, as `saveQueue` writes it (its indexes made once the rows are in), against one row per
# moment with its items packed, with and without a narrow asset -> moment map. The values are
# made before the clock starts; binding them through Python's sqlite3 is timed (in all three).
# Usage: python3 scripts/bench-src/queue-storage.py ITEMS MOMENTS   (e.g. 1000000 57209)
# Writes /tmp/faver-queue-storage-a.sqlite and -b.sqlite.
import os, random, sqlite3, struct, sys, time
N, M = int(sys.argv[1]), int(sys.argv[2])
random.seed(1)
ids = [os.urandom(8).hex() for _ in range(N)]
t0 = 1.5e9
instants = sorted(t0 + random.random() * 3e8 for _ in range(N))
rows = [(i * 256, ids[i], None, None, i * 256, (i * M // N) * 256, instants[i], 7200, 'exif', 1, 'exif', None, 0, 0, None, 0, random.getrandbits(62), i + 1)
        for i in range(N)]
bounds = [i * N // M for i in range(M + 1)]
packed = []
for m in range(M):
    blob = b''.join(struct.pack('<8sdihhq', bytes.fromhex(ids[i]), instants[i], 7200, 1, 0, i + 1) for i in range(bounds[m], bounds[m + 1]))
    packed.append((m, blob, bounds[m + 1] - bounds[m], 0))
amap = sorted((bytes.fromhex(ids[i]), i * M // N) for i in range(N))

def fresh(path):
    if os.path.exists(path): os.remove(path)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL"); db.execute("PRAGMA synchronous=NORMAL")
    return db

def timed(what, f):
    start = time.perf_counter(); f(); print(f"{what}: {time.perf_counter() - start:.2f} s", flush=True)

def per_item():
    db = fresh("/tmp/faver-queue-storage-a.sqlite")
    db.execute("""CREATE TABLE queueItem (position INTEGER PRIMARY KEY, assetId TEXT NOT NULL, companionId TEXT, rawId TEXT,
      burst INTEGER NOT NULL, moment INTEGER NOT NULL, instant DOUBLE NOT NULL, utcOffset INTEGER, timeSource TEXT NOT NULL,
      hasSubseconds BOOLEAN NOT NULL, offsetSource TEXT NOT NULL, inferredOffset INTEGER, clockShift INTEGER NOT NULL,
      isUndated BOOLEAN NOT NULL, problem TEXT, reviewed BOOLEAN NOT NULL, digest INTEGER NOT NULL, fileId INTEGER)""")
    db.execute("CREATE INDEX queueItem_on_burst ON queueItem(burst)")
    db.execute("CREATE INDEX queueItem_pending ON queueItem(position) WHERE reviewed = 0")
    db.execute("BEGIN")
    db.executemany("INSERT INTO queueItem VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    db.execute("CREATE INDEX queueItem_on_assetId ON queueItem(assetId)")
    db.execute("CREATE INDEX queueItem_listing ON queueItem(instant, assetId)")
    db.execute("COMMIT")

def per_moment(with_map):
    db = fresh("/tmp/faver-queue-storage-b.sqlite")
    db.execute("CREATE TABLE queueMoment (ordinal INTEGER PRIMARY KEY, items BLOB NOT NULL, total INTEGER, reviewed INTEGER)")
    if with_map: db.execute("CREATE TABLE queueAsset (assetId BLOB PRIMARY KEY, moment INTEGER NOT NULL) WITHOUT ROWID")
    db.execute("BEGIN")
    db.executemany("INSERT INTO queueMoment VALUES (?,?,?,?)", packed)
    if with_map: db.executemany("INSERT INTO queueAsset VALUES (?,?)", amap)
    db.execute("COMMIT")

timed(f"one row per item ({N} rows, 5 indexes)", per_item)
timed(f"one row per moment ({M} rows, items packed)", lambda: per_moment(False))
timed(f"one row per moment + an asset -> moment map ({N} narrow rows, in key order)", lambda: per_moment(True))
print("sizes MB:", round(os.path.getsize('/tmp/faver-queue-storage-a.sqlite') / 1e6), round(os.path.getsize('/tmp/faver-queue-storage-b.sqlite') / 1e6))
