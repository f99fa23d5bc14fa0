/*
 * utf8_avx2.c -- AVX2 kernels for UTF-8 input: ascii_prefix, validate_utf8,
 * utf8_to_utf16 (strict and lossy), utf8_to_latin1, utf16_length_from_utf8
 * (plain and lossy).
 *
 * Shape of every kernel: SIMD code runs over whole 32/64-byte blocks while
 * they are known to be good; at a block that needs attention (an error, a
 * character the fast path does not handle, the end of the input) it stops at
 * a character boundary and the scalar kernel (src/generic) finishes, so
 * error status and position are decided in one place only. The lossy kernels
 * hand only a window around the error to the scalar code and then resume.
 *
 * Validation follows the idea of Keiser & Lemire ("Validating UTF-8 in less
 * than one instruction per byte", 2021): three 16-entry tables indexed by
 * the high and low nibble of the previous byte and the high nibble of the
 * current byte, ANDed, give one bit per kind of error found in every pair of
 * adjacent bytes; 3- and 4-byte sequences are finished with a check of the
 * bytes two and three positions back. The tables and their bit names are
 * those of src/generic/utf8_rules.h, as are the rules for where a block
 * boundary may fall (gen_utf8_last_lead, gen_utf8_resync) and the unit
 * count of utf16_length_from_utf8. A 64-byte chunk
 * without bytes >= 0xE0 that starts at a character boundary takes a cheaper
 * check on bit masks (avx2_u8_check2); an ASCII chunk takes none.
 *
 * UTF-8 -> UTF-16 (after Lemire & Mula, "Transcoding billions of Unicode
 * characters per second with SIMD instructions", in spirit; the method here
 * is our own): a 32-byte window computes, for every byte that ends a
 * character, the low and the high byte of its UTF-16 unit from the byte
 * and the one or two bytes before it (two byte planes, no per-character
 * lookup), then compacts the planes with one pshufb driven by a 256-entry
 * table per 8-byte group and interleaves them into 16-bit units. A window
 * with a 4-byte character also keeps the third byte of each 4-byte
 * character, where it puts the high surrogate, and the low surrogate at the
 * fourth byte (avx2_u8_win16_quad). 48 bytes of 3-byte characters only
 * skip the windows: a fixed shuffle and two multiply-adds per 8 units
 * (avx2_u8_three16).
 *
 * Inputs shorter than the vector steps need (32 bytes for ascii_prefix,
 * utf16_length_from_utf8 and utf8_to_latin1, 35 for the others) have no
 * vector step and go to the scalar kernel; the dispatcher sends them
 * there before they reach these entries (impl_avx2.c).
 *
 * Output stores: the converters store whole 8- or 16-byte vectors of which
 * only a prefix is meaningful. Such "junk" past the current output end is
 * written only when the next window is known to be converted too (it is
 * classified first; its output, at least 10 units or 15 bytes, overwrites
 * the junk); the last window before the scalar finisher goes through a
 * small buffer. So nothing outside dst[0 .. written) is ever modified, and
 * no load reaches past src + len (short tails are finished by the scalar
 * kernel or checked with loads that end at src + len).
 */
#include "avx2.h"
#include "../generic/generic.h"
#include "../generic/utf8_rules.h"

#if UNILANE_HAVE_AVX2
UNILANE_SPEED_BEGIN

/* Per-function attribute bundle for static helpers. */
#  define AVX2_U8_INLINE static UNILANE_TARGET_AVX2 UNILANE_ALWAYS_INLINE

/* The Keiser-Lemire tables of utf8_rules.h, once per 128-bit lane (pshufb
   looks up each lane by itself). One 32-byte step, for every byte x[k] with
   previous bytes x[k-1], x[k-2], x[k-3] (from `prev` for the first three):
     special = BYTE1_HIGH[x[k-1] >> 4] & BYTE1_LOW[x[k-1] & 15] & BYTE2_HIGH[x[k] >> 4]
     must    = (x[k-2] >= 0xE0 || x[k-3] >= 0xF0) ? UNILANE_U8_TWO_CONTS : 0
     error  |= special ^ must */
static const uint8_t avx2_u8_byte1_high[32] = { UNILANE_U8_BYTE1_HIGH, UNILANE_U8_BYTE1_HIGH };
static const uint8_t avx2_u8_byte1_low[32] = { UNILANE_U8_BYTE1_LOW, UNILANE_U8_BYTE1_LOW };
static const uint8_t avx2_u8_byte2_high[32] = { UNILANE_U8_BYTE2_HIGH, UNILANE_U8_BYTE2_HIGH };

/*
 * The two variants of UTF-8 input (API.md, "Additions for 0.2") are
 * validated by the same code with other tables (utf8_rules.h) and one rule
 * more for WTF-8; `form` is a constant at every call, so each entry gets
 * its own specialised copy and the UTF-8 code is what it was without them:
 *   UTF8:  Unicode's UTF-8;
 *   WTF8:  ED A0..BF allowed, except a high-surrogate sequence directly
 *          followed by a low-surrogate one. The check with the WTF-8 tables
 *          alone (form WTF8) flags every low-surrogate sequence, as costly
 *          as the UTF-8 check; only where it finds something is it redone
 *          with the pair rule (form WTF8_PAIRS, avx2_u8_wtf8_high, which
 *          needs the byte four back: such checks load one byte more). The
 *          conversion is that of UTF-8: the 3-byte formula gives a
 *          surrogate sequence its own unit;
 *   MUTF8: Java's modified UTF-8: C0..DF + 1 and E0..EF + 2 continuation
 *          bytes, no range rule (C0/C1 included, also in avx2_u8_check2), no
 *          F0..FF: no 4-byte windows (avx2_u8_win16_quad) either.
 */
enum avx2_u8_form { AVX2_U8_UTF8, AVX2_U8_WTF8, AVX2_U8_MUTF8, AVX2_U8_WTF8_PAIRS };

/* After a check of `form` left e: for WTF8 an error may be a low surrogate
   only, so the check `redo` is made again with the pair rule. */
#  define AVX2_U8_EXACT(form, e, redo)                             \
    do {                                                           \
      if ((form) == AVX2_U8_WTF8 && !_mm256_testz_si256((e), (e))) \
        (e) = (redo);                                              \
    } while (0)

static const uint8_t avx2_wtf8_byte2_high[32] = { UNILANE_WTF8_BYTE2_HIGH,
                                                  UNILANE_WTF8_BYTE2_HIGH };

/* WTF-8: 0xFF where x[k-4] x[k-3] is ED A0..AF (a high-surrogate
   sequence ends at x[k-2]), else 0; the SURROGATE bit of the WTF-8
   classification (a low-surrogate sequence at x[k-1]) is an error only
   there (utf8_rules.h). */
AVX2_U8_INLINE __m256i avx2_u8_wtf8_high(__m256i p3, __m256i p4)
{
    return _mm256_and_si256(_mm256_cmpeq_epi8(p4, _mm256_set1_epi8((char)0xED)),
                            _mm256_cmpeq_epi8(_mm256_and_si256(p3, _mm256_set1_epi8((char)0xF0)),
                                              _mm256_set1_epi8((char)0xA0)));
}

/* The uniform constants of the check. gcc rematerialises a uniform byte
   vector inside a loop (mov, vmovd, vpbroadcastb: three instructions each
   time) when registers run short; the chunk loop of avx2_u8_run makes
   them opaque (AVX2_U8_OPAQUE) so that they stay in a register or come
   back from the stack as a memory operand. */
typedef struct avx2_u8_k {
    __m256i t1, t2, t3, nib, k60, k70, two, df, fe, c0;
} avx2_u8_k;

#  define AVX2_U8_OPAQUE(v) __asm__("" : "+x"(v))

AVX2_U8_INLINE avx2_u8_k avx2_u8_consts(int opaque, enum avx2_u8_form form)
{
    avx2_u8_k k;
    k.t1 = _mm256_loadu_si256(
        (const __m256i *)(form == AVX2_U8_MUTF8 ? avx2_u8_mutf8_classes[0] : avx2_u8_byte1_high));
    k.t2 = _mm256_loadu_si256(
        (const __m256i *)(form == AVX2_U8_MUTF8 ? avx2_u8_mutf8_classes[1] : avx2_u8_byte1_low));
    k.t3 = _mm256_loadu_si256((const __m256i *)(form == AVX2_U8_WTF8 || form == AVX2_U8_WTF8_PAIRS
                                                    ? avx2_wtf8_byte2_high
                                                : form == AVX2_U8_MUTF8 ? avx2_u8_mutf8_classes[2]
                                                                        : avx2_u8_byte2_high));
    k.nib = _mm256_set1_epi8(0x0F);
    k.k60 = _mm256_set1_epi8(0x60);
    k.k70 = _mm256_set1_epi8(0x70);
    k.two = _mm256_set1_epi8((char)UNILANE_U8_TWO_CONTS);
    k.df = _mm256_set1_epi8((char)0xDF);
    k.fe = _mm256_set1_epi8((char)0xFE);
    k.c0 = _mm256_set1_epi8((char)0xC0);
    if (opaque) {
        AVX2_U8_OPAQUE(k.fe);
        AVX2_U8_OPAQUE(k.t1);
        AVX2_U8_OPAQUE(k.t2);
        AVX2_U8_OPAQUE(k.t3);
        AVX2_U8_OPAQUE(k.k60);
        AVX2_U8_OPAQUE(k.k70);
        AVX2_U8_OPAQUE(k.two);
        AVX2_U8_OPAQUE(k.df);
    }
    return k;
}

/* The check of 32 bytes `in` given the same bytes shifted by one, two,
   three (and, for WTF8_PAIRS only, four) positions (p1 = x[k-1],
   p2 = x[k-2], p3 = x[k-3], p4 = x[k-4]), with the constants *k. */
AVX2_U8_INLINE __m256i avx2_u8_check_k(const avx2_u8_k *k, __m256i in, __m256i p1, __m256i p2,
                                       __m256i p3, __m256i p4, enum avx2_u8_form form)
{
    const __m256i t1 = k->t1, t2 = k->t2, t3 = k->t3;
    const __m256i nib = k->nib;
    __m256i sp = _mm256_and_si256(
        _mm256_and_si256(_mm256_shuffle_epi8(t1, _mm256_and_si256(_mm256_srli_epi16(p1, 4), nib)),
                         _mm256_shuffle_epi8(t2, _mm256_and_si256(p1, nib))),
        _mm256_shuffle_epi8(t3, _mm256_and_si256(_mm256_srli_epi16(in, 4), nib)));
    /* saturating x - 0x60 has bit 7 set iff x >= 0xE0, x - 0x70 iff
       x >= 0xF0 (smaller x give 0..0x7F) */
    __m256i m = _mm256_or_si256(_mm256_subs_epu8(p2, k->k60), _mm256_subs_epu8(p3, k->k70));
    __m256i e = _mm256_xor_si256(sp, _mm256_and_si256(m, k->two));
    if (form == AVX2_U8_WTF8_PAIRS) /* SURROGATE kept only after a high surrogate */
        e = _mm256_andnot_si256(_mm256_andnot_si256(avx2_u8_wtf8_high(p3, p4),
                                                    _mm256_set1_epi8((char)UNILANE_U8_SURROGATE)),
                                e);
    return e;
}

/* The same with the constants as immediates. */
AVX2_U8_INLINE __m256i avx2_u8_check_form(__m256i in, __m256i p1, __m256i p2, __m256i p3,
                                          __m256i p4, enum avx2_u8_form form)
{
    const avx2_u8_k k = avx2_u8_consts(0, form);
    return avx2_u8_check_k(&k, in, p1, p2, p3, p4, form);
}

/* The 32 bytes `in` shifted right by k bytes (1..4), the last k bytes of
   the 32 bytes `prev` before them (zero at the start of the input). */
#  define AVX2_U8_BACK(in, prev, k) \
    _mm256_alignr_epi8((in), _mm256_permute2x128_si256((prev), (in), 0x21), 16 - (k))

