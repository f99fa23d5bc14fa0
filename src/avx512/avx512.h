/*
 * avx512.h -- entry points of the AVX-512 kernel set (x86-64: AVX-512
 * F/BW/VL/VBMI/VBMI2 on top of the AVX2 set). Each has exactly the contract
 * of the public function of the same name; each is compiled with
 * UNILANE_TARGET_AVX512 and must only be called when unilane_cpu_features()
 * has UNILANE_CPU_AVX512_SET. Operations without an AVX-512 kernel of their
 * own take the AVX2 entry (impl_avx512.c).
 */
#ifndef UNILANE_AVX512_H
#define UNILANE_AVX512_H

#include "../dispatch/impl.h"
#include "../avx2/avx2.h" /* and so the intrinsics: ../avx2/x86_intrin.h */

#if UNILANE_HAVE_AVX512

UNILANE_DECLARE_KERNEL(avx512)

/* Machinery shared by the avx512 kernel files. */

/* Below 32 units the AVX2 entries' special cases for 0..7, 8..15 and
   16..31 units (overlapping loads, no mask setup) measured cheaper than
   one masked 512-bit step (e.g. latin1_to_utf8 at 8 bytes: 4.4 ns vs 16 ns,
   validate_utf16 at 8 units: 10 ns vs 17 ns, CPU time, load average ~10),
   so those inputs take them; the AVX2 entries take every length. */
#  define AVX512_SHORT 32

/* Masks of the first n lanes, 0 <= n <= 64 (or 32). */
UNILANE_TARGET_AVX512 static inline __mmask64 avx512_first64(size_t n)
{
    return n >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << n) - 1);
}

UNILANE_TARGET_AVX512 static inline __mmask32 avx512_first32(size_t n)
{
    return n >= 32 ? ~(__mmask32)0 : (__mmask32)((1u << n) - 1);
}

/* vzeroupper: the upper halves of the vector registers are dirty after any
   512-bit (or 256-bit) instruction; clearing them avoids the SSE/AVX
   transition penalty in scalar or SSE code that runs next. */
UNILANE_TARGET_AVX512 static inline void avx512_leave(void)
{
    _mm256_zeroupper();
}

UNILANE_TARGET_AVX512 static inline unilane_result avx512_ok(size_t read, size_t written)
{
    unilane_result r;
    r.status = UNILANE_OK;
    r.read = read;
    r.written = written;
    return r;
}

/* Bit k set iff unit k of v is a surrogate, 0xD800 <= u <= 0xDFFF:
   (u & 0xF800) == 0xD800. */
UNILANE_TARGET_AVX512 static inline __mmask32 avx512_u16_surr(__m512i v)
{
    return _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, _mm512_set1_epi16((short)0xF800)),
                                   _mm512_set1_epi16((short)0xD800));
}

/* Bit k set iff (u_k & 0xFC00) == tag: 0xD800 high, 0xDC00 low surrogates. */
UNILANE_TARGET_AVX512 static inline __mmask32 avx512_u16_tag(__m512i v, unsigned tag)
{
    return _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, _mm512_set1_epi16((short)0xFC00)),
                                   _mm512_set1_epi16((short)tag));
}

#endif /* UNILANE_HAVE_AVX512 */

#endif /* UNILANE_AVX512_H */
