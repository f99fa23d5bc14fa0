/*
 * utf8_avx512.c -- AVX-512 (F/BW/VL/VBMI/VBMI2) kernels for UTF-8 input:
 * utf8_to_latin1, utf8_to_utf16 (strict and lossy), utf16_length_from_utf8,
 * validate_utf8, utf8_inspect (strict and lossy), utf16_length_from_utf8_lossy;
 * from the same validator and converter, validate_wtf8, wtf8_to_utf16 and
 * mutf8_to_utf16 (enum avx512_u8_form).
 *
 * Shape (that of the AVX2 kernels, src/avx2/utf8_avx2.c): 64-byte blocks
 * are checked and converted while they are good; a block that is not (an
 * error, or a character the vector code does not take) sends the rest of
 * the input, from a character boundary before it, to the scalar kernel,
 * which decides status and position. The lossy converter hands only a
 * window to the scalar code and then resumes. The last 1..63 bytes are a
 * masked load (lanes past src + len read as 0, and a 0 after a lead is an
 * error the checks see), so no load reaches past src + len; every store is
 * masked to the units or bytes that belong to the output.
 *
 * Inputs below AVX512_U8_SHORT bytes take the AVX2 entries (their
 * two-block code for 35..63 bytes needs no mask setup); the dispatcher has
 * sent those below the set's threshold to the scalar kernel already.
 *
 * Validation is the Keiser-Lemire classification of utf8_rules.h (three
 * 16-entry nibble tables, vpshufb in each 128-bit lane, the "must" rule for
 * 3- and 4-byte characters); the bytes one, two and three back are plain
 * loads at s + i - k (masked in the last block), or, for a block where
 * decoding starts afresh, the block itself moved up by k lanes with zeros
 * in front (vpermb).
 *
 * UTF-8 -> UTF-16 works on two byte planes, as the AVX2 kernel does: at
 * every byte that ends a character, the low and the high byte of its UTF-16
 * unit computed from that byte and the one or two before it; a 4-byte
 * character also puts its high surrogate at its third byte and the low one
 * at its fourth. vpcompressb (VBMI2) packs each plane to the bytes that end
 * units, and one vpermt2b per 32 units interleaves them into 16-bit units.
 * A block without bytes >= 0xF0 is checked on bit masks alone (continuation
 * bytes exactly after the leads C2..EF, and for 3-byte characters a look
 * at their units for overlongs and surrogates); only blocks with 4-byte
 * leads take the Keiser-Lemire check. An ASCII block is widened.
 */
#include "../generic/generic.h"
#include "../generic/utf8_rules.h"
#include "avx512.h"

#if UNILANE_HAVE_AVX512
UNILANE_SPEED_BEGIN

#  define AVX512_U8_INLINE static UNILANE_TARGET_AVX512 UNILANE_ALWAYS_INLINE

/* Below 64 bytes the AVX2 entries are used (their 35..63-byte code is two
   overlapping 32-byte blocks, no masks). */
#  define AVX512_U8_SHORT 64

/* ---- shared pieces ----------------------------------------------------- */

/* The Keiser-Lemire tables (utf8_rules.h), one copy; broadcast to the four
   128-bit lanes where used. */
static const uint8_t avx512_u8_byte1_high[16] = { UNILANE_U8_BYTE1_HIGH };
static const uint8_t avx512_u8_byte1_low[16] = { UNILANE_U8_BYTE1_LOW };
static const uint8_t avx512_u8_byte2_high[16] = { UNILANE_U8_BYTE2_HIGH };
static const uint8_t avx512_wtf8_byte2_high[16] = { UNILANE_WTF8_BYTE2_HIGH };

/*
 * The forms of UTF-8 input (API.md, "Additions for 0.2") that the validator
 * and the UTF-16 converter below take, as the AVX2 kernels do (enum
 * avx2_u8_form, src/avx2/utf8_avx2.c); `form` is a constant at every call
 * (the functions that take it are inlined), so each entry gets its own copy
 * and the UTF-8 code is what it was without them:
 *   UTF8:  Unicode's UTF-8;
 *   WTF8:  ED A0..BF allowed, except a high-surrogate sequence directly
 *          followed by a low-surrogate one. The validator's check with the
 *          WTF-8 table (UNILANE_WTF8_BYTE2_HIGH) flags every low-surrogate
 *          sequence; only where it finds something is it redone with the
 *          pair rule (WTF8_PAIRS: the bytes four back too). The converter
 *          keeps the UTF-8 check but its surrogate rule, and looks at
 *          surrogate units only in a block that has one
 *          (avx512_u8_wtf8_pair);
 *   MUTF8: Java's modified UTF-8, converter only: C0..DF + 1 and E0..EF + 2
 *          continuation bytes, no range rule, no F0..FF (a block with one
 *          is bad), so every good block is checked on bit masks.
 */
enum avx512_u8_form { AVX512_U8_UTF8, AVX512_U8_WTF8, AVX512_U8_MUTF8, AVX512_U8_WTF8_PAIRS };

/* The mask of the first n lanes, 0 <= n <= 255, without a branch (bzhi
   keeps all 64 bits for n >= 64; it reads the low 8 bits of n). Kept
   here rather than as avx512.h's avx512_first64: that form there changed
   gcc -Os code of utf16_avx512.c into a dirty exit (xinuse stage), and the
   conditional form here made the 1-3 byte path of utf8_to_utf16 slower
   (Hindi/Japanese/Korean-Lipsum 1.08/1.03/1.13x simdutf with bzhi,
   0.80/0.79/0.76x without, same process, load average ~18). */
AVX512_U8_INLINE uint64_t avx512_u8_low(uint64_t n)
{
    return _bzhi_u64(~UINT64_C(0), (unsigned)n);
}

/* vpermb indices k - 1, k - 2, k - 3 (lane k takes lane k - j; the lanes
   k < j are zeroed by the mask ~0 << j). */