/* The same, with the three (four) bytes before `in` taken from the end of
   the previous 32 bytes `prev`. The unit count uses AVX2_U8_BACK(in, prev, 3)
   too, which the compiler computes once. */
AVX2_U8_INLINE __m256i avx2_u8_check(__m256i in, __m256i prev, enum avx2_u8_form form)
{
    /* [prev.hi | in.lo]; alignr per 128-bit lane then gives the input
       shifted right by k bytes with the last k bytes of prev in front. */
    return avx2_u8_check_form(
        in, AVX2_U8_BACK(in, prev, 1), AVX2_U8_BACK(in, prev, 2), AVX2_U8_BACK(in, prev, 3),
        form == AVX2_U8_WTF8_PAIRS ? AVX2_U8_BACK(in, prev, 4) : _mm256_setzero_si256(), form);
}

/* The check of the 64 bytes a|b where decoding starts afresh at a (nothing
   before it is context). */
AVX2_U8_INLINE __m256i avx2_u8_check_fresh(__m256i a, __m256i b, enum avx2_u8_form form)
{
    return _mm256_or_si256(avx2_u8_check(a, _mm256_setzero_si256(), form),
                           avx2_u8_check(b, a, form));
}

/* avx2_u8_check_fresh, for WTF8 redone exactly when it finds something
   (AVX2_U8_EXACT). */
AVX2_U8_INLINE __m256i avx2_u8_check_fresh_exact(__m256i a, __m256i b, enum avx2_u8_form form)
{
    __m256i e = avx2_u8_check_fresh(a, b, form);
    AVX2_U8_EXACT(form, e, avx2_u8_check_fresh(a, b, AVX2_U8_WTF8_PAIRS));
    return e;
}

/* The end of the run of all-ASCII 64-byte chunks from i + 64 on (the chunk
   at i is ASCII): the first non-ASCII chunk at or before last, or the first
   i past last. */
AVX2_U8_INLINE size_t avx2_u8_ascii_run_end(const unsigned char *s, size_t i, size_t last)
{
    do {
        i += 64;
    } while (i <= last && _mm256_movemask_epi8(_mm256_or_si256(
                              _mm256_loadu_si256((const __m256i *)(s + i)),
                              _mm256_loadu_si256((const __m256i *)(s + i + 32)))) == 0);
    return i;
}

/* The check of the 32 bytes at s, whose 3 bytes before (4 for
   WTF8_PAIRS) are readable, with the constants *k. */
AVX2_U8_INLINE __m256i avx2_u8_check_at_k(const avx2_u8_k *k, const unsigned char *s,
                                          enum avx2_u8_form form)
{
    __m256i p3 = _mm256_loadu_si256((const __m256i *)(s - 3));
    return avx2_u8_check_k(
        k, _mm256_loadu_si256((const __m256i *)s), _mm256_loadu_si256((const __m256i *)(s - 1)),
        _mm256_loadu_si256((const __m256i *)(s - 2)), p3,
        form == AVX2_U8_WTF8_PAIRS ? _mm256_loadu_si256((const __m256i *)(s - 4)) : p3, form);
}

AVX2_U8_INLINE __m256i avx2_u8_check_at(const unsigned char *s, enum avx2_u8_form form)
{
    const avx2_u8_k k = avx2_u8_consts(0, form);
    return avx2_u8_check_at_k(&k, s, form);
}

/* Nonzero bytes iff the block ends inside a sequence: byte 29 >= F0, byte
   30 >= E0 or byte 31 >= C0. */
AVX2_U8_INLINE __m256i avx2_u8_incomplete(__m256i in)
{
    const __m256i maxv = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          -1, (char)0xEF, (char)0xDF, (char)0xBF);
    return _mm256_subs_epu8(in, maxv);
}

AVX2_U8_INLINE int avx2_u8_is_zero(__m256i v)
{
    return _mm256_testz_si256(v, v);
}

/* The error vector of the last 1 <= r < 64 bytes of s[0 .. len) (len >= 64),
   b the last 32 of them: the check of the last 32 (and, when r > 32, of the
   64) bytes, plus an input ending inside a sequence; for WTF8, when it finds
   something, the exact check on surrogate pairs instead (AVX2_U8_EXACT).
   Re-checking good bytes before the last r is harmless: every check looks
   at 4 bytes only. */
AVX2_U8_INLINE __m256i avx2_u8_check_last(const unsigned char *s, size_t len, size_t r, __m256i b,
                                          enum avx2_u8_form form)
{
    __m256i e = _mm256_or_si256(avx2_u8_check_at(s + len - 32, form), avx2_u8_incomplete(b));
    if (r > 32)
        e = _mm256_or_si256(e, avx2_u8_check_at(s + len - 64, form));
    AVX2_U8_EXACT(
        form, e,
        _mm256_or_si256(_mm256_or_si256(avx2_u8_check_at(s + len - 32, AVX2_U8_WTF8_PAIRS),
                                        avx2_u8_incomplete(b)),
                        r > 32 ? avx2_u8_check_at(s + len - 64, AVX2_U8_WTF8_PAIRS)
                               : _mm256_setzero_si256()));
    return e;
}

/* Nonzero bytes where a or b has a byte >= 0xE0 (a 3- or 4-byte lead). */
AVX2_U8_INLINE __m256i avx2_u8_e0s(__m256i a, __m256i b)
{
    return _mm256_subs_epu8(_mm256_max_epu8(a, b), _mm256_set1_epi8((char)0xDF));
}

/* Bit k set iff byte k of v starts a character (is not 80..BF). */
AVX2_U8_INLINE uint32_t avx2_u8_starts(__m256i v)
{
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(-65)));
}

/* The check for 64 bytes a|b with no byte >= 0xE0 (constants *k): with
   leads C2..DF only, the input is valid iff the continuation bytes are exactly the
   bytes after the leads, the first one too if `carry` (1: the byte before
   a is a 2-byte lead, whose own check is done; 0: a starts at a character
   boundary), and there is no C0 or C1 (a lead as byte 63 is left for
   later: its continuation is not here). Sets *pnc to the mask of bytes
   that are not continuation bytes, *plead to that of the leads. For MUTF8
   C0 and C1 are allowed. */
AVX2_U8_INLINE int avx2_u8_check2_k(const avx2_u8_k *k, __m256i a, __m256i b, uint64_t carry,
                                    uint64_t *pnc, uint64_t *plead, enum avx2_u8_form form)
{
    uint64_t hib = (uint32_t)_mm256_movemask_epi8(a) | (uint64_t)(uint32_t)_mm256_movemask_epi8(b)
                                                           << 32;
    uint64_t nc = avx2_u8_starts(a) | (uint64_t)avx2_u8_starts(b) << 32;
    __m256i ov = _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_and_si256(a, k->fe), k->c0),
                                 _mm256_cmpeq_epi8(_mm256_and_si256(b, k->fe), k->c0));
    *pnc = nc;
    *plead = hib & nc;
    if (form == AVX2_U8_MUTF8) /* C0 and C1 are leads like the others */
        return (hib & ~nc) == ((hib & nc) << 1 | carry);
    return (hib & ~nc) == ((hib & nc) << 1 | carry) && avx2_u8_is_zero(ov);
}

/* The same at a character boundary, with the constants as immediates. */
AVX2_U8_INLINE int avx2_u8_check2(__m256i a, __m256i b, uint64_t *pnc, enum avx2_u8_form form)
{
    const avx2_u8_k k = avx2_u8_consts(0, form);
    uint64_t lead;
    return avx2_u8_check2_k(&k, a, b, 0, pnc, &lead, form);
}

/* ------------------------------------------------------------------------ */
/* ascii_prefix                                                             */
/* ------------------------------------------------------------------------ */

UNILANE_TARGET_AVX2 size_t unilane_avx2_ascii_prefix(const char *src, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0;
    uint32_t m;
    if (len < 32) /* no vector step: the loads are 32 bytes wide */
        return AVX2_THEN(len == 0 ? 0 : gen_ascii_run(s, len));
    /* 128 bytes per step: OR of four vectors, one test of the sign bits */
    while (len - i >= 128) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(s + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + i + 32));
        __m256i c = _mm256_loadu_si256((const __m256i *)(s + i + 64));
        __m256i d = _mm256_loadu_si256((const __m256i *)(s + i + 96));
        __m256i o = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
        /* vptest: (o & 0x80..80) != 0, i.e. some byte >= 0x80 */
        if (UNILANE_UNLIKELY(!_mm256_testz_si256(o, _mm256_set1_epi8((char)0x80)))) {
            uint64_t lo = (uint32_t)_mm256_movemask_epi8(a) |
                          (uint64_t)(uint32_t)_mm256_movemask_epi8(b) << 32;
            uint64_t hi = (uint32_t)_mm256_movemask_epi8(c) |
                          (uint64_t)(uint32_t)_mm256_movemask_epi8(d) << 32;
            size_t at = lo ? (size_t)_tzcnt_u64(lo) : 64 + (size_t)_tzcnt_u64(hi);
            AVX2_LEAVE();
            return i + at;
        }
        i += 128;
    }
    /* 0 <= len - i < 128 */
    while (len - i >= 32) {
        m = (uint32_t)_mm256_movemask_epi8(_mm256_loadu_si256((const __m256i *)(s + i)));
        if (m)
            return AVX2_THEN(i + _tzcnt_u32(m));
        i += 32;
    }
    if (i == len)
        return AVX2_THEN(len);
    /* 0 < len - i < 32 and len >= 32: the last 32 bytes overlap checked ones */
    m = (uint32_t)_mm256_movemask_epi8(_mm256_loadu_si256((const __m256i *)(s + len - 32)));
    AVX2_LEAVE();
    m >>= 32 - (len - i);
    return m ? i + _tzcnt_u32(m) : len;
}

/* ------------------------------------------------------------------------ */
/* validate_utf8, utf16_length_from_utf8, utf16_length_from_utf8_lossy      */
/* ------------------------------------------------------------------------ */

AVX2_U8_INLINE unilane_result avx2_u8_ok(size_t read, size_t written)
{
    unilane_result r;
    r.status = UNILANE_OK;
    r.read = read;
    r.written = written;
    return r;
}

/* The sum of the four 64-bit lanes of v. */
AVX2_U8_INLINE size_t avx2_u8_hsum64(__m256i v)
{
    __m128i t = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (size_t)_mm_cvtsi128_si64(t) + (size_t)_mm_extract_epi64(t, 1);
}

/* Sum of the 32 unsigned bytes of v. */
AVX2_U8_INLINE size_t avx2_u8_hsum(__m256i v)
{
    return avx2_u8_hsum64(_mm256_sad_epu8(v, _mm256_setzero_si256()));
}

/* UTF-16 units per byte by its high nibble (utf8_rules.h), per lane: the
   count of utf16_length_from_utf8 for any input. */
static const uint8_t avx2_u8_units_by_nibble[32] = { UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE,
                                                     UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE };

AVX2_U8_INLINE __m256i avx2_u8_units_of(__m256i x)
{
    return _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)avx2_u8_units_by_nibble),
                               _mm256_and_si256(_mm256_srli_epi16(x, 4), _mm256_set1_epi8(0x0F)));
}

/* The UTF-16 units of bytes sh..31 of v, which hold whole characters of
   valid UTF-8: one per character start, one more per 4-byte lead. */
AVX2_U8_INLINE size_t avx2_u8_units_from(__m256i v, unsigned sh)
{
    uint32_t f0 = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(-17))) &
                  (uint32_t)_mm256_movemask_epi8(v);
    return (size_t)_mm_popcnt_u32(avx2_u8_starts(v) >> sh) + (size_t)_mm_popcnt_u32(f0 >> sh);
}

/* The units of the last 1 <= r < 64 bytes of s[0 .. len) (len >= 64), b
   the last 32 of them: the bytes of the overlap left out. */
