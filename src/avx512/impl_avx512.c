/*
 * impl_avx512.c -- the avx512 kernel set: x86-64 AVX-512 F/BW/VL/VBMI/VBMI2
 * (on top of AVX2, BMI1/2, LZCNT, POPCNT), chosen at run time.
 *
 * The kernels here are simple, memory-bound ones: one 512-bit vector
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

/* AVX512_SHORT: avx512.h */

/* ---- ascii_prefix ------------------------------------------------------ */

/* Bit k of _mm512_movepi8_mask(v) is bit 7 of byte k: set iff byte k is not
   ASCII. The first 64 bytes are loaded unaligned; then from the next 64-byte
   boundary (i <= 64 <= len) every load is aligned, 256 bytes a step OR-ed
   into one vector (bit 7 of a byte set iff one of the four has it), and a
   step that holds a non-ASCII byte is searched again 64 bytes at a time.
   The masked load reads only bytes below src + len (others are 0). */
UNILANE_TARGET_AVX512 size_t unilane_avx512_ascii_prefix(const char *src, size_t len)
{
    size_t i = 0;
    uint64_t m;

    if (len >= 64) {
        m = _mm512_movepi8_mask(_mm512_loadu_si512((const void *)src));
        if (m != 0) {
            avx512_leave();
            return (size_t)_tzcnt_u64(m);
        }
        i = 64 - ((uintptr_t)src & 63);
        while (len - i >= 256) {
            const char *p = src + i;
            __m512i a = _mm512_load_si512((const void *)p);
            __m512i b = _mm512_load_si512((const void *)(p + 64));
            __m512i c = _mm512_load_si512((const void *)(p + 128));
            __m512i d = _mm512_load_si512((const void *)(p + 192));
            /* 0xFE: a | b | c */
            __m512i o = _mm512_or_si512(_mm512_ternarylogic_epi32(a, b, c, 0xFE), d);
            if (_mm512_movepi8_mask(o) != 0)
                break;
            i += 256;
        }
        while (len - i >= 64) {
            m = _mm512_movepi8_mask(_mm512_load_si512((const void *)(src + i)));
            if (m != 0) {
                avx512_leave();
                return i + (size_t)_tzcnt_u64(m);
            }
            i += 64;
        }
    }
    /* 0 <= len - i < 64 bytes remain (none: src may be NULL, no src + i) */
    if (i == len) {
        avx512_leave();
        return len;
    }
    m = _mm512_movepi8_mask(_mm512_maskz_loadu_epi8(avx512_first64(len - i), src + i));
    avx512_leave();
    return m ? i + (size_t)_tzcnt_u64(m) : len;
}

/* ---- utf16_to_latin1 --------------------------------------------------- */

/* 32 units at a time: all <= 0xFF (no lane compares above 0xFF), then
   _mm512_cvtepi16_epi8 keeps the low byte of each unit. A block with a unit
   above 0xFF goes to the scalar kernel from its first unit (every unit is a
   character boundary here): it stores the good units and reports the first
   bad one. */
UNILANE_TARGET_AVX512 unilane_result unilane_avx512_utf16_to_latin1(const uint16_t *src, size_t len,
                                                                    char *dst)
{
    const __m512i xff = _mm512_set1_epi16(0xFF);
    size_t i = 0;

    if (len < AVX512_SHORT)
        return unilane_avx2_utf16_to_latin1(src, len, dst);

    while (len - i >= 64) {
        __m512i a = _mm512_loadu_si512((const void *)(src + i));
        __m512i b = _mm512_loadu_si512((const void *)(src + i + 32));
        /* unsigned max of the two lanes > 0xFF iff one of them is */
        if (_mm512_cmpgt_epu16_mask(_mm512_max_epu16(a, b), xff) != 0)
            break;
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), _mm512_cvtepi16_epi8(a));
        _mm256_storeu_si256((__m256i *)(void *)(dst + i + 32), _mm512_cvtepi16_epi8(b));
        i += 64;
    }
    while (i < len) {
        size_t n = len - i < 32 ? len - i : 32;
        __mmask32 k = avx512_first32(n);
        __m512i a = _mm512_maskz_loadu_epi16(k, src + i);
        if (_mm512_cmpgt_epu16_mask(a, xff) != 0) {
            avx512_leave();
            return gen_finish(unilane_scalar_utf16_to_latin1(src + i, len - i, dst + i), i, i);
        }
        /* byte k of dst + i = low byte of unit k, for the n lanes of k */
        _mm512_mask_cvtepi16_storeu_epi8(dst + i, k, a);
        i += n;
    }
    avx512_leave();
    return avx512_ok(len, len);
}

