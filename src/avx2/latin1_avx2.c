/*
 * latin1_avx2.c -- AVX2 kernels whose input is Latin-1: widening to UTF-16,
 * conversion to UTF-8 and the UTF-8 length.
 *
 * Latin-1 -> UTF-8: a byte b >= 0x80 becomes 0xC2 | (b >> 6 & 1), then
 * 0x80 | (b & 0x3F); ASCII stays. Every byte gets a 16-bit slot (ASCII or
 * lead byte low, continuation byte high) and each 8-slot lane is compacted
 * with pshufb (table unilane_avx2_utf8_pack2, utf16_avx2.c), as in Lemire &
 * Mula, arXiv 2109.10433.
 */
#include "avx2.h"
#include "../generic/generic.h"

#if UNILANE_HAVE_AVX2
UNILANE_SPEED_BEGIN

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void avx2_l1_store_widened(uint16_t *dst,
                                                                            const char *src)
{
    /* 16 bytes zero-extended to 16 units */
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)src);
    _mm256_storeu_si256((__m256i *)(void *)dst, _mm256_cvtepu8_epi16(b));
}

/* Eight bytes from p into the low half of an xmm register. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m128i avx2_l1_load8(const char *p)
{
    return _mm_loadl_epi64((const __m128i *)(const void *)p);
}

/* n = 8 or 16 bytes (a constant) from p. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m128i avx2_l1_loadn(const char *p, int n)
{
    return n == 16 ? _mm_loadu_si128((const __m128i *)(const void *)p) : avx2_l1_load8(p);
}

/* The first n bytes of v (n = 8 or 16, a constant) at p. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void avx2_l1_storen(char *p, __m128i v, int n)
{
    if (n == 16)
        _mm_storeu_si128((__m128i *)(void *)p, v);
    else
        _mm_storel_epi64((__m128i *)(void *)p, v);
}

/* n <= len <= 2n ASCII bytes (n = 8 or 16, a constant) are their own
   UTF-8: copied as two overlapping halves of n bytes. Returns 0, having
   written nothing, if a byte is >= 0x80. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int avx2_l1_copy_ascii(const char *src, size_t len,
                                                                        char *dst, int n)
{
    __m128i a = avx2_l1_loadn(src, n), b = avx2_l1_loadn(src + len - n, n);
    if (_mm_movemask_epi8(_mm_or_si128(a, b)) != 0)
        return 0;
    avx2_l1_storen(dst, a, n);
    avx2_l1_storen(dst + len - n, b, n);
    return 1;
}

/* The bytes >= 0x80 of n <= len <= 2n bytes (n = 8 or 16, a constant) as
   two overlapping halves of n bytes: the tail's mask less the bits of the
   bytes the head counted. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_l1_high_bytes(const char *src,
                                                                           size_t len, int n)
{
    uint32_t a = (uint32_t)_mm_movemask_epi8(avx2_l1_loadn(src, n));
    uint32_t b = (uint32_t)_mm_movemask_epi8(avx2_l1_loadn(src + len - n, n));
    return (size_t)__builtin_popcount(a) + (size_t)__builtin_popcount(b >> (2 * (unsigned)n - len));
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_latin1_to_utf16(const char *src,
                                                                         size_t len, uint16_t *dst)
{
    size_t i = 0;

    if (len < 16) {
        if (len < 8) {
            size_t k;
            for (k = 0; k < len; k++)
                dst[k] = (unsigned char)src[k];
            return len;
        }
        /* 8..15 bytes: two overlapping halves */
        _mm_storeu_si128((__m128i *)(void *)dst, _mm_cvtepu8_epi16(avx2_l1_load8(src)));
        _mm_storeu_si128((__m128i *)(void *)(dst + len - 8),
                         _mm_cvtepu8_epi16(avx2_l1_load8(src + len - 8)));
        return len;
    }
    /* do-while loops: gcc -Os does not rotate a while loop (2 more
       instructions a step) */
    if (len >= 64)
        do {
            avx2_l1_store_widened(dst + i, src + i);
            avx2_l1_store_widened(dst + i + 16, src + i + 16);
            avx2_l1_store_widened(dst + i + 32, src + i + 32);
            avx2_l1_store_widened(dst + i + 48, src + i + 48);
            i += 64;
        } while (len - i >= 64);
    while (len - i >= 16) {
        avx2_l1_store_widened(dst + i, src + i);
        i += 16;
    }
    if (i < len) /* 1..15 bytes remain: redo the last 16 */
        avx2_l1_store_widened(dst + len - 16, src + len - 16);
    AVX2_LEAVE();
    return len;
}

