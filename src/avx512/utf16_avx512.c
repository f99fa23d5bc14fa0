/*
 * utf16_avx512.c -- AVX-512 kernels whose input is UTF-16 (native order):
 * the prefix scans, make_well_formed, the UTF-8 and modified-UTF-8
 * lengths, utf16_inspect, and the conversion to UTF-8 (strict and lossy),
 * WTF-8 and modified UTF-8.
 *
 * Blocks are 32 units (one zmm of 16-bit lanes); the last block is loaded
 * masked (lanes past src + len read as 0) and every store is masked to the
 * bytes or units the block owns, so nothing is read past src + len and
 * nothing is written past dst + written. Inputs below AVX512_SHORT units
 * take the AVX2 entry (avx512.h).
 *
 * Surrogate pairs across blocks: a block that holds a surrogate also loads
 * the 32 units one unit on (src + i + 1, masked at the end), so that a high
 * surrogate in unit 31 sees its low; the pair is then the high unit's (all
 * of its output), and the low unit at the start of the next block is
 * known paired from the carried bit (carry = 1).
 */
#include "avx512.h"
#include "../generic/generic.h"

#if UNILANE_HAVE_AVX512
UNILANE_SPEED_BEGIN

/* ---- prefixes ---------------------------------------------------------- */

/* Units before the first with a bit of `bad` set (0xFF80: not ASCII,
   0xFF00: above Latin-1). 64 units per step, then masked 32-unit steps. */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE size_t avx512_u16_prefix(const uint16_t *src,
                                                                            size_t len,
                                                                            uint16_t badbits)
{
    const __m512i bad = _mm512_set1_epi16((short)badbits);
    size_t i = 0;
    __mmask32 m;

    while (len - i >= 64) {
        __m512i a = _mm512_loadu_si512((const void *)(src + i));
        __m512i b = _mm512_loadu_si512((const void *)(src + i + 32));
        /* bit k: unit k has a bit of `bad` */
        if (_mm512_test_epi16_mask(_mm512_or_si512(a, b), bad) != 0)
            break;
        i += 64;
    }
    while (i < len) {
        size_t n = len - i < 32 ? len - i : 32;
        m = _mm512_test_epi16_mask(_mm512_maskz_loadu_epi16(avx512_first32(n), src + i), bad);
        if (m != 0) {
            avx512_leave();
            return i + (size_t)_tzcnt_u32(m);
        }
        i += n;
    }
    avx512_leave();
    return len;
}

UNILANE_TARGET_AVX512 size_t unilane_avx512_utf16_ascii_prefix(const uint16_t *src, size_t len)
{
    if (len < AVX512_SHORT)
        return unilane_avx2_utf16_ascii_prefix(src, len);
    return avx512_u16_prefix(src, len, 0xFF80);
}

UNILANE_TARGET_AVX512 size_t unilane_avx512_utf16_latin1_prefix(const uint16_t *src, size_t len)
{
    if (len < AVX512_SHORT)
        return unilane_avx2_utf16_latin1_prefix(src, len);
    return avx512_u16_prefix(src, len, 0xFF00);
}

/* ---- pairs ------------------------------------------------------------- */

/*
 * The surrogates of the n <= 32 units v at src + i (n = popcount(valid)):
 * *ph: high surrogates followed by a low (the unit after unit 31 is read
 * from src + i + 32 when it is below src + len), *pl: lows that follow a
 * high (carry: unit i-1 is a paired high), *next: the units i+1 .. i+32
 * (0 past the end); returned: the unpaired ones.
 */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE __mmask32
avx512_u16_pairs(const uint16_t *src, size_t len, size_t i, __m512i v, uint32_t carry, uint32_t *ph,
                 uint32_t *pl, __m512i *next)
{
    /* units i+1 .. i+32, those below len (i < len) */
    __m512i nx = _mm512_maskz_loadu_epi16(avx512_first32(len - i - 1), src + i + 1);
    uint32_t h = (uint32_t)avx512_u16_tag(v, 0xD800), l = (uint32_t)avx512_u16_tag(v, 0xDC00);
    *next = nx;
    *ph = h & (uint32_t)avx512_u16_tag(nx, 0xDC00);
    *pl = (*ph << 1) | carry;
    return (__mmask32)((h | l) & ~(*ph | *pl));
}

/* ---- make_well_formed -------------------------------------------------- */

/*
 * Every unpaired surrogate becomes U+FFFD, in the vector: no scalar part.
 * 64 units a step: copied when surrogate-free or well-formed (the high and
 * low masks, as in validate_utf16), else each lane is judged
 * with the unit before and after it (loads one unit back and on, no mask
 * crossing a block); the first step with a surrogate, and the last 1..64
 * units, go 32 at a time with the masks of avx512_u16_pairs and a carried
 * bit. dst == src: a step reads all its units and the ones around them
 * before it stores.
 */
/* v with each unpaired surrogate replaced by U+FFFD, given prev (unit k-1
   in lane k) and next (unit k+1); *bad: the lanes replaced, *hp: the
   highs paired with their next unit. */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE __m512i
