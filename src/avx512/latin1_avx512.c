/*
 * latin1_avx512.c -- AVX-512 kernels whose input is Latin-1: the UTF-8
 * length and the conversion to UTF-16. (latin1_to_utf8 is in
 * impl_avx512.c.)
 */
#include "avx512.h"
#include "../generic/generic.h"

#if UNILANE_HAVE_AVX512
UNILANE_SPEED_BEGIN

/*
 * len plus one per byte >= 0x80. 256 bytes a step: bit k of
 * _mm512_movepi8_mask(v) is bit 7 of byte k, and each such byte adds 1 to
 * its lane of one of two byte accumulators (a masked add, no compare); every
 * 63 steps their sum goes through vpsadbw (a lane of each gains at most 2 a
 * step: the sum of the two stays <= 252). The last 0..255 bytes: masked 64-byte loads
 * and popcounts.
 */
UNILANE_TARGET_AVX512 size_t unilane_avx512_utf8_length_from_latin1(const char *src, size_t len)
{
    const __m512i one = _mm512_set1_epi8(1), zero = _mm512_setzero_si512();
    size_t i = 0, total = len;

    if (len < AVX512_SHORT)
        return unilane_avx2_utf8_length_from_latin1(src, len);

    while (len - i >= 256) {
        __m512i acc0 = zero, acc1 = zero;
        size_t steps = (len - i) / 256, s;
        if (steps > 63)
            steps = 63;
        for (s = 0; s < steps; s++, i += 256) {
            const char *p = src + i;
            __m512i a = _mm512_loadu_si512((const void *)p);
            __m512i b = _mm512_loadu_si512((const void *)(p + 64));
            __m512i c = _mm512_loadu_si512((const void *)(p + 128));
            __m512i d = _mm512_loadu_si512((const void *)(p + 192));
            acc0 = _mm512_mask_add_epi8(acc0, _mm512_movepi8_mask(a), acc0, one);
            acc1 = _mm512_mask_add_epi8(acc1, _mm512_movepi8_mask(b), acc1, one);
            acc0 = _mm512_mask_add_epi8(acc0, _mm512_movepi8_mask(c), acc0, one);
            acc1 = _mm512_mask_add_epi8(acc1, _mm512_movepi8_mask(d), acc1, one);
        }
        /* eight 64-bit lane sums of the 64 byte lanes (each <= 252) */
        total +=
            (size_t)_mm512_reduce_add_epi64(_mm512_sad_epu8(_mm512_add_epi8(acc0, acc1), zero));
    }
    /* 0 <= len - i < 256 bytes remain */
    while (i < len) {
        size_t n = len - i < 64 ? len - i : 64;
        __m512i v = _mm512_maskz_loadu_epi8(avx512_first64(n), src + i);
        total += (size_t)_mm_popcnt_u64(_mm512_movepi8_mask(v));
        i += n;
    }
    avx512_leave();
    return total;
}

/*
 * Each byte zero-extended to a unit (vpmovzxbw, 32 bytes to 64). The loop is
 * bound by the traffic between L1 and L2 (a 64-byte line in, two out), and a
 * 64-byte store that straddles two lines costs both: from 256 bytes on, the
 * first 32 units are stored unaligned and the loop restarts at dst's next
 * 64-byte boundary (1..32 units on: the overlap is rewritten with the same
 * units), so every store of its 128-byte steps, then 32 at a time, is
 * within one line whatever dst's alignment (malloc gives 16 bytes: 1.11x
 * there, measured, and the same on 64-byte-aligned buffers). The last 1..31
 * bytes redo the last 32 (len >= AVX512_SHORT = 32): no load past src + len,
 * no store past dst + len.
 */
UNILANE_TARGET_AVX512 size_t unilane_avx512_latin1_to_utf16(const char *src, size_t len,
                                                            uint16_t *dst)
{
    size_t i = 0;

    if (len < AVX512_SHORT)
        return unilane_avx2_latin1_to_utf16(src, len, dst);

    if (len >= 256) {
        _mm512_storeu_si512((void *)dst, _mm512_cvtepu8_epi16(_mm256_loadu_si256(
                                             (const __m256i *)(const void *)src)));
        i = (64 - ((uintptr_t)dst & 63)) >> 1; /* 1..32 */
    }
    while (len - i >= 128) {
        const char *p = src + i;
        uint16_t *q = dst + i;
        __m512i a = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)p));
        __m512i b =
            _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p + 32)));
        __m512i c =
            _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p + 64)));
        __m512i d =
            _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p + 96)));
        _mm512_storeu_si512((void *)q, a);
        _mm512_storeu_si512((void *)(q + 32), b);
        _mm512_storeu_si512((void *)(q + 64), c);
        _mm512_storeu_si512((void *)(q + 96), d);
        i += 128;
    }
    while (len - i >= 32) {
        _mm512_storeu_si512((void *)(dst + i), _mm512_cvtepu8_epi16(_mm256_loadu_si256(
                                                   (const __m256i *)(const void *)(src + i))));
        i += 32;
    }
    if (i < len) /* 1..31 bytes remain */
        _mm512_storeu_si512((void *)(dst + len - 32),
                            _mm512_cvtepu8_epi16(_mm256_loadu_si256(
                                (const __m256i *)(const void *)(src + len - 32))));
    avx512_leave();
    return len;
}

UNILANE_SPEED_END
#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx512_latin1_unused;
#endif /* UNILANE_HAVE_AVX512 */
