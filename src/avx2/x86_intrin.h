/*
 * x86_intrin.h -- the x86 intrinsics as the AVX2 and AVX-512 kernels use
 * them, on every compiler and ABI the library builds with. Included by
 * avx2.h, and so by every x86 kernel file; kernel files include nothing else
 * for intrinsics.
 *
 * 1. <immintrin.h>.
 *
 * 2. clang with an MSVC target (clang-cl, clang --target=*-windows-msvc)
 *    before clang 19: its <immintrin.h> skips the headers of every ISA
 *    extension not enabled on the command line when _MSC_VER is defined, so
 *    the target-attribute functions would find no AVX2 intrinsics. The
 *    headers are included here directly (each has a guard, so where
 *    <immintrin.h> already included them this does nothing).
 *
 * 3. 32-bit x86 (i386 ABI): the 64-bit-only forms of the intrinsics the
 *    kernels use name a 64-bit general register (tzcnt r64, popcnt r64,
 *    pdep r64, movq r64, xmm), which does not exist in 32-bit mode, so the
 *    compilers' headers declare them only for x86-64. Each is defined below
 *    under its own name from two 32-bit halves, with the same result for
 *    every argument, so that the kernels are written once for both ABIs. A
 *    kernel that starts using another 64-bit-only intrinsic fails to compile
 *    in the i386 stage of scripts/test.sh ("implicit declaration"): add its
 *    stand-in here.
 */
#ifndef UNILANE_X86_INTRIN_H
#define UNILANE_X86_INTRIN_H

#include "../dispatch/config.h"

#if UNILANE_HAVE_AVX2
#  include <immintrin.h>

#  if defined(_MSC_VER) && defined(__clang__)
#    include <smmintrin.h>
#    include <avxintrin.h>
#    include <avx2intrin.h>
#    include <bmiintrin.h>
#    include <bmi2intrin.h>
#    include <lzcntintrin.h>
#    include <popcntintrin.h>
#    if UNILANE_HAVE_AVX512
#      include <avx512fintrin.h>
#      include <avx512bwintrin.h>
#      include <avx512vlintrin.h>
#      include <avx512vlbwintrin.h>
#      include <avx512vbmiintrin.h>
#      include <avx512vbmivlintrin.h>
#      include <avx512vbmi2intrin.h>
#      include <avx512vlvbmi2intrin.h>
#    endif
#  endif
#endif

#if UNILANE_HAVE_AVX2 && (defined(__i386__) || defined(_M_IX86)) && !defined(__x86_64__)

/* tzcnt: index of the lowest set bit, 64 for 0 (_tzcnt_u32(0) is 32). */
UNILANE_TARGET_AVX2 static inline unsigned long long x86_32_tzcnt_u64(uint64_t x)
{
    uint32_t lo = (uint32_t)x;
    return lo ? _tzcnt_u32(lo) : 32u + _tzcnt_u32((uint32_t)(x >> 32));
}

UNILANE_TARGET_AVX2 static inline long long x86_32_popcnt_u64(uint64_t x)
{
    return (long long)_mm_popcnt_u32((uint32_t)x) + _mm_popcnt_u32((uint32_t)(x >> 32));
}

/* lzcnt: the number of leading zero bits, 64 for 0. */
UNILANE_TARGET_AVX2 static inline unsigned long long x86_32_lzcnt_u64(uint64_t x)
{
    uint32_t hi = (uint32_t)(x >> 32);
    return hi ? _lzcnt_u32(hi) : 32u + _lzcnt_u32((uint32_t)x);
}

/* bzhi: x with bits n and up cleared (n from the low 8 bits; x for n >= 64). */
UNILANE_TARGET_AVX2 static inline unsigned long long x86_32_bzhi_u64(uint64_t x, unsigned n)
{
    n &= 0xFF;
    return n >= 64 ? x : x & ((UINT64_C(1) << n) - 1);
}

/* pdep: the low bits of x, in order, to the set bits of mask. The high half
   of mask takes the bits of x after the popcount(low half of mask) ones the
   low half used. */
UNILANE_TARGET_AVX2 static inline unsigned long long x86_32_pdep_u64(uint64_t x, uint64_t mask)
{
    uint32_t mlo = (uint32_t)mask;
    uint32_t lo = _pdep_u32((uint32_t)x, mlo);
    uint32_t hi = _pdep_u32((uint32_t)(x >> _mm_popcnt_u32(mlo)), (uint32_t)(mask >> 32));
    return ((uint64_t)hi << 32) | lo;
}

/* The low 64-bit lane of v (movq through memory: SSE2 has the 64-bit store). */
UNILANE_TARGET_AVX2 static inline long long x86_32_cvtsi128_si64(__m128i v)
{
    long long r;
    _mm_storel_epi64((__m128i *)(void *)&r, v);
    return r;
}

#  define _tzcnt_u64(x)           x86_32_tzcnt_u64(x)
#  define _lzcnt_u64(x)           x86_32_lzcnt_u64(x)
#  define _bzhi_u64(x, n)         x86_32_bzhi_u64((x), (n))
#  define _mm_popcnt_u64(x)       x86_32_popcnt_u64(x)
#  define _pdep_u64(x, m)         x86_32_pdep_u64((x), (m))
#  define _mm_cvtsi128_si64(v)    x86_32_cvtsi128_si64(v)
/* Lane i (0 or 1, a constant): shift it down to lane 0 first. */
#  define _mm_extract_epi64(v, i) x86_32_cvtsi128_si64(_mm_srli_si128((v), 8 * (i)))

#endif
#endif /* UNILANE_X86_INTRIN_H */