avx512_u16_mwf_fix(__m512i v, __m512i prev, __m512i next, __m512i fc00, __m512i d800, __m512i dc00,
                   __m512i fffd, __mmask32 *bad, __mmask32 *hp)
{
    __m512i t = _mm512_and_si512(v, fc00);
    __mmask32 h = _mm512_cmpeq_epi16_mask(t, d800), l = _mm512_cmpeq_epi16_mask(t, dc00);
    __mmask32 ph = _mm512_mask_cmpeq_epi16_mask(h, _mm512_and_si512(next, fc00), dc00);
    __mmask32 pl = _mm512_mask_cmpeq_epi16_mask(l, _mm512_and_si512(prev, fc00), d800);
    *bad = (__mmask32)((h | l) & ~(ph | pl));
    *hp = ph;
    return _mm512_mask_mov_epi16(v, *bad, fffd);
}

UNILANE_TARGET_AVX512 size_t unilane_avx512_utf16_make_well_formed(const uint16_t *src, size_t len,
                                                                   uint16_t *dst)
{
    const __m512i fffd = _mm512_set1_epi16((short)0xFFFD);
    const __m512i fc00 = _mm512_set1_epi16((short)0xFC00), d800 = _mm512_set1_epi16((short)0xD800);
    const __m512i dc00 = _mm512_set1_epi16((short)0xDC00);
    size_t i = 0, replaced = 0;
    uint32_t carry = 0; /* unit i-1 is a high surrogate paired with unit i */

    if (len < AVX512_SHORT)
        return unilane_avx2_utf16_make_well_formed(src, len, dst);

    for (;;) {
        size_t n;
        __mmask32 k;
        __m512i v;
        uint32_t ph, pl, bad;
        /* 64 units a step while the unit after them is below src + len */
        while (len - i > 64) {
            const uint16_t *p = src + i;
            __m512i a = _mm512_loadu_si512((const void *)p);
            __m512i b = _mm512_loadu_si512((const void *)(p + 32));
            __mmask32 ba, bb, hb;
            uint32_t ha, la, hi, lo;
            if ((avx512_u16_surr(a) | avx512_u16_surr(b)) == 0) {
                /* no surrogate (so unit i is no low: carry is moot) */
                _mm512_storeu_si512((void *)(dst + i), a);
                _mm512_storeu_si512((void *)(dst + i + 32), b);
                carry = 0;
                i += 64;
                continue;
            }
            /* well-formed, as in validate_utf16 (and a high in unit 63
               followed by a low in unit 64): copied as it is */
            ha = (uint32_t)avx512_u16_tag(a, 0xD800);
            la = (uint32_t)avx512_u16_tag(a, 0xDC00);
            hi = (uint32_t)avx512_u16_tag(b, 0xD800);
            lo = (uint32_t)avx512_u16_tag(b, 0xDC00);
            if (la == ((ha << 1) | carry) && lo == ((hi << 1) | (ha >> 31)) &&
                (!(hi >> 31) || (p[64] & 0xFC00) == 0xDC00)) {
                _mm512_storeu_si512((void *)(dst + i), a);
                _mm512_storeu_si512((void *)(dst + i + 32), b);
                carry = hi >> 31;
                i += 64;
                continue;
            }
            if (i == 0)
                break; /* no unit before: the block below */
            /* dst == src: unit i-1 may have been rewritten, to U+FFFD and
               only if unpaired, when unit i is no low either way */
            a = avx512_u16_mwf_fix(a, _mm512_loadu_si512((const void *)(p - 1)),
                                   _mm512_loadu_si512((const void *)(p + 1)), fc00, d800, dc00,
                                   fffd, &ba, &hb);
            b = avx512_u16_mwf_fix(b, _mm512_loadu_si512((const void *)(p + 31)),
                                   _mm512_loadu_si512((const void *)(p + 33)), fc00, d800, dc00,
                                   fffd, &bb, &hb);
            _mm512_storeu_si512((void *)(dst + i), a);
            _mm512_storeu_si512((void *)(dst + i + 32), b);
            replaced += (size_t)_mm_popcnt_u64((uint64_t)ba | (uint64_t)bb << 32);
            carry = (uint32_t)hb >> 31;
            i += 64;
        }
        n = len - i < 32 ? len - i : 32;
        if (n == 0)
            break;
        k = avx512_first32(n);
        v = _mm512_maskz_loadu_epi16(k, src + i);
        if (carry || avx512_u16_surr(v) != 0) {
            __m512i nx;
            bad = (uint32_t)avx512_u16_pairs(src, len, i, v, carry, &ph, &pl, &nx);
            replaced += (size_t)_mm_popcnt_u32(bad);
            v = _mm512_mask_mov_epi16(v, (__mmask32)bad, fffd);
            carry = ph >> 31;
        }
        _mm512_mask_storeu_epi16(dst + i, k, v);
        i += n;
    }
    avx512_leave();
    return replaced;
}

/* ---- the 8-bit forms --------------------------------------------------- */