/* ---- validate_utf16 ---------------------------------------------------- */

/*
 * A block with high-surrogate mask h and low-surrogate mask l, entered with
 * carry = 1 when unit i-1 is a high surrogate still waiting for its low, is
 * well-formed iff l == (h << 1 | carry) in the block's width (64 or 32
 * bits); the high in its last unit (dropped by the shift) becomes the next
 * carry. A surrogate-free stretch goes 128 units a step: u is a surrogate
 * iff u - 0xD800 < 0x800 (unsigned), so one compare of the unsigned minimum
 * of the four vectors' u - 0xD800 tells. A step that holds a surrogate, and
 * the ones after it while they hold one, are checked 64 units at a time
 * with the masks; the last 0..63 units as masked 32-unit blocks: lanes past
 * the end read as 0, not a surrogate, so a high surrogate in the last unit
 * fails the check as it should. On a failure the scalar kernel restarts at
 * i - carry, a character boundary (unit i-2 cannot be a high surrogate: i-1
 * would then have to be a low).
 */
UNILANE_TARGET_AVX512 unilane_result unilane_avx512_validate_utf16(const uint16_t *src, size_t len)
{
    const __m512i d800 = _mm512_set1_epi16((short)0xD800), x800 = _mm512_set1_epi16(0x800);
    size_t i = 0;
    uint64_t carry = 0;

    if (len < AVX512_SHORT)
        return unilane_avx2_validate_utf16(src, len);

    for (;;) {
        uint64_t h, l;
        while (!carry && len - i >= 128) {
            const uint16_t *p = src + i;
            __m512i a = _mm512_sub_epi16(_mm512_loadu_si512((const void *)p), d800);
            __m512i b = _mm512_sub_epi16(_mm512_loadu_si512((const void *)(p + 32)), d800);
            __m512i c = _mm512_sub_epi16(_mm512_loadu_si512((const void *)(p + 64)), d800);
            __m512i d = _mm512_sub_epi16(_mm512_loadu_si512((const void *)(p + 96)), d800);
            __m512i mn = _mm512_min_epu16(_mm512_min_epu16(a, b), _mm512_min_epu16(c, d));
            if (_mm512_cmplt_epu16_mask(mn, x800) != 0)
                break;
            i += 128;
        }
        if (len - i < 64)
            break;
        do {
            __m512i a = _mm512_loadu_si512((const void *)(src + i));
            __m512i b = _mm512_loadu_si512((const void *)(src + i + 32));
            h = (uint64_t)avx512_u16_tag(a, 0xD800) | (uint64_t)avx512_u16_tag(b, 0xD800) << 32;
            l = (uint64_t)avx512_u16_tag(a, 0xDC00) | (uint64_t)avx512_u16_tag(b, 0xDC00) << 32;
            if (l != ((h << 1) | carry))
                goto finish;
            carry = h >> 63;
            i += 64;
        } while ((h | l) != 0 && len - i >= 64);
    }
    /* 0 <= len - i < 64 units remain */
    while (i < len) {
        size_t n = len - i < 32 ? len - i : 32;
        __m512i v = _mm512_maskz_loadu_epi16(avx512_first32(n), src + i);
        uint32_t h = (uint32_t)avx512_u16_tag(v, 0xD800);
        uint32_t l = (uint32_t)avx512_u16_tag(v, 0xDC00);
        if (l != ((h << 1) | (uint32_t)carry))
            goto finish;
        carry = h >> 31;
        i += n;
    }
    if (!carry) {
        avx512_leave();
        return avx512_ok(len, 0);
    }
finish:
    avx512_leave();
    i -= (size_t)carry;
    return gen_finish(unilane_scalar_validate_utf16(src + i, len - i), i, 0);
}

/* ---- latin1_to_utf8 ---------------------------------------------------- */

/*
 * 32 bytes per step, each widened to a 16-bit lane that holds its UTF-8 form
 * in little-endian byte order: b itself for b < 0x80 (its high byte is to be
 * dropped), else lead 0xC0 | b >> 6 in the low byte and continuation
 * 0x80 | (b & 0x3F) in the high byte. Keep-mask: every even byte, and the
 * odd byte of every non-ASCII lane (_pdep_u64 spreads lane bit k to bit
 * 2k+1). _mm512_maskz_compress_epi8 (VBMI2) packs the kept bytes to the
 * front; a masked store writes exactly popcount(keep) of them. A run of 64
 * ASCII bytes is copied as it is.
 */
