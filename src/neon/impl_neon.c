/*
 * impl_neon.c -- the neon kernel set: little-endian AArch64 NEON, compiled in
 * on that target.
 */
#include "../dispatch/impl.h"
#include "../dispatch/cpu.h"
#include "../generic/generic.h"
#include "neon.h"

#if UNILANE_HAVE_NEON

/* Thresholds, from instruction counts at 0..64 units (scripts/icount_short.sh):
   the UTF-8-input entries cost more than scalar below 65 bytes (the first
   vector step needs 64 bytes); the UTF-16 and Latin-1 entries and
   ascii_prefix have short vector paths that beat scalar at every length. */
UNILANE_DEFINE_KERNEL(neon, UNILANE_CPU_NEON,
                      65, /* UTF-8 input */
                      0,  /* ascii_prefix */
                      0,  /* UTF-16 input */
                      0); /* Latin-1 input */

#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_neon_unused;
#endif
