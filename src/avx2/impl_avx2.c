/*
 * impl_avx2.c -- the avx2 kernel set: x86-64 AVX2 (with BMI1/2, LZCNT,
 * POPCNT), chosen at run time.
 */
#include "../dispatch/impl.h"
#include "../dispatch/cpu.h"
#include "../generic/generic.h"
#include "avx2.h"

#if UNILANE_HAVE_AVX2

/* Thresholds, measured with the short-string benchmark (bench/): below 35
   bytes of UTF-8 and 32 bytes for ascii_prefix the vector entries are no
   faster than scalar (one 32-byte block plus a scalar tail); below 8 UTF-16
   units or Latin-1 bytes they have no vector step at all. */
UNILANE_DEFINE_KERNEL(avx2, UNILANE_CPU_AVX2_SET,
                      35, /* UTF-8 input */
                      32, /* ascii_prefix */
                      8,  /* UTF-16 input */
                      8); /* Latin-1 input */

#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx2_unused;
#endif