/*
 * The forms, a constant at every call (each entry gets its own copy):
 *   STRICT: an unpaired surrogate stops the conversion: the block that
 *           holds it goes to the scalar kernel, which decides status and
 *           position;
 *   LOSSY:  an unpaired surrogate is U+FFFD (EF BF BD), in the vector;
 *   WTF8:   an unpaired surrogate is the 3-byte sequence of its own value;
 *   MUTF8:  every unit on its own (no pairs: surrogates are 3 bytes), and
 *           U+0000 is 2 bytes (C0 80): a unit is "ASCII" iff 1..7F.
 */
enum avx512_u16_form { AVX512_U16_STRICT, AVX512_U16_LOSSY, AVX512_U16_WTF8, AVX512_U16_MUTF8 };

/* Non-ASCII units of v for `form` (for MUTF8: not 1..7F, u - 1 > 0x7E). */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE uint32_t
avx512_u16_non_ascii(__m512i v, __m512i x80, __m512i one, __m512i x7e, enum avx512_u16_form form)
{
    if (form == AVX512_U16_MUTF8)
        return (uint32_t)_mm512_cmpgt_epu16_mask(_mm512_sub_epi16(v, one), x7e);
    return (uint32_t)_mm512_cmpge_epu16_mask(v, x80);
}

/* ---- UTF-8 length, modified-UTF-8 length, utf16_inspect --------------- */

/*
 * 64 units a step as 64 class bytes, in unit order: each unit v becomes its
 * arithmetic shift v >> 7 saturated to a signed byte, as the AVX2
 * utf16_inspect's avx2_u16_insp_bytes, here the high byte of v + v added
 * with signed saturation (vpaddsw, then one vpermt2b takes the high bytes
 * of both vectors in order; no shift, which only port 0 runs):
 *   00         v < 0x80 (ASCII)        01       0x80 <= v < 0x100
 *   01..0F     v < 0x800               Bx       a surrogate (D800..DFFF),
 *   >= 10 (unsigned) v >= 0x800                 B0..B7 high, B8..BF low
 * (0x800..0x3FFF give 10..7F, 0x4000..0x7FFF 7F, 0x8000..0xBFFF 80,
 * 0xC000..0xD7FF 80..AF, 0xE000..0xFFFF C0..FF).
 *
 * Each unit counts 1 + [v >= 0x80] + [v >= 0x800], the last two as one
 * byte per unit, min(c, 16) looked up in a 17-byte table (0, 1 x 15, 2),
 * added to byte lanes (at most 2 a step) folded with vpsadbw every
 * AVX512_U16_FLUSH steps. That is 3 for a surrogate: right for an
 * unpaired one (U+FFFD: the LOSSY form's bytes, which is what
 * utf8_length_from_utf16 counts), and 6 for a pair, which is 4: 2 are
 * taken off per pair, counted from two masks of the step (its surrogates,
 * and the lows among them): the pairs are the lows whose unit before is a
 * high, (highs << 1 | carry) & lows, carry the high as unit 63 of the step
 * before; only in steps with a surrogate, or a carry.
 *
 * MUTF8 (the modified-UTF-8 length): no pairs (a surrogate counts 3,
 * paired or not), and U+0000, class 00 as ASCII, counts 2: one more per
 * zero unit, counted in the (rare) steps that have one.
 *
 * `insp` (utf16_inspect, LOSSY only): besides the count, the OR of the
 * class bytes (one vpternlogd per two steps: 00 only ASCII, 00 and 01 Latin-1),
 * whether there is a pair, and where the first unpaired surrogate may be,
 * from the same two masks: a step is well-formed iff its lows are exactly
 * the units after its highs and the carry, (highs << 1 | carry) == lows
 * (a high as unit 63 is the next step's carry, checked there; a step past
 * it without surrogates takes the same test). The first step that is not
 * names a character boundary at or before the first unpaired surrogate,
 * which lies in it; the scalar validation finds it from there (at most 65
 * units on).
 *
 * Measured (bench --paired=20, avx512 vs simdutf 9.1 icelake in the same
 * process, wikipedia_mars + lipsum, 27 files, five runs at load average
 * 17-25, 2026-12-02): utf8_length_from_utf16 median 1.24-1.51x, lowest
 * Emoji-Lipsum 1.03-1.04x (the 16-bit compare loop before, two runs: median
 * 1.05-1.19x, Emoji-Lipsum 0.57-0.65x); utf16_inspect / utf8_length_from_utf16
 * median 0.85-0.99, Emoji-Lipsum 0.74-0.99 (before: 0.79-0.83); the lowest
 * file is another one in each run (0.55-0.78): noise at that load.
 */
#  define AVX512_U16_FLUSH 127 /* steps: a byte lane grows by at most 2 a step */

typedef struct avx512_u16_insp {
    size_t err;    /* len, or a boundary at or before the first unpaired surrogate */
    uint32_t bits; /* 0 ASCII, 0x80 Latin-1, 0x100 BMP; 0x10000 if there is a pair */
} avx512_u16_insp;

