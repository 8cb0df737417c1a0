#ifndef FAVER_CRAW_SHIM_H
#define FAVER_CRAW_SHIM_H

#include <stddef.h>
#include <libraw/libraw.h>

/// How the camera was held, as LibRaw says it (`sizes.flip`): 0 upright, 3 turned 180°,
/// 5 turned 90° counter-clockwise, 6 turned 90° clockwise; kept here so Swift never walks
/// LibRaw's large data structure.
static inline int faver_raw_flip(libraw_data_t *data) { return data == NULL ? 0 : data->sizes.flip; }

/// The embedded preview's format as LibRaw found it (`LIBRAW_THUMBNAIL_JPEG`, `_BITMAP` …).
static inline int faver_raw_thumb_format(libraw_data_t *data) {
  return data == NULL ? 0 : (int)data->thumbnail.tformat;
}

/// The embedded preview's declared width and height.
static inline int faver_raw_thumb_width(libraw_data_t *data) { return data == NULL ? 0 : data->thumbnail.twidth; }
static inline int faver_raw_thumb_height(libraw_data_t *data) { return data == NULL ? 0 : data->thumbnail.theight; }

/// The pixels or JPEG bytes of an image LibRaw made in memory (a flexible array Swift cannot
/// index).
static inline const unsigned char *faver_raw_image_bytes(const libraw_processed_image_t *image) {
  return image == NULL ? NULL : image->data;
}

#endif
