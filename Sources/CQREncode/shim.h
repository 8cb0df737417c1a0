#ifndef FAVER_CQRENCODE_SHIM_H
#define FAVER_CQRENCODE_SHIM_H

#include <stddef.h>
#include <qrencode.h>

#endif
