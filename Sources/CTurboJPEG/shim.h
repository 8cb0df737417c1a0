#ifndef FAVER_CTURBOJPEG_SHIM_H
#define FAVER_CTURBOJPEG_SHIM_H

#include <stddef.h>
#include <turbojpeg.h>

#endif