AVX2_U8_INLINE size_t avx2_u8_units_last(const unsigned char *s, size_t len, size_t r, __m256i b)
{
    return r > 32 ? avx2_u8_units_from(_mm256_loadu_si256((const __m256i *)(s + len - 64)),
                                       (unsigned)(64 - r)) +
                        avx2_u8_units_from(b, 0)
                  : avx2_u8_units_from(b, (unsigned)(32 - r));
}

/* mx and the bytes of the last 64 of s[0 .. len), b the last 32. */
AVX2_U8_INLINE __m256i avx2_u8_max_last(const unsigned char *s, size_t len, __m256i b, __m256i mx)
{
    return _mm256_max_epu8(mx,
                           _mm256_max_epu8(b, _mm256_loadu_si256((const __m256i *)(s + len - 64))));
}

/* acc plus the UTF-16 units of the 64 bytes a|b by the per-byte rule, in
   four 64-bit lanes (psadbw of the byte counts, each at most 4), with the
   unit table ut, the zero vector and the nibble mask given (the pshufb
   index is the check's, which the compiler computes once). */
AVX2_U8_INLINE __m256i avx2_u8_units_sad_k(__m256i acc, __m256i ut, __m256i zero, __m256i nib,
                                           __m256i a, __m256i b)
{
    __m256i ua = _mm256_shuffle_epi8(ut, _mm256_and_si256(_mm256_srli_epi16(a, 4), nib));
    __m256i ub = _mm256_shuffle_epi8(ut, _mm256_and_si256(_mm256_srli_epi16(b, 4), nib));
    return _mm256_add_epi64(acc, _mm256_sad_epu8(_mm256_add_epi8(ua, ub), zero));
}

AVX2_U8_INLINE __m256i avx2_u8_units_sad(__m256i acc, __m256i a, __m256i b)
{
    return avx2_u8_units_sad_k(acc, _mm256_loadu_si256((const __m256i *)avx2_u8_units_by_nibble),
                               _mm256_setzero_si256(), _mm256_set1_epi8(0x0F), a, b);
}

/*
 * Validates s[lo .. len) (len - lo >= 64; decoding starts afresh at lo) 64
 * bytes at a time: an ASCII chunk only needs that nothing before it is
 * unfinished, a chunk without bytes >= 0xE0 takes avx2_u8_check2 (with the
 * carried continuation of a 2-byte lead that ended the chunk before, when
 * that chunk took avx2_u8_check2 too), any other the full check with its
 * 3 bytes before as context. The choice between the two checks depends on
 * the bytes of the chunk only (and, rarely, on a full-checked chunk before
 * it that ends inside a character): on text of one script it is the same
 * for every chunk, whatever the character boundaries (issue 10). The last
 * 1..63 bytes are checked as the overlapping last 32 or 64 bytes of the
 * input (re-checking good bytes is harmless: every check looks at 4 bytes
 * only). Returns 1 if all of it is valid. Otherwise returns 0 and sets *pi
 * to i such that s[lo .. i) is valid except that it may end inside a
 * character, and the first error lies in a character that ends in
 * s[i .. i + 64) (or in s[i .. len) when fewer than 128 bytes remain).
 *
 * It also adds the UTF-16 units of s[lo .. i) (or of s[lo .. len)
 * when valid) to *cnt by the per-byte rule of utf16_length_from_utf8, from
 * what the checks compute anyway: ASCII runs count from how far they
 * advance, chunks with 1- and 2-byte characters by their character starts
 * (the mask avx2_u8_check2 makes), fully checked chunks by the unit table
 * (its pshufb index is the check's), summed per chunk with one psadbw into
 * 64-bit lanes. The caller takes off the units of a character cut off at
 * i. n is computed modulo 2^N (the total is not negative).
 */
AVX2_U8_INLINE int avx2_u8_run(const unsigned char *s, size_t lo, size_t len, size_t *pi,
                               size_t *cnt)
{
    /* i <= last: at least 64 bytes left */
    const size_t last = len - 64;
    size_t i = lo, n = 0, r;
    /* what the chunk before leaves unfinished: `carry` 1 after an
       avx2_u8_check2 chunk that ends with a lead; `full_inc` nonzero after
       a fully checked chunk that ends inside a character (the next chunk
       then takes the full check too, or fails if ASCII) */
    uint64_t carry = 0;
    const avx2_u8_k k = avx2_u8_consts(1, AVX2_U8_UTF8);
    __m256i full_inc, e, acc = _mm256_setzero_si256();
    /* the unit table and the zero of psadbw, opaque while counting (as the
       constants of the check): kept or spilled, not loaded or made again
       in every chunk */
    __m256i ut = _mm256_loadu_si256((const __m256i *)avx2_u8_units_by_nibble);
    __m256i zero = _mm256_setzero_si256();
    AVX2_U8_OPAQUE(ut);
    AVX2_U8_OPAQUE(zero);
    {
        /* the first chunk, with nothing before it */
        __m256i a = _mm256_loadu_si256((const __m256i *)(s + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + i + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            full_inc = _mm256_setzero_si256();
            n += 64;
        } else {
            e = avx2_u8_check_fresh_exact(a, b, AVX2_U8_UTF8);
            if (UNILANE_UNLIKELY(!avx2_u8_is_zero(e)))
                goto out;
            full_inc = avx2_u8_incomplete(b);
            acc = avx2_u8_units_sad(acc, a, b);
        }
        i += 64;
    }
    while (i <= last) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(s + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + i + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            /* ASCII: bad only if the bytes before end inside a sequence;
               then ASCII chunks need no more than a look */
            size_t i1 = i;
            if (UNILANE_UNLIKELY(carry != 0 || !avx2_u8_is_zero(full_inc)))
                goto out;
            carry = 0;
            full_inc = _mm256_setzero_si256();
            i = avx2_u8_ascii_run_end(s, i, last);
            n += i - i1;
            continue;
        }
        if (avx2_u8_is_zero(
                _mm256_or_si256(full_inc, _mm256_subs_epu8(_mm256_max_epu8(a, b), k.df)))) {
            /* 1- and 2-byte characters only */
            uint64_t nc, lead;
            if (UNILANE_UNLIKELY(!avx2_u8_check2_k(&k, a, b, carry, &nc, &lead, AVX2_U8_UTF8)))
                goto out;
            n += (size_t)_mm_popcnt_u64(nc);
            /* a lead as byte 63: the next chunk's first byte continues it */
            carry = lead >> 63;
        } else {
            /* the unit counts are looked up next to the check, whose
               pshufb index they share; summed once the chunk passed */
            __m256i acc1 = avx2_u8_units_sad_k(acc, ut, zero, k.nib, a, b);
            e = _mm256_or_si256(avx2_u8_check_at_k(&k, s + i, AVX2_U8_UTF8),
                                avx2_u8_check_at_k(&k, s + i + 32, AVX2_U8_UTF8));
            if (UNILANE_UNLIKELY(!avx2_u8_is_zero(e)))
                goto out;
            acc = acc1;
            carry = 0;
            full_inc = avx2_u8_incomplete(b);
        }
        i += 64;
    }
    /* 0 <= r < 64 bytes left; i >= lo + 64 */
    r = len - i;
    if (r == 0) {
        if (carry != 0 || !avx2_u8_is_zero(full_inc))
            goto out;
    } else {
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + len - 32));
        e = avx2_u8_check_last(s, len, r, b, AVX2_U8_UTF8);
        if (UNILANE_UNLIKELY(!avx2_u8_is_zero(e)))
            goto out;
        n += avx2_u8_units_last(s, len, r, b);
    }
    *cnt += n + avx2_u8_hsum64(acc);
    return 1;
out:
    *cnt += n + avx2_u8_hsum64(acc);
    *pi = i;
    return 0;
}

/*
 * AVX2_U8_SMALL_MIN <= len < 64: the input as two overlapping blocks,
 * s[0 .. 32) with nothing before it and s[len - 32 .. len) with its 3 bytes
 * before it as context (they are in the first block: hence 35, the
 * smallest input the kernels below have a vector step for; the pair rule
 * of WTF8 needs 4 bytes before it, and so 36). Returns 1 if s[0 .. len) is
 * valid, and then the UTF-16 units of it in *units; 0 if it is not, or for
 * WTF8 if len is 35 and a low surrogate needs the pair rule.
 */
#  define AVX2_U8_SMALL_MIN 35

/* The three ways of the entries that validate: fewer than
   AVX2_U8_SMALL_MIN bytes have no vector step (the scalar kernel), fewer
   than 64 take the two-block code, the rest the 64-byte chunk code. */
#  define AVX2_U8_BY_LENGTH(len, scalar, small, big) \
    ((len) < AVX2_U8_SMALL_MIN ? (scalar) : (len) < 64 ? (small) : (big))

AVX2_U8_INLINE int avx2_u8_small_check(const unsigned char *s, size_t len, size_t *units,
                                       enum avx2_u8_form form)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)s);
    __m256i b = _mm256_loadu_si256((const __m256i *)(s + len - 32));
    __m256i e;
    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
        *units = len;
        return 1;
    }
    e = _mm256_or_si256(
        avx2_u8_check(a, _mm256_setzero_si256(), form),
        _mm256_or_si256(avx2_u8_check_at(s + len - 32, form), avx2_u8_incomplete(b)));
    if (form == AVX2_U8_WTF8 && !avx2_u8_is_zero(e)) {
        if (len < AVX2_U8_SMALL_MIN + 1)
            return 0;
        e = _mm256_or_si256(avx2_u8_check(a, _mm256_setzero_si256(), AVX2_U8_WTF8_PAIRS),
                            _mm256_or_si256(avx2_u8_check_at(s + len - 32, AVX2_U8_WTF8_PAIRS),
                                            avx2_u8_incomplete(b)));
    }
    if (!avx2_u8_is_zero(e))
        return 0;
    /* of the second block only the bytes from index 32 on */
    *units = avx2_u8_units_from(a, 0) + avx2_u8_units_from(b, (unsigned)(64 - len));
    return 1;
}

/* The full check of the 64 bytes at s, whose 3 bytes before (4 for WTF-8)
   are readable, exact for WTF-8 too (with the pair rule where needed). */
AVX2_U8_INLINE __m256i avx2_u8_full64(const avx2_u8_k *k, const unsigned char *s,
                                      enum avx2_u8_form form)
{
    __m256i e =
        _mm256_or_si256(avx2_u8_check_at_k(k, s, form), avx2_u8_check_at_k(k, s + 32, form));
    AVX2_U8_EXACT(form, e,
                  _mm256_or_si256(avx2_u8_check_at(s, AVX2_U8_WTF8_PAIRS),
                                  avx2_u8_check_at(s + 32, AVX2_U8_WTF8_PAIRS)));
    return e;
}

/* What a run with unit count and width hands back: the units n plus the
   64-bit lanes of acc added to *cnt, the bytewise maximum mx to *pmx. */
AVX2_U8_INLINE void avx2_u8_put_info(size_t *cnt, size_t n, __m256i acc, __m256i *pmx, __m256i mx)
{
    *cnt += n + avx2_u8_hsum64(acc);
    *pmx = mx;
}

/* The UTF-16 units of the 64 bytes at s by the per-byte rule, per byte
   position (each at most 4), with the constants *k. */
AVX2_U8_INLINE __m256i avx2_u8_units64_at(__m256i ut, const avx2_u8_k *k, const unsigned char *s)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)s);
    __m256i b = _mm256_loadu_si256((const __m256i *)(s + 32));
    return _mm256_add_epi8(
        _mm256_shuffle_epi8(ut, _mm256_and_si256(_mm256_srli_epi16(a, 4), k->nib)),
        _mm256_shuffle_epi8(ut, _mm256_and_si256(_mm256_srli_epi16(b, 4), k->nib)));
}

