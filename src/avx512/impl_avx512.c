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
UNILANE_SPEED_BEGIN

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

/* The loop is bound by the traffic between L1 and L2, and a 64-byte load
   that straddles two lines costs both: from 128 units on, the first 32 units
   go as one unaligned block, then the loop restarts at src's next 64-byte
   boundary (1..32 units on: the overlap is rewritten with the same bytes),
   so its two loads per 64-unit step are aligned whatever src's alignment
   (malloc gives 16 bytes: 1.12x there, measured; the same on 64-byte-aligned
   buffers). A step's units are all <= 0xFF iff (a | b) has no bit of 0xFF00
   (vptestmw); vpermt2b picks the low byte of each of the 64 units into one
   vector and one 64-byte store. The rest, and a step with a unit above
   0xFF, go 32 units at a time (masked at the end); a block with a unit above
   0xFF goes to the scalar kernel from its first unit (every unit is a
   character boundary here): it stores the good units and reports the first
   bad one. */
UNILANE_TARGET_AVX512 unilane_result unilane_avx512_utf16_to_latin1(const uint16_t *src, size_t len,
                                                                    char *dst)
{
    const __m512i xff = _mm512_set1_epi16(0xFF), high = _mm512_set1_epi16((short)0xFF00);
    /* byte k: 2k, the low byte of unit k of a:b */
    const __m512i low_bytes = _mm512_set_epi64(
        0x7E7C7A7876747270, 0x6E6C6A6866646260, 0x5E5C5A5856545250, 0x4E4C4A4846444240,
        0x3E3C3A3836343230, 0x2E2C2A2826242220, 0x1E1C1A1816141210, 0x0E0C0A0806040200);
    size_t i = 0;
    __m512i a;

    if (len < AVX512_SHORT)
        return unilane_avx2_utf16_to_latin1(src, len, dst);

    if (len >= 128 &&
        _mm512_cmpgt_epu16_mask(a = _mm512_loadu_si512((const void *)src), xff) == 0) {
        _mm256_storeu_si256((__m256i *)(void *)dst, _mm512_cvtepi16_epi8(a));
        i = (64 - ((uintptr_t)src & 63)) >> 1; /* 1..32 */
    }
    while (len - i >= 64) {
        __m512i b;
        a = _mm512_loadu_si512((const void *)(src + i));
        b = _mm512_loadu_si512((const void *)(src + i + 32));
        if (_mm512_test_epi16_mask(_mm512_or_si512(a, b), high) != 0)
            break;
        _mm512_storeu_si512((void *)(dst + i), _mm512_permutex2var_epi8(a, low_bytes, b));
        i += 64;
    }
    while (i < len) {
        size_t n = len - i < 32 ? len - i : 32;
        __mmask32 k = avx512_first32(n);
        a = _mm512_maskz_loadu_epi16(k, src + i);
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
 * 64 bytes x per step. One vpermb interleaves the two halves into 16-bit
 * lanes, lane j = x[j] | x[32 + j] << 8; from it, one vector per half whose
 * lane j is 0xC2 | b << 8 (b = byte j of the half): the 2-byte form of b in
 * little-endian order for 0x80 <= b < 0xC0, and for b >= 0xC0 adding 0xC001
 * makes it 0xC3 | (b - 0x40) << 8, the right one. An ASCII b keeps only its
 * high byte (b itself). Keep-mask of a half: every odd byte, and the even
 * byte of every non-ASCII lane (_pdep_u64 spreads bit j to bit 2j);
 * _mm512_maskz_compress_epi8 (VBMI2) packs the kept bytes to the front.
 * While 128 bytes of input remain the stores are plain 64-byte ones: the
 * output still to come is at least as long as that input (every byte makes
 * one or two), and the two stores end at most 128 bytes after dst + w. The
 * last 1..127 bytes: masked loads (lanes past the end are 0, ASCII) and
 * stores masked to the bytes each half makes. 128 bytes a step: both blocks
 * ASCII are copied as they are; otherwise both are converted, an ASCII one
 * too (no branch per block: in French or German text whether a 64-byte
 * block is ASCII is a coin toss, and a branch on it was mispredicted so
 * often that the per-block branch measured 1.07x simdutf icelake where this
 * measured 1.49x, same process, wikipedia_mars median, load average ~11).
 */
/* The 64 bytes x, n of them input (n <= 64; lanes n.. zero), hi: those >=
   0x80, to UTF-8 at dst; returns the bytes written. `exact` (a constant):
   masked stores of exactly those bytes, else plain 64-byte stores. */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE size_t avx512_l1_to_utf8_64(__m512i x,
                                                                               uint64_t hi,
                                                                               size_t n, char *dst,
                                                                               int exact)
{
    /* output byte 2j takes x[j], 2j+1 takes x[32 + j] */
    const __m512i idx = _mm512_set_epi8(
        63, 31, 62, 30, 61, 29, 60, 28, 59, 27, 58, 26, 57, 25, 56, 24, 55, 23, 54, 22, 53, 21, 52,
        20, 51, 19, 50, 18, 49, 17, 48, 16, 47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9,
        40, 8, 39, 7, 38, 6, 37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0);
    const uint64_t even = UINT64_C(0x5555555555555555), odd = ~even;
    const __m512i adj = _mm512_set1_epi16((short)0xC001);
    uint64_t six = _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8((char)0xC0));
    __m512i t = _mm512_permutexvar_epi8(idx, x);
    /* (t << 8) | 0xC2 in each lane: the low half's bytes */
    __m512i a = _mm512_shldi_epi16(t, _mm512_set1_epi8((char)0xC2), 8);
    /* (t & 0xFF00) | 0xC2 (imm 0xEA: A & B | C): the high half's */
    __m512i b = _mm512_ternarylogic_epi32(t, _mm512_set1_epi16((short)0xFF00),
                                          _mm512_set1_epi16(0xC2), 0xEA);
    size_t na = 32 + (size_t)_mm_popcnt_u64((uint32_t)hi);
    size_t nb = 32 + (size_t)_mm_popcnt_u64(hi >> 32);
    a = _mm512_mask_add_epi16(a, (__mmask32)six, a, adj);
    b = _mm512_mask_add_epi16(b, (__mmask32)(six >> 32), b, adj);
    a = _mm512_maskz_compress_epi8(odd | _pdep_u64(hi, even), a);
    b = _mm512_maskz_compress_epi8(odd | _pdep_u64(hi >> 32, even), b);
    if (!exact) {
        _mm512_storeu_si512((void *)dst, a);
        _mm512_storeu_si512((void *)(dst + na), b);
        return na + nb;
    }
    if (n < 64) { /* lanes n.. are zero: ASCII, each made one byte */
        na -= n < 32 ? 32 - n : 0;
        nb -= n < 32 ? 32 : 64 - n;
    }
    _mm512_mask_storeu_epi8(dst, avx512_first64(na), a);
    _mm512_mask_storeu_epi8(dst + na, avx512_first64(nb), b);
    return na + nb;
}

/* The 128 bytes at src to UTF-8 at dst + w, plain stores (they reach at
   most 32 bytes past the output); returns w plus the bytes written. */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE size_t avx512_l1_to_utf8_128(const char *src,
                                                                                char *dst, size_t w)
{
    __m512i x = _mm512_loadu_si512((const void *)src);
    __m512i y = _mm512_loadu_si512((const void *)(src + 64));
    uint64_t hx = _mm512_movepi8_mask(x), hy = _mm512_movepi8_mask(y);
    if ((hx | hy) == 0) {
        _mm512_storeu_si512((void *)(dst + w), x);
        _mm512_storeu_si512((void *)(dst + w + 64), y);
        w += 128;
    } else {
        w += avx512_l1_to_utf8_64(x, hx, 64, dst + w, 0);
        w += avx512_l1_to_utf8_64(y, hy, 64, dst + w, 0);
    }
    return w;
}

UNILANE_TARGET_AVX512 size_t unilane_avx512_latin1_to_utf8(const char *src, size_t len, char *dst)
{
    size_t i = 0, w = 0;

    if (len < AVX512_SHORT)
        return unilane_avx2_latin1_to_utf8(src, len, dst);

    while (len - i >= 192) {
        w = avx512_l1_to_utf8_128(src + i, dst, w);
        i += 128;
    }
    while (len - i >= 128) {
        __m512i x = _mm512_loadu_si512((const void *)(src + i));
        w += avx512_l1_to_utf8_64(x, _mm512_movepi8_mask(x), 64, dst + w, 0);
        i += 64;
    }
    /* 0 <= len - i < 128 bytes remain */
    while (i < len) {
        size_t n = len - i < 64 ? len - i : 64;
        __m512i x = _mm512_maskz_loadu_epi8(avx512_first64(n), src + i);
        w += avx512_l1_to_utf8_64(x, _mm512_movepi8_mask(x), n, dst + w, 1);
        i += n;
    }
    avx512_leave();
    return w;
}

/* ---- latin1_to_utf8_bounded -------------------------------------------- */

/*
 * While the worst case of the rest (2 bytes a byte) fits in the room left,
 * the rest is unilane_avx512_latin1_to_utf8's: from the start at full
 * capacity (cap >= 2 len). Otherwise the unbounded entry's 128-byte steps
 * go while 32 input bytes follow the step and 64 bytes of room are left
 * after it (at most 256 written): the stores reach at most 32 bytes past
 * the step's output, bytes that the output of those 32 following bytes
 * (32 to 64 bytes, which fit in the room left) overwrites; so every byte
 * stored is below the final `written`. Then blocks of 64 bytes (the last
 * one 1..63, masked load) go through avx512_l1_to_utf8_64 with stores
 * masked to the bytes the block makes, while its whole output (n plus its
 * bytes >= 0x80) fits. The first block that does not fit leaves less than
 * 128 bytes of room: the scalar kernel takes over there (every byte is a
 * character boundary) and decides where the output stops.
 */
UNILANE_TARGET_AVX512 unilane_result unilane_avx512_latin1_to_utf8_bounded(const char *src,
                                                                           size_t len, char *dst,
                                                                           size_t cap)
{
    size_t i = 0, w = 0;

    /* src may be NULL when len is 0, and dst when cap is 0: no arithmetic
       on them then (NULL + 0 is undefined in C) */
    if (len == 0 || cap == 0)
        return unilane_scalar_latin1_to_utf8_bounded(src, len, dst, cap);
    while ((cap - w) / 2 < len - i) {
        size_t n;
        __m512i x;
        uint64_t hi;
        if (len - i >= 160 && cap - w >= 320) {
            w = avx512_l1_to_utf8_128(src + i, dst, w);
            i += 128;
            continue;
        }
        n = len - i < 64 ? len - i : 64;
        x = _mm512_maskz_loadu_epi8(avx512_first64(n), src + i);
        hi = _mm512_movepi8_mask(x);
        if (n + (size_t)_mm_popcnt_u64(hi) > cap - w) {
            avx512_leave();
            return gen_finish(
                unilane_scalar_latin1_to_utf8_bounded(src + i, len - i, dst + w, cap - w), i, w);
        }
        w += avx512_l1_to_utf8_64(x, hi, n, dst + w, 1);
        i += n;
    }
    avx512_leave();
    if (i < len) /* the rest fits */
        w += unilane_avx512_latin1_to_utf8(src + i, len - i, dst + w);
    return avx512_ok(len, w);
}

/* utf16_to_utf8_lossy_bounded (ops.h, UNILANE_KERNEL_OPS): no AVX-512
   kernel of its own; the streaming layer's regions over this set's
   one-shot kernels, as unilane_utf8_encode ran them before that entry
   existed (the AVX2 entry would move the streaming encoder off the AVX-512
   converters; not measured yet). */
UNILANE_TARGET_AVX512 unilane_result unilane_avx512_utf16_to_utf8_lossy_bounded(const uint16_t *src,
                                                                                size_t len,
                                                                                char *dst,
                                                                                size_t cap)
{
    avx512_leave(); /* the regions are compiled for SSE */
    return unilane_stream_utf16_to_utf8_regions(&unilane_impl_avx512, 1, src, len, dst, cap);
}

/* Every operation of the registry has an AVX-512 kernel here; each hands
   inputs below its short size (32 to 64 units) to the AVX2 entry. */

/* Thresholds: the AVX2 set's (measured there), so that short inputs take
   the scalar path exactly as they do under avx2. */
UNILANE_DEFINE_KERNEL(avx512, UNILANE_CPU_AVX512_SET, 35, /* UTF-8 input */
                      32,                                 /* ascii_prefix */
                      8,                                  /* UTF-16 input */
                      8);                                 /* Latin-1 input */

UNILANE_SPEED_END
#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx512_unused;
#endif