/* avx512_u16_len between its steps */
typedef struct avx512_u16_len_st {
    uint64_t carry;  /* unit i-1 is a high surrogate (LOSSY) */
    uint64_t paired; /* insp: some step has a pair */
    size_t pairs;    /* the pairs so far (LOSSY); MUTF8: the zero units */
    size_t err;      /* insp: as avx512_u16_insp */
    __m512i bits;    /* insp: the OR of the class bytes */
} avx512_u16_len_st;

/* acc plus, per unit of the 64 units a (0..31, lanes outside ka are 0),
   b (32..63, outside kb 0) at i, [non-ASCII] + [u >= 0x800] in byte lanes;
   the pairs (MUTF8: zero units) and insp's state into *st, the class
   bytes into *cls. */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE __m512i avx512_u16_len_step(
    __m512i acc, __m512i a, __m512i b, __mmask32 ka, __mmask32 kb, size_t i, size_t len,
    enum avx512_u16_form form, int insp, avx512_u16_len_st *st, __m512i *cls)
{
    /* min(c, 16) -> bytes: 0 -> 0, 1..15 -> 1, 16 -> 2 */
    const __m512i lut =
        _mm512_set_epi64(0, 0, 0x0202020202020202, 0x0202020202020202, 0x0202020202020202,
                         0x0202020202020202, 0x0101010101010101, 0x0101010101010100);
    /* byte k: the high byte of unit k of a, b (k >= 32) */
    const __m512i hi = _mm512_set_epi64(0x7F7D7B7977757371, 0x6F6D6B6967656361, 0x5F5D5B5957555351,
                                        0x4F4D4B4947454341, 0x3F3D3B3937353331, 0x2F2D2B2927252321,
                                        0x1F1D1B1917151311, 0x0F0D0B0907050301);
    __m512i c = _mm512_permutex2var_epi8(_mm512_adds_epi16(a, a), hi, _mm512_adds_epi16(b, b));
    acc = _mm512_add_epi8(acc,
                          _mm512_permutexvar_epi8(_mm512_min_epu8(c, _mm512_set1_epi8(16)), lut));
    *cls = c;
    if (form == AVX512_U16_MUTF8) {
        /* a zero unit in a or b (the lanes past the end included) */
        if (UNILANE_UNLIKELY(
                _mm512_testn_epi16_mask(_mm512_min_epu16(a, b), _mm512_min_epu16(a, b)) != 0))
            st->pairs += (size_t)_mm_popcnt_u32(_mm512_mask_testn_epi16_mask(ka, a, a)) +
                         (size_t)_mm_popcnt_u32(_mm512_mask_testn_epi16_mask(kb, b, b));
    } else {
        __mmask64 s = _mm512_cmpeq_epi8_mask(_mm512_and_si512(c, _mm512_set1_epi8((char)0xF0)),
                                             _mm512_set1_epi8((char)0xB0));
        uint64_t sm = (uint64_t)s;
        /* one kmov of each mask (gcc would repeat them rather than copy) */
        __asm__("" : "+r"(sm));
        /* not marked unlikely: in emoji text every step takes it (gcc would
           then rebuild the constant in it each time) */
        if ((sm | st->carry) != 0) {
            uint64_t l = (uint64_t)_mm512_mask_test_epi8_mask(s, c, _mm512_set1_epi8(8)), h, x;
            __asm__("" : "+r"(l));
            h = sm & ~l;
            x = (h << 1) | st->carry;
            st->pairs += (size_t)_mm_popcnt_u64(x & l);
            if (insp) {
                st->paired |= x & l;
                if (UNILANE_UNLIKELY(x != l)) {
                    if (st->err == len)
                        st->err = i - (size_t)st->carry;
                }
            }
            st->carry = h >> 63;
        }
    }
    return acc;
}

