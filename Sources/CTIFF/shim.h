#ifndef FAVER_CTIFF_SHIM_H
#define FAVER_CTIFF_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/// The first image's rows per strip, or tile height for a tiled image: how many rows libtiff
/// decodes at once (`TIFFGetFieldDefaulted` is variadic, which Swift cannot call).
static inline uint32_t faver_tiff_rows_per_block(TIFF *tiff) {
  uint32_t rows = 0;
  if (TIFFIsTiled(tiff)) {
    if (!TIFFGetField(tiff, TIFFTAG_TILELENGTH, &rows)) rows = 0;
  } else if (!TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &rows)) {
    rows = 0;
  }
  return rows;
}

/// Begins reading the first image as RGBA with its top row first; NULL (and the reason in
/// `message`) when libtiff cannot. Free with `faver_tiff_rgba_end`.
static inline TIFFRGBAImage *faver_tiff_rgba_begin(TIFF *tiff, FaverTIFFMessage *message) {
  char reason[1024] = {0};
  TIFFRGBAImage *image = (TIFFRGBAImage *)calloc(1, sizeof(TIFFRGBAImage));
  if (image == NULL) return NULL;
  if (!TIFFRGBAImageOK(tiff, reason) || !TIFFRGBAImageBegin(image, tiff, 0, reason)) {
    if (message->text[0] == 0) snprintf(message->text, sizeof message->text, "%s", reason);
    free(image);
    return NULL;
  }
  image->req_orientation = ORIENTATION_TOPLEFT;
  return image;
}

/// Whether the image is stored top row first (its own orientation is the one asked for), so that
/// rows read in bands come out in order.
static inline int faver_tiff_rgba_is_top_down(TIFFRGBAImage *image) {
  return image->orientation == ORIENTATION_TOPLEFT;
}

/// `count` rows from `first` into `raster` (`width` × `count` RGBA pixels), top row first.
static inline int faver_tiff_rgba_rows(TIFFRGBAImage *image, uint32_t *raster, uint32_t first, uint32_t count) {
  image->row_offset = (int)first;
  image->col_offset = 0;
  return TIFFRGBAImageGet(image, raster, image->width, count);
}

static inline void faver_tiff_rgba_end(TIFFRGBAImage *image) {
  TIFFRGBAImageEnd(image);
  free(image);
}

/// The bytes libtiff allocates to decode one strip or tile.
static inline int64_t faver_tiff_block_bytes(TIFF *tiff) {
  return (int64_t)(TIFFIsTiled(tiff) ? TIFFTileSize64(tiff) : TIFFStripSize64(tiff));
}

#endif
