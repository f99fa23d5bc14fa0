/*
 * impl_neon.c -- the neon kernel set: little-endian AArch64 NEON, compiled in on that target.
 * Every operation has a NEON kernel; the thresholds send inputs shorter than
 * what a kernel handles in vector code straight to the scalar code.
 */
#include "../dispatch/impl.h"
#include "../dispatch/cpu.h"
#include "../generic/generic.h"
#include "neon.h"

#if UNILANE_HAVE_NEON

const unilane_impl unilane_impl_neon = {
    "neon",
    UNILANE_CPU_NEON,
    65, /* utf8_scalar_below: the UTF-8-input entries forward 0..64 bytes to scalar themselves (utf16_length_from_utf8 from 63) */
    0,  /* ascii_scalar_below: ascii_prefix beats scalar at every length */
    0,  /* utf16_scalar_below: the UTF-16 entries beat scalar at every length */
    0,  /* latin1_scalar_below: likewise */
    unilane_neon_ascii_prefix,
    unilane_neon_utf16_ascii_prefix,
    unilane_neon_utf16_latin1_prefix,
    unilane_neon_validate_utf8,
    unilane_neon_validate_utf16,
    unilane_neon_latin1_to_utf16,
    unilane_neon_utf16_to_latin1,
    unilane_neon_latin1_to_utf8,
    unilane_neon_utf8_to_latin1,
    unilane_neon_utf8_to_utf16,
    unilane_neon_utf8_to_utf16_lossy,
    unilane_neon_utf16_to_utf8,
    unilane_neon_utf16_to_utf8_lossy,
    unilane_neon_utf16_make_well_formed,
    unilane_neon_utf8_length_from_latin1,
    unilane_neon_utf8_length_from_utf16,
    unilane_neon_utf16_length_from_utf8,
    unilane_neon_utf16_length_from_utf8_lossy,
};

#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_neon_unused;
#endif