AVX512_U8_INLINE __m512i avx512_u8_up(__m512i v, unsigned j)
{
    const __m512i idx = _mm512_set_epi8(
        63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
        40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
        17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    return _mm512_maskz_permutexvar_epi8(~(__mmask64)0 << j,
                                         _mm512_sub_epi8(idx, _mm512_set1_epi8((char)j)), v);
}

/* The 64 bytes before-by-j of the block at s + i holding n bytes (n <= 64;
   lanes n + j and up are 0, as those of the block are): loaded from
   s + i - j, or when `fresh` (nothing before i is context) the block moved
   up with zeros in front. Reads only s[i - j .. i + n). */
AVX512_U8_INLINE __m512i avx512_u8_back(const unsigned char *s, size_t i, size_t n, __m512i v,
                                        unsigned j, int fresh)
{
    if (fresh)
        return avx512_u8_up(v, j);
    return _mm512_maskz_loadu_epi8(avx512_u8_low(n + j), s + i - j);
}

/* Hides a constant from the optimizer: gcc otherwise rebuilds each
   _mm512_set1_epi8 inside the loop (mov imm + vpbroadcast, a port-5 uop
   each, ~10 per block in the 1-3 byte path) instead of keeping it in one of
   the 32 vector registers. */
#  if defined(__GNUC__) || defined(__clang__)
#    define AVX512_U8_OPAQUE(v) __asm__("" : "+v"(v))
#  else
#    define AVX512_U8_OPAQUE(v) ((void)0)
#  endif

/*
 * The Keiser-Lemire check of the block x whose bytes one, two, three (and,
 * for WTF8_PAIRS only, four) back are p1, p2, p3 (p4); nonzero lanes where
 * a pair or a 3-/4-byte sequence is ill-formed in `form` (UTF8, WTF8,
 * WTF8_PAIRS):
 *   special = BYTE1_HIGH[p1 >> 4] & BYTE1_LOW[p1 & 15] & BYTE2_HIGH[x >> 4]
 *   must    = (p2 >= 0xE0 || p3 >= 0xF0) ? TWO_CONTS : 0
 *   error   = special ^ must
 * For WTF8_PAIRS the SURROGATE bit (set by the WTF-8 table exactly at the
 * second byte of a low-surrogate sequence) is kept only where p4 p3 is
 * ED A0..AF, a high-surrogate sequence right before (utf8_rules.h).
 */
typedef struct avx512_u8_tabs {
    __m512i t1, t2, t3;
} avx512_u8_tabs;

/* The tables of `form`, broadcast; `opaque`: hidden from the optimizer
   (AVX512_U8_OPAQUE), so that a loop keeps them in registers (the WTF-8
   validator's loop, with the pair rule in it, otherwise broadcast them
   again in every step). */
AVX512_U8_INLINE avx512_u8_tabs avx512_u8_tabs_of(enum avx512_u8_form form, int opaque)
{
    avx512_u8_tabs tb;
    tb.t1 = _mm512_broadcast_i32x4(
        _mm_loadu_si128((const __m128i *)(const void *)avx512_u8_byte1_high));
    tb.t2 =
        _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)avx512_u8_byte1_low));
    tb.t3 = _mm512_broadcast_i32x4(_mm_loadu_si128(
        (const __m128i *)(const void *)(form == AVX512_U8_UTF8 ? avx512_u8_byte2_high
                                                               : avx512_wtf8_byte2_high)));
    if (opaque) {
        AVX512_U8_OPAQUE(tb.t1);
        AVX512_U8_OPAQUE(tb.t2);
        AVX512_U8_OPAQUE(tb.t3);
    }
    return tb;
}

/* The check with the tables *tb (those of `form`), or for UTF8 with its own
   (so the UTF-8 loops compile as they did before the forms: gcc places the
   table broadcasts itself). */
AVX512_U8_INLINE __m512i avx512_u8_check_tabs(const avx512_u8_tabs *tb, __m512i x, __m512i p1,
                                              __m512i p2, __m512i p3, __m512i p4,
                                              enum avx512_u8_form form)
{
    const avx512_u8_tabs own = avx512_u8_tabs_of(form, 0);
    const __m512i t1 = form == AVX512_U8_UTF8 ? own.t1 : tb->t1;
    const __m512i t2 = form == AVX512_U8_UTF8 ? own.t2 : tb->t2;
    const __m512i t3 = form == AVX512_U8_UTF8 ? own.t3 : tb->t3;
    const __m512i nib = _mm512_set1_epi8(0x0F);
    __m512i a = _mm512_shuffle_epi8(t1, _mm512_and_si512(_mm512_srli_epi16(p1, 4), nib));
    __m512i b = _mm512_shuffle_epi8(t2, _mm512_and_si512(p1, nib));
    __m512i c = _mm512_shuffle_epi8(t3, _mm512_and_si512(_mm512_srli_epi16(x, 4), nib));
    /* saturating p2 - 0x60 has bit 7 set iff p2 >= 0xE0; p3 - 0x70 iff
       p3 >= 0xF0 */
    __m512i m = _mm512_or_si512(_mm512_subs_epu8(p2, _mm512_set1_epi8(0x60)),
                                _mm512_subs_epu8(p3, _mm512_set1_epi8(0x70)));
    /* 0x80: a & b & c (imm: A & B & C); 0x78: A ^ (B & C) */
    __m512i sp = _mm512_ternarylogic_epi32(a, b, c, 0x80);
    __m512i e =
        _mm512_ternarylogic_epi32(sp, m, _mm512_set1_epi8((char)UNILANE_U8_TWO_CONTS), 0x78);
    if (form == AVX512_U8_WTF8_PAIRS) {
        uint64_t high = _mm512_cmpeq_epi8_mask(p4, _mm512_set1_epi8((char)0xED)) &
                        _mm512_cmpeq_epi8_mask(_mm512_and_si512(p3, _mm512_set1_epi8((char)0xF0)),
                                               _mm512_set1_epi8((char)0xA0));
        e = _mm512_mask_mov_epi8(
            _mm512_andnot_si512(_mm512_set1_epi8((char)UNILANE_U8_SURROGATE), e), high, e);
    }
    return e;
}

AVX512_U8_INLINE __m512i avx512_u8_check_form(__m512i x, __m512i p1, __m512i p2, __m512i p3,
                                              __m512i p4, enum avx512_u8_form form)
{
    const avx512_u8_tabs tb = avx512_u8_tabs_of(form, 0);
    return avx512_u8_check_tabs(&tb, x, p1, p2, p3, p4, form);
}

/* The UTF-8 check. */
AVX512_U8_INLINE __m512i avx512_u8_check(__m512i x, __m512i p1, __m512i p2, __m512i p3)
{
    return avx512_u8_check_form(x, p1, p2, p3, p3, AVX512_U8_UTF8);
}

/* After a check of `form` left e: for WTF8 a nonzero lane may be a low
   surrogate only, so the check `redo` is made again with the pair rule. */
#  define AVX512_U8_EXACT(form, e, redo)                                    \
    do {                                                                    \
      if ((form) == AVX512_U8_WTF8 && _mm512_test_epi8_mask((e), (e)) != 0) \
        (e) = (redo);                                                       \
    } while (0)

/* Bit k set iff byte k of v is a continuation byte 80..BF (as signed:
   -128..-65). */
AVX512_U8_INLINE uint64_t avx512_u8_conts(__m512i v)
{
    return _mm512_cmplt_epi8_mask(v, _mm512_set1_epi8(-64));
}

/* Nonzero iff a character of the 64 bytes v runs past byte 63: byte 61 >=
   F0, byte 62 >= E0 or byte 63 >= C0. */
AVX512_U8_INLINE uint64_t avx512_u8_incomplete(__m512i v)
{
    const __m512i lim =
        _mm512_set_epi8((char)0xBF, (char)0xDF, (char)0xEF, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    return _mm512_cmpgt_epu8_mask(v, lim);
}

/* ---- utf8_to_latin1 ---------------------------------------------------- */

/*
 * 64 bytes at a time, every block in full (no shorter step): UTF-8 that
 * converts to Latin-1 has ASCII and the pairs C2/C3 + continuation only.
 * With lm the leads C2/C3 and cm the continuation bytes, a block is good
 * iff every non-ASCII byte is one of the two and cm == lm << 1 | carry,
 * where carry is 1 when byte 63 of the block before was a lead (its
 * continuation is byte 0 here). The output byte is at every position but
 * the leads: the byte itself, plus 0x40 after a C3 (C3 80..BF is
 * C0..FF); _mm512_maskz_compress_epi8 packs them, a masked store writes
 * exactly popcount(keep) bytes. On a bad block the scalar kernel starts at
 * i - carry, the start of the character in progress.
 */
typedef struct avx512_l1_state {
    uint64_t lead; /* 1 iff byte i-1 is a lead C2/C3                   */
    uint64_t c3;   /* 1 iff it is C3                                    */
} avx512_l1_state;

/* The n <= 64 bytes v (lanes n.. zero) to Latin-1 at d: returns the bytes
   written, or (size_t)-1 if the block is bad. */
AVX512_U8_INLINE size_t avx512_l1_block(__m512i v, size_t n, avx512_l1_state *st, char *d)
{
    const uint64_t valid = avx512_u8_low(n);
    uint64_t hib = _mm512_movepi8_mask(v), cm, lm, c3, keep, cnt;
    __m512i out;
    /* no branch for ASCII blocks (mispredicted often in mixed text): they
       pass the code below with keep = valid */
    cm = avx512_u8_conts(v);
    lm = _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, _mm512_set1_epi8((char)0xFE)),
                                _mm512_set1_epi8((char)0xC2));
    /* one branch: a non-ASCII byte that is neither, or continuations not
       exactly after the leads */
    if (((hib & ~(lm | cm)) | (cm ^ ((lm << 1) | st->lead))) != 0)
        return (size_t)-1;
    /* C3 leads: bit 0 set */
    c3 = _mm512_mask_test_epi8_mask(lm, v, _mm512_set1_epi8(1));
    out = _mm512_mask_add_epi8(v, (c3 << 1) | st->c3, v, _mm512_set1_epi8(0x40));
    keep = ~lm & valid;
    cnt = (uint64_t)_mm_popcnt_u64(keep);
    _mm512_mask_storeu_epi8(d, avx512_u8_low(cnt), _mm512_maskz_compress_epi8(keep, out));
    st->lead = lm >> 63;
    st->c3 = c3 >> 63;
    return (size_t)cnt;
}