/* The UTF-8 length (LOSSY) or the modified-UTF-8 length (MUTF8) of
   len >= 32 units; with insp (LOSSY) also *q. */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE size_t avx512_u16_len(
    const uint16_t *src, size_t len, enum avx512_u16_form form, int insp, avx512_u16_insp *q)
{
    const __m512i zero = _mm512_setzero_si512();
    const __mmask32 all = ~(__mmask32)0;
    __m512i sums = zero; /* 64-bit lanes */
    size_t i = 0, total;
    avx512_u16_len_st st;

    st.carry = 0;
    st.paired = 0;
    st.pairs = 0;
    st.err = len;
    st.bits = zero;
    while (len - i >= 64) {
        __m512i acc = zero;
        size_t steps = (len - i) / 64, s;
        if (steps > AVX512_U16_FLUSH)
            steps = AVX512_U16_FLUSH;
        /* two steps a turn: one vpternlogd ORs both steps' class bytes */
        for (s = 0; s + 2 <= steps; s += 2, i += 128) {
            __m512i c0, c1;
            acc = avx512_u16_len_step(acc, _mm512_loadu_si512((const void *)(src + i)),
                                      _mm512_loadu_si512((const void *)(src + i + 32)), all, all, i,
                                      len, form, insp, &st, &c0);
            acc = avx512_u16_len_step(acc, _mm512_loadu_si512((const void *)(src + i + 64)),
                                      _mm512_loadu_si512((const void *)(src + i + 96)), all, all,
                                      i + 64, len, form, insp, &st, &c1);
            if (insp)
                st.bits = _mm512_ternarylogic_epi32(st.bits, c0, c1, 0xFE); /* bits | c0 | c1 */
        }
        if (s < steps) {
            __m512i c0;
            acc = avx512_u16_len_step(acc, _mm512_loadu_si512((const void *)(src + i)),
                                      _mm512_loadu_si512((const void *)(src + i + 32)), all, all, i,
                                      len, form, insp, &st, &c0);
            if (insp)
                st.bits = _mm512_or_si512(st.bits, c0);
            i += 64;
        }
        sums = _mm512_add_epi64(sums, _mm512_sad_epu8(acc, zero));
    }
    if (i < len) {
        /* 1..63 units: masked (the lanes past the end are 0, no surrogate,
           count nothing: a high as the last unit is seen unpaired here) */
        size_t n = len - i;
        __mmask32 ka = avx512_first32(n), kb = avx512_first32(n > 32 ? n - 32 : 0);
        __m512i a = _mm512_maskz_loadu_epi16(ka, src + i);
        __m512i b = n > 32 ? _mm512_maskz_loadu_epi16(kb, src + i + 32) : zero, c0;
        __m512i acc = avx512_u16_len_step(zero, a, b, ka, kb, i, len, form, insp, &st, &c0);
        sums = _mm512_add_epi64(sums, _mm512_sad_epu8(acc, zero));
        if (insp)
            st.bits = _mm512_or_si512(st.bits, c0);
    } else if (insp && st.carry && st.err == len) {
        st.err = len - 1; /* a high surrogate as the last unit */
    }
    total = len + (size_t)_mm512_reduce_add_epi64(sums);
    total = form == AVX512_U16_MUTF8 ? total + st.pairs : total - 2 * st.pairs;
    if (insp) {
        __m512i o = st.bits;
        q->err = st.err;
        q->bits = (_mm512_test_epi8_mask(o, o) == 0                              ? 0
                   : _mm512_test_epi8_mask(o, _mm512_set1_epi8((char)0xFE)) == 0 ? 0x80u
                                                                                 : 0x100u) |
                  (st.paired ? 0x10000u : 0);
    }
    avx512_leave();
    return total;
}
#  undef AVX512_U16_FLUSH

UNILANE_TARGET_AVX512 size_t unilane_avx512_utf8_length_from_utf16(const uint16_t *src, size_t len)
{
    if (len < AVX512_SHORT)
        return unilane_avx2_utf8_length_from_utf16(src, len);
    return avx512_u16_len(src, len, AVX512_U16_LOSSY, 0, NULL);
}

UNILANE_TARGET_AVX512 size_t unilane_avx512_mutf8_length_from_utf16(const uint16_t *src, size_t len)
{
    if (len < AVX512_SHORT)
        return unilane_avx2_mutf8_length_from_utf16(src, len);
    return avx512_u16_len(src, len, AVX512_U16_MUTF8, 0, NULL);
}

/*
 * One pass (avx512_u16_len with insp): the UTF-8 length, the width
 * (gen_width of the OR of the units, 0x10000 for a pair: an unpaired
 * surrogate is its own value, BMP), and the first unpaired surrogate, which
 * the scalar validation finds from the boundary the steps name. Out of
 * line, as the AVX2 one: the entry's short path saves no registers.
 */
UNILANE_TARGET_AVX512 static UNILANE_NOINLINE unilane_utf16_info
avx512_u16_inspect_long(const uint16_t *src, size_t len)
{
    avx512_u16_insp q;
    unilane_utf16_info r;
    r.utf8_length = avx512_u16_len(src, len, AVX512_U16_LOSSY, 1, &q);
    r.width = gen_width(q.bits);
    r.status = UNILANE_OK;
    r.read = len;
    if (q.err != len) {
        unilane_result v = unilane_scalar_validate_utf16(src + q.err, len - q.err);
        r.status = v.status;
        r.read = q.err + v.read;
    }
    return r;
}

UNILANE_TARGET_AVX512 unilane_utf16_info unilane_avx512_utf16_inspect(const uint16_t *src,
                                                                      size_t len)
{
    if (len < AVX512_SHORT)
        return unilane_avx2_utf16_inspect(src, len);
    return avx512_u16_inspect_long(src, len);
}

/* ---- UTF-16 -> UTF-8, WTF-8, modified UTF-8 ---------------------------- */