/*
 * avx2_u8_run for validation alone (no count, no width): the same chunk
 * choice, except that a chunk that needs the full check (not right after
 * ASCII chunks) starts a run of full checks: it and the chunks after it,
 * two a step, ASCII and 2-byte ones alike, until AVX2_U8_FULL_RUN chunks
 * in a row had no byte >= 0xE0 or a step of two was ASCII. On mixed text
 * (Persian: Arabic-script words, words with ZWNJ U+200C, ASCII spaces and
 * digits) the three-way choice per chunk flipped on about every second
 * chunk; inside a run the path does not depend on the text (callgrind's
 * branch simulation, persan: 7.8 -> 2.2 mispredictions per KiB, simdutf
 * haswell 3.4). Inside a run every check has its 3 bytes before as
 * context, so nothing is carried from chunk to chunk. A chunk with a byte
 * >= 0xE0 right after ASCII ones (a dash or a quotation mark in English
 * text) is checked alone: the next one is most likely ASCII again.
 * Returns as avx2_u8_run (for an error in a run, *pi may be 64 bytes
 * earlier: the caller checks from there to the end).
 *
 * With `info` (a constant; without it the additions are dead code) it
 * starts at lo instead of 0 and does what avx2_u8_run does with both
 * `count` and `width`: the units of s[lo .. i) added to *cnt and their
 * bytewise maximum in *pmx, from what the checks compute anyway. A run
 * step adds the unit counts of its two chunks to byte counters (acc8, at
 * most 8 a step), summed with one psadbw when the run ends; with info a
 * run ends after AVX2_U8_RUN_STEPS steps at the latest (the next chunk
 * then starts another, as after a run that ended for its text). Summing
 * every step with psadbw ran utf8_inspect at 0.875 of validate_utf8 in
 * instructions on full-check text (callgrind), this at 0.895-0.900.
 */
#  define AVX2_U8_FULL_RUN  8
#  define AVX2_U8_RUN_STEPS 31
#  define AVX2_U8_FULL_MASK ((1u << AVX2_U8_FULL_RUN / 2) - 1)

AVX2_U8_INLINE int avx2_u8_validate_run(const unsigned char *s, size_t lo, size_t len, size_t *pi,
                                        int info, size_t *cnt, __m256i *pmx, enum avx2_u8_form form)
{
    const size_t last = len - 64;
    size_t i = lo, r, n = 0;
    uint64_t carry = 0;
    int after_ascii = 0;
    const avx2_u8_k k = avx2_u8_consts(1, form);
    __m256i ut = _mm256_loadu_si256((const __m256i *)avx2_u8_units_by_nibble);
    __m256i full_inc = _mm256_setzero_si256(), e, wmax = _mm256_setzero_si256(),
            acc = _mm256_setzero_si256(), acc8 = _mm256_setzero_si256();
    {
        __m256i a = _mm256_loadu_si256((const __m256i *)(s + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + i + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0) {
            e = avx2_u8_check_fresh_exact(a, b, form);
            if (UNILANE_UNLIKELY(!avx2_u8_is_zero(e)))
                goto out;
            full_inc = avx2_u8_incomplete(b);
            if (info) {
                acc = avx2_u8_units_sad(acc, a, b);
                wmax = _mm256_max_epu8(a, b);
            }
        } else if (info)
            n = 64;
        i += 64;
    }
    while (i <= last) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(s + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + i + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            size_t i1 = i;
            if (UNILANE_UNLIKELY(carry != 0 || !avx2_u8_is_zero(full_inc)))
                goto out;
            carry = 0;
            full_inc = _mm256_setzero_si256();
            i = avx2_u8_ascii_run_end(s, i, last);
            n += i - i1;
            after_ascii = 1;
            continue;
        }
        if (avx2_u8_is_zero(
                _mm256_or_si256(full_inc, _mm256_subs_epu8(_mm256_max_epu8(a, b), k.df)))) {
            uint64_t nc, lead;
            if (UNILANE_UNLIKELY(!avx2_u8_check2_k(&k, a, b, carry, &nc, &lead, form)))
                goto out;
            carry = lead >> 63;
            after_ascii = 0;
            if (info) {
                n += (size_t)_mm_popcnt_u64(nc);
                wmax = _mm256_max_epu8(wmax, _mm256_max_epu8(a, b));
            }
            i += 64;
            continue;
        }
        if (after_ascii || i + 64 > last) {
            /* right after ASCII chunks (a dash or a quotation mark in
               English text: the next chunk is ASCII again), or room for
               one chunk only: this chunk alone */
            after_ascii = 0;
            e = avx2_u8_full64(&k, s + i, form);
            if (UNILANE_UNLIKELY(!avx2_u8_is_zero(e)))
                goto out;
            carry = 0;
            full_inc = avx2_u8_incomplete(b);
            if (info) {
                acc = avx2_u8_units_sad(acc, a, b);
                wmax = _mm256_max_epu8(wmax, _mm256_max_epu8(a, b));
            }
            i += 64;
            continue;
        }
        /* a run of full checks, two chunks (128 bytes) a step: bit k of
           `no3` says that the step k back had no byte >= 0xE0; the run
           ends after AVX2_U8_FULL_RUN / 2 such steps in a row, or after an
           ASCII step. Kept in bits and tested in arithmetic, so that the
           one branch taken per step does not depend on the text. */
        {
            unsigned no3 = 0, asc;
            /* with info, at most AVX2_U8_RUN_STEPS steps a run (the byte
               counters in acc8 take at most 8 a step; flushed after it) */
            const size_t rlast = info && last - 64 - i > 128 * (AVX2_U8_RUN_STEPS - 1)
                                     ? i + 128 * (AVX2_U8_RUN_STEPS - 1) + 64
                                     : last;
            carry = 0;
            for (;;) {
                __m256i c = _mm256_loadu_si256((const __m256i *)(s + i + 64));
                __m256i d = _mm256_loadu_si256((const __m256i *)(s + i + 96));
                __m256i mx = _mm256_max_epu8(_mm256_max_epu8(a, b), _mm256_max_epu8(c, d));
                /* one 64-byte check after the other (else gcc interleaves
                   them and spills) */
                __m256i u = _mm256_setzero_si256();
                e = avx2_u8_full64(&k, s + i, form);
                AVX2_U8_OPAQUE(e);
                e = _mm256_or_si256(e, avx2_u8_full64(&k, s + i + 64, form));
                if (info) /* the loads of the checks again, their index too */
                    u = _mm256_add_epi8(avx2_u8_units64_at(ut, &k, s + i),
                                        avx2_u8_units64_at(ut, &k, s + i + 64));
                if (UNILANE_UNLIKELY(!avx2_u8_is_zero(e)))
                    goto out;
                if (info) {
                    acc8 = _mm256_add_epi8(acc8, u);
                    wmax = _mm256_max_epu8(wmax, mx);
                }
                full_inc = avx2_u8_incomplete(d);
                no3 = no3 << 1 | (unsigned)avx2_u8_is_zero(_mm256_subs_epu8(mx, k.df));
                asc = (unsigned)(_mm256_movemask_epi8(mx) == 0);
                i += 128;
                if ((((no3 & AVX2_U8_FULL_MASK) + 1) >> (AVX2_U8_FULL_RUN / 2) | asc) != 0 ||
                    i + 64 > rlast)
                    break;
                a = _mm256_loadu_si256((const __m256i *)(s + i));
                b = _mm256_loadu_si256((const __m256i *)(s + i + 32));
            }
            if (info) {
                acc = _mm256_add_epi64(acc, _mm256_sad_epu8(acc8, _mm256_setzero_si256()));
                acc8 = _mm256_setzero_si256();
            }
        }
    }
    /* 0 <= r < 64 bytes left, as in avx2_u8_run */
    r = len - i;
    if (r == 0) {
        if (carry != 0 || !avx2_u8_is_zero(full_inc))
            goto out;
        if (info)
            avx2_u8_put_info(cnt, n, acc, pmx, wmax);
        return 1;
    }
    {
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + len - 32));
        e = avx2_u8_check_last(s, len, r, b, form);
        if (UNILANE_LIKELY(avx2_u8_is_zero(e))) {
            if (info)
                avx2_u8_put_info(cnt, n + avx2_u8_units_last(s, len, r, b), acc, pmx,
                                 avx2_u8_max_last(s, len, b, wmax));
            return 1;
        }
    }
out:
    if (info)
        avx2_u8_put_info(cnt, n,
                         _mm256_add_epi64(acc, _mm256_sad_epu8(acc8, _mm256_setzero_si256())), pmx,
                         wmax);
    *pi = i;
    return 0;
}

/* len >= 64 */
/* The validator of `form` (a constant; UTF8 or WTF8): for WTF8 the scalar
   code starts before a high surrogate right before where the SIMD code
   stopped (gen_wtf8_high_before), so that it sees a pair split there. */
AVX2_U8_INLINE unilane_result avx2_u8_validate_form(const char *src, size_t len,
                                                    enum avx2_u8_form form)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i, j;
    if (avx2_u8_validate_run(s, 0, len, &i, 0, NULL, NULL, form))
        return AVX2_THEN(avx2_u8_ok(len, 0));
    AVX2_LEAVE();
    j = gen_utf8_last_lead(s, 0, i);
    if (form == AVX2_U8_WTF8) {
        j -= 3 * (size_t)gen_wtf8_high_before(s, 0, j);
        return gen_finish(unilane_scalar_validate_wtf8(src + j, len - j), j, 0);
    }
    return gen_finish(unilane_scalar_validate_utf8(src + j, len - j), j, 0);
}

static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result avx2_u8_validate_big(const char *src,
                                                                                size_t len)
{
    return avx2_u8_validate_form(src, len, AVX2_U8_UTF8);
}

static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result avx2_wtf8_validate_big(const char *src,
                                                                                  size_t len)
{
    return avx2_u8_validate_form(src, len, AVX2_U8_WTF8);
}

/* AVX2_U8_SMALL_MIN <= len < 64: an input that avx2_u8_small_check does
   not pass is decided by the scalar kernel. */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result avx2_u8_validate_small(const char *src,
                                                                                  size_t len)
{
    size_t units;
    if (!avx2_u8_small_check((const unsigned char *)src, len, &units, AVX2_U8_UTF8))
        return AVX2_THEN(unilane_scalar_validate_utf8(src, len));
    AVX2_LEAVE();
    return avx2_u8_ok(len, 0);
}

static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result avx2_wtf8_validate_small(const char *src,
                                                                                    size_t len)
{
    size_t units;
    int ok = avx2_u8_small_check((const unsigned char *)src, len, &units, AVX2_U8_WTF8);
    AVX2_LEAVE();
    if (!ok)
        return unilane_scalar_validate_wtf8(src, len);
    return avx2_u8_ok(len, 0);
}

UNILANE_TARGET_AVX2 unilane_result unilane_avx2_validate_utf8(const char *src, size_t len)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_validate_utf8(src, len),
                             avx2_u8_validate_small(src, len), avx2_u8_validate_big(src, len));
}

UNILANE_TARGET_AVX2 unilane_result unilane_avx2_validate_wtf8(const char *src, size_t len)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_validate_wtf8(src, len),
                             avx2_wtf8_validate_small(src, len), avx2_wtf8_validate_big(src, len));
}

UNILANE_TARGET_AVX2 size_t unilane_avx2_utf16_length_from_utf8(const char *src, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0, n = 0;
    if (len < 32) /* no vector step: the loads are 32 bytes wide */
        return unilane_scalar_utf16_length_from_utf8(src, len);
    while (len - i >= 128) {
        /* each step adds at most 4 * 2 = 8 to a byte lane: flush every 31 */
        __m256i acc = _mm256_setzero_si256();
        size_t steps = (len - i) / 128, k;
        if (steps > 31)
            steps = 31;
        for (k = 0; k < steps; k++, i += 128) {
#  define AVX2_U8_CNT(off) avx2_u8_units_of(_mm256_loadu_si256((const __m256i *)(s + i + (off))))
            acc = _mm256_add_epi8(
                acc, _mm256_add_epi8(_mm256_add_epi8(AVX2_U8_CNT(0), AVX2_U8_CNT(32)),
                                     _mm256_add_epi8(AVX2_U8_CNT(64), AVX2_U8_CNT(96))));
        }
        n += avx2_u8_hsum(acc);
    }
    /* 0 <= len - i < 128 */
    {
        __m256i acc = _mm256_setzero_si256();
        while (len - i >= 32) {
            acc = _mm256_add_epi8(acc, AVX2_U8_CNT(0));
            i += 32;
        }
#  undef AVX2_U8_CNT
        if (i < len) {
            /* the last 32 bytes, less the 32 - (len - i) counted already:
               their lanes are masked off (index > 31 - (len - i) stays) */
            const __m256i idx =
                _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                                 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
            __m256i c = avx2_u8_units_of(_mm256_loadu_si256((const __m256i *)(s + len - 32)));
            __m256i keep = _mm256_cmpgt_epi8(idx, _mm256_set1_epi8((char)(31 - (len - i))));
            acc = _mm256_add_epi8(acc, _mm256_and_si256(c, keep));
        }
        n += avx2_u8_hsum(acc);
    }
    AVX2_LEAVE();
    return n;
}

