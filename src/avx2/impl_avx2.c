/*
 * impl_avx2.c -- the avx2 kernel set: x86-64 AVX2 (with BMI1/2, LZCNT,
 * POPCNT), chosen at run time.
 */
#include "../dispatch/impl.h"
#include "../dispatch/cpu.h"
#include "../generic/generic.h"
#include "avx2.h"

#if UNILANE_HAVE_AVX2

/* The 0.2 operations: no AVX2 kernel yet (the scalar one meanwhile). */
#  define unilane_avx2_utf16_to_wtf8           unilane_scalar_utf16_to_wtf8
#  define unilane_avx2_validate_wtf8           unilane_scalar_validate_wtf8
#  define unilane_avx2_wtf8_to_utf16           unilane_scalar_wtf8_to_utf16
#  define unilane_avx2_utf16_to_mutf8          unilane_scalar_utf16_to_mutf8
#  define unilane_avx2_mutf8_length_from_utf16 unilane_scalar_mutf8_length_from_utf16
#  define unilane_avx2_mutf8_to_utf16          unilane_scalar_mutf8_to_utf16
#  define unilane_avx2_utf8_inspect            unilane_scalar_utf8_inspect
#  define unilane_avx2_utf8_inspect_lossy      unilane_scalar_utf8_inspect_lossy
#  define unilane_avx2_utf16_inspect           unilane_scalar_utf16_inspect
#  define unilane_avx2_latin1_to_utf8_bounded  unilane_scalar_latin1_to_utf8_bounded

/* Thresholds: the smallest input for which the entries of a family have a
   vector step. Below them an entry only hands the input to the scalar
   kernel, so the dispatcher calls that kernel directly: such a call costs
   the scalar kernel plus the dispatcher's test (callgrind: 6 instructions,
   14 for the functions that return unilane_result), not the entry's
   forwarding on top. 35 bytes of UTF-8: validation and the conversions
   check two overlapping 32-byte blocks, the second with 3 bytes of
   context (utf8_to_latin1 and utf16_length_from_utf8 start at 32 bytes,
   but share the family's threshold); 32 bytes for ascii_prefix (one
   32-byte load); 8 UTF-16 units and 8 Latin-1 bytes: two overlapping
   8-unit halves. From the thresholds on, the entries mostly cost fewer
   instructions than scalar. The exceptions measured (callgrind, 0..128
   units of French, Russian, Chinese and ASCII text): input the vector
   step rejects and then hands to the scalar kernel (an error or a
   sequence cut off by the end, a unit above 0xFF for utf16_to_latin1,
   text beyond Latin-1 for utf8_to_latin1, non-ASCII for latin1_to_utf8
   under 32 bytes); the UTF-16 prefix scans when the first unit is out of
   range (the scalar scan stops at once); mostly-ASCII text with a few
   3-byte characters in UTF-8 -> UTF-16 at 35..96 bytes and UTF-16 ->
   UTF-8 at 8..28 units (up to 27% more); and 65..127 bytes of ASCII,
   where the scalar kernel finishes the bytes after one 64-byte chunk (up
   to 54% more). */
UNILANE_DEFINE_KERNEL(avx2, UNILANE_CPU_AVX2_SET, 35, /* UTF-8 input */
                      32,                             /* ascii_prefix */
                      8,                              /* UTF-16 input */
                      8);                             /* Latin-1 input */

#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx2_unused;
#endif