/*
 * The 3- and 4-byte case, 16 units in 32-bit lanes. Each lane holds the
 * code point (for a pair: at the high unit, cp = (h << 10) + l - 0x35FDC00,
 * i.e. 0x10000 + (h - 0xD800) * 0x400 + (l - 0xDC00); 0 bytes at its low
 * unit) and gets a length index L = 0..4. vpmultishiftqb places the 8-bit
 * windows of cp starting at bits 18, 12, 6, 0 in bytes 0..3 of the lane
 * (memory order), so that the last byte of every sequence is byte 3; then
 * byte = (window & A[L]) | O[L] with, per byte 0..3,
 *   L=1: A = -- -- -- 7F, O = -- -- -- 00          (ASCII)
 *   L=2: A = -- -- FF 3F, O = -- -- C0 80          (cp < 0x800: bits 6..10)
 *   L=3: A = -- FF 3F 3F, O = -- E0 80 80          (cp < 0x10000: 12..15)
 *   L=4: A = FF 3F 3F 3F, O = F0 80 80 80          (bits 18..20)
 * ("--": A = O = 0, the byte is dropped; a lead keeps A = FF because the
 * bits of its window above the lead's field are 0 for such a cp). The
 * bytes with A != 0 are the output: vpcompressb packs them.
 * Writes the popcount of that mask at out; returns it.
 */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE size_t
