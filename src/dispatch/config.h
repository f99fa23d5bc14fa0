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
 * UNILANE_HAVE_NEON   the NEON kernels (src/neon/) are compiled, not
 *                     disabled with -DUNILANE_NO_NEON: on little-endian
 *                     AArch64 as the kernel set "neon" (NEON is part of the
 *                     AArch64 baseline: no attribute, always chosen), or on
 *                     little-endian ARMv7-A as the set "neon32" (below).
 * UNILANE_HAVE_NEON32 the NEON kernels are compiled for ARMv7-A (32-bit
 *                     ARM, hard- or softfp-float ABI) as the set "neon32",
 *                     from the same sources (src/neon/neon_compat.h supplies
 *                     the A64-only intrinsics). Two ways:
 *                     - the compiler targets NEON for the whole program
 *                       (__ARM_NEON: -mfpu=neon, or clang's Android
 *                       armeabi-v7a default);
 *                     - GCC 8 or later with an FPU but without NEON (Debian
 *                       armhf's default, -mfpu=vfpv3-d16): the NEON files
 *                       switch NEON on for themselves with
 *                       `#pragma GCC target("fpu=neon")`
 *                       (UNILANE_NEON_PRAGMA, src/neon/neon.h), so that no
 *                       other code of the library ever contains a NEON
 *                       instruction. Clang cannot do this (its <arm_neon.h>
 *                       needs __ARM_NEON), so clang without -mfpu=neon
 *                       leaves neon32 out.
 *                     Either way the set is chosen at run time only where
 *                     the OS says the CPU has NEON: Linux and Android
 *                     (API 18+) through getauxval(AT_HWCAP) & HWCAP_NEON
 *                     (cpu.c). Elsewhere (other OSes, Android below API 18)
 *                     detection is impossible and the choice is made at
 *                     compile time: neon32 is chosen when the whole program
 *                     is compiled for NEON (__ARM_NEON), never otherwise.
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

/* The SIMD kernel files are compiled for speed even in a gcc -Os build
   (UNILANE_SPEED_BEGIN after their #includes, UNILANE_SPEED_END at their
   end): at -Os gcc keeps fewer vector registers live and spills the
   Keiser-Lemire state of the UTF-8 loops to the stack (ARMv7 validate_utf8:
   2.25 instructions per byte at -Os, 1.72 this way, 1.74 at -O2). Only the
   kernels are affected, the scalar code keeps the user's -Os; define
   UNILANE_SIZE_OVER_SPEED to keep -Os everywhere. gcc only (clang has no
   optimisation-level pragma). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__OPTIMIZE_SIZE__) && \
    !defined(UNILANE_SIZE_OVER_SPEED)
#  define UNILANE_SPEED_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"O2\")")
#  define UNILANE_SPEED_END   _Pragma("GCC pop_options")
#else
#  define UNILANE_SPEED_BEGIN
#  define UNILANE_SPEED_END
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
#  define UNILANE_HAVE_NEON   1
#  define UNILANE_HAVE_NEON32 0
#  define UNILANE_NEON_PRAGMA 0
#elif defined(__arm__) && !defined(__ARMEB__) && defined(__ARM_ARCH) && __ARM_ARCH >= 7 && \
    defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'A' && defined(__ARM_FP) &&       \
    !defined(UNILANE_NO_NEON) &&                                                           \
    (defined(__ARM_NEON) || (defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8))
#  define UNILANE_HAVE_NEON   1
#  define UNILANE_HAVE_NEON32 1
/* 1: the NEON files enable NEON themselves (GCC pragma, src/neon/neon.h). */
#  if defined(__ARM_NEON)
#    define UNILANE_NEON_PRAGMA 0
#  else
#    define UNILANE_NEON_PRAGMA 1
#  endif
#else
#  define UNILANE_HAVE_NEON   0
#  define UNILANE_HAVE_NEON32 0
#  define UNILANE_NEON_PRAGMA 0
#endif

#endif /* UNILANE_CONFIG_H */
