#ifndef FAVER_CTIFF_SHIM_H
#define FAVER_CTIFF_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <tiffio.h>

/// Where libtiff's first error message for one file goes.
typedef struct {
  char text[256];
} FaverTIFFMessage;

static inline int faver_tiff_keep_error(TIFF *tiff, void *user, const char *module, const char *format, va_list args) {
  (void)tiff; (void)module;
  FaverTIFFMessage *message = (FaverTIFFMessage *)user;
  if (message != NULL && message->text[0] == 0) vsnprintf(message->text, sizeof message->text, format, args);
  return 1;
}

static inline int faver_tiff_ignore_warning(TIFF *tiff, void *user, const char *module, const char *format,
                                            va_list args) {
  (void)tiff; (void)user; (void)module; (void)format; (void)args;
  return 1;
}

/// Opens `path` read-only without memory-mapping it (a file cut short under us cannot fault),
/// no single allocation over `max_alloc` bytes, errors kept in `message`, warnings dropped, nothing
/// printed. NULL when it is not a TIFF libtiff reads.
static inline TIFF *faver_tiff_open(const char *path, tmsize_t max_alloc, FaverTIFFMessage *message) {
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) return NULL;
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_alloc);
  TIFFOpenOptionsSetErrorHandlerExtR(options, faver_tiff_keep_error, message);
  TIFFOpenOptionsSetWarningHandlerExtR(options, faver_tiff_ignore_warning, NULL);
  TIFF *tiff = TIFFOpenExt(path, "rm", options);
  TIFFOpenOptionsFree(options);
  return tiff;
}

/// The first image's width and height (`TIFFGetField` is variadic, which Swift cannot call).
static inline int faver_tiff_size(TIFF *tiff, uint32_t *width, uint32_t *height) {
  return TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, width) && TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, height);
}

#endif
