/*
 * impl_neon.c -- the table of the NEON kernels: the set "neon" on
 * little-endian AArch64 (always chosen: NEON is baseline there), the set
 * "neon32" on little-endian ARMv7-A (chosen when the CPU has NEON, cpu.c).
 * Both are the entries unilane_neon_<op> of src/neon/, compiled for the
 * target (neon.h, neon_compat.h).
 */
#include "../dispatch/impl.h"
#include "../dispatch/cpu.h"
#include "../generic/generic.h"
#include "neon.h"

#if UNILANE_HAVE_NEON

/*
 * Thresholds (scalar_below, impl.h), from instruction counts per call of
 * the entries themselves (a build with every threshold 0) beside scalar's,
 * on the first bytes of French text (scripts/icount.sh with ICOUNT_K=1000,
 * as scripts/icount_short.sh measures):
 * - UTF-8 input, 65 bytes. Below 64 bytes no UTF-8 entry has a vector step
 *   (validation and the lengths work in 64-byte blocks) and each costs
 *   more than scalar, which it calls after all (validate_utf8: 54 against
 *   37 instructions at 0 bytes). At 64 bytes validate_utf8 and
 *   utf16_length_from_utf8 are cheaper than scalar (166 against 171, 81
 *   against 125), utf16_length_from_utf8_lossy is not (179 against 165),
 *   and the converters are not either: their vector loop needs 128 bytes
 *   (NEON_U8_CONVERT_MIN in utf8_neon.c) and below that they hand the input
 *   to scalar themselves, a tail call that adds 3 to 7 instructions. With
 *   one threshold for all of them, 65 is the lowest that keeps every
 *   dispatched call at 0..64 bytes within scalar's count. (Past 64 bytes
 *   the crossing points differ by operation and by text: on this French
 *   text validate_utf8 is still dearer than scalar at 128 bytes, and the
 *   converters cost half as much again as scalar there; one threshold per
 *   family cannot follow them.)
 * - ascii_prefix and UTF-16 input, 0: their entries have short vector
 *   paths; at every length 0..64 of that text none costs more than scalar
 *   (utf16_to_latin1 costs the same at 1..7 and 9 units).
 * - Latin-1 input, 1: the same, but at 0 bytes latin1_to_utf8_bounded's
 *   entry cannot avoid its stack frame (GCC sets it up before the first
 *   test: 71 instructions a call against scalar's 58 with the harness of
 *   scripts/icount_short.sh); from 1 byte on it is at most 96% of scalar.
 */
/* utf16_to_utf8_lossy_bounded (ops.h, UNILANE_KERNEL_OPS): no NEON kernel
   of its own yet; the streaming layer's regions over this set's one-shot
   kernels, as unilane_utf8_encode ran them before that entry existed. */
unilane_result unilane_neon_utf16_to_utf8_lossy_bounded(const uint16_t *src, size_t len, char *dst,
                                                        size_t cap)
{
#  if UNILANE_HAVE_NEON32
    return unilane_stream_utf16_to_utf8_regions(&unilane_impl_neon32, 1, src, len, dst, cap);
#  else
    return unilane_stream_utf16_to_utf8_regions(&unilane_impl_neon, 1, src, len, dst, cap);
#  endif
}

#  if UNILANE_HAVE_NEON32
/* ARMv7: the same thresholds as AArch64 for now (see the note above). */
UNILANE_DEFINE_KERNEL_AS(neon32, neon, UNILANE_CPU_NEON, 65, /* UTF-8 input */
                         0,                                  /* ascii_prefix */
                         0,                                  /* UTF-16 input */
                         1);                                 /* Latin-1 input */
#  else
UNILANE_DEFINE_KERNEL(neon, UNILANE_CPU_NEON, 65, /* UTF-8 input */
                      0,                          /* ascii_prefix */
                      0,                          /* UTF-16 input */
                      1);                         /* Latin-1 input */
#  endif

#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_neon_unused;
#endif
