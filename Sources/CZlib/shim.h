#include <zlib.h>

// `inflateInit` is a macro Swift cannot see.
static inline int faver_inflate_init(z_stream *stream) { return inflateInit(stream); }