/*
 * 32 bytes with at least one >= 0x80 to UTF-8 at out; returns the byte
 * count (33..64). Each of the four 16-byte stores starts at the output of
 * its group of 8 input bytes; so the stores stay inside the exact output
 * when at least 16 input bytes follow the start of the last group, i.e.
 * len - i >= 40. Otherwise out must have 64 bytes of room.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_l1_utf8_block(__m256i b, char *out)
{
    /* lead: 0xC2 for 0x80..0xBF, 0xC3 for 0xC0..0xFF. As signed bytes
       0xC0..0xFF and 0x00..0x7F are > -65, so cmpgt gives -1 there. */
    __m256i lead =
        _mm256_sub_epi8(_mm256_set1_epi8((char)0xC2), _mm256_cmpgt_epi8(b, _mm256_set1_epi8(-65)));
    /* blendv takes lead where bit 7 of b is set, b itself for ASCII */
    __m256i first = _mm256_blendv_epi8(b, lead, b);
    /* continuation: for b >= 0x80, b & 0xBF == 0x80 | (b & 0x3F) */
    __m256i cont = _mm256_and_si256(b, _mm256_set1_epi8((char)0xBF));
    /* slots: lo = bytes 0-7 | 16-23, hi = bytes 8-15 | 24-31 */
    __m256i lo = _mm256_unpacklo_epi8(first, cont), hi = _mm256_unpackhi_epi8(first, cont);
    uint32_t m = (uint32_t)_mm256_movemask_epi8(b);
    uint32_t g0 = m & 0xFF, g1 = (m >> 8) & 0xFF, g2 = (m >> 16) & 0xFF, g3 = m >> 24;
    __m256i slo = _mm256_inserti128_si256(
        _mm256_castsi128_si256(
            _mm_loadu_si128((const __m128i *)(const void *)unilane_avx2_utf8_pack2[g0])),
        _mm_loadu_si128((const __m128i *)(const void *)unilane_avx2_utf8_pack2[g2]), 1);
    __m256i shi = _mm256_inserti128_si256(
        _mm256_castsi128_si256(
            _mm_loadu_si128((const __m128i *)(const void *)unilane_avx2_utf8_pack2[g1])),
        _mm_loadu_si128((const __m128i *)(const void *)unilane_avx2_utf8_pack2[g3]), 1);
    __m256i clo = _mm256_shuffle_epi8(lo, slo), chi = _mm256_shuffle_epi8(hi, shi);
    size_t n0 = 8 + (size_t)__builtin_popcount(g0);
    size_t n1 = n0 + 8 + (size_t)__builtin_popcount(g1);
    size_t n2 = n1 + 8 + (size_t)__builtin_popcount(g2);
    _mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(clo));
    _mm_storeu_si128((__m128i *)(void *)(out + n0), _mm256_castsi256_si128(chi));
    _mm_storeu_si128((__m128i *)(void *)(out + n1), _mm256_extracti128_si256(clo, 1));
    _mm_storeu_si128((__m128i *)(void *)(out + n2), _mm256_extracti128_si256(chi, 1));
    return n2 + 8 + (size_t)__builtin_popcount(g3);
}

