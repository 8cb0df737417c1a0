/* genlib: writes a deterministic synthetic photo library for scripts/bench.
 *
 *   genlib [-s SEED] N OUTDIR MANIFEST
 *
 * Every file is the same tiny baseline JPEG (template-jpeg.h) with its own APP1 EXIF segment
 * (Make/Model, DateTimeOriginal + SubSecTimeOriginal + OffsetTimeOriginal, GPS on ~60%) and a
 * COM segment with the file's number, so no two files share their first bytes. ~3% have no
 * EXIF, ~1% a corrupt one. Shots come in sessions (one camera, one place, one time zone) with
 * bursts (steps under 1 s) and pauses, sessions are spread over years, and files go into
 * YYYY/YYYY-MM[_k] folders of at most 200 files. mtime = capture time.
 * MANIFEST gets one tab-separated line per file with the values written, for verification:
 *   path kind make model datetime subsec offset lat lon   (kind: exif|none|corrupt; "-" = absent)
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "template-jpeg.h"

/* ---- deterministic randomness (splitmix64) ---- */
static uint64_t rng_state;
static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static uint32_t below(uint32_t n) { return (uint32_t)(rnd() % n); }
static double unit(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

/* ---- a minimal TIFF/EXIF writer ---- */
enum { BYTE = 1, ASCII = 2, SHORT = 3, LONG = 4, RATIONAL = 5 };
typedef struct {
  uint16_t tag, type;
  uint32_t count;
  const char *s;  /* ASCII: the string (count includes the NUL) */
  uint32_t v[6];  /* BYTE/SHORT/LONG values, or RATIONAL numerator/denominator pairs */
} Entry;

static uint8_t *tiff;  /* the TIFF block being built */
static int big_endian;
static void put16(uint32_t at, uint32_t x) {
  if (big_endian) { tiff[at] = x >> 8; tiff[at + 1] = x; }
  else { tiff[at] = x; tiff[at + 1] = x >> 8; }
}
static void put32(uint32_t at, uint32_t x) {
  if (big_endian) { put16(at, x >> 16); put16(at + 2, x & 0xFFFF); }
  else { put16(at, x & 0xFFFF); put16(at + 2, x >> 16); }
}
static uint32_t type_size(uint16_t t) { return t == SHORT ? 2 : t == LONG ? 4 : t == RATIONAL ? 8 : 1; }

/* Writes an IFD (entries sorted by tag) at `at` followed by its out-of-line values; returns the
 * end offset. Entry i's value field is at at + 2 + 12*i + 8 (for patching pointers). */
static uint32_t write_ifd(uint32_t at, const Entry *e, int n) {
  uint32_t data = at + 2 + 12 * n + 4;
  put16(at, n);
  for (int i = 0; i < n; i++) {
    uint32_t p = at + 2 + 12 * i, size = type_size(e[i].type) * e[i].count;
    uint32_t dst = size <= 4 ? p + 8 : data;
    put16(p, e[i].tag); put16(p + 2, e[i].type); put32(p + 4, e[i].count); put32(p + 8, 0);
    if (size > 4) { put32(p + 8, data); data += (size + 1) & ~1u; }
    for (uint32_t k = 0; k < e[i].count; k++) {
      switch (e[i].type) {
        case ASCII: tiff[dst + k] = (uint8_t)e[i].s[k]; break;
        case BYTE: tiff[dst + k] = (uint8_t)e[i].v[k]; break;
        case SHORT: put16(dst + 2 * k, e[i].v[k]); break;
        case LONG: put32(dst + 4 * k, e[i].v[k]); break;
        case RATIONAL: put32(dst + 8 * k, e[i].v[2 * k]); put32(dst + 8 * k + 4, e[i].v[2 * k + 1]); break;
      }
    }
  }
  put32(at + 2 + 12 * n, 0); /* no next IFD */
  return data;
}
static Entry ascii(uint16_t tag, const char *s) { Entry e = {tag, ASCII, (uint32_t)strlen(s) + 1, s, {0}}; return e; }
static Entry pointer(uint16_t tag) { Entry e = {tag, LONG, 1, NULL, {0}}; return e; }

/* GPS coordinate in micro-degrees as degrees/minutes/seconds rationals. */
static Entry dms(uint16_t tag, int64_t micro) {
  uint64_t a = (uint64_t)llabs(micro), min_e6 = (a % 1000000) * 60, sec_e6 = (min_e6 % 1000000) * 60;
  Entry e = {tag, RATIONAL, 3, NULL, {(uint32_t)(a / 1000000), 1, (uint32_t)(min_e6 / 1000000), 1,
                                      (uint32_t)(sec_e6 / 100), 10000}};
  return e;
}

/* Builds the TIFF block into `out`; returns its length. gps == 0: no GPS IFD. */
static uint32_t build_exif(uint8_t *out, int be, const char *make, const char *model,
                           const char *when, const char *subsec, const char *offset,
                           int gps, int64_t lat, int64_t lon) {
  tiff = out; big_endian = be;
  memcpy(out, be ? "MM\0\x2A" : "II\x2A\0", 4);
  put32(4, 8);
  Entry ifd0[] = {ascii(0x010F, make), ascii(0x0110, model), pointer(0x8769), pointer(0x8825)};
  int n0 = gps ? 4 : 3;
  uint32_t end = write_ifd(8, ifd0, n0);
  put32(8 + 2 + 12 * 2 + 8, end); /* ExifIFD pointer */
  Entry exif[] = {ascii(0x9003, when), ascii(0x9011, offset), ascii(0x9291, subsec)};
  end = write_ifd(end, exif, 3);
  if (gps) {
    put32(8 + 2 + 12 * 3 + 8, end); /* GPS IFD pointer */
    Entry g[] = {{0x0000, BYTE, 4, NULL, {2, 3, 0, 0}}, ascii(0x0001, lat < 0 ? "S" : "N"), dms(0x0002, lat),
                 ascii(0x0003, lon < 0 ? "W" : "E"), dms(0x0004, lon)};
    end = write_ifd(end, g, 5);
  }
  return end;
}

/* ---- the library's shape ---- */
typedef struct { const char *make, *model; int big_endian; } Camera;
static const Camera cameras[] = {
  {"Apple", "iPhone 12", 1}, {"Canon", "Canon EOS 5D Mark IV", 0}, {"NIKON CORPORATION", "NIKON D750", 1},
  {"SONY", "ILCE-7M3", 0}, {"samsung", "SM-G991B", 0}, {"FUJIFILM", "X-T3", 0},
};
static const char *zones[] = {"+01:00", "+02:00", "+00:00", "-05:00", "-08:00", "+09:00", "+05:30"};
typedef struct { int64_t lat, lon; } Place; /* micro-degrees */
static const Place places[] = {
  {48856600, 2352200}, {52520000, 13405000}, {51507400, -127800}, {40712800, -74006000},
  {37774900, -122419400}, {35676200, 139650300}, {-33868800, 151209300}, {-22906800, -43172900},
};

static void fail(const char *what, const char *path) {
  fprintf(stderr, "genlib: %s %s: %s\n", what, path, strerror(errno));
  exit(1);
}
static void append(uint8_t *buf, size_t *len, const void *p, size_t n) { memcpy(buf + *len, p, n); *len += n; }
static void segment(uint8_t *buf, size_t *len, uint8_t marker, const void *p, size_t n) {
  uint8_t h[4] = {0xFF, marker, (uint8_t)((n + 2) >> 8), (uint8_t)(n + 2)};
  append(buf, len, h, 4); append(buf, len, p, n);
}

int main(int argc, char **argv) {
  uint64_t seed = 42;
  if (argc > 2 && strcmp(argv[1], "-s") == 0) { seed = strtoull(argv[2], NULL, 10); argv += 2; argc -= 2; }
  if (argc != 4) { fprintf(stderr, "usage: genlib [-s SEED] N OUTDIR MANIFEST\n"); return 64; }
  long n = atol(argv[1]);
  const char *root = argv[2];
  FILE *manifest = fopen(argv[3], "w");
  if (!manifest) fail("cannot write", argv[3]);
  rng_state = seed;

  /* The template without SOI and APPn segments: DQT, SOF, DHT, SOS, scan, EOI. */
  size_t body = 2;
  while (template_jpeg[body] == 0xFF && (template_jpeg[body + 1] & 0xF0) == 0xE0)
    body += 2 + (template_jpeg[body + 2] << 8 | template_jpeg[body + 3]);

  /* Sessions of ~32 shots spread over N/200 months (1 to 15 years), from 2010-01-01. */
  double months = n / 200.0 < 12 ? 12 : n / 200.0 > 180 ? 180 : n / 200.0;
  double mean_gap = months * 30.44 * 86400 / (n / 32.0 + 1);
  int64_t t = 1262304000, ms = 0; /* seconds (local wall time, formatted as if UTC) + millis */
  long left_in_session = 0, burst_left = 0;
  const Camera *cam = NULL; const char *zone = NULL; Place place = {0, 0};
  char folder[256] = "", last_month[16] = "";
  int in_folder = 0, part = 0;
  static uint8_t buf[65536];

  for (long i = 0; i < n; i++) {
    /* Advance the clock: a new session, a burst step, or a pause. */
    if (left_in_session-- <= 0) {
      left_in_session = 5 + below(55), burst_left = 0;
      t += (int64_t)(-log(1.0 - unit()) * mean_gap) + 60;
      ms = below(1000);
      cam = &cameras[below(sizeof cameras / sizeof *cameras)];
      zone = zones[below(sizeof zones / sizeof *zones)];
      place = places[below(sizeof places / sizeof *places)];
      place.lat += (int64_t)below(200000) - 100000; place.lon += (int64_t)below(200000) - 100000;
    } else if (burst_left > 0 || below(100) < 12) {
      if (burst_left-- <= 0) burst_left = 1 + below(6); /* a burst: 2 to 7 shots within 3 s */
      ms += 120 + below(300);
    } else {
      t += 5 + below(below(10) ? 300 : 3600); /* pause of seconds to an hour */
      ms = below(1000);
    }
    t += ms / 1000; ms %= 1000;

    struct tm tm;
    time_t tt = (time_t)t;
    gmtime_r(&tt, &tm);
    char when[32], subsec[8], month[16];
    strftime(when, sizeof when, "%Y:%m:%d %H:%M:%S", &tm);
    strftime(month, sizeof month, "%Y/%Y-%m", &tm);
    snprintf(subsec, sizeof subsec, "%03d", (int)ms);

    /* Folder: YYYY/YYYY-MM, split into _2, _3... beyond 200 files. */
    if (strcmp(month, last_month) != 0 || in_folder == 200) {
      part = strcmp(month, last_month) != 0 ? 1 : part + 1;
      strcpy(last_month, month);
      in_folder = 0;
      snprintf(folder, sizeof folder, "%s/%.4s", root, month);
      if (mkdir(folder, 0755) != 0 && errno != EEXIST) fail("cannot create", folder);
      snprintf(folder, sizeof folder, part == 1 ? "%s/%s" : "%s/%s_%d", root, month, part);
      if (mkdir(folder, 0755) != 0 && errno != EEXIST) fail("cannot create", folder);
    }
    in_folder++;

    /* Kind: 3% no EXIF, 1% corrupt EXIF, else valid; 60% of all files with GPS. */
    uint32_t roll = below(100);
    int kind = roll < 3 ? 0 : roll < 4 ? 2 : 1; /* 0 none, 1 exif, 2 corrupt */
    int gps = kind == 1 && below(1000) < 619;   /* 0.619 * 0.96 ≈ 60% of all files */

    size_t len = 0;
    append(buf, &len, "\xFF\xD8", 2);
    if (kind != 0) {
      uint8_t app1[2100];
      memcpy(app1, "Exif\0\0", 6);
      uint32_t tl = build_exif(app1 + 6, cam->big_endian, cam->make, cam->model, when, subsec, zone,
                               gps, place.lat, place.lon);
      if (kind == 2) {
        switch (below(3)) { /* corruptions a real reader must survive */
          case 0: put32(4, 0x7FFFFFF0); break;             /* IFD0 offset far past the end */
          case 1: put16(8, 0x7FFF); tl = 40; break;         /* huge entry count, truncated */
          default: memcpy(app1 + 6, "XX", 2); break;        /* invalid byte order mark */
        }
      }
      segment(buf, &len, 0xE1, app1, 6 + tl);
    }
    char comment[64];
    int cl = snprintf(comment, sizeof comment, "faver-bench %ld seed %llu", i, (unsigned long long)seed);
    segment(buf, &len, 0xFE, comment, (size_t)cl);
    append(buf, &len, template_jpeg + body, sizeof template_jpeg - body);

    char path[512];
    snprintf(path, sizeof path, "%s/IMG_%06ld.JPG", folder, i);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) fail("cannot create", path);
    if (write(fd, buf, len) != (ssize_t)len) fail("cannot write", path);
    struct timespec times[2] = {{(time_t)t, ms * 1000000}, {(time_t)t, ms * 1000000}};
    futimens(fd, times);
    close(fd);

    const char *kinds[] = {"none", "exif", "corrupt"};
    fprintf(manifest, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t", path + strlen(root) + 1, kinds[kind],
            kind ? cam->make : "-", kind ? cam->model : "-", kind ? when : "-", kind ? subsec : "-",
            kind ? zone : "-");
    if (gps) fprintf(manifest, "%.6f\t%.6f\n", place.lat / 1e6, place.lon / 1e6);
    else fprintf(manifest, "-\t-\n");
  }
  fclose(manifest);
  return 0;
}