avx512_u16_utf8_wide16(__m256i u, __m256i un, uint32_t one_, uint32_t two, uint32_t four,
                       uint32_t zero, uint32_t fffd, char *out)
{
    const __m512i atab = _mm512_setr_epi32(0, 0x7F000000, 0x3FFF0000, 0x3F3FFF00, 0x3F3F3FFF, 0, 0,
                                           0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m512i otab = _mm512_setr_epi32(0, 0, (int)0x80C00000, (int)0x8080E000, (int)0x808080F0,
                                           0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    /* bytes 0..3 of each lane: windows at bits 18, 12, 6, 0 of it */
    const __m512i ctl = _mm512_set1_epi64((long long)UINT64_C(0x20262C3200060C12));
    const __m512i c1 = _mm512_set1_epi32(1);
    __m512i x = _mm512_cvtepu16_epi32(u), L, a, o, win, bytes;
    __mmask64 keep;
    size_t cnt;
    /* L: 3, less one per unit below 0x800 and per ASCII unit, one more per
       paired high, 0 for a paired low (and for lanes past the input) */
    L = _mm512_maskz_mov_epi32((__mmask16)~zero, _mm512_set1_epi32(3));
    L = _mm512_mask_sub_epi32(L, (__mmask16)two, L, c1);
    L = _mm512_mask_sub_epi32(L, (__mmask16)one_, L, c1);
    L = _mm512_mask_add_epi32(L, (__mmask16)four, L, c1);
    if (four) {
        __m512i cp = _mm512_add_epi32(_mm512_slli_epi32(x, 10), _mm512_cvtepu16_epi32(un));
        x = _mm512_mask_sub_epi32(x, (__mmask16)four, cp, _mm512_set1_epi32(0x35FDC00));
    }
    if (fffd)
        x = _mm512_mask_mov_epi32(x, (__mmask16)fffd, _mm512_set1_epi32(0xFFFD));
    a = _mm512_permutexvar_epi32(L, atab);
    o = _mm512_permutexvar_epi32(L, otab);
    win = _mm512_multishift_epi64_epi8(ctl, x);
    bytes = _mm512_ternarylogic_epi32(win, a, o, 0xEA); /* (win & a) | o */
    keep = _mm512_test_epi8_mask(a, a);
    cnt = (size_t)_mm_popcnt_u64(keep);
    _mm512_mask_storeu_epi8(out, avx512_first64(cnt), _mm512_maskz_compress_epi8(keep, bytes));
    return cnt;
}

/* v, with the compiler no longer knowing its value: a constant passed
   through this stays in a register instead of being rebuilt (mov,
   vpbroadcast) in the loop. */
UNILANE_TARGET_AVX512 static inline __m512i avx512_u16_opaque(__m512i v)
{
    __asm__("" : "+v"(v));
    return v;
}

/*
 * The 1- and 2-byte case: the n <= 32 units v, all below 0x800, na: the
 * non-ASCII ones. Each 16-bit lane gets its UTF-8 in byte order (non-ASCII:
 * lead C0 | u >> 6, then 80 | u & 3F; ASCII: u, high byte dropped), and
 * vpcompressb keeps every even byte and the odd bytes of non-ASCII units
 * (_pdep_u64 spreads unit bit k to byte bit 2k+1). Writes them at out;
 * returns their number.
 */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE size_t avx512_u16_utf8_two(
    __m512i v, uint32_t na, size_t n, char *out, __m512i xc0, __m512i x3f, __m512i x80)
{
    __m512i lead = _mm512_or_si512(xc0, _mm512_srli_epi16(v, 6));
    __m512i cont = _mm512_ternarylogic_epi32(v, x3f, x80, 0xEA); /* (v & 3F) | 80 */
    __m512i t =
        _mm512_mask_mov_epi16(v, (__mmask32)na, _mm512_or_si512(lead, _mm512_slli_epi16(cont, 8)));
    uint64_t keep = UINT64_C(0x5555555555555555) | _pdep_u64(na, UINT64_C(0xAAAAAAAAAAAAAAAA));
    size_t cnt;
    if (n < 32)
        keep &= avx512_first64(2 * n);
    cnt = (size_t)_mm_popcnt_u64(keep);
    _mm512_mask_storeu_epi8(out, avx512_first64(cnt), _mm512_maskz_compress_epi8(keep, t));
    return cnt;
}

/* Both halves of a block without a surrogate pair (wide16). */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE size_t
avx512_u16_utf8_wide32(__m512i v, __m512i un, uint32_t asc, uint32_t two, uint32_t ph,
                       uint32_t zero, uint32_t fffd, char *out)
{
    size_t w =
        avx512_u16_utf8_wide16(_mm512_castsi512_si256(v), _mm512_castsi512_si256(un), asc & 0xFFFF,
                               two & 0xFFFF, ph & 0xFFFF, zero & 0xFFFF, fffd & 0xFFFF, out);
    return w + avx512_u16_utf8_wide16(_mm512_extracti64x4_epi64(v, 1),
                                      _mm512_extracti64x4_epi64(un, 1), asc >> 16, two >> 16,
                                      ph >> 16, zero >> 16, fffd >> 16, out + w);
}

/*
 * One block of n = min(32, len - *i) units at *i (loaded masked), output
 * at dst + *w; advances both. Returns 0 when a strict conversion stops in
 * it: then *i and *w are the scalar kernel's read and written for the
 * whole input (vzeroupper done).
 */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE int
avx512_u16_block(const uint16_t *src, size_t len, char *dst, size_t *pi, size_t *pw,
                 uint32_t *pcarry, enum avx512_u16_form form)
{
    const __m512i x80 = _mm512_set1_epi16(0x80), x800 = _mm512_set1_epi16(0x800);
    const __m512i one = _mm512_set1_epi16(1), x7e = _mm512_set1_epi16(0x7E);
    size_t i = *pi, w = *pw, n = len - i < 32 ? len - i : 32;
    uint32_t carry = *pcarry, valid = avx512_first32(n), na, big, ph = 0, pl = 0, bad = 0;
    __m512i v = _mm512_maskz_loadu_epi16((__mmask32)valid, src + i), un = v;

    /* non-ASCII units of the block (lanes past n are 0: ASCII, except
       for MUTF8, where valid drops them) */
    na = avx512_u16_non_ascii(v, x80, one, x7e, form) & valid;
    if (na == 0) {
        _mm512_mask_cvtepi16_storeu_epi8(dst + w, (__mmask32)valid, v);
        *pi = i + n;
        *pw = w + n;
        return 1;
    }
    big = (uint32_t)_mm512_cmpge_epu16_mask(v, x800);
    if (big == 0) {
        *pw = w + avx512_u16_utf8_two(v, na, n, dst + w, _mm512_set1_epi16(0xC0),
                                      _mm512_set1_epi16(0x3F), x80);
        *pi = i + n;
        return 1;
    }
    if (form != AVX512_U16_MUTF8 && (carry || avx512_u16_surr(v) != 0)) {
        bad = (uint32_t)avx512_u16_pairs(src, len, i, v, carry, &ph, &pl, &un);
        if (form == AVX512_U16_STRICT && bad) {
            /* scalar from the first unit not yet written, to the end of
               the block (with the low of a pair in unit 31) */
            size_t from = i + carry, to = i + n + (ph >> 31);
            unilane_result r;
            avx512_leave();
            r = unilane_scalar_utf16_to_utf8(src + from, to - from, dst + w);
            if (r.status != UNILANE_OK) {
                *pi = from + r.read;
                *pw = w + r.written;
                return 0;
            }
            *pi = to;
            *pw = w + r.written;
            *pcarry = 0;
            return 1;
        }
        if (form == AVX512_U16_WTF8)
            bad = 0;
        *pcarry = ph >> 31;
    }
    *pw =
        w + avx512_u16_utf8_wide32(v, un, ~na & valid, ~big & valid, ph, ~valid | pl, bad, dst + w);
    *pi = i + n;
    return 1;
}

/*
 * The body of the four conversions. 64 units a step while that many
 * remain, as two blocks of 32 (a, b):
 *   all ASCII:             vpermt2b of their low bytes, one 64-byte store;
 *   all below 0x800:       avx512_u16_utf8_two on each;
 *   no surrogate (MUTF8:   avx512_u16_utf8_wide32 on each;
 *   any unit)
 *   otherwise:             block a alone as below, then the next step.
 * Then (and for that block a) one block of n <= 32 units at a time, loaded
 * masked, the same cases, and pairs found with avx512_u16_pairs.
 * Strict mode: a block with an unpaired surrogate goes to the scalar kernel
 * from its first unit that is not the low of a pair already written, up
 * to its end (one unit more when unit 31 is a paired high); on success the
 * vector code goes on after it.
 */
UNILANE_TARGET_AVX512 static UNILANE_ALWAYS_INLINE unilane_result
avx512_u16_to_utf8(const uint16_t *src, size_t len, char *dst, enum avx512_u16_form form)
{
    const __m512i x80 = avx512_u16_opaque(_mm512_set1_epi16(0x80));
    const __m512i x800 = avx512_u16_opaque(_mm512_set1_epi16(0x800));
    const __m512i one = avx512_u16_opaque(_mm512_set1_epi16(1));
    const __m512i x7e = avx512_u16_opaque(_mm512_set1_epi16(0x7E));
    const __m512i xc0 = avx512_u16_opaque(_mm512_set1_epi16(0xC0));
    const __m512i x3f = avx512_u16_opaque(_mm512_set1_epi16(0x3F));
    const __m512i f800 = avx512_u16_opaque(_mm512_set1_epi16((short)0xF800));
    const __m512i d800 = avx512_u16_opaque(_mm512_set1_epi16((short)0xD800));
    /* even bytes of (a, b): the low byte of each of the 64 units */
    const __m512i evens = _mm512_set_epi64(
        0x7E7C7A7876747270, 0x6E6C6A6866646260, 0x5E5C5A5856545250, 0x4E4C4A4846444240,
        0x3E3C3A3836343230, 0x2E2C2A2826242220, 0x1E1C1A1816141210, 0x0E0C0A0806040200);
    size_t i = 0, w = 0;
    uint32_t carry = 0; /* unit i is the low of a pair written with unit i-1 */

    while (len - i >= 64) {
        __m512i a = _mm512_loadu_si512((const void *)(src + i));
        __m512i b = _mm512_loadu_si512((const void *)(src + i + 32));
        uint32_t na = avx512_u16_non_ascii(a, x80, one, x7e, form);
        uint32_t nb = avx512_u16_non_ascii(b, x80, one, x7e, form);
        uint32_t ba, bb;
        if ((na | nb) == 0) {
            _mm512_storeu_si512((void *)(dst + w), _mm512_permutex2var_epi8(a, evens, b));
            i += 64;
            w += 64;
            continue;
        }
        ba = (uint32_t)_mm512_cmpge_epu16_mask(a, x800);
        bb = (uint32_t)_mm512_cmpge_epu16_mask(b, x800);
        if ((ba | bb) == 0) {
            w += avx512_u16_utf8_two(a, na, 32, dst + w, xc0, x3f, x80);
            w += avx512_u16_utf8_two(b, nb, 32, dst + w, xc0, x3f, x80);
            i += 64;
            continue;
        }
        if (form == AVX512_U16_MUTF8 ||
            (_mm512_cmpeq_epi16_mask(_mm512_and_si512(a, f800), d800) |
             _mm512_cmpeq_epi16_mask(_mm512_and_si512(b, f800), d800)) == 0) {
            /* carry is 0: unit i would be a low surrogate */
            w += avx512_u16_utf8_wide32(a, a, ~na, ~ba, 0, 0, 0, dst + w);
            w += avx512_u16_utf8_wide32(b, b, ~nb, ~bb, 0, 0, 0, dst + w);
            i += 64;
            continue;
        }
        if (!avx512_u16_block(src, len, dst, &i, &w, &carry, form))
            goto fail;
    }
    while (i < len) {
        if (!avx512_u16_block(src, len, dst, &i, &w, &carry, form))
            goto fail;
    }
    avx512_leave();
    return avx512_ok(len, w);
fail:
    /* the strict scalar window's result is in (i, w) as read, written, and
       status SURROGATE (the only status it can have) */
    return gen_result(UNILANE_SURROGATE, i, w);
}

UNILANE_TARGET_AVX512 static UNILANE_NOINLINE unilane_result
avx512_u16_to_utf8_strict(const uint16_t *src, size_t len, char *dst)
{
    return avx512_u16_to_utf8(src, len, dst, AVX512_U16_STRICT);
}

UNILANE_TARGET_AVX512 unilane_result unilane_avx512_utf16_to_utf8(const uint16_t *src, size_t len,
                                                                  char *dst)
{
    if (len < AVX512_SHORT)
        return unilane_avx2_utf16_to_utf8(src, len, dst);
    return avx512_u16_to_utf8_strict(src, len, dst);
}

/* The never-failing forms: the written count of the shared body. */
#  define AVX512_U16_FORM_ENTRY(name, form)                                                        \
    UNILANE_TARGET_AVX512 size_t unilane_avx512_##name(const uint16_t *src, size_t len, char *dst) \
    {                                                                                              \
      if (len < AVX512_SHORT)                                                                      \
        return unilane_avx2_##name(src, len, dst);                                                 \
      return avx512_u16_to_utf8(src, len, dst, form).written;                                      \
    }

AVX512_U16_FORM_ENTRY(utf16_to_utf8_lossy, AVX512_U16_LOSSY)
AVX512_U16_FORM_ENTRY(utf16_to_wtf8, AVX512_U16_WTF8)
AVX512_U16_FORM_ENTRY(utf16_to_mutf8, AVX512_U16_MUTF8)
#  undef AVX512_U16_FORM_ENTRY

UNILANE_SPEED_END
#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx512_utf16_unused;
#endif /* UNILANE_HAVE_AVX512 */
