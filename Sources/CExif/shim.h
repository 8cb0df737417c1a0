#ifndef FAVER_CEXIF_SHIM_H
#define FAVER_CEXIF_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <libexif/exif-data.h>
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

#endif