/* len >= 32 */
UNILANE_TARGET_AVX2 static UNILANE_NOINLINE size_t avx2_l1_to_utf8_long(const char *src, size_t len,
                                                                        char *dst)
{
    size_t i = 0, w = 0;

    do { /* len >= 32; a do-while: gcc -Os does not rotate a while loop */
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        if (_mm256_movemask_epi8(b) == 0) {
            _mm256_storeu_si256((__m256i *)(void *)(dst + w), b);
            w += 32;
        } else if (len - i >= 40) {
            w += avx2_l1_utf8_block(b, dst + w);
        } else {
            /* 32..39 bytes remain: the block goes through a buffer */
            char buf[64];
            size_t n = avx2_l1_utf8_block(b, buf);
            memcpy(dst + w, buf, n);
            w += n;
        }
        i += 32;
    } while (len - i >= 32);
    if (i < len) {
        /* 1..31 bytes remain. If the last 32 are ASCII, the ones before i
           were copied as they are: redo the last 32. */
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(src + len - 32));
        if (_mm256_movemask_epi8(b) == 0) {
            w -= i - (len - 32);
            _mm256_storeu_si256((__m256i *)(void *)(dst + w), b);
            AVX2_LEAVE();
            return w + 32;
        }
        w += AVX2_THEN(unilane_scalar_latin1_to_utf8(src + i, len - i, dst + w));
    }
    AVX2_LEAVE();
    return w;
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_latin1_to_utf8(const char *src, size_t len,
                                                                        char *dst)
{
    /* 8..32 ASCII bytes are their own output (avx2_l1_copy_ascii). Other
       input under 32 bytes has no vector step (the blocks are 32 bytes),
       nor has any under 8 bytes: the scalar kernel. */
    if (len < 16) {
        if (len >= 8 && avx2_l1_copy_ascii(src, len, dst, 8))
            return len;
        return unilane_scalar_latin1_to_utf8(src, len, dst);
    }
    if (len <= 32) {
        if (avx2_l1_copy_ascii(src, len, dst, 16))
            return len;
        if (len < 32)
            return unilane_scalar_latin1_to_utf8(src, len, dst);
    } else if (len <= 64) {
        /* 33..64 ASCII bytes: two overlapping 32-byte halves */
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)src);
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(src + len - 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            _mm256_storeu_si256((__m256i *)(void *)dst, a);
            _mm256_storeu_si256((__m256i *)(void *)(dst + len - 32), b);
            AVX2_LEAVE();
            return len;
        }
    }
    return avx2_l1_to_utf8_long(src, len, dst);
}

/*
 * Latin-1 -> UTF-8 into at most cap bytes. When the output of the rest
 * cannot exceed the room left (2 bytes a byte), the rest is the unbounded
 * kernel's work, with its store discipline. Otherwise 32-byte blocks go
 * while 80 bytes of room are left and 8 input bytes follow the block: a
 * block writes at most 64 bytes, and its 16-byte stores reach at most 8
 * bytes past its output, bytes that the output of those 8 following input
 * bytes (8 to 16 bytes, which fit in the room left) overwrites. So every
 * byte stored is below the final `written`. The scalar kernel finishes at
 * a character boundary (every byte is one character) and decides where the
 * output stops.
 */
UNILANE_INTERNAL UNILANE_TARGET_AVX2 unilane_result
unilane_avx2_latin1_to_utf8_bounded(const char *src, size_t len, char *dst, size_t cap)
{
    size_t i = 0, w = 0;
    /* src may be NULL when len is 0, and dst when cap is 0: no arithmetic
       on them then (NULL + 0 is undefined in C) */
    if (len == 0 || cap == 0)
        return unilane_scalar_latin1_to_utf8_bounded(src, len, dst, cap);
    for (;;) {
        __m256i b;
        if ((cap - w) / 2 >= len - i) { /* the rest fits */
            w += unilane_avx2_latin1_to_utf8(src + i, len - i, dst + w);
            AVX2_LEAVE();
            return gen_result(UNILANE_OK, len, w);
        }
        if (len - i < 40 || cap - w < 80) {
            AVX2_LEAVE();
            break;
        }
        b = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        if (_mm256_movemask_epi8(b) == 0) {
            _mm256_storeu_si256((__m256i *)(void *)(dst + w), b);
            w += 32;
        } else {
            w += avx2_l1_utf8_block(b, dst + w);
        }
        i += 32;
    }
    return gen_finish(unilane_scalar_latin1_to_utf8_bounded(src + i, len - i, dst + w, cap - w), i,
                      w);
}