UNILANE_TARGET_AVX512 unilane_result unilane_avx512_utf8_to_latin1(const char *src, size_t len,
                                                                   char *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0, w = 0, r;
    avx512_l1_state st = { 0, 0 };

    if (len < AVX512_U8_SHORT)
        return unilane_avx2_utf8_to_latin1(src, len, dst);

    while (len - i >= 128) {
        __m512i v = _mm512_loadu_si512((const void *)(s + i));
        __m512i b = _mm512_loadu_si512((const void *)(s + i + 64));
        size_t k;
        /* two ASCII blocks (no lead before them): one test; otherwise both
           blocks through the full step, an ASCII one too (no branch per
           block: whether a block of German or Esperanto text is ASCII is
           hard to predict) */
        if ((_mm512_movepi8_mask(_mm512_or_si512(v, b)) | st.lead) == 0) {
            _mm512_storeu_si512((void *)(dst + w), v);
            _mm512_storeu_si512((void *)(dst + w + 64), b);
            i += 128;
            w += 128;
            continue;
        }
        k = avx512_l1_block(v, 64, &st, dst + w);
        if (k == (size_t)-1)
            goto bad;
        w += k;
        i += 64;
        k = avx512_l1_block(b, 64, &st, dst + w);
        if (k == (size_t)-1)
            goto bad;
        w += k;
        i += 64;
    }
    if (len - i >= 64) {
        size_t k = avx512_l1_block(_mm512_loadu_si512((const void *)(s + i)), 64, &st, dst + w);
        if (k == (size_t)-1)
            goto bad;
        w += k;
        i += 64;
    }
    /* 0 <= len - i < 64 bytes remain */
    if (i < len) {
        size_t k = avx512_l1_block(_mm512_maskz_loadu_epi8(avx512_u8_low(len - i), s + i), len - i,
                                   &st, dst + w);
        if (k == (size_t)-1)
            goto bad;
        w += k;
        i = len;
    }
    if (st.lead == 0) {
        avx512_leave();
        return avx512_ok(len, w);
    }
bad:
    /* the character in progress starts at i - lead (its lead was not
       written) */
    avx512_leave();
    r = i - (size_t)st.lead;
    return gen_finish(unilane_scalar_utf8_to_latin1(src + r, len - r, dst + w), r, w);
}

/* ---- utf8_to_utf16, utf8_to_utf16_lossy -------------------------------- */

/* The constants of the conversion loop, built once before it. */
typedef struct avx512_u8_k {
    __m512i c0, c2, e0, f0, x3f, f8, d8, i0, i1, t1, t2;
} avx512_u8_k;