/* avx2_u8_run counting, out of line and leaving the upper state clean: no
   vector value of it can then live on in the caller's loop across the
   scalar calls (compiled as one unit, gcc kept a hoisted constant in a
   register across them, a dirty call). */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE int
avx2_u8_count_run(const unsigned char *s, size_t lo, size_t len, size_t *pi, size_t *cnt)
{
    int ok = avx2_u8_run(s, lo, len, pi, cnt);
    AVX2_LEAVE();
    return ok;
}

/* len >= 64 */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE size_t avx2_u8_length_lossy_big(const char *src,
                                                                            size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t lo = 0, n = 0, i, j, e;
    for (;;) {
        if (avx2_u8_count_run(s, lo, len, &i, &n))
            return n;
        /* s[lo .. i) is counted; the error is in a character that ends in
           s[i .. i + 64): the scalar kernel counts s[j .. e), then the
           SIMD code resumes at e, where decoding starts afresh */
        j = gen_utf8_last_lead(s, lo, i);
        n -= gen_utf8_units(s + j, i - j);
        if (len - i < 64 + 3 + 64)
            return n + unilane_scalar_utf16_length_from_utf8_lossy(src + j, len - j);
        e = gen_utf8_resync(s, len, i + 64);
        n += unilane_scalar_utf16_length_from_utf8_lossy(src + j, e - j);
        lo = e;
    }
}

/* AVX2_U8_SMALL_MIN <= len <= 64: as avx2_u8_validate_small */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE size_t avx2_u8_length_lossy_small(const char *src,
                                                                              size_t len)
{
    size_t units;
    if (!avx2_u8_small_check((const unsigned char *)src, len, &units, AVX2_U8_UTF8))
        return AVX2_THEN(unilane_scalar_utf16_length_from_utf8_lossy(src, len));
    AVX2_LEAVE();
    return units;
}

/* 64 bytes too go to the two-block code (the blocks then meet without
   overlap): the chunk code took 217 instructions a call there, 142% of
   scalar's, on French text (scripts/icount_short.sh --x86). */
UNILANE_TARGET_AVX2 size_t unilane_avx2_utf16_length_from_utf8_lossy(const char *src, size_t len)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_utf16_length_from_utf8_lossy(src, len),
                             avx2_u8_length_lossy_small(src, len),
                             len == 64 ? avx2_u8_length_lossy_small(src, len)
                                       : avx2_u8_length_lossy_big(src, len));
}

/* ------------------------------------------------------------------------ */
/* utf8_inspect, utf8_inspect_lossy                                         */
/* ------------------------------------------------------------------------ */

/* The largest of the 32 bytes of v. */
AVX2_U8_INLINE unsigned avx2_u8_umax(unsigned a, unsigned b)
{
    return a > b ? a : b;
}

/* The largest byte of s[k .. e). */
static UNILANE_TARGET_AVX2 unsigned avx2_u8_max_of(const unsigned char *s, size_t k, size_t e)
{
    __m256i m = _mm256_setzero_si256();
    unsigned h;
    for (; e - k >= 32; k += 32)
        m = _mm256_max_epu8(m, _mm256_loadu_si256((const __m256i *)(s + k)));
    h = avx2_hmax_u8(m);
    return avx2_u8_umax(h, AVX2_THEN(gen_max_byte(s, k, e)));
}

/* avx2_u8_validate_run with the unit count and width, for UTF-8, out of
   line and leaving the upper state clean (as avx2_u8_count_run): the
   largest byte of what it passed in *ptop. */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE int avx2_u8_inspect_run(const unsigned char *s,
                                                                    size_t lo, size_t len,
                                                                    size_t *pi, size_t *cnt,
                                                                    unsigned *ptop)
{
    __m256i mx;
    int ok = avx2_u8_validate_run(s, lo, len, pi, 1, cnt, &mx, AVX2_U8_UTF8);
    *ptop = avx2_hmax_u8(mx);
    AVX2_LEAVE();
    return ok;
}

/*
 * len >= 64: validation, the unit count and the width in one pass
 * (avx2_u8_inspect_run). At an error the scalar
 * inspection takes over at the start of the character in error (as in
 * avx2_u8_length_lossy_big): strict, for the rest of the input; lossy, for
 * the window up to a resynchronisation point, after which the SIMD code
 * resumes. The first window with an error names the first error (what is
 * before it is valid), and the widths of the parts combine as their maximum.
 */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_utf8_info avx2_u8_inspect_big(const char *src,
                                                                                  size_t len,
                                                                                  int lossy)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t lo = 0, n = 0, i, j, e, err = len;
    unilane_status first = UNILANE_OK;
    unilane_width wd = UNILANE_WIDTH_ASCII;
    unsigned top = 0; /* largest byte of what the SIMD code passed */
    unsigned mt;      /* largest byte of what avx2_u8_inspect_run passed */
    for (;;) {
        if (avx2_u8_inspect_run(s, lo, len, &i, &n, &mt)) {
            top = avx2_u8_umax(top, mt);
            break;
        }
        j = gen_utf8_last_lead(s, lo, i);
        n -= gen_utf8_units(s + j, i - j);
        /* a character cut off at i is in mx: then s[lo .. j) again */
        top = avx2_u8_umax(top, j == i ? mt : avx2_u8_max_of(s, lo, j));
        AVX2_LEAVE();
        e = gen_inspect_window(src, len, i, j, lossy, &n, &wd, &first, &err);
        if (e == len)
            break;
        lo = e;
    }
    return gen_utf8_info(first, err, n, gen_wider(wd, gen_width(gen_utf8_lead_cp(top))));
}
/* AVX2_U8_SMALL_MIN <= len < 64: the two blocks of avx2_u8_small_check;
   an input they do not pass is inspected by the scalar kernel. */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_utf8_info avx2_u8_inspect_small(const char *src,
                                                                                    size_t len,
                                                                                    int lossy)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t units;
    unsigned top;
    if (!avx2_u8_small_check(s, len, &units, AVX2_U8_UTF8)) {
        AVX2_LEAVE();
        return lossy ? unilane_scalar_utf8_inspect_lossy(src, len)
                     : unilane_scalar_utf8_inspect(src, len);
    }
    top = avx2_hmax_u8(_mm256_max_epu8(_mm256_loadu_si256((const __m256i *)s),
                                       _mm256_loadu_si256((const __m256i *)(s + len - 32))));
    AVX2_LEAVE();
    return gen_utf8_info(UNILANE_OK, len, units, gen_width(gen_utf8_lead_cp(top)));
}

UNILANE_TARGET_AVX2 unilane_utf8_info unilane_avx2_utf8_inspect(const char *src, size_t len)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_utf8_inspect(src, len),
                             avx2_u8_inspect_small(src, len, 0), avx2_u8_inspect_big(src, len, 0));
}

UNILANE_TARGET_AVX2 unilane_utf8_info unilane_avx2_utf8_inspect_lossy(const char *src, size_t len)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_utf8_inspect_lossy(src, len),
                             avx2_u8_inspect_small(src, len, 1), avx2_u8_inspect_big(src, len, 1));
}

/* ------------------------------------------------------------------------ */
/* utf8_to_utf16, utf8_to_utf16_lossy                                       */
/* ------------------------------------------------------------------------ */

/* Builds a 32-byte pshufb control from four 8-bit keep masks: each 8-byte
   group of a 128-bit lane is compacted to the front of its own half. */
AVX2_U8_INLINE __m256i avx2_u8_compress_ctl(uint32_t keep)
{
    const __m128i eight = _mm_set1_epi8(8);
    __m128i g0 = _mm_loadl_epi64((const __m128i *)avx2_u8_compress8[keep & 0xFF]);
    __m128i g1 = _mm_loadl_epi64((const __m128i *)avx2_u8_compress8[(keep >> 8) & 0xFF]);
    __m128i g2 = _mm_loadl_epi64((const __m128i *)avx2_u8_compress8[(keep >> 16) & 0xFF]);
    __m128i g3 = _mm_loadl_epi64((const __m128i *)avx2_u8_compress8[keep >> 24]);
    __m128i l0 = _mm_unpacklo_epi64(g0, _mm_add_epi8(g1, eight));
    __m128i l1 = _mm_unpacklo_epi64(g2, _mm_add_epi8(g3, eight));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(l0), l1, 1);
}

/* Bytes of the 32 at s (valid UTF-8 from a character boundary) taken by
   one window: up to the last character start, or all 32 if the last byte
   is ASCII. */
AVX2_U8_INLINE size_t avx2_u8_win_cons(const unsigned char *s)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)s);
    uint32_t hib = (uint32_t)_mm256_movemask_epi8(a), h;
    if (hib == 0)
        return 32;
    h = 31 - _lzcnt_u32(avx2_u8_starts(a));
    return ((hib >> h) & 1) ? h : 32;
}

/* Widens the 32 ASCII bytes a to 32 units at out. */
AVX2_U8_INLINE void avx2_u8_widen32(__m256i a, uint16_t *out)
{
    _mm256_storeu_si256((__m256i *)out, _mm256_cvtepu8_epi16(_mm256_castsi256_si128(a)));
    _mm256_storeu_si256((__m256i *)(out + 16),
                        _mm256_cvtepu8_epi16(_mm256_extracti128_si256(a, 1)));
}

/* Stores the compacted planes lo, hi (the bytes of `keep`, 8-byte group by
   group) as 16-bit units at out; junk may follow in out[n .. n + 8). */
AVX2_U8_INLINE size_t avx2_u8_win16_store(__m256i lo, __m256i hi, uint32_t keep, uint16_t *out)
{
    __m256i ctl = avx2_u8_compress_ctl(keep);
    __m256i x0, x1;
    lo = _mm256_shuffle_epi8(lo, ctl);
    hi = _mm256_shuffle_epi8(hi, ctl);
    x0 = _mm256_unpacklo_epi8(lo, hi); /* groups 0 | 2 */
    x1 = _mm256_unpackhi_epi8(lo, hi); /* groups 1 | 3 */
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(x0));
    out += _mm_popcnt_u32(keep & 0xFF);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(x1));
    out += _mm_popcnt_u32(keep & 0xFF00);
    _mm_storeu_si128((__m128i *)out, _mm256_extracti128_si256(x0, 1));
    out += _mm_popcnt_u32(keep & 0xFF0000);
    _mm_storeu_si128((__m128i *)out, _mm256_extracti128_si256(x1, 1));
    return (size_t)_mm_popcnt_u32(keep);
}

