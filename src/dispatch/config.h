/*
 * config.h -- compiler and architecture detection shared by every source
 * file. No configure step: everything is derived from predefined macros, so
 * `cc -c src/<dir>/<file>.c` for every file builds the library as it is.
 *
 * UNILANE_HAVE_AVX2   the AVX2 kernel set is compiled (x86-64 or 32-bit
 *                     x86, gcc/clang, not disabled with -DUNILANE_NO_AVX2).
 *                     It is compiled with target attributes, never with a
 *                     global -mavx2, and chosen at run time. On 32-bit x86
 *                     the few 64-bit-only intrinsics come from
 *                     src/avx2/x86_intrin.h. Not with MSVC's cl, which
 *                     has no target attributes: scalar only there.
 * UNILANE_HAVE_AVX512 the AVX-512 kernel set is compiled (as for AVX2, and
 *                     not disabled with -DUNILANE_NO_AVX512; it needs the
 *                     AVX2 set, whose entries it reuses). Target attributes
 *                     only, chosen at run time.
 * UNILANE_HAVE_NEON   the NEON kernel set is compiled (little-endian
 *                     AArch64, not disabled with -DUNILANE_NO_NEON). NEON is
 *                     part of the AArch64 baseline, so no attribute is needed.
 */
#ifndef UNILANE_CONFIG_H
#define UNILANE_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "unilane.h"

/* UNILANE_TEST_SUPPORT=1 (test builds only, never in a release): the test
   hooks of test_hooks.c, and counting thunks in front of every kernel entry
   (impl.h), so that the tests can tell which kernel's code a call reached. */
#ifndef UNILANE_TEST_SUPPORT
#  define UNILANE_TEST_SUPPORT 0
#endif

#if defined(__GNUC__) || defined(__clang__)
#  define UNILANE_LIKELY(x)     __builtin_expect(!!(x), 1)
#  define UNILANE_UNLIKELY(x)   __builtin_expect(!!(x), 0)
#  define UNILANE_INTERNAL      __attribute__((visibility("hidden")))
#  define UNILANE_ALWAYS_INLINE inline __attribute__((always_inline))
#  define UNILANE_NOINLINE      __attribute__((noinline))
#  define UNILANE_MAYBE_UNUSED  __attribute__((unused))
#else
#  define UNILANE_LIKELY(x)   (x)
#  define UNILANE_UNLIKELY(x) (x)
#  define UNILANE_INTERNAL
#  define UNILANE_ALWAYS_INLINE inline
#  define UNILANE_NOINLINE
#  define UNILANE_MAYBE_UNUSED
#endif

#if (defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)) && \
    (defined(__GNUC__) || defined(__clang__)) && !defined(UNILANE_NO_AVX2)
#  define UNILANE_HAVE_AVX2   1
/* Every function that uses AVX2 intrinsics, static helpers included, carries
   this attribute; forgetting it is a compile error ("target specific option
   mismatch"), not a silent bug. The CPU bits it implies are listed in
   UNILANE_CPU_AVX2_SET (cpu.h) and checked before the kernel is chosen. */
#  define UNILANE_TARGET_AVX2 __attribute__((target("avx2,bmi,bmi2,lzcnt,popcnt")))
#else
#  define UNILANE_HAVE_AVX2 0
#endif

#if UNILANE_HAVE_AVX2 && !defined(UNILANE_NO_AVX512)
#  define UNILANE_HAVE_AVX512 1
/* AVX-512 F/BW/VL/VBMI/VBMI2 on top of everything UNILANE_TARGET_AVX2
   names; the CPU bits are UNILANE_CPU_AVX512_SET (cpu.h). */
#  define UNILANE_TARGET_AVX512 \
    __attribute__((             \
        target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi,bmi2,lzcnt,popcnt")))
#else
#  define UNILANE_HAVE_AVX512 0
#endif

#if defined(__aarch64__) && defined(__ARM_NEON) && !defined(__AARCH64EB__) && \
    !defined(UNILANE_NO_NEON)
#  define UNILANE_HAVE_NEON 1
#else
#  define UNILANE_HAVE_NEON 0
#endif

#endif /* UNILANE_CONFIG_H */