AVX512_U8_INLINE void avx512_u8_kinit(avx512_u8_k *k)
{
    /* output byte 2j is lo[j], 2j+1 is hi[j] (index 64 + j: the second
       source); j = 0..31 (i0), and 32..63 for the second vector (i1) */
    k->i0 = _mm512_set_epi8(95, 31, 94, 30, 93, 29, 92, 28, 91, 27, 90, 26, 89, 25, 88, 24, 87, 23,
                            86, 22, 85, 21, 84, 20, 83, 19, 82, 18, 81, 17, 80, 16, 79, 15, 78, 14,
                            77, 13, 76, 12, 75, 11, 74, 10, 73, 9, 72, 8, 71, 7, 70, 6, 69, 5, 68,
                            4, 67, 3, 66, 2, 65, 1, 64, 0);
    k->i1 = _mm512_add_epi8(k->i0, _mm512_set1_epi8(32));
    k->c0 = _mm512_set1_epi8((char)0xC0);
    k->c2 = _mm512_set1_epi8((char)0xC2);
    k->e0 = _mm512_set1_epi8((char)0xE0);
    k->f0 = _mm512_set1_epi8((char)0xF0);
    k->x3f = _mm512_set1_epi8(0x3F);
    /* vpermb tables (index: the low 6 bits of a byte): t1[j] = j >> 2,
       t2[j] = (j & 0F) << 4 (the 16-bit shifts of the identity, masked) */
    const __m512i id = _mm512_set_epi8(
        63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
        40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
        17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    k->t1 = _mm512_and_si512(_mm512_srli_epi16(id, 2), _mm512_set1_epi8(0x0F));
    k->t2 = _mm512_and_si512(_mm512_slli_epi16(id, 4), _mm512_set1_epi8((char)0xF0));
    k->f8 = _mm512_set1_epi8((char)0xF8);
    k->d8 = _mm512_set1_epi8((char)0xD8);
    AVX512_U8_OPAQUE(k->i0);
    AVX512_U8_OPAQUE(k->i1);
    AVX512_U8_OPAQUE(k->c0);
    AVX512_U8_OPAQUE(k->c2);
    AVX512_U8_OPAQUE(k->e0);
    AVX512_U8_OPAQUE(k->f0);
    AVX512_U8_OPAQUE(k->x3f);
    AVX512_U8_OPAQUE(k->t1);
    AVX512_U8_OPAQUE(k->t2);
    AVX512_U8_OPAQUE(k->f8);
    AVX512_U8_OPAQUE(k->d8);
}

/* The bits of m whose 3-byte character's unit (hi its high byte) is
   overlong (hi < 08) or a surrogate (hi D8..DF, so hi ^ D8 < 08). */
AVX512_U8_INLINE uint64_t avx512_u8_bad3(__m512i hi, uint64_t m, const avx512_u8_k *k)
{
    return _mm512_mask_testn_epi8_mask(m, _mm512_min_epu8(hi, _mm512_xor_si512(hi, k->d8)), k->f8);
}

/*
 * WTF-8: 1 iff one of the surrogate units `sur` of the n-byte block v at
 * s + i (bits at the last bytes of their 3-byte sequences; hi their high
 * bytes) is a low surrogate directly after a high one: one whose bytes five
 * and four back are ED A0..AF (in well-formed text those start a
 * high-surrogate sequence that ends right before the low one's lead). Those
 * bytes are read as avx512_u8_back reads the others (`fresh`: zeros before
 * i). A rare path: only a block with a surrogate code point takes it.
 */
AVX512_U8_INLINE int avx512_u8_wtf8_pair(const unsigned char *s, size_t i, size_t n, __m512i v,
                                         int fresh, __m512i hi, uint64_t sur)
{
    uint64_t low = _mm512_mask_test_epi8_mask(sur, hi, _mm512_set1_epi8(0x04));
    uint64_t high = _mm512_mask_cmpeq_epi8_mask(low, avx512_u8_back(s, i, n, v, 5, fresh),
                                                _mm512_set1_epi8((char)0xED)) &
                    _mm512_cmpeq_epi8_mask(_mm512_and_si512(avx512_u8_back(s, i, n, v, 4, fresh),
                                                            _mm512_set1_epi8((char)0xF0)),
                                           _mm512_set1_epi8((char)0xA0));
    return high != 0;
}

/* WTF-8: 1 iff the 3-byte units m that UTF-8 refuses (avx512_u8_bad3: its
   overlongs and surrogates) hold an overlong, or a low surrogate directly
   after a high one. */
AVX512_U8_INLINE int avx512_u8_wtf8_bad(const unsigned char *s, size_t i, size_t n, __m512i v,
                                        int fresh, __m512i hi, uint64_t m, const avx512_u8_k *k)
{
    return _mm512_mask_testn_epi8_mask(m, hi, k->f8) != 0 ||
           avx512_u8_wtf8_pair(s, i, n, v, fresh, hi, m);
}

/* Packs the bytes `keep` of the planes lo and hi to the front and stores
   them as popcount(keep) <= 64 UTF-16 units (lo the low byte) at d. Both
   halves are stored (the second with an empty mask for <= 32 units): a
   branch on the count is unpredictable on mixed text. */
AVX512_U8_INLINE size_t avx512_u8_store16(__m512i lo, __m512i hi, uint64_t keep, uint16_t *d,
                                          const avx512_u8_k *k)
{
    size_t n = (size_t)_mm_popcnt_u64(keep);
    __m512i l = _mm512_maskz_compress_epi8(keep, lo), h = _mm512_maskz_compress_epi8(keep, hi);
    /* units 0..31 under the low half of m, 32..63 under the high half */
    uint64_t m = avx512_u8_low(n);
    _mm512_mask_storeu_epi16(d, (__mmask32)m, _mm512_permutex2var_epi8(l, k->i0, h));
    _mm512_mask_storeu_epi16(d + 32, (__mmask32)(m >> 32), _mm512_permutex2var_epi8(l, k->i1, h));
    return n;
}

/*
 * The loop state between blocks: a block checked on bit masks takes exactly
 * its 64 bytes (so its loads need not wait for the last block's
 * arithmetic); a character across its end is converted in the next block,
 * from the bytes before that block (plain loads at s + i - j). carry: the
 * continuation bytes such a character still needs, bit j for byte j of
 * the next block (j < 2). A block with 4-byte characters is cut at the
 * start of a character that runs past it (carry 0): its surrogates are
 * written together.
 *
 * One block of n <= 64 bytes v at s + i (lanes n..63 zero; n < 64 only for
 * the last block). Converts the characters that end in it (or, cut, before
 * the cut) and sets *used to the bytes it takes; returns the units written,
 * or (size_t)-1 if the block is ill-formed (or, for a last block, ends
 * inside a character). `fresh`: decoding starts afresh at i.
 *
 * At a byte x that ends a character, with p1, p2 the bytes before it:
 *   ASCII x:       unit x
 *   2 bytes p1 x:  lo = (x & 3F) | (p1 & 3) << 6, hi = (p1 >> 2) & 07
 *   3 bytes p2 p1 x: the same lo, hi = (p1 >> 2) & 0F | p2 << 4
 * ((p1 >> 2) & 0F is (p1 >> 2) & 07 for a lead 110xxxxx). A 4-byte
 * character b0 b1 b2 b3 with plane' = ((b0 & 7) << 2 | (b1 >> 4) & 3) - 1:
 *   at b2: high surrogate, lo = plane' << 6 | (b1 & 0F) << 2 | (b2 >> 4) & 3,
 *          hi = D8 | plane' >> 2
 *   at b3: low surrogate, the lo above, hi = DC | (b2 >> 2) & 3.
 * The byte shifts are 16-bit shifts whose bits from the neighbour byte the
 * masks drop. In a well-formed block the ends of 3-byte characters are the
 * bytes whose p2 is a lead >= E0, b2 and b3 those whose p2 or p3 is a lead
 * >= F0; a character ends at a byte that is no lead and is not followed by
 * a continuation byte.
 *
 * A block without bytes >= F0 is checked on bit masks: with l23 the leads
 * C2..EF (C0, C1 are neither leads nor continuation bytes), the
 * continuation bytes must be exactly those after each lead and the second
 * after each 3-byte lead, and the carry; the 3-byte characters must not be
 * overlong (unit < 0800) or surrogates (D800..DFFF), read off their hi
 * byte. Other blocks take the Keiser-Lemire check, which reads the three
 * bytes before the block itself.
 *
 * `form` (a constant): for WTF8 the 3-byte units are checked for overlongs
 * only (and the Keiser-Lemire result without its SURROGATE bit), and a
 * block with a surrogate unit for the pair rule (avx512_u8_wtf8_pair); the
 * 3-byte formula gives a surrogate sequence its own unit. For MUTF8 a block
 * with a byte F0..FF is bad, the others are checked on bit masks with C0
 * and C1 leads like the others and no unit checked (the formulas take
 * overlong forms and surrogates as they are).
 */
AVX512_U8_INLINE size_t avx512_u8_to16_block(const unsigned char *s, size_t i, size_t n, __m512i v,
                                             int fresh, const avx512_u8_k *k, uint64_t *carry,
                                             size_t *used, uint16_t *d, enum avx512_u8_form form)
{
    const uint64_t valid = n == 64 ? ~UINT64_C(0) : avx512_u8_low(n);
    uint64_t hib = _mm512_movepi8_mask(v), cm, l3, f4, e3, keep;
    __m512i p1, p2, lo, hi;
    cm = _mm512_cmplt_epi8_mask(v, k->c0);
    l3 = _mm512_cmpge_epu8_mask(v, k->e0);
    f4 = _mm512_cmpge_epu8_mask(v, k->f0);
    if (form == AVX512_U8_MUTF8 && f4 != 0)
        return (size_t)-1;
    p1 = avx512_u8_back(s, i, n, v, 1, fresh);
    p2 = avx512_u8_back(s, i, n, v, 2, fresh);
    /* lo at a continuation byte: (x & 3F) | p1 << 6 (imm 0xCA: A ? B : C
       bitwise, A = 3F: the low 6 bits from x); elsewhere x */
    lo = _mm512_mask_mov_epi8(v, cm,
                              _mm512_ternarylogic_epi32(k->x3f, v, _mm512_slli_epi16(p1, 6), 0xCA));
    /* hi: (p1 >> 2) & 0F at continuation bytes (0 at the others), or'ed
       with (p2 & 0F) << 4 after a lead p2 >= E0: two vpermb on the low 6
       bits of p1, p2 */
    e3 = _mm512_cmpge_epu8_mask(p2, k->e0);
    hi = _mm512_or_si512(_mm512_maskz_permutexvar_epi8(cm, p1, k->t1),
                         _mm512_maskz_permutexvar_epi8(e3, p2, k->t2));
    if (f4 == 0) {
        /* MUTF8: every byte 80..EF is a lead or a continuation byte */
        uint64_t l23 =
            form == AVX512_U8_MUTF8 ? hib & ~cm : (uint64_t)_mm512_cmpge_epu8_mask(v, k->c2);
        uint64_t expect = (l23 << 1) | (l3 << 2) | *carry;
        uint64_t bad3 = form == AVX512_U8_MUTF8 ? 0 : avx512_u8_bad3(hi, e3, k);
        /* the continuation bytes the leads in bytes 62, 63 need next */
        uint64_t out = (l23 >> 63) | (l3 >> 62);
        if (form == AVX512_U8_MUTF8 ? expect != cm
            : form == AVX512_U8_WTF8
                ? (hib != (l23 | cm) || expect != cm ||
                   (bad3 != 0 && avx512_u8_wtf8_bad(s, i, n, v, fresh, hi, bad3, k)))
                : (hib != (l23 | cm) || expect != cm || bad3 != 0))
            return (size_t)-1;
        keep = ~l23 & ~((expect >> 1) | (out << 63)) & valid;
        *carry = out;
        *used = n;
    } else {
        __m512i p3 = avx512_u8_back(s, i, n, v, 3, fresh);
        __m512i e = avx512_u8_check(v, p1, p2, p3);
        uint64_t ld = hib & ~cm, below = valid, at2, at3;
        size_t c = n;
        /* the check sees a 3-byte character begun in a block checked on
           bit masks only from its second byte: its unit is checked here.
           WTF8: what UTF-8 refuses is looked at again, the SURROGATE bit
           and surrogate units by the pair rule (on the 3-byte units before
           those of 4-byte characters are put in hi) */
        if (form != AVX512_U8_WTF8
                ? (_mm512_test_epi8_mask(e, e) != 0 || avx512_u8_bad3(hi, e3 & *carry, k) != 0)
                : ((_mm512_test_epi8_mask(e, e) != 0 || avx512_u8_bad3(hi, e3 & *carry, k) != 0) &&
                   (_mm512_test_epi8_mask(e, _mm512_set1_epi8((char)~UNILANE_U8_SURROGATE)) != 0 ||
                    avx512_u8_wtf8_bad(
                        s, i, n, v, fresh, hi,
                        avx512_u8_bad3(hi, e3 & _mm512_cmplt_epu8_mask(p2, k->f0), k), k))))
            return (size_t)-1;
        /* a full block may end inside a character: up to its start */
        if (n == 64 && avx512_u8_incomplete(v) != 0) {
            c = 63 - (size_t)_lzcnt_u64(~cm);
            below = avx512_u8_low(c);
        }
        keep = ~ld & ~(cm >> 1) & below;
        at2 = _mm512_cmpge_epu8_mask(p2, k->f0) & below;
        at3 = _mm512_cmpge_epu8_mask(p3, k->f0) & below;
        if ((at2 | at3) != 0) {
            /* at b2: p2 = b0, p1 = b1, x = b2 */
            __m512i pl = _mm512_sub_epi8(
                _mm512_ternarylogic_epi32(
                    _mm512_and_si512(_mm512_slli_epi16(p2, 2), _mm512_set1_epi8(0x1C)),
                    _mm512_srli_epi16(p1, 4), _mm512_set1_epi8(0x03), 0xF8),
                _mm512_set1_epi8(1));
            __m512i hlo = _mm512_or_si512(
                _mm512_and_si512(_mm512_slli_epi16(pl, 6), _mm512_set1_epi8((char)0xC0)),
                _mm512_ternarylogic_epi32(
                    _mm512_and_si512(_mm512_slli_epi16(p1, 2), _mm512_set1_epi8(0x3C)),
                    _mm512_srli_epi16(v, 4), _mm512_set1_epi8(0x03), 0xF8));
            __m512i hhi =
                _mm512_or_si512(_mm512_set1_epi8((char)0xD8),
                                _mm512_and_si512(_mm512_srli_epi16(pl, 2), _mm512_set1_epi8(0x03)));
            /* at b3: p1 = b2 */
            __m512i lhi =
                _mm512_or_si512(_mm512_set1_epi8((char)0xDC),
                                _mm512_and_si512(_mm512_srli_epi16(p1, 2), _mm512_set1_epi8(0x03)));
            lo = _mm512_mask_mov_epi8(lo, at2, hlo);
            hi = _mm512_mask_mov_epi8(hi, at2, hhi);
            hi = _mm512_mask_mov_epi8(hi, at3, lhi);
            keep |= at2;
        }
        *carry = 0;
        *used = c;
    }
    return avx512_u8_store16(lo, hi, keep, d, k);
}

/* gen_utf8_trim for `form`: in modified UTF-8 the leads C0, C1 announce two
   bytes too (the leads of a good block are C0..EF). */
AVX512_U8_INLINE size_t avx512_u8_trim(const unsigned char *s, size_t lo, size_t i,
                                       enum avx512_u8_form form)
{
    size_t m;
    if (form != AVX512_U8_MUTF8)
        return gen_utf8_trim(s, lo, i);
    m = gen_utf8_last_lead(s, lo, i);
    return m < i && (s[m] >= 0xE0 ? 3u : 2u) > i - m ? m : i;
}

/* The conversion loop from lo (decoding starts afresh there, lo < len,
   len - lo >= 64 or lo > 0): converts blocks while they are good. Returns
   1 when all of s[lo .. len) is converted; 0 when it stops at *pi, the start
   of the character in progress at a bad block (or at the end), with *pw the
   units of the characters before *pi. */
AVX512_U8_INLINE int avx512_u8_to16_run(const unsigned char *s, size_t lo, size_t len,
                                        uint16_t *dst, size_t *pi, size_t *pw,
                                        enum avx512_u8_form form)
{
    size_t i = lo, w = *pw, used, k;
    uint64_t carry = 0;
    avx512_u8_k c;
    avx512_u8_kinit(&c);
    while (len - i >= 64) {
        __m512i v = _mm512_loadu_si512((const void *)(s + i));
        /* 128 ASCII bytes after a complete character: widened (a lone
           ASCII block goes through avx512_u8_to16_block) */
        if (len - i >= 128 && carry == 0) {
            __m512i b = _mm512_loadu_si512((const void *)(s + i + 64));
            if (_mm512_movepi8_mask(_mm512_or_si512(v, b)) == 0) {
                _mm512_storeu_si512((void *)(dst + w),
                                    _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
                _mm512_storeu_si512((void *)(dst + w + 32),
                                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
                _mm512_storeu_si512((void *)(dst + w + 64),
                                    _mm512_cvtepu8_epi16(_mm512_castsi512_si256(b)));
                _mm512_storeu_si512((void *)(dst + w + 96),
                                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(b, 1)));
                i += 128;
                w += 128;
                continue;
            }
        }
        k = avx512_u8_to16_block(s, i, 64, v, i == lo, &c, &carry, &used, dst + w, form);
        if (k == (size_t)-1)
            goto stop;
        i += used;
        w += k;
    }
    /* 0 <= len - i < 64 bytes remain */
    if (i < len) {
        size_t n = len - i;
        k = avx512_u8_to16_block(s, i, n, _mm512_maskz_loadu_epi8(avx512_u8_low(n), s + i), i == lo,
                                 &c, &carry, &used, dst + w, form);
        if (k == (size_t)-1)
            goto stop;
        w += k;
    } else if (carry != 0) {
        goto stop; /* the input ends inside a character */
    }
    *pw = w;
    return 1;
stop:
    /* back to the start of a character the last good block left open
       (scalar code, which may be a call: the upper state cleared first) */
    avx512_leave();
    *pi = avx512_u8_trim(s, lo, i, form);
    *pw = w;
    return 0;
}

/* The strict converter of `form`, len >= AVX512_U8_SHORT. For WTF8 the
   scalar code starts before a high surrogate right before the place where
   the vector loop stopped (it converted to one unit), so that it sees a
   pair split there. */
AVX512_U8_INLINE unilane_result avx512_u8_to16(const char *src, size_t len, uint16_t *dst,
                                               enum avx512_u8_form form)
{
    size_t i = 0, w = 0;
    if (avx512_u8_to16_run((const unsigned char *)src, 0, len, dst, &i, &w, form)) {
        avx512_leave();
        return avx512_ok(len, w);
    }
    avx512_leave();
    if (form == AVX512_U8_WTF8) {
        if (gen_wtf8_high_before((const unsigned char *)src, 0, i)) {
            i -= 3;
            w -= 1;
        }
        return gen_finish(unilane_scalar_wtf8_to_utf16(src + i, len - i, dst + w), i, w);
    }
    if (form == AVX512_U8_MUTF8)
        return gen_finish(unilane_scalar_mutf8_to_utf16(src + i, len - i, dst + w), i, w);
    return gen_finish(unilane_scalar_utf8_to_utf16(src + i, len - i, dst + w), i, w);
}

UNILANE_TARGET_AVX512 unilane_result unilane_avx512_utf8_to_utf16(const char *src, size_t len,
                                                                  uint16_t *dst)
{
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_utf8_to_utf16(src, len, dst);
    return avx512_u8_to16(src, len, dst, AVX512_U8_UTF8);
}

UNILANE_TARGET_AVX512 unilane_result unilane_avx512_wtf8_to_utf16(const char *src, size_t len,
                                                                  uint16_t *dst)
{
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_wtf8_to_utf16(src, len, dst);
    return avx512_u8_to16(src, len, dst, AVX512_U8_WTF8);
}

UNILANE_TARGET_AVX512 unilane_result unilane_avx512_mutf8_to_utf16(const char *src, size_t len,
                                                                   uint16_t *dst)
{
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_mutf8_to_utf16(src, len, dst);
    return avx512_u8_to16(src, len, dst, AVX512_U8_MUTF8);
}

/* At a bad block at i the scalar kernel converts s[i .. e), e the first
   place at or after i + 64 where decoding starts afresh (gen_utf8_resync),
   and the vector code resumes at e; near the end it converts the rest. */
UNILANE_TARGET_AVX512 size_t unilane_avx512_utf8_to_utf16_lossy(const char *src, size_t len,
                                                                uint16_t *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t lo = 0, i = 0, w = 0, e;
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_utf8_to_utf16_lossy(src, len, dst);
    while (!avx512_u8_to16_run(s, lo, len, dst, &i, &w, AVX512_U8_UTF8)) {
        if (len - i < 64 + 3) {
            avx512_leave();
            return w + unilane_scalar_utf8_to_utf16_lossy(src + i, len - i, dst + w);
        }
        e = gen_utf8_resync(s, len, i + 64);
        avx512_leave();
        w += unilane_scalar_utf8_to_utf16_lossy(src + i, e - i, dst + w);
        lo = e;
    }
    avx512_leave();
    return w;
}

/* ---- utf16_length_from_utf8 ------------------------------------------- */

/*
 * The per-byte rule (UNITS_BY_HIGH_NIBBLE: 1 per byte outside 80..BF, 2 per
 * byte F0..FF) as one vpermb per 64 bytes: the 16-bit shift by 4 puts a
 * byte's high nibble in the low 4 bits of its index byte (and two bits of
 * the next byte above them, or zeros for the high byte of a pair); vpermb
 * reads the low 6 index bits, so the table is the nibble table four times.
 * Byte counts add up in a vector (at most 2 per lane per block, 4 blocks a
 * step: flushed with psadbw every 31 steps); the last 1..63 bytes are a
 * masked load whose lanes past the end count 0 (maskz vpermb).
 */
static const uint8_t avx512_u8_units_tab[64] = { UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE,
                                                 UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE,
                                                 UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE,
                                                 UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE };

UNILANE_TARGET_AVX512 size_t unilane_avx512_utf16_length_from_utf8(const char *src, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    const __m512i tab = _mm512_loadu_si512((const void *)avx512_u8_units_tab);
    __m512i sum = _mm512_setzero_si512(), acc;
    size_t i = 0;
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_utf16_length_from_utf8(src, len);
#  define AVX512_U8_UNITS(k) \
    _mm512_permutexvar_epi8(_mm512_srli_epi16(_mm512_loadu_si512((const void *)(s + (k))), 4), tab)
    while (len - i >= 256) {
        size_t steps = (len - i) / 256, k;
        if (steps > 31)
            steps = 31;
        acc = _mm512_setzero_si512();
        for (k = 0; k < steps; k++, i += 256)
            acc = _mm512_add_epi8(
                acc, _mm512_add_epi8(
                         _mm512_add_epi8(AVX512_U8_UNITS(i), AVX512_U8_UNITS(i + 64)),
                         _mm512_add_epi8(AVX512_U8_UNITS(i + 128), AVX512_U8_UNITS(i + 192))));
        sum = _mm512_add_epi64(sum, _mm512_sad_epu8(acc, _mm512_setzero_si512()));
    }
    /* 0 <= len - i < 256: at most 3 blocks and a masked one */
    acc = _mm512_setzero_si512();
    for (; len - i >= 64; i += 64)
        acc = _mm512_add_epi8(acc, AVX512_U8_UNITS(i));
#  undef AVX512_U8_UNITS
    if (i < len) {
        const __mmask64 m = avx512_u8_low(len - i);
        acc = _mm512_add_epi8(acc,
                              _mm512_maskz_permutexvar_epi8(
                                  m, _mm512_srli_epi16(_mm512_maskz_loadu_epi8(m, s + i), 4), tab));
    }
    sum = _mm512_add_epi64(sum, _mm512_sad_epu8(acc, _mm512_setzero_si512()));
    {
        size_t n = (size_t)_mm512_reduce_add_epi64(sum);
        avx512_leave();
        return n;
    }
}

/* ---- validate_utf8, utf8_inspect, utf8_inspect_lossy ------------------ */

/*
 * 128 bytes per step (two 64-byte blocks, one test), each block checked
 * with the three bytes before it as context (so a character across the
 * block edge is checked whole); two ASCII blocks after an ASCII block need
 * no check. (One block per step measured about half as fast.) The
 * last 1..63 bytes are a masked block whose zero lanes make a character cut
 * off by the end an error; when the input ends at a block edge, the last
 * block must not end inside a character. At a bad block at i the scalar
 * kernel starts at the start of the last character before i
 * (gen_utf8_last_lead): everything before i is valid, the error is at or
 * after that character.
 *
 * The inspection runs the same loop with `info` set: for every block that
 * passes, the UTF-16 units it counts for (utf16_length_from_utf8's rule:
 * its bytes, less its continuation bytes, plus its bytes F0..FF; an ASCII
 * pair, its bytes) are added to *pn and its bytes to the maximum *pmx
 * (the width comes from the largest lead, gen_utf8_lead_cp; ASCII blocks
 * cannot raise it). validate_utf8 passes info = 0 and gets the plain loop.
 * The counting costs a step two vpshufb (on the nibble indices the check
 * computed), two vpaddb and the maximum two vpmaxub. Counting with two mask
 * compares and popcounts a block (on the port the check's shuffles need)
 * ran utf8_inspect at 0.76 of validate_utf8 (median over the wikipedia_mars
 * files, fresh, 3 layouts, quiet); this at a median of 0.90-0.95 (the same
 * runs, load average 13-22), 0.85-0.97 per file in the fastest of 1000
 * calls (0.75-0.84 before). Still short of 0.9 on most files in the latter.
 */

/* The units of each byte of the block v under the rule above
   (UNITS_BY_HIGH_NIBBLE: 0, 1 or 2; a zero lane counts 1), one vpshufb on
   its high nibbles, which the check of v computes as well (the same
   expression on the same load: the compiler computes it once). */
AVX512_U8_INLINE __m512i avx512_u8_units_v(__m512i v, __m512i tab)
{
    return _mm512_shuffle_epi8(tab,
                               _mm512_and_si512(_mm512_srli_epi16(v, 4), _mm512_set1_epi8(0x0F)));
}

/* The sum of the 64 byte counters of c. */
AVX512_U8_INLINE size_t avx512_u8_sum(__m512i c)
{
    return (size_t)_mm512_reduce_add_epi64(_mm512_sad_epu8(c, _mm512_setzero_si512()));
}

/* Steps (4 units a lane at most) between two flushes of the byte counters:
   with the first block (2) and the last two blocks (2 each) below 256. */
#  define AVX512_U8_FLUSH 63

/* s[lo .. len) from a place where decoding starts afresh (len - lo >= 64).
   Returns 1 when it is valid; 0 when the block (or pair) at *pi is not,
   everything before *pi being valid. With info (1: units and maximum, 2:
   units only), *pn and *pmx as above for s[lo .. len), or for s[lo .. *pi)
   when 0 is returned. The units of the blocks that are not all ASCII add up
   per lane in cnt (vpaddb), added up (vpsadbw) into n every AVX512_U8_FLUSH
   steps and at the end. `form`: UTF8 or WTF8 (for WTF8 a check that finds
   something is redone with the pair rule, AVX512_U8_EXACT, which loads the
   bytes four back). */
AVX512_U8_INLINE int avx512_u8_valid_run(const unsigned char *s, size_t lo, size_t len, size_t *pi,
                                         int info, size_t *pn, __m512i *pmx,
                                         enum avx512_u8_form form)
{
    const avx512_u8_tabs tb = avx512_u8_tabs_of(form, form == AVX512_U8_WTF8);
    size_t i = lo, n = 0;
    unsigned left = AVX512_U8_FLUSH;
    int prev_ascii = 1, ok = 0;
    __m512i e, mx = _mm512_setzero_si512(), cnt = mx, tab = mx;
    if (info) {
        /* opaque, so that gcc keeps it in a register rather than build it
           again inside the loop (as it does with the check's tables) */
        tab = _mm512_loadu_si512((const void *)avx512_u8_units_tab);
        AVX512_U8_OPAQUE(tab);
    }
    {
        /* the first block: nothing before it */
        __m512i v = _mm512_loadu_si512((const void *)(s + lo));
        prev_ascii = _mm512_movepi8_mask(v) == 0;
        e = avx512_u8_check_tabs(&tb, v, avx512_u8_up(v, 1), avx512_u8_up(v, 2), avx512_u8_up(v, 3),
                                 avx512_u8_up(v, 3), form);
        AVX512_U8_EXACT(form, e,
                        avx512_u8_check_tabs(&tb, v, avx512_u8_up(v, 1), avx512_u8_up(v, 2),
                                             avx512_u8_up(v, 3), avx512_u8_up(v, 4),
                                             AVX512_U8_WTF8_PAIRS));
        if (_mm512_test_epi8_mask(e, e) != 0)
            goto bad;
        if (info)
            cnt = avx512_u8_units_v(v, tab);
        if (info == 1)
            mx = v;
        i = lo + 64;
    }
    /* two blocks per step, one test of both (at a bad pair, the scalar
       kernel starts before the first of the two) */
#  define AVX512_U8_CHECK_AT(k, f, j)                                      \
    avx512_u8_check_tabs(&tb, _mm512_loadu_si512((const void *)(s + (k))), \
                         _mm512_loadu_si512((const void *)(s + (k)-1)),    \
                         _mm512_loadu_si512((const void *)(s + (k)-2)),    \
                         _mm512_loadu_si512((const void *)(s + (k)-3)),    \
                         _mm512_loadu_si512((const void *)(s + (k) - (j))), f)
    while (len - i >= 128) {
        __m512i a = _mm512_loadu_si512((const void *)(s + i));
        __m512i b = _mm512_loadu_si512((const void *)(s + i + 64));
        if (prev_ascii && _mm512_movepi8_mask(_mm512_or_si512(a, b)) == 0) {
            n += 128;
            i += 128;
            continue;
        }
        e = _mm512_or_si512(AVX512_U8_CHECK_AT(i, form, 3), AVX512_U8_CHECK_AT(i + 64, form, 3));
        AVX512_U8_EXACT(form, e,
                        _mm512_or_si512(AVX512_U8_CHECK_AT(i, AVX512_U8_WTF8_PAIRS, 4),
                                        AVX512_U8_CHECK_AT(i + 64, AVX512_U8_WTF8_PAIRS, 4)));
        if (_mm512_test_epi8_mask(e, e) != 0)
            goto bad;
        if (info) {
            cnt = _mm512_add_epi8(
                cnt, _mm512_add_epi8(avx512_u8_units_v(a, tab), avx512_u8_units_v(b, tab)));
            if (UNILANE_UNLIKELY(--left == 0)) {
                n += avx512_u8_sum(cnt);
                cnt = _mm512_setzero_si512();
                left = AVX512_U8_FLUSH;
            }
        }
        if (info == 1)
            mx = _mm512_max_epu8(mx, _mm512_max_epu8(a, b));
        prev_ascii = _mm512_movepi8_mask(b) == 0;
        i += 128;
    }
    if (len - i >= 64) {
        e = AVX512_U8_CHECK_AT(i, form, 3);
        AVX512_U8_EXACT(form, e, AVX512_U8_CHECK_AT(i, AVX512_U8_WTF8_PAIRS, 4));
        if (_mm512_test_epi8_mask(e, e) != 0)
            goto bad;
        if (info) {
            __m512i v = _mm512_loadu_si512((const void *)(s + i));
            cnt = _mm512_add_epi8(cnt, avx512_u8_units_v(v, tab));
            if (info == 1)
                mx = _mm512_max_epu8(mx, v);
        }
        i += 64;
    }
#  undef AVX512_U8_CHECK_AT
    /* 0 <= len - i < 64 bytes remain; i >= lo + 64 */
    if (i < len) {
        size_t k = len - i;
        __m512i v = _mm512_maskz_loadu_epi8(avx512_u8_low(k), s + i);
        __m512i p1 = avx512_u8_back(s, i, k, v, 1, 0), p2 = avx512_u8_back(s, i, k, v, 2, 0);
        __m512i p3 = avx512_u8_back(s, i, k, v, 3, 0);
        e = avx512_u8_check_tabs(&tb, v, p1, p2, p3, p3, form);
        AVX512_U8_EXACT(form, e,
                        avx512_u8_check_tabs(&tb, v, p1, p2, p3, avx512_u8_back(s, i, k, v, 4, 0),
                                             AVX512_U8_WTF8_PAIRS));
        if (_mm512_test_epi8_mask(e, e) != 0)
            goto bad;
        if (info) {
            /* the zero lanes past the end count 0 */
            cnt = _mm512_add_epi8(
                cnt, _mm512_maskz_mov_epi8(avx512_u8_low(k), avx512_u8_units_v(v, tab)));
            if (info == 1)
                mx = _mm512_max_epu8(mx, v);
        }
        i = len;
    } else if (avx512_u8_incomplete(_mm512_loadu_si512((const void *)(s + len - 64))) != 0) {
        goto bad;
    }
    ok = 1;
bad:
    if (!ok)
        *pi = i;
    if (info) {
        *pn = n + avx512_u8_sum(cnt);
        if (info == 1)
            *pmx = mx;
    }
    return ok;
}
#  undef AVX512_U8_FLUSH

/* The validator of `form` (UTF8 or WTF8), len >= AVX512_U8_SHORT. For WTF8
   the scalar code starts before a high surrogate right before the place
   where the vector loop stopped (gen_wtf8_high_before), so that it sees a
   pair split there. */
AVX512_U8_INLINE unilane_result avx512_u8_validate(const char *src, size_t len,
                                                   enum avx512_u8_form form)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0, j;
    if (avx512_u8_valid_run(s, 0, len, &i, 0, NULL, NULL, form)) {
        avx512_leave();
        return avx512_ok(len, 0);
    }
    avx512_leave();
    j = gen_utf8_last_lead(s, 0, i);
    if (form == AVX512_U8_WTF8) {
        j -= 3 * (size_t)gen_wtf8_high_before(s, 0, j);
        return gen_finish(unilane_scalar_validate_wtf8(src + j, len - j), j, 0);
    }
    return gen_finish(unilane_scalar_validate_utf8(src + j, len - j), j, 0);
}

UNILANE_TARGET_AVX512 unilane_result unilane_avx512_validate_utf8(const char *src, size_t len)
{
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_validate_utf8(src, len);
    return avx512_u8_validate(src, len, AVX512_U8_UTF8);
}

UNILANE_TARGET_AVX512 unilane_result unilane_avx512_validate_wtf8(const char *src, size_t len)
{
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_validate_wtf8(src, len);
    return avx512_u8_validate(src, len, AVX512_U8_WTF8);
}

/* The largest of the 64 bytes of v. */
AVX512_U8_INLINE unsigned avx512_u8_hmax(__m512i v)
{
    return avx2_hmax_u8(
        _mm256_max_epu8(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1)));
}

