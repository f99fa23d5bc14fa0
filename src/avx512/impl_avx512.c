/*
 * impl_avx512.c -- the avx512 kernel set: x86-64 AVX-512 F/BW/VL/VBMI/VBMI2
 * (on top of AVX2, BMI1/2, LZCNT, POPCNT), chosen at run time.
 *
 * The kernels here are the simple, memory-bound ones: one 512-bit vector
 * (64 bytes, 32 UTF-16 units) per step, and a masked load for the last
 * 0 <= n < one vector of input, so no entry reads past src + len and none
 * needs a scalar tail loop. Every store is bounded the same way (masked).
 * Where an entry finds an error it hands the rest, from a character
 * boundary, to the scalar kernel, which decides status and position.
 * Every path that leaves a function that touched a zmm register, or calls a
 * scalar finisher, runs vzeroupper first (avx512_leave).
 *
 * An operation without an AVX-512 kernel of its own takes the AVX2 entry:
 * the #define list before UNILANE_DEFINE_KERNEL.
 */
#include "../dispatch/impl.h"
#include "../dispatch/cpu.h"
#include "../generic/generic.h"
#include "../avx2/avx2.h"
#include "avx512.h"

#if UNILANE_HAVE_AVX512

UNILANE_DECLARE_KERNEL(avx512)

/* Operations without an AVX-512 kernel yet take the AVX2 entry. */
/* not yet written */
#define unilane_avx512_ascii_prefix unilane_avx2_ascii_prefix
/* not yet written */
#define unilane_avx512_utf16_length_from_utf8 unilane_avx2_utf16_length_from_utf8
/* not yet written */
#define unilane_avx512_latin1_to_utf16 unilane_avx2_latin1_to_utf16
/* not yet written */
#define unilane_avx512_utf16_to_latin1 unilane_avx2_utf16_to_latin1
/* not yet written */
#define unilane_avx512_validate_utf16 unilane_avx2_validate_utf16
/* not yet written */
#define unilane_avx512_utf8_length_from_utf16 unilane_avx2_utf8_length_from_utf16
/* not yet written */
#define unilane_avx512_utf16_ascii_prefix unilane_avx2_utf16_ascii_prefix
/* not yet written */
#define unilane_avx512_utf16_latin1_prefix unilane_avx2_utf16_latin1_prefix
/* not yet written (needs the AVX2 lookup-based UTF-8 rules ported) */
#define unilane_avx512_validate_utf8 unilane_avx2_validate_utf8
/* not yet written (VBMI2 expand is the plan) */
#define unilane_avx512_latin1_to_utf8 unilane_avx2_latin1_to_utf8
/* not yet written (VBMI2 compress is the plan) */
#define unilane_avx512_utf8_to_latin1 unilane_avx2_utf8_to_latin1
/* not yet written */
#define unilane_avx512_utf8_to_utf16 unilane_avx2_utf8_to_utf16
/* not yet written */
#define unilane_avx512_utf8_to_utf16_lossy unilane_avx2_utf8_to_utf16_lossy
/* not yet written */
#define unilane_avx512_utf16_to_utf8 unilane_avx2_utf16_to_utf8
/* not yet written */
#define unilane_avx512_utf16_to_utf8_lossy unilane_avx2_utf16_to_utf8_lossy
/* not yet written */
#define unilane_avx512_utf16_make_well_formed unilane_avx2_utf16_make_well_formed
/* not yet written */
#define unilane_avx512_utf8_length_from_latin1 unilane_avx2_utf8_length_from_latin1
/* not yet written */
#define unilane_avx512_utf16_length_from_utf8_lossy unilane_avx2_utf16_length_from_utf8_lossy

/* Thresholds: the AVX2 set's (measured there), so that short inputs take
   the scalar path exactly as they do under avx2. */
UNILANE_DEFINE_KERNEL(avx512, UNILANE_CPU_AVX512_SET,
                      35, /* UTF-8 input */
                      32, /* ascii_prefix */
                      8,  /* UTF-16 input */
                      8); /* Latin-1 input */

#undef unilane_avx512_ascii_prefix
#undef unilane_avx512_utf16_length_from_utf8
#undef unilane_avx512_latin1_to_utf16
#undef unilane_avx512_utf16_to_latin1
#undef unilane_avx512_validate_utf16
#undef unilane_avx512_utf8_length_from_utf16
#undef unilane_avx512_utf16_ascii_prefix
#undef unilane_avx512_utf16_latin1_prefix
#undef unilane_avx512_validate_utf8
#undef unilane_avx512_latin1_to_utf8
#undef unilane_avx512_utf8_to_latin1
#undef unilane_avx512_utf8_to_utf16
#undef unilane_avx512_utf8_to_utf16_lossy
#undef unilane_avx512_utf16_to_utf8
#undef unilane_avx512_utf16_to_utf8_lossy
#undef unilane_avx512_utf16_make_well_formed
#undef unilane_avx512_utf8_length_from_latin1
#undef unilane_avx512_utf16_length_from_utf8_lossy

#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx512_unused;
#endif