/* len plus the number of bytes >= 0x80. */
UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_utf8_length_from_latin1(const char *src,
                                                                                 size_t len)
{
    size_t i = 0, n = len;

    if (len < 32) {
        /* 8..31 bytes: two overlapping halves (avx2_l1_high_bytes) */
        if (len > 16)
            return len + avx2_l1_high_bytes(src, len, 16);
        if (len >= 8)
            return len + avx2_l1_high_bytes(src, len, 8);
        {
            /* 0..7 bytes, one at a time (no vector step) */
            size_t k, c = len;
            for (k = 0; k < len; k++)
                c += (unsigned char)src[k] >> 7;
            return c;
        }
    }
    while (len - i >= 256) {
        /* Byte counters: each of up to 31 rounds adds at most 8 (<= 248),
           then psadbw sums them into four 64-bit lanes. The round count is
           fixed before the loop, so that its only test is the pointer
           against its end (with a second condition and 128 bytes a round:
           20 instructions per 128 bytes, 0.78-0.91x simdutf haswell's
           speed; now 19 per 256). */
        const __m256i z = _mm256_setzero_si256();
        const __m256i *p = (const __m256i *)(const void *)(src + i);
        size_t rounds = (len - i) / 256 < 31 ? (len - i) / 256 : 31;
        const __m256i *end = p + 8 * rounds;
        __m256i acc = z;
        i += 256 * rounds;
        do {
            /* cmpgt(0, b) is -1 for b >= 0x80 (negative as signed) */
            __m256i c0 = _mm256_add_epi8(_mm256_cmpgt_epi8(z, _mm256_loadu_si256(p)),
                                         _mm256_cmpgt_epi8(z, _mm256_loadu_si256(p + 1)));
            __m256i c1 = _mm256_add_epi8(_mm256_cmpgt_epi8(z, _mm256_loadu_si256(p + 2)),
                                         _mm256_cmpgt_epi8(z, _mm256_loadu_si256(p + 3)));
            __m256i c2 = _mm256_add_epi8(_mm256_cmpgt_epi8(z, _mm256_loadu_si256(p + 4)),
                                         _mm256_cmpgt_epi8(z, _mm256_loadu_si256(p + 5)));
            __m256i c3 = _mm256_add_epi8(_mm256_cmpgt_epi8(z, _mm256_loadu_si256(p + 6)),
                                         _mm256_cmpgt_epi8(z, _mm256_loadu_si256(p + 7)));
            acc = _mm256_sub_epi8(
                acc, _mm256_add_epi8(_mm256_add_epi8(c0, c1), _mm256_add_epi8(c2, c3)));
            p += 8;
        } while (p != end);
        {
            __m256i s = _mm256_sad_epu8(acc, z);
            __m128i q = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
            q = _mm_add_epi64(q, _mm_unpackhi_epi64(q, q));
            n += (size_t)_mm_cvtsi128_si64(q);
        }
    }
    while (len - i >= 32) {
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        n += (size_t)__builtin_popcount((uint32_t)_mm256_movemask_epi8(b));
        i += 32;
    }
    if (i < len) {
        /* 1..31 bytes remain: the last 32, less the ones already counted */
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(src + len - 32));
        uint32_t m = (uint32_t)_mm256_movemask_epi8(b) >> (32 - (len - i));
        n += (size_t)__builtin_popcount(m);
    }
    AVX2_LEAVE();
    return n;
}

UNILANE_SPEED_END
#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx2_latin1_unused;
#endif /* UNILANE_HAVE_AVX2 */