/* The largest byte of s[k .. e) (0 if empty); the last 0..63 bytes a masked
   load. */
static UNILANE_TARGET_AVX512 unsigned avx512_u8_max_of(const unsigned char *s, size_t k, size_t e)
{
    __m512i m = _mm512_setzero_si512();
    for (; e - k >= 64; k += 64)
        m = _mm512_max_epu8(m, _mm512_loadu_si512((const void *)(s + k)));
    m = _mm512_max_epu8(m, _mm512_maskz_loadu_epi8(avx512_u8_low(e - k), s + k));
    return avx512_u8_hmax(m);
}

/*
 * The inspection of len >= 64 bytes, as the AVX2 kernel's (avx2_u8_inspect_big):
 * at an error the scalar inspection takes over at the start of the
 * character in error (gen_inspect_window): strict, for the rest of the
 * input; lossy, for a window up to a resynchronisation point, after which
 * the vector loop resumes. The first window with an error names the first
 * error, and the widths of the parts combine as their maximum.
 */
/* avx512_u8_valid_run with the units and, when it passes, the largest
   byte (*top), out of line and leaving the upper state clean: so no vector
   value of it can live on in the caller's loop across the scalar calls
   (compiled as one unit, gcc kept a hoisted constant in a register across
   them, a dirty call). */
