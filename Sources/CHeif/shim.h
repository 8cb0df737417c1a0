#ifndef FAVER_CHEIF_SHIM_H
#define FAVER_CHEIF_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <libheif/heif.h>

/* libheif is opened when a HEIF file is first decoded, not linked: linked, it and the codecs it
   loads (libde265's tables are built as it loads) cost every faver command ~3 ms to start. The
   functions faver calls, found by name in the library Debian's libheif1 installs. */
typedef struct FaverHeif {
  __typeof__(&heif_context_alloc) context_alloc;
  __typeof__(&heif_context_free) context_free;
  __typeof__(&heif_context_set_maximum_image_size_limit) context_set_maximum_image_size_limit;
  __typeof__(&heif_context_read_from_memory_without_copy) context_read_from_memory_without_copy;
  __typeof__(&heif_context_get_primary_image_handle) context_get_primary_image_handle;
  __typeof__(&heif_image_handle_release) image_handle_release;
  __typeof__(&heif_image_handle_get_width) image_handle_get_width;
  __typeof__(&heif_image_handle_get_height) image_handle_get_height;
  __typeof__(&heif_image_handle_get_number_of_thumbnails) image_handle_get_number_of_thumbnails;
  __typeof__(&heif_image_handle_get_list_of_thumbnail_IDs) image_handle_get_list_of_thumbnail_IDs;
  __typeof__(&heif_image_handle_get_thumbnail) image_handle_get_thumbnail;
  __typeof__(&heif_decode_image) decode_image;
  __typeof__(&heif_image_release) image_release;
  __typeof__(&heif_image_get_width) image_get_width;
  __typeof__(&heif_image_get_height) image_get_height;
  __typeof__(&heif_image_get_plane_readonly) image_get_plane_readonly;
} FaverHeif;

/* Opens libheif and finds every function into `api`: 1 when all were found, else 0 (and `api`
   is not to be used). */
static inline int faver_heif_open(FaverHeif *api) {
  void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return 0;
#define FAVER_HEIF_FIND(name) \
  if ((api->name = (__typeof__(api->name))dlsym(library, "heif_" #name)) == NULL) return 0;
  FAVER_HEIF_FIND(context_alloc)
  FAVER_HEIF_FIND(context_free)
  FAVER_HEIF_FIND(context_set_maximum_image_size_limit)
  FAVER_HEIF_FIND(context_read_from_memory_without_copy)
  FAVER_HEIF_FIND(context_get_primary_image_handle)
  FAVER_HEIF_FIND(image_handle_release)
  FAVER_HEIF_FIND(image_handle_get_width)
  FAVER_HEIF_FIND(image_handle_get_height)
  FAVER_HEIF_FIND(image_handle_get_number_of_thumbnails)
  FAVER_HEIF_FIND(image_handle_get_list_of_thumbnail_IDs)
  FAVER_HEIF_FIND(image_handle_get_thumbnail)
  FAVER_HEIF_FIND(decode_image)
  FAVER_HEIF_FIND(image_release)
  FAVER_HEIF_FIND(image_get_width)
  FAVER_HEIF_FIND(image_get_height)
  FAVER_HEIF_FIND(image_get_plane_readonly)
#undef FAVER_HEIF_FIND
  return 1;
}

#endif