/* One step: the n <= 32 bytes of src (loaded masked) to UTF-8 at dst;
   returns the bytes written. */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE size_t avx512_l1_to_utf8_32(const char *src,
                                                                               size_t n, char *dst)
{
    const __m512i x80 = _mm512_set1_epi16(0x80), x3f = _mm512_set1_epi16(0x3F);
    const __m512i xc0 = _mm512_set1_epi16(0xC0);
    __m512i x = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(avx512_first32(n), src));
    /* lanes with b >= 0x80 (masked-off lanes are 0: ASCII) */
    __mmask32 hi = _mm512_cmpge_epu16_mask(x, x80);
    __m512i lead = _mm512_or_si512(xc0, _mm512_srli_epi16(x, 6));
    __m512i cont = _mm512_or_si512(x80, _mm512_and_si512(x, x3f));
    /* lane = hi ? lead | cont << 8 : x */
    __m512i v = _mm512_mask_mov_epi16(x, hi, _mm512_or_si512(lead, _mm512_slli_epi16(cont, 8)));
    uint64_t keep = (UINT64_C(0x5555555555555555) | _pdep_u64(hi, UINT64_C(0xAAAAAAAAAAAAAAAA))) &
                    avx512_first64(2 * n);
    uint64_t cnt = (uint64_t)_mm_popcnt_u64(keep);
    _mm512_mask_storeu_epi8(dst, avx512_first64(cnt), _mm512_maskz_compress_epi8(keep, v));
    return (size_t)cnt;
}

UNILANE_TARGET_AVX512 size_t unilane_avx512_latin1_to_utf8(const char *src, size_t len, char *dst)
{
    size_t i = 0, w = 0;

    if (len < AVX512_SHORT)
        return unilane_avx2_latin1_to_utf8(src, len, dst);

    while (len - i >= 64) {
        __m512i b = _mm512_loadu_si512((const void *)(src + i));
        if (_mm512_movepi8_mask(b) == 0) {
            _mm512_storeu_si512((void *)(dst + w), b);
            w += 64;
        } else {
            /* 64 bytes with a non-ASCII one: both halves, no re-check */
            w += avx512_l1_to_utf8_32(src + i, 32, dst + w);
            w += avx512_l1_to_utf8_32(src + i + 32, 32, dst + w);
        }
        i += 64;
    }
    /* 0 <= len - i < 64 bytes remain */
    while (i < len) {
        size_t n = len - i < 32 ? len - i : 32;
        w += avx512_l1_to_utf8_32(src + i, n, dst + w);
        i += n;
    }
    avx512_leave();
    return w;
}

/* Operations without an AVX-512 kernel take the AVX2 entry. */
/* not yet written (an exact one needs the error handling of the AVX2
   kernel's shared validation loop) */
#  define unilane_avx512_utf16_length_from_utf8_lossy unilane_avx2_utf16_length_from_utf8_lossy

/* The 0.2 operations: no AVX-512 kernel, the AVX2 one (which every
   AVX-512 machine can run). */
#  define unilane_avx512_validate_wtf8           unilane_avx2_validate_wtf8
#  define unilane_avx512_wtf8_to_utf16           unilane_avx2_wtf8_to_utf16
#  define unilane_avx512_mutf8_length_from_utf16 unilane_avx2_mutf8_length_from_utf16
#  define unilane_avx512_mutf8_to_utf16          unilane_avx2_mutf8_to_utf16
#  define unilane_avx512_utf8_inspect            unilane_avx2_utf8_inspect
#  define unilane_avx512_utf8_inspect_lossy      unilane_avx2_utf8_inspect_lossy
#  define unilane_avx512_utf16_inspect           unilane_avx2_utf16_inspect
#  define unilane_avx512_latin1_to_utf8_bounded  unilane_avx2_latin1_to_utf8_bounded

/* Thresholds: the AVX2 set's (measured there), so that short inputs take
   the scalar path exactly as they do under avx2. */
UNILANE_DEFINE_KERNEL(avx512, UNILANE_CPU_AVX512_SET, 35, /* UTF-8 input */
                      32,                                 /* ascii_prefix */
                      8,                                  /* UTF-16 input */
                      8);                                 /* Latin-1 input */

#  undef unilane_avx512_utf16_length_from_utf8_lossy

#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx512_unused;
#endif
