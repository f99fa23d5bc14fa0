/*
 * impl_avx2.c -- the avx2 kernel set: x86-64 AVX2 (with BMI1/2, LZCNT, POPCNT), chosen at run time.
 * Every operation has an AVX2 kernel; the thresholds send inputs shorter than
 * what a kernel handles in vector code straight to the scalar code.
 */
#include "../dispatch/impl.h"
#include "../dispatch/cpu.h"
#include "../generic/generic.h"
#include "avx2.h"

#if UNILANE_HAVE_AVX2

const unilane_impl unilane_impl_avx2 = {
    "avx2",
    UNILANE_CPU_AVX2_SET,
    35, /* utf8_scalar_below: the UTF-8-input entries forward below 35 bytes themselves (length and to_latin1 below 32) */
    32, /* ascii_scalar_below: ascii_prefix forwards below 32 bytes */
    8,  /* utf16_scalar_below: below 8 units the entries have no vector path */
    8,  /* latin1_scalar_below: likewise below 8 bytes */
    unilane_avx2_ascii_prefix,
    unilane_avx2_utf16_ascii_prefix,
    unilane_avx2_utf16_latin1_prefix,
    unilane_avx2_validate_utf8,
    unilane_avx2_validate_utf16,
    unilane_avx2_latin1_to_utf16,
    unilane_avx2_utf16_to_latin1,
    unilane_avx2_latin1_to_utf8,
    unilane_avx2_utf8_to_latin1,
    unilane_avx2_utf8_to_utf16,
    unilane_avx2_utf8_to_utf16_lossy,
    unilane_avx2_utf16_to_utf8,
    unilane_avx2_utf16_to_utf8_lossy,
    unilane_avx2_utf16_make_well_formed,
    unilane_avx2_utf8_length_from_latin1,
    unilane_avx2_utf8_length_from_utf16,
    unilane_avx2_utf16_length_from_utf8,
    unilane_avx2_utf16_length_from_utf8_lossy,
};

#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx2_unused;
#endif
