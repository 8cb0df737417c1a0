#ifndef FAVER_CPNG_SHIM_H
#define FAVER_CPNG_SHIM_H

#include <stddef.h>
#include <string.h>
#include <png.h>

/// A `png_image` ready for `png_image_begin_read_from_memory` (its version set, the rest zero).
static inline png_image faver_png_image(void) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  return image;
}

/// libpng's message for a failed simplified-API call (a fixed array Swift sees as a tuple).
static inline const char *faver_png_message(const png_image *image) { return image->message; }

/// 8-bit RGB, the format the pixels are read in.
static inline png_uint_32 faver_png_format_rgb(void) { return PNG_FORMAT_RGB; }

#endif
