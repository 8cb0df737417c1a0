#ifndef FAVER_CEXIF_SHIM_H
#define FAVER_CEXIF_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <libexif/exif-data.h>
#include <libexif/exif-mem.h>
#include <libexif/exif-log.h>
#include <libexif/exif-utils.h>

/// `exif_data_get_entry` is a macro Swift cannot see; this looks in one IFD only, so GPS tags
/// (whose numbers collide with interoperability tags) are never confused with others.
static inline ExifEntry *faver_exif_entry(ExifData *data, ExifIfd ifd, ExifTag tag) {
  if (data == NULL || ifd < 0 || ifd >= EXIF_IFD_COUNT) return NULL;
  return exif_content_get_entry(data->ifd[ifd], tag);
}

/// Number of entries libexif kept in one IFD.
static inline unsigned int faver_exif_entry_count(ExifData *data, ExifIfd ifd) {
  if (data == NULL || ifd < 0 || ifd >= EXIF_IFD_COUNT || data->ifd[ifd] == NULL) return 0;
  return data->ifd[ifd]->count;
}

static inline void faver_exif_count_corruption(ExifLog *log, ExifLogCode code, const char *domain,
                                               const char *format, va_list args, void *counter) {
  (void)log; (void)domain; (void)format; (void)args;
  if (code == EXIF_LOG_CODE_CORRUPT_DATA && counter != NULL) (*(int *)counter)++;
}

/// A log that counts libexif's "corrupt data" reports into `*counter` and prints nothing.
static inline ExifLog *faver_exif_corruption_log_new(int *counter) {
  ExifLog *log = exif_log_new();
  if (log != NULL) exif_log_set_func(log, faver_exif_count_corruption, counter);
  return log;
}

/// A bump allocator for loading one EXIF block: libexif allocates every entry and value on its
/// own and frees them one by one at unref, which cost a third of its load. Here they come from
/// one buffer per thread, reused block after block (`faver_exif_arena_reset` after the unref);
/// what does not fit goes to the heap as before. Each allocation keeps its size just before it,
/// for realloc.
typedef struct {
  unsigned char *base;
  size_t used;
  size_t capacity;
} FaverExifArena;

/// This thread's arena (a function's static, which Swift's importer emits with the function).
static inline FaverExifArena *faver_exif_arena_get(void) {
  static _Thread_local FaverExifArena arena;
  return &arena;
}

static inline int faver_exif_arena_owns(void *pointer) {
  FaverExifArena *arena = faver_exif_arena_get();
  unsigned char *p = (unsigned char *)pointer;
  return arena->base != NULL && p >= arena->base && p < arena->base + arena->capacity;
}

static inline void *faver_exif_arena_alloc(ExifLong size) {
  FaverExifArena *arena = faver_exif_arena_get();
  size_t needed = ((size_t)size + 2 * sizeof(size_t) - 1) / sizeof(size_t) * sizeof(size_t) + sizeof(size_t);
  if (arena->base == NULL) {
    arena->capacity = 256 * 1024;
    arena->base = (unsigned char *)malloc(arena->capacity);
    if (arena->base == NULL) arena->capacity = 0;
  }
  if (arena->used + needed > arena->capacity) return calloc((size_t)size, 1);
  unsigned char *block = arena->base + arena->used;
  arena->used += needed;
  *(size_t *)block = (size_t)size;
  memset(block + sizeof(size_t), 0, (size_t)size);
  return block + sizeof(size_t);
}

static inline void faver_exif_arena_free(void *pointer) {
  if (!faver_exif_arena_owns(pointer)) free(pointer);
}

static inline void *faver_exif_arena_realloc(void *pointer, ExifLong size) {
  if (pointer == NULL) return faver_exif_arena_alloc(size);
  if (!faver_exif_arena_owns(pointer)) return realloc(pointer, (size_t)size);
  size_t old = *((size_t *)pointer - 1);
  void *moved = faver_exif_arena_alloc(size);
  if (moved != NULL) memcpy(moved, pointer, old < (size_t)size ? old : (size_t)size);
  return moved;
}

/// An ExifMem drawing on this thread's arena.
static inline ExifMem *faver_exif_arena_mem_new(void) {
  return exif_mem_new(faver_exif_arena_alloc, faver_exif_arena_realloc, faver_exif_arena_free);
}

/// Makes the whole arena free again; only once nothing allocated from it is in use.
static inline void faver_exif_arena_reset(void) { faver_exif_arena_get()->used = 0; }

#endif