static UNILANE_TARGET_AVX512 UNILANE_NOINLINE int avx512_u8_inspect_run(const unsigned char *s,
                                                                        size_t lo, size_t len,
                                                                        size_t *pi, size_t *pk,
                                                                        unsigned *top)
{
    __m512i mx;
    int ok = avx512_u8_valid_run(s, lo, len, pi, 1, pk, &mx, AVX512_U8_UTF8);
    if (ok)
        *top = avx512_u8_hmax(mx);
    avx512_leave();
    return ok;
}

/* The same with the units only (utf16_length_from_utf8_lossy). */
static UNILANE_TARGET_AVX512 UNILANE_NOINLINE int
avx512_u8_count_run(const unsigned char *s, size_t lo, size_t len, size_t *pi, size_t *pk)
{
    int ok = avx512_u8_valid_run(s, lo, len, pi, 2, pk, NULL, AVX512_U8_UTF8);
    avx512_leave();
    return ok;
}

/* With width = 0 (the lossy length) the width is neither kept nor
   returned. */
AVX512_U8_INLINE unilane_utf8_info avx512_u8_inspect(const char *src, size_t len, int lossy,
                                                     int width)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t lo = 0, n = 0, k, i, j, e, err = len;
    unilane_status first = UNILANE_OK;
    unilane_width wd = UNILANE_WIDTH_ASCII;
    unsigned top = 0, mt = 0; /* largest byte the vector loop passed */
    unilane_utf8_info r;
    for (;;) {
        if (width ? avx512_u8_inspect_run(s, lo, len, &i, &k, &mt)
                  : avx512_u8_count_run(s, lo, len, &i, &k)) {
            n += k;
            top = mt > top ? mt : top;
            break;
        }
        /* the character in error starts at j: s[j .. i) is the scalar's;
           the maximum of s[lo .. j) read again (mx may hold bytes of it;
           each byte is read again once at most) */
        j = gen_utf8_last_lead(s, lo, i);
        n += k - gen_utf8_units(s + j, i - j);
        if (width) {
            mt = avx512_u8_max_of(s, lo, j);
            avx512_leave();
            top = mt > top ? mt : top;
        }
        e = gen_inspect_window(src, len, i, j, lossy, &n, &wd, &first, &err);
        if (e == len)
            break;
        lo = e;
    }
    r.status = first;
    r.read = err;
    r.utf16_length = n;
    r.width = width ? gen_wider(wd, gen_width(gen_utf8_lead_cp(top))) : UNILANE_WIDTH_ASCII;
    return r;
}

UNILANE_TARGET_AVX512 unilane_utf8_info unilane_avx512_utf8_inspect(const char *src, size_t len)
{
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_utf8_inspect(src, len);
    return avx512_u8_inspect(src, len, 0, 1);
}

UNILANE_TARGET_AVX512 unilane_utf8_info unilane_avx512_utf8_inspect_lossy(const char *src,
                                                                          size_t len)
{
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_utf8_inspect_lossy(src, len);
    return avx512_u8_inspect(src, len, 1, 1);
}

/* The length of utf8_inspect_lossy: each maximal invalid subpart one U+FFFD
   unit, as the scalar kernel counts it (its windows are the scalar's). */
UNILANE_TARGET_AVX512 size_t unilane_avx512_utf16_length_from_utf8_lossy(const char *src,
                                                                         size_t len)
{
    if (len < AVX512_U8_SHORT)
        return unilane_avx2_utf16_length_from_utf8_lossy(src, len);
    return avx512_u8_inspect(src, len, 1, 0).utf16_length;
}

#  undef AVX512_U8_INLINE
#  undef AVX512_U8_SHORT

UNILANE_SPEED_END
#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx512_utf8_unused;
#endif /* UNILANE_HAVE_AVX512 */