/*
 * The part of avx2_u8_win16_any for a window that holds a 4-byte
 * character: a = the window, b and c the bytes one and two back, bcont
 * where b is a continuation byte, *lo and *hi the planes of the 1- to
 * 3-byte characters. A 4-byte character x0 x1 x2 x3 gives two units, put
 * at the positions of x2 (high surrogate) and x3 (low surrogate); returns
 * the mask of the x2 bytes, which are kept as well. With
 * t = (x0 & 7) << 2 | (x1 >> 4 & 3), the plane of the code point (1..16):
 *   high = 0xD800 | (t - 1) << 6 | (x1 & 0x0F) << 2 | (x2 >> 4 & 3)
 *   low  = 0xDC00 | (x2 & 0x0F) << 6 | (x3 & 0x3F)
 * (high is 0xD800 + (cp - 0x10000) >> 10 = 0xD7C0 + cp >> 10). In valid
 * UTF-8, x2 is the byte two after a byte >= 0xF0, and x3 is the only
 * continuation byte preceded by two continuation bytes. The low byte of
 * low is the 2-byte formula of the other characters. Positions 0 and 1
 * are never an x2 or x3 (s[0] starts a character), which the x2 test must
 * enforce (s[-2], s[-1] may be garbage after a lossy restart); the x3 test
 * needs s[0] not a continuation byte.
 */
AVX2_U8_INLINE uint32_t avx2_u8_win16_quad(__m256i a, __m256i b, __m256i c, __m256i bcont,
                                           __m256i *lo, __m256i *hi)
{
    const __m256i m64 = _mm256_set1_epi8(-64);
    __m256i is3, is4, t, lo3, hi3, hi4;
    /* x[k-2] >= F0, for k >= 2 only: after a lossy restart the bytes
       before s are not context (they may be anything) */
    is3 = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(c, _mm256_set1_epi8((char)0xF0)), c),
                           _mm256_setr_epi8(0, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                            -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                            -1, -1, -1, -1));
    is4 = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi8(m64, a), bcont),
                           _mm256_cmpgt_epi8(m64, c)); /* x[k-2..k] in 80..BF */
    /* t - 1 = ((x[k-2] & 7) << 2 | (x[k-1] >> 4 & 3)) - 1 at the x2 bytes
       (the 16-bit shifts leak bits across bytes only where masks clear) */
    t = _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(c, 2), _mm256_set1_epi8(0x1C)),
                        _mm256_and_si256(_mm256_srli_epi16(b, 4), _mm256_set1_epi8(0x03)));
    t = _mm256_sub_epi8(t, _mm256_set1_epi8(1));
    hi3 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(t, 2), _mm256_set1_epi8(0x03)),
                          _mm256_set1_epi8((char)0xD8));
    lo3 = _mm256_or_si256(
        _mm256_and_si256(_mm256_slli_epi16(t, 6), _mm256_set1_epi8((char)0xC0)),
        _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(b, 2), _mm256_set1_epi8(0x3C)),
                        _mm256_and_si256(_mm256_srli_epi16(a, 4), _mm256_set1_epi8(0x03))));
    hi4 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(b, 2), _mm256_set1_epi8(0x03)),
                          _mm256_set1_epi8((char)0xDC));
    *lo = _mm256_blendv_epi8(*lo, lo3, is3);
    *hi = _mm256_blendv_epi8(_mm256_blendv_epi8(*hi, hi4, is4), hi3, is3);
    return (uint32_t)_mm256_movemask_epi8(is3);
}

/*
 * Converts the characters that start and end in the 32 bytes at s (valid
 * UTF-8, s[0] starts a character, every character is complete before the
 * last character start in the window) to UTF-16 at out. *consumed gets the
 * number of bytes converted (28..32: up to the last character start, or 32
 * if byte 31 is ASCII; the same as avx2_u8_win_cons). Returns the units
 * written. May store junk in out[n .. n + 8) beyond the n units written.
 * When `first` is 0, s[-2] and s[-1] are readable. `two` (a constant
 * after inlining) says the window has 1- and 2-byte characters only.
 * `last` (a constant): the input ends with the window, complete; then the
 * characters starting at s[from] (a character boundary, from <= 31) up to
 * the end are converted and *consumed is 32. `form` (a constant): MUTF8
 * has no 4-byte characters (the formulas below take its overlong forms and
 * C0/C1 as they are).
 *
 * For each byte x[k] (x[k-1], x[k-2] before it) that ends a character:
 *   ASCII:          u = x[k]
 *   2-byte end:     u = (x[k-1] & 0x1F) << 6 | (x[k] & 0x3F)
 *   3-byte end:     u = (x[k-2] & 0x0F) << 12 | (x[k-1] & 0x3F) << 6 | (x[k] & 0x3F)
 * computed as a low-byte plane and a high-byte plane (a window with a
 * 4-byte character adds its surrogates, avx2_u8_win16_quad), then the bytes
 * that end a character are compacted and the planes interleaved to 16 bits.
 */
AVX2_U8_INLINE size_t avx2_u8_win16_any(const unsigned char *s, int first, int two, int last,
                                        uint32_t from, uint16_t *out, size_t *consumed,
                                        enum avx2_u8_form form)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)s);
    uint32_t hib = (uint32_t)_mm256_movemask_epi8(a);
    uint32_t nc, h, cons, keep;
    __m256i b, c, asc, bcont, lo, hi;
    if (!last && hib == 0) {
        avx2_u8_widen32(a, out);
        *consumed = 32;
        return 32;
    }
    /* bytes that start a character; nc != 0 as s[0] is one */
    nc = avx2_u8_starts(a);
    h = 31 - _lzcnt_u32(nc);
    cons = (!last && ((hib >> h) & 1)) ? h : 32;
    *consumed = cons;
    if (first) {
        /* t = [0 | a.lo]: shifting in zero bytes instead of s[-2], s[-1] */
        __m256i t = _mm256_permute2x128_si256(a, a, 0x08);
        b = _mm256_alignr_epi8(a, t, 15);
        c = _mm256_alignr_epi8(a, t, 14);
    } else {
        b = _mm256_loadu_si256((const __m256i *)(s - 1));
        c = two ? b : _mm256_loadu_si256((const __m256i *)(s - 2));
    }
    asc = _mm256_cmpgt_epi8(a, _mm256_set1_epi8(-1));    /* x[k] < 0x80      */
    bcont = _mm256_cmpgt_epi8(_mm256_set1_epi8(-64), b); /* x[k-1] in 80..BF */
    /* low byte: (x[k-1] << 6) | (x[k] & 0x3F); the 16-bit shift leaks bits
       of the neighbour lane only into bits the masks clear */
    lo = _mm256_or_si256(_mm256_and_si256(a, _mm256_set1_epi8(0x3F)),
                         _mm256_and_si256(_mm256_slli_epi16(b, 6), _mm256_set1_epi8((char)0xC0)));
    lo = _mm256_blendv_epi8(lo, a, asc);
    /* high byte: (x[k-1] & 0x3F) >> 2, plus (x[k-2] & 0x0F) << 4 for a
       3-byte end; 0 for ASCII. A 2-byte lead has bit 5 clear, so & 0x3F is
       also & 0x1F for it. */
    hi = _mm256_and_si256(_mm256_srli_epi16(b, 2), _mm256_set1_epi8(0x0F));
    if (!two)
        hi = _mm256_or_si256(hi, _mm256_and_si256(_mm256_and_si256(_mm256_slli_epi16(c, 4),
                                                                   _mm256_set1_epi8((char)0xF0)),
                                                  bcont));
    hi = _mm256_andnot_si256(asc, hi);
    /* bytes that end a character: the next byte starts one, or the window
       ends (cons == 32); nothing at or after cons (a character that starts
       before cons ends before it) */
    keep = (nc >> 1) | 0x80000000u;
    if (!two && form != AVX2_U8_MUTF8 &&
        UNILANE_UNLIKELY(!avx2_u8_is_zero(_mm256_subs_epu8(a, _mm256_set1_epi8((char)0xEF)))))
        keep |= avx2_u8_win16_quad(a, b, c, bcont, &lo, &hi); /* a 4-byte character */
    keep = _bzhi_u32(keep, cons);
    if (last)
        keep &= ~0u << from;
    return avx2_u8_win16_store(lo, hi, keep, out);
}

/* The window of the chunk code: from its start, up to its last character
   start. */
AVX2_U8_INLINE size_t avx2_u8_win16(const unsigned char *s, int first, int two, uint16_t *out,
                                    size_t *consumed, enum avx2_u8_form form)
{
    return avx2_u8_win16_any(s, first, two, 0, 0, out, consumed, form);
}

/* What the chunk of 64 bytes at s + p (a character boundary, len - p >=
   64) is: 1 ASCII, 2 valid with 1- and 2-byte characters only, 3 valid
   with longer ones (a character cut off at the end of the chunk is not
   checked), 0 has an error. `fresh`: decoding starts afresh at p (the
   start, or a restart after an error), so the bytes before p are not
   used as context. */
AVX2_U8_INLINE int avx2_u8_classify(const unsigned char *s, size_t p, int fresh,
                                    enum avx2_u8_form form)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)(s + p));
    __m256i b = _mm256_loadu_si256((const __m256i *)(s + p + 32));
    __m256i e;
    uint64_t nc;
    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0)
        return 1;
    if (avx2_u8_is_zero(avx2_u8_e0s(a, b)))
        return avx2_u8_check2(a, b, &nc, form) ? 2 : 0;
    if (UNILANE_LIKELY(!fresh)) {
        e = _mm256_or_si256(avx2_u8_check_at(s + p, form), avx2_u8_check_at(s + p + 32, form));
        AVX2_U8_EXACT(form, e,
                      _mm256_or_si256(avx2_u8_check_at(s + p, AVX2_U8_WTF8_PAIRS),
                                      avx2_u8_check_at(s + p + 32, AVX2_U8_WTF8_PAIRS)));
    } else {
        e = avx2_u8_check_fresh_exact(a, b, form);
    }
    return avx2_u8_is_zero(e) ? 3 : 0;
}

/*
 * Converts the chunk of kind 2 (two = 1) or 3 (two = 0) at s + *pp (see
 * avx2_u8_classify) as two windows, each 28..32 bytes, both inside the
 * chunk, and classifies the chunk after them, whose kind it returns (0 if
 * it starts after `last`, i.e. fewer than 64 bytes follow). The second window may leave junk past its
 * output only when that next chunk is converted too (it writes at least 10
 * units there); otherwise it goes through a buffer. Advances *pp and *pw.
 * `two` must be a constant: each of the two calls in avx2_u8_to16_run
 * makes its own copy of the window code, specialised for its kind of
 * chunk, as if written out twice. One call with `two` as a run-time value
 * would make every window pay for both kinds (callgrind: utf8_to_utf16
 * 6.6..8.8% more instructions on the French, Russian, Chinese and Arabic
 * corpus files).
 */
AVX2_U8_INLINE int avx2_u8_to16_chunk(const unsigned char *s, size_t last, uint16_t *dst,
                                      size_t *pp, size_t *pw, int two, enum avx2_u8_form form)
{
    size_t p = *pp, w = *pw, c1, c2, q;
    int k;
    w += avx2_u8_win16(s + p, p < 2, two, dst + w, &c1, form);
    c2 = avx2_u8_win_cons(s + p + c1);
    q = p + c1 + c2;
    k = q <= last ? avx2_u8_classify(s, q, 0, form) : 0;
    if (UNILANE_LIKELY(k)) {
        w += avx2_u8_win16(s + p + c1, 0, two, dst + w, &c2, form);
    } else {
        uint16_t tmp[40];
        size_t n = avx2_u8_win16(s + p + c1, 0, two, tmp, &c2, form);
        memcpy(dst + w, tmp, n * sizeof *tmp);
        w += n;
    }
    *pp = q;
    *pw = w;
    return k;
}

/* Widens the ASCII chunk of 64 bytes at s + *pp to dst + *pw, advances both
   and returns the kind of the next chunk (0 if it starts after `last`). */
AVX2_U8_INLINE int avx2_u8_to16_ascii(const unsigned char *s, size_t last, uint16_t *dst,
                                      size_t *pp, size_t *pw, enum avx2_u8_form form)
{
    /* both loads before the stores, which may alias s */
    __m256i a = _mm256_loadu_si256((const __m256i *)(s + *pp));
    __m256i b = _mm256_loadu_si256((const __m256i *)(s + *pp + 32));
    avx2_u8_widen32(a, dst + *pw);
    avx2_u8_widen32(b, dst + *pw + 32);
    *pp += 64;
    *pw += 64;
    return *pp <= last ? avx2_u8_classify(s, *pp, 0, form) : 0;
}

