#ifndef FAVER_CWEBP_SHIM_H
#define FAVER_CWEBP_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>

/// The RGB output of a decode (a union member Swift reaches awkwardly).
static inline const uint8_t *faver_webp_rgb(const WebPDecoderConfig *config, int *stride) {
  *stride = config->output.u.RGBA.stride;
  return config->output.u.RGBA.rgba;
}

#endif