/* 1 if the 48 bytes at s, valid UTF-8 from a character boundary (64
   bytes readable), are 16 3-byte characters: a character starts at every
   third byte only, and at byte 48 (else the last could be 4 bytes long). */
AVX2_U8_INLINE int avx2_u8_is_three48(const unsigned char *s)
{
    uint64_t nc = avx2_u8_starts(_mm256_loadu_si256((const __m256i *)s)) |
                  (uint64_t)avx2_u8_starts(_mm256_loadu_si256((const __m256i *)(s + 32))) << 32;
    return (nc & 0x1FFFFFFFFFFFFu) == 0x1249249249249u;
}

/* The 16 3-byte characters x0 x1 x2 at s (avx2_u8_is_three48) to their 16
   units at out, (x0 & 0x0F) << 12 | (x1 & 0x3F) << 6 | (x2 & 0x3F): each
   character to a 32-bit lane as x2 x1 x0 0 (pshufb), masked, then
   x2 + 64 x1 and 16 x0 (pmaddubsw), then + 256 * the latter (pmaddwd),
   packed to 16 bits. Pure 3-byte text (CJK) takes this instead of two
   windows per chunk, each with its own compaction. */
AVX2_U8_INLINE void avx2_u8_three16(const unsigned char *s, uint16_t *out)
{
    const __m256i shuf = _mm256_setr_epi8(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1, 2,
                                          1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1);
    const __m256i mask = _mm256_set1_epi32(0x000F3F3F);
    const __m256i w8 = _mm256_set1_epi32(0x00104001);  /* bytes 1, 64, 16, 0 */
    const __m256i w16 = _mm256_set1_epi32(0x01000001); /* words 1, 256 */
    __m256i v0 =
        _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)s)),
                                _mm_loadu_si128((const __m128i *)(s + 12)), 1);
    __m256i v1 =
        _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(s + 24))),
                                _mm_loadu_si128((const __m128i *)(s + 36)), 1);
    v0 = _mm256_madd_epi16(
        _mm256_maddubs_epi16(_mm256_and_si256(_mm256_shuffle_epi8(v0, shuf), mask), w8), w16);
    v1 = _mm256_madd_epi16(
        _mm256_maddubs_epi16(_mm256_and_si256(_mm256_shuffle_epi8(v1, shuf), mask), w8), w16);
    /* packus: characters 0-3 8-11 | 4-7 12-15 */
    _mm256_storeu_si256((__m256i *)out,
                        _mm256_permute4x64_epi64(_mm256_packus_epi32(v0, v1), 0xD8));
}

/* Converts the 48 bytes at s + *pp (avx2_u8_is_three48, in a chunk of
   kind 3), advances *pp and *pw and returns the kind of the next chunk (0
   if it starts after `last`). */
AVX2_U8_INLINE int avx2_u8_to16_three(const unsigned char *s, size_t last, uint16_t *dst,
                                      size_t *pp, size_t *pw, enum avx2_u8_form form)
{
    avx2_u8_three16(s + *pp, dst + *pw);
    *pp += 48;
    *pw += 16;
    return *pp <= last ? avx2_u8_classify(s, *pp, 0, form) : 0;
}

/*
 * Validates and converts from s[*pp] (a character boundary where decoding
 * starts afresh; *pw units written so far; len >= 64) in chunks of 64 bytes
 * while at least 64 bytes are left. An ASCII chunk at a character boundary
 * needs no validation and is widened; any other chunk is validated (with
 * the 3 bytes before it as context) and converted by avx2_u8_to16_chunk.
 * On return s[0 .. *pp) is converted into dst[0 .. *pw) and *pp is a
 * character boundary. Returns 1 if it stopped at a chunk s[*pp .. *pp + 64)
 * with an error in a character that starts in it, 0 if fewer than 64 bytes
 * were left.
 */
AVX2_U8_INLINE int avx2_u8_to16_run(const unsigned char *s, size_t len, uint16_t *dst, size_t *pp,
                                    size_t *pw, enum avx2_u8_form form)
{
    /* p <= last: at least 64 bytes left */
    const size_t last = len - 64;
    size_t p = *pp, w = *pw;
    int k = p <= last ? avx2_u8_classify(s, p, 1, form) : 0;
    /* leading ASCII chunks first: an ASCII input never enters the loop
       below, nor pays for the constants it sets up */
    while (k == 1)
        k = avx2_u8_to16_ascii(s, last, dst, &p, &w, form);
    while (k) {
        if (k == 1)
            k = avx2_u8_to16_ascii(s, last, dst, &p, &w, form);
        else if (k == 2)
            k = avx2_u8_to16_chunk(s, last, dst, &p, &w, 1, form);
        else if (avx2_u8_is_three48(s + p))
            k = avx2_u8_to16_three(s, last, dst, &p, &w, form);
        else
            k = avx2_u8_to16_chunk(s, last, dst, &p, &w, 0, form);
    }
    *pp = p;
    *pw = w;
    return p <= last;
}

/* The windows of avx2_u8_to16_small into tmp: one or two from the start and
   a last one that ends at s + len and converts from where the others
   stopped. `two` is a constant, as in avx2_u8_to16_chunk. */
AVX2_U8_INLINE size_t avx2_u8_to16_small_windows(const unsigned char *s, size_t len, int two,
                                                 uint16_t *tmp, enum avx2_u8_form form)
{
    size_t n, c, q, base = len - 32;
    n = avx2_u8_win16(s, 1, two, tmp, &q, form);
    if (len - q > 32) {
        n += avx2_u8_win16(s + q, 0, two, tmp + n, &c, form);
        q += c;
    }
    /* base <= q: the first windows took at least 28 bytes each */
    return n + avx2_u8_win16_any(s + base, 0, two, 1, (uint32_t)(q - base), tmp + n, &c, form);
}

/*
 * AVX2_U8_SMALL_MIN <= len < 64. ASCII: widened as two overlapping blocks
 * (the overlap is written twice with the same units). Otherwise the whole
 * input is validated as two overlapping blocks (avx2_u8_small_check), then
 * converted by avx2_u8_to16_small_windows; the output goes through a
 * buffer (the windows store junk). Returns 0 (nothing written) if the
 * input is not valid, else 1 with all of it converted into *pw units.
 */
AVX2_U8_INLINE int avx2_u8_to16_small(const unsigned char *s, size_t len, uint16_t *dst, size_t *pw,
                                      enum avx2_u8_form form)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)s);
    __m256i b = _mm256_loadu_si256((const __m256i *)(s + len - 32));
    uint16_t tmp[80];
    size_t n, units;
    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
        avx2_u8_widen32(a, dst);
        avx2_u8_widen32(b, dst + len - 32);
        *pw = len;
        return 1;
    }
    if (!avx2_u8_small_check(s, len, &units, form))
        return 0;
    n = avx2_u8_is_zero(avx2_u8_e0s(a, b)) ? avx2_u8_to16_small_windows(s, len, 1, tmp, form)
                                           : avx2_u8_to16_small_windows(s, len, 0, tmp, form);
    memcpy(dst, tmp, n * sizeof *tmp);
    *pw = n;
    return 1;
}

/* The strict scalar conversion of `form` (a constant). */
static inline unilane_result avx2_u8_scalar_to16(const char *src, size_t len, uint16_t *dst,
                                                 enum avx2_u8_form form)
{
    return form == AVX2_U8_WTF8    ? unilane_scalar_wtf8_to_utf16(src, len, dst)
           : form == AVX2_U8_MUTF8 ? unilane_scalar_mutf8_to_utf16(src, len, dst)
                                   : unilane_scalar_utf8_to_utf16(src, len, dst);
}

/* len >= 64. WTF8: the scalar code, and the last 35..63 bytes as a fresh
   input, start before a high surrogate right before p, which converted to
   one unit (gen_wtf8_high_before). */
AVX2_U8_INLINE unilane_result avx2_u8_to16_big_form(const char *src, size_t len, uint16_t *dst,
                                                    enum avx2_u8_form form)
{
    size_t p = 0, w = 0, wt;
    int stop = avx2_u8_to16_run((const unsigned char *)src, len, dst, &p, &w, form);
    if (form == AVX2_U8_WTF8 && AVX2_THEN(gen_wtf8_high_before((const unsigned char *)src, 0, p))) {
        p -= 3;
        w -= 1;
    } else if (!stop && len - p >= AVX2_U8_SMALL_MIN &&
               avx2_u8_to16_small((const unsigned char *)src + p, len - p, dst + w, &wt, form)) {
        /* the last 35..63 bytes, from a character boundary */
        p = len;
        w += wt;
    }
    AVX2_LEAVE();
    if (p == len)
        return avx2_u8_ok(p, w);
    return gen_finish(avx2_u8_scalar_to16(src + p, len - p, dst + w, form), p, w);
}

static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result avx2_u8_to16_big(const char *src,
                                                                            size_t len,
                                                                            uint16_t *dst)
{
    return avx2_u8_to16_big_form(src, len, dst, AVX2_U8_UTF8);
}

/* The copies of a conversion body for WTF-8 and modified UTF-8 (the body
   runs AVX2_LEAVE(), avx2.h). */
#  define AVX2_U8_FORM_FN(name, body, form)                                                      \
    static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result name(const char *src, size_t len, \
                                                                    uint16_t *dst)               \
    {                                                                                            \
      return body(src, len, dst, form);                                                          \
    }

AVX2_U8_FORM_FN(avx2_wtf8_to16_big, avx2_u8_to16_big_form, AVX2_U8_WTF8)
AVX2_U8_FORM_FN(avx2_mutf8_to16_big, avx2_u8_to16_big_form, AVX2_U8_MUTF8)

/* AVX2_U8_SMALL_MIN <= len < 64: an input that avx2_u8_to16_small does not
   convert is converted by the scalar kernel, strict or lossy (`lossy`: a
   constant), and so is one with a few non-ASCII bytes only (fewer than
   AVX2_U8_SPARSE in the two overlapping blocks, counting the overlap
   twice): there the scalar kernel's ASCII runs cost less than the vector
   step's validation and windows (utf8_to_utf16 on French text at 35..63
   bytes: 0.81-0.96x scalar's speed before, 0.92-1.0x with this; Cyrillic
   and Chinese text, where most bytes are not ASCII, keep the vector step:
   1.1-1.8x scalar's speed). */
#  define AVX2_U8_SPARSE 16
AVX2_U8_INLINE unilane_result avx2_u8_to16_short(const char *src, size_t len, uint16_t *dst,
                                                 int lossy, enum avx2_u8_form form)
{
    size_t w;
    __m256i a = _mm256_loadu_si256((const __m256i *)src);
    __m256i b = _mm256_loadu_si256((const __m256i *)(src + len - 32));
    int na = _mm_popcnt_u32((uint32_t)_mm256_movemask_epi8(a)) +
             _mm_popcnt_u32((uint32_t)_mm256_movemask_epi8(b));
    int done = (na == 0 || na >= AVX2_U8_SPARSE) &&
               avx2_u8_to16_small((const unsigned char *)src, len, dst, &w, form);
    AVX2_LEAVE();
    if (done)
        return avx2_u8_ok(len, w);
    if (lossy)
        return avx2_u8_ok(len, unilane_scalar_utf8_to_utf16_lossy(src, len, dst));
    return avx2_u8_scalar_to16(src, len, dst, form);
}

static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result avx2_u8_to16_small_entry(const char *src,
                                                                                    size_t len,
                                                                                    uint16_t *dst)
{
    return avx2_u8_to16_short(src, len, dst, 0, AVX2_U8_UTF8);
}

AVX2_U8_INLINE unilane_result avx2_u8_to16_strict_short(const char *src, size_t len, uint16_t *dst,
                                                        enum avx2_u8_form form)
{
    return avx2_u8_to16_short(src, len, dst, 0, form);
}

AVX2_U8_FORM_FN(avx2_wtf8_to16_small_entry, avx2_u8_to16_strict_short, AVX2_U8_WTF8)
AVX2_U8_FORM_FN(avx2_mutf8_to16_small_entry, avx2_u8_to16_strict_short, AVX2_U8_MUTF8)
#  undef AVX2_U8_FORM_FN

/* len >= 64 */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE size_t avx2_u8_to16_lossy_big(const char *src,
                                                                          size_t len, uint16_t *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t p = 0, w = 0, e, wt;
    for (;;) {
        if (!avx2_u8_to16_run(s, len, dst, &p, &w, AVX2_U8_UTF8)) {
            /* the last 35..63 bytes, from a character boundary */
            if (len - p >= AVX2_U8_SMALL_MIN &&
                avx2_u8_to16_small(s + p, len - p, dst + w, &wt, AVX2_U8_UTF8))
                return AVX2_THEN(w + wt);
            break;
        }
        /* an error in a character starting in s[p .. p + 64): the scalar
           kernel converts s[p .. e), then the SIMD code resumes at e, where
           decoding starts afresh */
        AVX2_LEAVE();
        if (len - p < 64 + 3)
            break;
        e = gen_utf8_resync(s, len, p + 64);
        w += unilane_scalar_utf8_to_utf16_lossy(src + p, e - p, dst + w);
        p = e;
    }
    AVX2_LEAVE();
    if (p == len)
        return w;
    return w + unilane_scalar_utf8_to_utf16_lossy(src + p, len - p, dst + w);
}

static UNILANE_TARGET_AVX2 UNILANE_NOINLINE size_t avx2_u8_to16_lossy_small(const char *src,
                                                                            size_t len,
                                                                            uint16_t *dst)
{
    return avx2_u8_to16_short(src, len, dst, 1, AVX2_U8_UTF8).written;
}

UNILANE_TARGET_AVX2 unilane_result unilane_avx2_utf8_to_utf16(const char *src, size_t len,
                                                              uint16_t *dst)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_utf8_to_utf16(src, len, dst),
                             avx2_u8_to16_small_entry(src, len, dst),
                             avx2_u8_to16_big(src, len, dst));
}

UNILANE_TARGET_AVX2 unilane_result unilane_avx2_wtf8_to_utf16(const char *src, size_t len,
                                                              uint16_t *dst)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_wtf8_to_utf16(src, len, dst),
                             avx2_wtf8_to16_small_entry(src, len, dst),
                             avx2_wtf8_to16_big(src, len, dst));
}

UNILANE_TARGET_AVX2 unilane_result unilane_avx2_mutf8_to_utf16(const char *src, size_t len,
                                                               uint16_t *dst)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_mutf8_to_utf16(src, len, dst),
                             avx2_mutf8_to16_small_entry(src, len, dst),
                             avx2_mutf8_to16_big(src, len, dst));
}

UNILANE_TARGET_AVX2 size_t unilane_avx2_utf8_to_utf16_lossy(const char *src, size_t len,
                                                            uint16_t *dst)
{
    return AVX2_U8_BY_LENGTH(len, unilane_scalar_utf8_to_utf16_lossy(src, len, dst),
                             avx2_u8_to16_lossy_small(src, len, dst),
                             avx2_u8_to16_lossy_big(src, len, dst));
}

/* ------------------------------------------------------------------------ */
/* utf8_to_latin1                                                           */
/* ------------------------------------------------------------------------ */

/* One 32-byte window of UTF-8 that converts to Latin-1: ASCII and the
   pairs C2/C3 + continuation only. */
typedef struct avx2_u8_l1win {
    __m256i v;     /* output byte at every position that ends a character */
    uint32_t keep; /* positions to keep (not a lead byte)                 */
    uint32_t cons; /* bytes consumed: 32, or 31 if byte 31 is a lead     */
    int ascii;
} avx2_u8_l1win;

/* Returns 0 if the window at s (a character boundary) has anything else
   than ASCII and complete C2/C3 pairs (a pair cut by the window end is
   left for the next window): the scalar kernel takes over there. */
AVX2_U8_INLINE int avx2_u8_l1_analyze(const unsigned char *s, int first, avx2_u8_l1win *wv)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)s), b;
    uint32_t hib = (uint32_t)_mm256_movemask_epi8(a), lm, cm;
    wv->v = a;
    if (hib == 0) {
        wv->ascii = 1;
        wv->cons = 32;
        return 1;
    }
    lm = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
        _mm256_and_si256(a, _mm256_set1_epi8((char)0xFE)), _mm256_set1_epi8((char)0xC2)));
    cm = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-64), a));
    /* every non-ASCII byte is C2, C3 or a continuation; continuations
       follow exactly the leads (a lead at byte 31 is not converted) */
    if ((hib & ~(lm | cm)) != 0 || cm != (uint32_t)(lm << 1))
        return 0;
    if (first) {
        __m256i t = _mm256_permute2x128_si256(a, a, 0x08);
        b = _mm256_alignr_epi8(a, t, 15);
    } else {
        b = _mm256_loadu_si256((const __m256i *)(s - 1));
    }
    /* C2 xx -> xx, C3 xx -> xx + 0x40; ASCII never follows C3 here */
    wv->v = _mm256_add_epi8(a, _mm256_and_si256(_mm256_cmpeq_epi8(b, _mm256_set1_epi8((char)0xC3)),
                                                _mm256_set1_epi8(0x40)));
    wv->ascii = 0;
    wv->cons = 32 - (lm >> 31);
    wv->keep = ~lm;
    return 1;
}

/* Writes the window's output at out; may store junk in out[n .. n + 8). */
AVX2_U8_INLINE size_t avx2_u8_l1_store(const avx2_u8_l1win *wv, unsigned char *out)
{
    __m256i x;
    __m128i lo, hi;
    if (wv->ascii) {
        _mm256_storeu_si256((__m256i *)out, wv->v);
        return 32;
    }
    x = _mm256_shuffle_epi8(wv->v, avx2_u8_compress_ctl(wv->keep));
    lo = _mm256_castsi256_si128(x);
    hi = _mm256_extracti128_si256(x, 1);
    _mm_storel_epi64((__m128i *)out, lo);
    out += _mm_popcnt_u32(wv->keep & 0xFF);
    _mm_storel_epi64((__m128i *)out, _mm_unpackhi_epi64(lo, lo));
    out += _mm_popcnt_u32(wv->keep & 0xFF00);
    _mm_storel_epi64((__m128i *)out, hi);
    out += _mm_popcnt_u32(wv->keep & 0xFF0000);
    _mm_storel_epi64((__m128i *)out, _mm_unpackhi_epi64(hi, hi));
    return (size_t)_mm_popcnt_u32(wv->keep);
}

static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result avx2_u8_l1_big(const char *src,
                                                                          size_t len, char *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    unsigned char *d = (unsigned char *)dst;
    size_t p = 0, w = 0;
    avx2_u8_l1win cur, next;
    if (avx2_u8_l1_analyze(s, 1, &cur)) {
        for (;;) {
            size_t q;
            if (cur.ascii) {
                /* an ASCII window is stored exactly; then copy ASCII 64
                   bytes at a time for as long as it lasts */
                _mm256_storeu_si256((__m256i *)(d + w), cur.v);
                p += 32;
                w += 32;
                while (len - p >= 64) {
                    __m256i a = _mm256_loadu_si256((const __m256i *)(s + p));
                    __m256i b = _mm256_loadu_si256((const __m256i *)(s + p + 32));
                    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0)
                        break;
                    _mm256_storeu_si256((__m256i *)(d + w), a);
                    _mm256_storeu_si256((__m256i *)(d + w + 32), b);
                    p += 64;
                    w += 64;
                }
                if (len - p < 32 || !avx2_u8_l1_analyze(s + p, 0, &cur))
                    break;
                continue;
            }
            q = p + cur.cons;
            if (len - q >= 32 && avx2_u8_l1_analyze(s + q, 0, &next)) {
                /* the next window writes >= 15 bytes over the junk */
                w += avx2_u8_l1_store(&cur, d + w);
                p = q;
                cur = next;
            } else {
                /* the last window: no junk may be left behind it */
                unsigned char tmp[40];
                size_t n = avx2_u8_l1_store(&cur, tmp);
                memcpy(d + w, tmp, n);
                w += n;
                p = q;
                break;
            }
        }
    }
    AVX2_LEAVE();
    if (p == len)
        return avx2_u8_ok(p, w);
    return gen_finish(unilane_scalar_utf8_to_latin1(src + p, len - p, dst + w), p, w);
}

/* 32 <= len < 64: ASCII as two overlapping blocks; otherwise through a
   zero-padded buffer, two windows, and the scalar kernel for what they
   leave. */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_result avx2_u8_l1_small(const char *src,
                                                                            size_t len, char *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    __m256i a = _mm256_loadu_si256((const __m256i *)s);
    __m256i b = _mm256_loadu_si256((const __m256i *)(s + len - 32));
    unsigned char buf[96], tmp[80];
    avx2_u8_l1win w1, w2;
    size_t n, p;
    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
        _mm256_storeu_si256((__m256i *)dst, a);
        _mm256_storeu_si256((__m256i *)(dst + len - 32), b);
        return AVX2_THEN(avx2_u8_ok(len, len));
    }
    /* buf = s[0..len) then zeros, with vector stores (no memset/memcpy
       call, which would need a vzeroupper here) */
    _mm256_storeu_si256((__m256i *)buf, a);
    _mm256_storeu_si256((__m256i *)(buf + 32), _mm256_setzero_si256());
    _mm256_storeu_si256((__m256i *)(buf + 64), _mm256_setzero_si256());
    _mm256_storeu_si256((__m256i *)(buf + len - 32), b);
    if (!avx2_u8_l1_analyze(buf, 1, &w1))
        return AVX2_THEN(unilane_scalar_utf8_to_latin1(src, len, dst));
    /* w1 takes 31 or 32 <= len bytes; the second window is inside buf */
    n = avx2_u8_l1_store(&w1, tmp);
    p = w1.cons;
    if (avx2_u8_l1_analyze(buf + p, 0, &w2)) {
        n += avx2_u8_l1_store(&w2, tmp + n);
        p += w2.cons;
        if (p > len) {
            /* zero bytes of the padding: one output byte each */
            n -= p - len;
            p = len;
        }
    }
    /* 16 <= n < 64 (w1 alone writes at least 16 bytes): overlapping copies */
    if (n >= 32) {
        _mm256_storeu_si256((__m256i *)dst, _mm256_loadu_si256((const __m256i *)tmp));
        _mm256_storeu_si256((__m256i *)(dst + n - 32),
                            _mm256_loadu_si256((const __m256i *)(tmp + n - 32)));
    } else {
        _mm_storeu_si128((__m128i *)dst, _mm_loadu_si128((const __m128i *)tmp));
        _mm_storeu_si128((__m128i *)(dst + n - 16),
                         _mm_loadu_si128((const __m128i *)(tmp + n - 16)));
    }
    AVX2_LEAVE();
    if (p == len)
        return avx2_u8_ok(p, n);
    return gen_finish(unilane_scalar_utf8_to_latin1(src + p, len - p, dst + n), p, n);
}

UNILANE_TARGET_AVX2 unilane_result unilane_avx2_utf8_to_latin1(const char *src, size_t len,
                                                               char *dst)
{
    if (len < 32) /* no vector step: the loads are 32 bytes wide */
        return unilane_scalar_utf8_to_latin1(src, len, dst);
    if (len < 64)
        return avx2_u8_l1_small(src, len, dst);
    return avx2_u8_l1_big(src, len, dst);
}

#  undef AVX2_U8_INLINE
#  undef AVX2_U8_BACK
#  undef AVX2_U8_SMALL_MIN
#  undef AVX2_U8_BY_LENGTH
#  undef AVX2_U8_EXACT

UNILANE_SPEED_END
#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx2_utf8_unused;
#endif /* UNILANE_HAVE_AVX2 */
