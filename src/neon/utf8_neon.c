/*
 * utf8_neon.c -- NEON kernels that read UTF-8 (little-endian AArch64):
 * ascii_prefix, validate_utf8, utf8_to_utf16 (strict and lossy),
 * utf8_to_latin1, utf16_length_from_utf8 (plain and lossy).
 *
 * Division of labour (see src/generic/generic.h): the vector code only finds
 * the 64-byte blocks that are clean; whenever a block needs attention
 * (an ill-formed sequence, a character above U+00FF for Latin-1) and for the
 * last bytes of the input, the scalar kernel is called from a character
 * boundary and decides status and position. Blocks with 4-byte characters
 * (UTF-16 output only) leave the main loop for its instance that writes
 * surrogate pairs (neon_u8_convert4).
 *
 * Validation is Keiser & Lemire's ("Validating UTF-8 in less than one
 * instruction per byte", 2021): three 16-entry nibble tables classify every
 * pair (previous byte, byte) into error classes, and a byte two or three
 * places after a 3- or 4-byte lead must be a continuation byte. The
 * conversion follows the lane-parallel idea of Lemire & Mula ("Transcoding
 * billions of Unicode characters per second with SIMD instructions",
 * arXiv 2109.10433): every byte lane computes the code unit of the character
 * that would END in that lane, from the byte and its one or two
 * predecessors, and a table-driven tbl packs the lanes that really end a
 * character to the front.
 *
 * No function reads outside src[0..len) or writes outside dst[0..written):
 * a 16-byte (8-byte for Latin-1) store that holds k < 8 units is only done
 * when at least 8 more units are certain to follow (the 64 bytes after the
 * block are already validated), so its tail is overwritten by later stores.
 *
 * Every entry takes every length; which inputs are too short for them is
 * the dispatcher's decision (thresholds in impl_neon.c). Below one block
 * (two for the converters, NEON_U8_CONVERT_MIN) there is no vector step and
 * the scalar kernel does the work.
 *
 * Instruction counts were tuned for GCC: a few empty asm statements keep
 * values in registers where GCC would otherwise rebuild or reload them;
 * they generate no code.
 */
#include "../generic/generic.h"
#include "../generic/utf8_rules.h"
#include "neon.h"

#if UNILANE_HAVE_NEON
UNILANE_SPEED_BEGIN

/* ------------------------------------------------------------------------ */
/* Tables                                                                   */
/* ------------------------------------------------------------------------ */

/* Lane weights for turning a 0x00/0xFF vector into one bit per lane. */
static const uint8_t neon_u8_bitw[16] = {
    1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128
};

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* The Keiser-Lemire tables of utf8_rules.h in registers and the pair
   classes of the previous 16 bytes (needed shifted in by one lane). */
typedef struct neon_u8_kl {
    uint8x16_t hi1, lo1, hi2;
    uint8x16_t p12;
} neon_u8_kl;

/* The state after ASCII bytes, or at a character boundary (the check then
   starts afresh: nothing before it can make the following bytes invalid). */
static UNILANE_ALWAYS_INLINE void neon_u8_kl_reset(neon_u8_kl *k)
{
    k->p12 = vdupq_n_u8(UNILANE_U8_TOO_LONG); /* BYTE1_HIGH[0..7] & BYTE1_LOW[any] */
}

/* The tables of utf8_rules.h, to be loaded into registers: Keiser-Lemire
   BYTE1_HIGH, BYTE1_LOW, BYTE2_HIGH, and the UTF-16 units by high nibble. */
static const uint8_t neon_u8_rules[4][16] = {
    { UNILANE_U8_BYTE1_HIGH },
    { UNILANE_U8_BYTE1_LOW },
    { UNILANE_U8_BYTE2_HIGH },
    { UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE },
};

/* The three Keiser-Lemire tables of UTF-8 (mutf8 == 0) or modified UTF-8
   (mutf8 == 1, generated: neon_u8_mutf8_classes); mutf8 is a constant at
   every use. */
#  define neon_u8_rules_of(mutf8) ((mutf8) ? neon_u8_mutf8_classes : neon_u8_rules)

static UNILANE_ALWAYS_INLINE void neon_u8_kl_init_with(neon_u8_kl *k, const uint8_t (*rules)[16])
{
    k->hi1 = vld1q_u8(rules[0]);
    k->lo1 = vld1q_u8(rules[1]);
    k->hi2 = vld1q_u8(rules[2]);
    neon_u8_kl_reset(k);
}

static UNILANE_ALWAYS_INLINE void neon_u8_kl_init(neon_u8_kl *k)
{
    neon_u8_kl_init_with(k, neon_u8_rules_of(0));
}

/*
 * Checks the 16 bytes v against each other and against pv, the 16 bytes
 * before (through the state, which it then advances). A nonzero lane marks
 * an ill-formed sequence around that byte. The pair lookups are done on v
 * itself and shifted afterwards, so that the two tables of the previous byte
 * are ANDed before one vext instead of after two. The bytes two and three
 * lanes back are compared directly (E0.., F0..): no tables to keep in
 * registers.
 */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_kl_step(neon_u8_kl *k, uint8x16_t pv, uint8x16_t v)
{
    uint8x16_t hi = vshrq_n_u8(v, 4);
    uint8x16_t lo = vandq_u8(v, vdupq_n_u8(0x0F));
    uint8x16_t t12 = vandq_u8(vqtbl1q_u8(k->hi1, hi), vqtbl1q_u8(k->lo1, lo));
    /* classes of the pairs (byte j-1, byte j) */
    uint8x16_t sc = vandq_u8(vextq_u8(k->p12, t12, 15), vqtbl1q_u8(k->hi2, hi));
    /* where byte j must be the 3rd or 4th byte of a character */
    uint8x16_t must = vorrq_u8(vcgeq_u8(vextq_u8(pv, v, 14), vdupq_n_u8(0xE0)),
                               vcgeq_u8(vextq_u8(pv, v, 13), vdupq_n_u8(0xF0)));
    k->p12 = t12;
    return veorq_u8(sc, vshlq_n_u8(must, 7)); /* 0xFF -> 0x80, TWO_CONTS */
}

/* Error lanes of a 64-byte block (nonzero somewhere iff ill-formed). */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_kl_block(neon_u8_kl *k, uint8x16_t pv,
                                                         uint8x16x4_t b)
{
    uint8x16_t e0 = neon_u8_kl_step(k, pv, b.val[0]);
    uint8x16_t e1 = neon_u8_kl_step(k, b.val[0], b.val[1]);
    uint8x16_t e2 = neon_u8_kl_step(k, b.val[1], b.val[2]);
    uint8x16_t e3 = neon_u8_kl_step(k, b.val[2], b.val[3]);
    return vorrq_u8(vorrq_u8(e0, e1), vorrq_u8(e2, e3));
}

/*
 * 1 iff the block (whose bytewise maximum over its four vectors is m) or
 * the last 3 bytes before it (lanes 13..15 of pv) have a byte >= 0x80:
 * otherwise the block is ASCII and no character runs into it.
 */
static UNILANE_ALWAYS_INLINE int neon_u8_block_high_m(uint8x16_t m, uint8x16_t pv)
{
    return neon_any_high_u8(vmaxq_u8(m, vextq_u8(pv, vdupq_n_u8(0), 13)));
}

/* The bytewise maximum of the four vectors of the block. */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_max4(uint8x16x4_t b)
{
    return vmaxq_u8(vmaxq_u8(b.val[0], b.val[1]), vmaxq_u8(b.val[2], b.val[3]));
}

static UNILANE_ALWAYS_INLINE int neon_u8_block_high(uint8x16x4_t b, uint8x16_t pv)
{
    return neon_u8_block_high_m(neon_u8_max4(b), pv);
}

/* p, hidden from the optimizer: a block loaded through it is loaded again
   instead of being kept (in the wrong registers) from an earlier load. */
static UNILANE_ALWAYS_INLINE const uint8_t *neon_u8_launder(const uint8_t *p)
{
    __asm__("" : "+r"(p));
    return p;
}

/* Whether any lane is nonzero (umaxv on 32-bit lanes, fmov, cbnz). */
static UNILANE_ALWAYS_INLINE int neon_u8_any(uint8x16_t e)
{
    return vmaxvq_u32(vreinterpretq_u32_u8(e)) != 0;
}

/*
 * The largest byte of the block and of the last 3 bytes before it (lanes
 * 13..15 of pv): below 0x80 means the block is ASCII and no character
 * runs into it; below 0xE0 (0xF0) means that every character that ends in
 * the block has at most 2 (3) bytes. And in *vm the largest byte of each
 * of the four vectors (byte q for vector q), from a tree of pairwise
 * maxima.
 */
static UNILANE_ALWAYS_INLINE unsigned neon_u8_block_max_vm(uint8x16x4_t b, uint8x16_t pv,
                                                           uint32_t *vm)
{
    uint8x16_t x = vpmaxq_u8(vpmaxq_u8(b.val[0], b.val[1]), vpmaxq_u8(b.val[2], b.val[3]));
    x = vpmaxq_u8(x, x);
    x = vpmaxq_u8(x, x);
    *vm = vgetq_lane_u32(vreinterpretq_u32_u8(x), 0);
    return vmaxvq_u8(vmaxq_u8(x, vextq_u8(pv, vdupq_n_u8(0), 13)));
}

/* 1 iff the block has a byte >= 0x80. */
static UNILANE_ALWAYS_INLINE int neon_u8_high4(uint8x16x4_t b)
{
    return neon_any_high_u8(vmaxq_u8(vmaxq_u8(b.val[0], b.val[1]), vmaxq_u8(b.val[2], b.val[3])));
}

/* The state that the 16 bytes pv leave behind (when the check skipped them). */
static UNILANE_ALWAYS_INLINE void neon_u8_kl_from(neon_u8_kl *k, uint8x16_t pv)
{
    k->p12 = vandq_u8(vqtbl1q_u8(k->hi1, vshrq_n_u8(pv, 4)),
                      vqtbl1q_u8(k->lo1, vandq_u8(pv, vdupq_n_u8(0x0F))));
}

/* 0xFF where v is a continuation byte 80..BF (-128..-65 as int8). */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_is_cont(uint8x16_t v)
{
    return vcltq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(-64));
}

/*
 * Check of a block whose bytes, and the last 3 bytes before it (in pv), are
 * all below E0: then it is valid iff every continuation byte follows a lead
 * C2..DF, every such lead is followed by a continuation byte, and there is
 * no C0 or C1. The tests look at each byte and the byte before it, from the
 * last byte before the block (which a block checked with the tables leaves
 * unchecked when it is C0 or C1) to the second last of the block; the last
 * is checked with the next block. Nonzero lanes: ill-formed.
 */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_check2(uint8x16x4_t b, uint8x16_t pv, uint8x16_t c1,
                                                       uint8x16_t bf, unsigned mutf8)
{
    uint8x16_t e = vdupq_n_u8(0);
    int q;
    NEON_UNROLL
    for (q = 0; q < 4; q++) {
        uint8x16_t p = vextq_u8(q ? b.val[q - 1] : pv, b.val[q], 15); /* the bytes before */
        uint8x16_t l = vcgtq_u8(p, c1);                               /* p >= C2 */
        e = vorrq_u8(e, veorq_u8(l, neon_u8_is_cont(b.val[q])));
        /* p >= C0; modified UTF-8 (c1 == bf: leads from C0 on) has no such
           error, and the term is all zeros */
        e = vorrq_u8(
            e, vandq_u8(veorq_u8(vcgtq_u8(p, bf), l), vdupq_n_u8((uint8_t)(0xFF - 0xFF * mutf8))));
    }
    return e;
}

/* ------------------------------------------------------------------------ */
/* ascii_prefix                                                             */
/* ------------------------------------------------------------------------ */

/* 4 bits per lane, set iff the lane is >= 0x80 (vshrn packs the 0x00/0xFF
   lanes of a compare into nibbles). */
static UNILANE_ALWAYS_INLINE uint64_t neon_u8_high_nibbles(uint8x16_t v)
{
    uint8x16_t m = vcltzq_s8(vreinterpretq_s8_u8(v));
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(m), 4)), 0);
}

size_t unilane_neon_ascii_prefix(const char *src, size_t len)
{
    const uint8_t *s = (const uint8_t *)src;
    size_t i = 0;
    uint64_t m;

    if (len == 0)
        return 0;
    if (len < 16) {
        /* Two overlapping words cover 8..15 (4..7) bytes. */
        if (len >= 8) {
            m = gen_load64(s) & GEN_HIGH_BITS_8x8;
            if (m)
                return (size_t)__builtin_ctzll(m) >> 3;
            m = gen_load64(s + len - 8) & GEN_HIGH_BITS_8x8;
            return m ? len - 8 + ((size_t)__builtin_ctzll(m) >> 3) : len;
        }
        if (len >= 4) {
            uint32_t a, b;
            memcpy(&a, s, 4);
            memcpy(&b, s + len - 4, 4);
            a &= 0x80808080u;
            if (a)
                return (size_t)__builtin_ctz(a) >> 3;
            b &= 0x80808080u;
            return b ? len - 4 + ((size_t)__builtin_ctz(b) >> 3) : len;
        }
        while (i < len && s[i] < 0x80)
            i++;
        return i;
    }
    if (len <= 64) {
        /* 16..64 bytes: up to four loads, the last ones overlapping as
           needed; the first non-ASCII byte is in the first of them that has
           one (the bytes it shares with the loads before are ASCII). */
        if ((m = neon_u8_high_nibbles(vld1q_u8(s))) != 0)
            return (size_t)__builtin_ctzll(m) >> 2;
        if (len > 32) {
            size_t p2 = len >= 48 ? 32 : len - 16;
            if ((m = neon_u8_high_nibbles(vld1q_u8(s + 16))) != 0)
                return 16 + ((size_t)__builtin_ctzll(m) >> 2);
            if ((m = neon_u8_high_nibbles(vld1q_u8(s + p2))) != 0)
                return p2 + ((size_t)__builtin_ctzll(m) >> 2);
        }
        m = neon_u8_high_nibbles(vld1q_u8(s + len - 16));
        return m ? len - 16 + ((size_t)__builtin_ctzll(m) >> 2) : len;
    }
    /* Text that is not ASCII often says so at once. */
    if ((m = neon_u8_high_nibbles(vld1q_u8(s))) != 0)
        return (size_t)__builtin_ctzll(m) >> 2;
    /* 128, then 64 bytes at a time: OR them and look at the largest byte. */
    while (len - i >= 128) {
        uint8x16x4_t b = vld1q_u8_x4(s + i), c = vld1q_u8_x4(s + i + 64);
        uint8x16_t o =
            vorrq_u8(vorrq_u8(vorrq_u8(b.val[0], b.val[1]), vorrq_u8(b.val[2], b.val[3])),
                     vorrq_u8(vorrq_u8(c.val[0], c.val[1]), vorrq_u8(c.val[2], c.val[3])));
        if (neon_any_high_u8(o))
            break;
        i += 128;
    }
    while (len - i >= 64) {
        uint8x16x4_t b = vld1q_u8_x4(s + i);
        uint8x16_t o = vorrq_u8(vorrq_u8(b.val[0], b.val[1]), vorrq_u8(b.val[2], b.val[3]));
        if (neon_any_high_u8(o))
            break;
        i += 64;
    }
    /* 16 at a time; the first non-ASCII byte, if any, is within 64 bytes. */
    while (len - i >= 16) {
        m = neon_u8_high_nibbles(vld1q_u8(s + i));
        if (m)
            return i + ((size_t)__builtin_ctzll(m) >> 2);
        i += 16;
    }
    if (i == len)
        return len;
    /* 1..15 bytes left: the last 16 bytes of the input, of which the
       first 16 - (len - i) are known to be ASCII. */
    m = neon_u8_high_nibbles(vld1q_u8(s + len - 16));
    return m ? len - 16 + ((size_t)__builtin_ctzll(m) >> 2) : len;
}

/* ------------------------------------------------------------------------ */
/* validate_utf8                                                            */
/* ------------------------------------------------------------------------ */

/*
 * Block *i and the 3 bytes before it are ASCII: skips it and the ASCII
 * blocks after it. Returns 0 when fewer than 64 bytes are left after the
 * run (*i is then its end); otherwise 1, with *i at the first block that
 * is not ASCII, *b that block, and the check state as after ASCII bytes.
 */
static UNILANE_ALWAYS_INLINE int neon_u8_skip_ascii(const uint8_t *s, size_t len, size_t *i,
                                                    uint8x16x4_t *b, neon_u8_kl *k, uint8x16_t *pv)
{
    size_t j = *i + 64;
    for (;;) {
        if (len - j < 64) {
            *i = j;
            return 0;
        }
#  if !UNILANE_NEON_A64
        /* ARMv7: two blocks per test while there is room (on AArch64 this
           costs more on text with few ASCII blocks than it saves) */
        if (len - j >= 128) {
            uint8x16x4_t a = vld1q_u8_x4(s + j), c = vld1q_u8_x4(s + j + 64);
            uint8x16_t m =
                vmaxq_u8(vmaxq_u8(vmaxq_u8(a.val[0], a.val[1]), vmaxq_u8(a.val[2], a.val[3])),
                         vmaxq_u8(vmaxq_u8(c.val[0], c.val[1]), vmaxq_u8(c.val[2], c.val[3])));
            if (!neon_any_high_u8(m)) {
                j += 128;
                continue;
            }
        }
#  endif
        if (neon_u8_high4(vld1q_u8_x4(s + j)))
            break;
        j += 64;
    }
    *i = j;
    *b = neon_load64_u8(neon_u8_launder(s + j));
    neon_u8_kl_reset(k);
    *pv = vdupq_n_u8(0); /* as good as the ASCII bytes */
    return 1;
}

/*
 * WTF-8 (validate_wtf8, wtf8_to_utf16) is checked with the UTF-8 tables:
 * the SURROGATE class of a pair (byte j-1, byte j) is set exactly for
 * ED A0..BF, a surrogate sequence, which WTF-8 allows. A block whose error
 * lanes hold nothing but that bit is valid WTF-8 unless a high-surrogate
 * sequence (ED A0..AF xx) is directly followed by a low one (ED B0..BF xx):
 * neon_u8_wtf8_pairs. The scalar code knows that rule only from where it
 * starts: neon_u8_wtf8_back makes it start before a high surrogate that
 * ends where it would start.
 */

/* 0xFF where v[j] is the second byte of a surrogate sequence whose second
   byte has high nibble hn (0xA0: a high surrogate, 0xB0: a low one); p1
   holds the bytes before, v[j-1] */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_sur2(uint8x16_t p1, uint8x16_t v, uint8_t hn)
{
    return vandq_u8(vceqq_u8(p1, vdupq_n_u8(0xED)),
                    vceqq_u8(vandq_u8(v, vdupq_n_u8(0xF0)), vdupq_n_u8(hn)));
}

/* Nonzero lanes where a low-surrogate sequence directly follows a high one
   in the valid block b (pv: the 16 bytes before it; its lanes 12..15 are
   enough, since the high's second byte is three bytes before the low's). */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_wtf8_pairs(uint8x16_t pv, uint8x16x4_t b)
{
    uint8x16_t prev = pv, e = vdupq_n_u8(0);
    uint8x16_t hprev = neon_u8_sur2(vextq_u8(vdupq_n_u8(0), pv, 15), pv, 0xA0);
    int q;
    NEON_UNROLL
    for (q = 0; q < 4; q++) {
        uint8x16_t p1 = vextq_u8(prev, b.val[q], 15);
        uint8x16_t hs = neon_u8_sur2(p1, b.val[q], 0xA0), ls = neon_u8_sur2(p1, b.val[q], 0xB0);
        e = vorrq_u8(e, vandq_u8(ls, vextq_u8(hprev, hs, 13)));
        hprev = hs;
        prev = b.val[q];
    }
    return e;
}

/* The error lanes e of the valid-UTF-8 check of block b (pv: the 16 bytes
   before it) turned into error lanes for WTF-8: nonzero somewhere iff the
   block is ill-formed WTF-8 (its first error at or after 3 bytes before
   the block, as for UTF-8). */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_wtf8_errors(uint8x16_t e, uint8x16_t pv,
                                                            uint8x16x4_t b)
{
    uint8x16_t bad;
    if (UNILANE_LIKELY(!neon_u8_any(e)))
        return e;
    bad = vandq_u8(e, vdupq_n_u8((uint8_t)~UNILANE_U8_SURROGATE));
    if (neon_u8_any(bad))
        return bad;
    return neon_u8_wtf8_pairs(pv, b); /* surrogates, no other error */
}

/* 1 iff the block at c (64 bytes, loaded again; pv: the 16 bytes before
   it), whose UTF-8 error lanes are e, is ill-formed WTF-8. Out of line for
   the validator, whose loop calls it only when e is nonzero: inline, the
   block's copy for it and the constants of the surrogate rule took
   registers from the whole loop (validate_wtf8 on ARMv7: 1.11-1.13x
   validate_utf8). */
static UNILANE_NOINLINE int neon_u8_wtf8_block_bad(uint8x16_t e, uint8x16_t pv, const uint8_t *c)
{
    return neon_u8_any(neon_u8_wtf8_errors(e, pv, neon_load64_u8(c)));
}

/* The character start i of WTF-8 input (s[lo..i) valid but for errors at
   or after i - 3), moved back to the high surrogate that ends at i, if one
   does: the scalar code, started there, sees a low surrogate after it. */
static UNILANE_ALWAYS_INLINE size_t neon_u8_wtf8_back(const uint8_t *s, size_t lo, size_t i)
{
    return i - lo >= 3 && s[i - 3] == 0xED && (s[i - 2] & 0xF0) == 0xA0 ? i - 3 : i;
}

/* neon_u8_wtf8_back for the converter: *i moved back over a high surrogate
   that ends there, and *w, the units written, back by its one unit. */
static UNILANE_ALWAYS_INLINE void neon_u8_wtf8_back_to(const uint8_t *s, size_t *i, size_t *w)
{
    size_t b = neon_u8_wtf8_back(s, 0, *i);
    *w -= (*i - b) / 3;
    *i = b;
}

/* UTF-16 units of each lane of the block b by the rule of
   unilane_utf16_length_from_utf8 (at most 8 a lane); units is the unit
   table of utf8_rules.h (neon_u8_rules[3]). */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_units64(uint8x16_t units, uint8x16x4_t b)
{
    uint8x16_t u0 = vqtbl1q_u8(units, vshrq_n_u8(b.val[0], 4));
    uint8x16_t u1 = vqtbl1q_u8(units, vshrq_n_u8(b.val[1], 4));
    uint8x16_t u2 = vqtbl1q_u8(units, vshrq_n_u8(b.val[2], 4));
    uint8x16_t u3 = vqtbl1q_u8(units, vshrq_n_u8(b.val[3], 4));
    return vaddq_u8(vaddq_u8(u0, u1), vaddq_u8(u2, u3));
}

/* gcc's tree PRE keeps values across the iterations of the UTF-8 check
   loops that the 16 ARMv7 Q registers cannot hold: without it (gcc 12) the
   loops spill less. ARMv7 instructions a byte, Chinese-Lipsum: utf8_inspect
   2.02 -> 1.87 (Emoji-Lipsum 2.43 -> 2.01), validate_utf8 1.93 -> 1.82,
   validate_wtf8 1.88 -> 1.75; AArch64 the same either way. For the entries
   that inline neon_u8_valid_blocks and the inspection runs. */
#  if defined(__GNUC__) && !defined(__clang__)
#    define NEON_U8_NO_PRE __attribute__((optimize("no-tree-pre")))
#  else
#    define NEON_U8_NO_PRE
#  endif

/*
 * The block loop of validate_utf8 from i (len - i >= 64; the check starts
 * afresh there): returns the position where it stopped, such that s[i ..
 * stop) is valid but for a last character that may be cut off, and the
 * first error, if any, ends before stop + 64 (or the end).
 */
static UNILANE_ALWAYS_INLINE size_t neon_u8_valid_blocks(const uint8_t *s, size_t len, size_t i,
                                                         int wtf8)
{
    neon_u8_kl k;
    uint8x16_t pv = vdupq_n_u8(0);
    neon_u8_kl_init(&k);
    for (;;) {
        uint8x16x4_t b = neon_load64_u8(s + i);
        if (!neon_u8_block_high(b, pv) && !neon_u8_skip_ascii(s, len, &i, &b, &k, &pv))
            break;
        {
            uint8x16_t e = neon_u8_kl_block(&k, pv, b);
            if (neon_u8_any(e) && (!wtf8 || neon_u8_wtf8_block_bad(e, pv, s + i)))
                break; /* the first error is at or after i - 3 */
        }
        pv = b.val[3];
        i += 64;
        if (len - i < 64)
            break;
    }
    return i;
}

NEON_U8_NO_PRE unilane_result unilane_neon_validate_utf8(const char *src, size_t len)
{
    const uint8_t *s = (const uint8_t *)src;
    size_t i = 0;

    if (len >= 64) {
        i = neon_u8_valid_blocks(s, len, 0, 0);
        /* s[0..i) is valid but for a last character that may be cut off */
        i = gen_utf8_last_lead(s, 0, i);
    }
    return gen_finish(unilane_scalar_validate_utf8(src + i, len - i), i, 0);
}

NEON_U8_NO_PRE unilane_result unilane_neon_validate_wtf8(const char *src, size_t len)
{
    const uint8_t *s = (const uint8_t *)src;
    size_t i = 0;

    if (len >= 64) {
        i = neon_u8_valid_blocks(s, len, 0, 1);
        /* as for UTF-8, and the scalar code starts before a high surrogate
           that ends there, so that it sees a low one after it */
        i = neon_u8_wtf8_back(s, 0, gen_utf8_last_lead(s, 0, i));
    }
    return gen_finish(unilane_scalar_validate_wtf8(src + i, len - i), i, 0);
}

/* ------------------------------------------------------------------------ */
/* UTF-16 lengths                                                           */
/* ------------------------------------------------------------------------ */

size_t unilane_neon_utf16_length_from_utf8(const char *src, size_t len)
{
    const uint8_t *s = (const uint8_t *)src;
    size_t i = 0, count = 0;

    if (len >= 64) {
        const uint8x16_t units = vld1q_u8(neon_u8_rules[3]);
        do {
            /* at most 2 units per byte, 8 per lane and block: 31 blocks
               fit in a byte lane */
            size_t n = (len - i) / 64;
            uint8x16_t acc = vdupq_n_u8(0);
            const uint8_t *p = s + i, *e;
            if (n > 31)
                n = 31;
            /* n >= 1: a do-while on a pointer, which gcc -Os keeps as
               one post-indexed load and a compare a block (a for loop on
               i costs it 2 more) */
            e = p + 64 * n;
            do {
                acc = vaddq_u8(acc, neon_u8_units64(units, vld1q_u8_x4(p)));
                p += 64;
            } while (p != e);
            i += 64 * n;
            count += vaddlvq_u8(acc);
        } while (len - i >= 64);
    }
    return count + unilane_scalar_utf16_length_from_utf8(src + i, len - i);
}

size_t unilane_neon_utf16_length_from_utf8_lossy(const char *src, size_t len)
{
    const uint8_t *s = (const uint8_t *)src;
    size_t i = 0, start = 0, count = 0;

    if (len >= 64) {
        const uint8x16_t units = vld1q_u8(neon_u8_rules[3]);
        neon_u8_kl k;
        uint8x16_t pv = vdupq_n_u8(0); /* the 16 bytes before block i (zero at start) */
        neon_u8_kl_init(&k);
        for (;;) {
            uint8x16x4_t b = neon_load64_u8(s + i);
            if (!neon_u8_block_high(b, pv)) {
                size_t from = i;
                int more = neon_u8_skip_ascii(s, len, &i, &b, &k, &pv);
                count += i - from;
                if (!more)
                    break;
            }
            if (UNILANE_LIKELY(!neon_u8_any(neon_u8_kl_block(&k, pv, b)))) {
                /* valid so far: the plain count is exact */
                count += vaddlvq_u8(neon_u8_units64(units, b));
                pv = b.val[3];
                i += 64;
            } else {
                /* Ill-formed input around this block: the scalar code counts
                   from the last character boundary to a place after the
                   block where lossy decoding starts afresh
                   (gen_utf8_resync), and the check restarts there. */
                size_t a = gen_utf8_last_lead(s, start, i);
                size_t e = gen_utf8_resync(s, len, i + 64);
                count -= gen_utf8_units(s + a, i - a);
                count += unilane_scalar_utf16_length_from_utf8_lossy(src + a, e - a);
                i = start = e;
                neon_u8_kl_reset(&k);
                pv = vdupq_n_u8(0);
            }
            if (len - i < 64)
                break;
        }
        {
            size_t a = gen_utf8_last_lead(s, start, i);
            count -= gen_utf8_units(s + a, i - a);
            i = a;
        }
    }
    return count + unilane_scalar_utf16_length_from_utf8_lossy(src + i, len - i);
}

/* ------------------------------------------------------------------------ */
/* utf8_inspect, utf8_inspect_lossy                                         */
/* ------------------------------------------------------------------------ */

/*
 * The inspections run validate_utf8's check block by block and count the
 * UTF-16 units on the way, by the per-byte rule of utf16_length_from_utf8
 * written as: units = bytes - (continuation bytes - 4-byte leads). The
 * check has both kinds of byte at hand: after the step of 16 bytes v, the
 * first-byte classes in the state (neon_u8_kl.p12) have TWO_CONTS (bit 7)
 * exactly at the continuation bytes of v (BYTE1_HIGH has it for 8..B only,
 * BYTE1_LOW in every entry), and the step compares the bytes three lanes
 * back with F0 (neon_u8_lead4): one accumulate of each a vector into byte
 * counters (neon_u8_cnt), flushed every 31 blocks. The lead is counted
 * three bytes late, so one among the last three bytes of a run is not: it
 * can only be the lead of the character cut off there, which the caller
 * counts (neon_u8_inspect_long).
 *
 * The width costs the loop nothing: a run is made for a width W, and its
 * tables forbid what is wider (neon_u8_traps). For W at most LATIN1 every
 * lead C4..FF is an error, for BMP every lead F0..FF (then no 4-byte lead
 * passes, and none is counted); for ASTRAL the tables are UTF-8's and the
 * 4-byte leads are counted (the only instance that counts them). So a run
 * passes nothing wider than W, and below BMP what it passed is LATIN1 iff
 * it has a continuation byte (fewer units than bytes). A forbidden lead is
 * found where a run stops before a block in error; the caller then makes
 * the run again from the character before, for that lead's width.
 */

/* 0xFF where the byte three lanes back (in pv, v) is F0..FF: the compare of
   neon_u8_kl_step, written the same way so that the compiler shares it. */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_lead4(uint8x16_t pv, uint8x16_t v)
{
    return vcgeq_u8(vextq_u8(pv, v, 13), vdupq_n_u8(0xF0));
}

/*
 * What the runs below ASTRAL add to the tables BYTE1_HIGH ([w][0]) and
 * BYTE2_HIGH ([w][1]), so that a pair (lead, next byte) is an error where
 * the lead is too wide: w = 0, W at most LATIN1, leads C4..FF; w = 1, BMP,
 * leads F0..FF. Before a byte that is not a continuation byte every lead
 * has TOO_SHORT already; before one, TOO_LONG (BYTE1_LOW and BYTE2_HIGH
 * 8..B have it) is added for D, E, F (and F alone for BMP), and TOO_LARGE
 * for C: BYTE1_LOW has it for the low nibbles 4..F, BYTE2_HIGH for 9..B,
 * and here for 8 too (C4..CF 80..8F; F4 80..8F, the only other pair that
 * gains it, has TOO_LONG already). Bit 7, the continuation bytes' mark in
 * the first-byte classes, is not touched.
 */
static const uint8_t neon_u8_traps[2][2][16] = {
    { { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UNILANE_U8_TOO_LARGE, UNILANE_U8_TOO_LONG,
        UNILANE_U8_TOO_LONG, UNILANE_U8_TOO_LONG },
      { 0, 0, 0, 0, 0, 0, 0, 0, UNILANE_U8_TOO_LARGE } },
    { { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UNILANE_U8_TOO_LONG }, { 0 } },
};

/* The first bytes a run for width w (neon_u8_traps) forbids. */
#  define NEON_U8_TRAP_LEAD(w) ((w) ? 0xF0u : 0xC4u)

/*
 * Byte counters per lane: continuation bytes, and (ASTRAL) 4-byte leads.
 * On AArch64 two counters, each a tied usra (one counter for both cost
 * moves: Emoji-Lipsum 1.46 instructions a byte, 1.44 this way). On ARMv7
 * the leads are taken off the one counter (a Q register less in a loop
 * that has none to spare: 2.09 -> 2.01), which starts at NEON_U8_INSP_BIAS
 * so that it stays within its byte either way.
 */
typedef struct neon_u8_cnt {
    uint8x16_t cont, lead4;
} neon_u8_cnt;
#  define NEON_U8_INSP_SPLIT UNILANE_NEON_A64
#  define NEON_U8_INSP_BIAS  (NEON_U8_INSP_SPLIT ? 0 : 128)

/* Error lanes of a 64-byte block (as neon_u8_kl_block), and its bytes
   counted into *c. */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_insp_block(neon_u8_kl *k, uint8x16_t pv,
                                                           uint8x16x4_t b, neon_u8_cnt *c,
                                                           int astral)
{
    uint8x16_t e = vdupq_n_u8(0);
    int q;
    NEON_UNROLL
    for (q = 0; q < 4; q++) {
        uint8x16_t p = q ? b.val[q - 1] : pv;
        e = vorrq_u8(e, neon_u8_kl_step(k, p, b.val[q]));
        c->cont = vsraq_n_u8(c->cont, k->p12, 7);
        if (astral && NEON_U8_INSP_SPLIT)
            c->lead4 = vsraq_n_u8(c->lead4, neon_u8_lead4(p, b.val[q]), 7);
        else if (astral)
            c->cont = vaddq_u8(c->cont, neon_u8_lead4(p, b.val[q])); /* -1 a lead */
    }
    return e;
}

/* *c without the counts that neon_u8_insp_block added for the block at s
   (loaded again: keeping it in registers for this costs moves in the loop;
   pv: the 16 bytes before it). The block has an error: its bytes are the
   scalar code's. */
static UNILANE_ALWAYS_INLINE void neon_u8_insp_undo(neon_u8_cnt *c, uint8x16_t pv, const uint8_t *s,
                                                    int astral)
{
    uint8x16x4_t b = neon_load64_u8(s);
    int q;
    for (q = 0; q < 4; q++) {
        uint8x16_t p = q ? b.val[q - 1] : pv;
        c->cont = vaddq_u8(c->cont, neon_u8_is_cont(b.val[q]));
        if (astral && NEON_U8_INSP_SPLIT)
            c->lead4 = vaddq_u8(c->lead4, neon_u8_lead4(p, b.val[q]));
        else if (astral)
            c->cont = vsubq_u8(c->cont, neon_u8_lead4(p, b.val[q]));
    }
}

/* At most this many bytes of checked (not skipped) blocks per count: a
   lane of a counter moves by at most 4 a block, 124 in 31 blocks (either
   way from NEON_U8_INSP_BIAS). */
#  define NEON_U8_INSP_CHUNK (31 * 64)

/*
 * The block loop of the inspections from i (len - i >= 64; the check starts
 * afresh there), as validate_utf8's (neon_u8_valid_blocks): returns the
 * position where it stopped, such that s[i .. stop) is valid but for a
 * last character that may be cut off, and the first error (or forbidden
 * lead), if any, ends before stop + 64 (or the end); and its units in *u,
 * which lack a 4-byte lead among the last three bytes (see above). traps:
 * neon_u8_traps[w] (astral = 0), or NULL.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u8_insp_blocks(const uint8_t *s, size_t len, size_t i,
                                                        const uint8_t (*traps)[16], size_t *u,
                                                        int astral)
{
    neon_u8_kl k;
    uint8x16_t pv = vdupq_n_u8(0);
    size_t n = 0;
    int stop = 0;
    neon_u8_kl_init(&k);
    if (!astral) {
        k.hi1 = vorrq_u8(k.hi1, vld1q_u8(traps[0]));
        k.hi2 = vorrq_u8(k.hi2, vld1q_u8(traps[1]));
    }
    do {
        /* a chunk: at most NEON_U8_INSP_CHUNK bytes of checked blocks (an
           ASCII run may take i past lim: the chunk then ends with the next
           checked block) */
        size_t from = i, last = (len - i > NEON_U8_INSP_CHUNK ? i + NEON_U8_INSP_CHUNK : len) - 64;
        neon_u8_cnt c;
        c.cont = vdupq_n_u8(NEON_U8_INSP_BIAS);
        c.lead4 = vdupq_n_u8(0);
        for (;;) {
            uint8x16x4_t b = neon_load64_u8(s + i);
            uint8x16_t e;
            if (!neon_u8_block_high(b, pv) && !neon_u8_skip_ascii(s, len, &i, &b, &k, &pv)) {
                stop = 1;
                break;
            }
            e = neon_u8_insp_block(&k, pv, b, &c, astral);
            if (neon_u8_any(e)) {
                neon_u8_insp_undo(&c, pv, neon_u8_launder(s + i), astral);
                stop = 1;
                break; /* the first error is at or after i - 3 */
            }
            pv = b.val[3];
            i += 64;
            if (i > last)
                break;
        }
        n += (i - from) + 16 * NEON_U8_INSP_BIAS - vaddlvq_u8(c.cont);
        if (astral && NEON_U8_INSP_SPLIT)
            n += vaddlvq_u8(c.lead4);
    } while (!stop && len - i >= 64);
    *u = n;
    return i;
}

/* The two instances, out of line. */
static NEON_U8_NO_PRE UNILANE_NOINLINE size_t neon_u8_insp_run(const uint8_t *s, size_t len,
                                                               size_t i, const uint8_t (*traps)[16],
                                                               size_t *u)
{
    return neon_u8_insp_blocks(s, len, i, traps, u, 0);
}

static NEON_U8_NO_PRE UNILANE_NOINLINE size_t neon_u8_insp_run4(const uint8_t *s, size_t len,
                                                                size_t i, size_t *u)
{
    return neon_u8_insp_blocks(s, len, i, NULL, u, 1);
}

/* The largest byte of v (umaxv on AArch64, a pairwise chain on ARMv7). */
static UNILANE_ALWAYS_INLINE unsigned neon_u8_hmax(uint8x16_t v)
{
    return vmaxvq_u8(v);
}

/* The largest byte of s[k .. e). */
static UNILANE_NOINLINE unsigned neon_u8_max_of(const uint8_t *s, size_t k, size_t e)
{
    uint8x16_t m = vdupq_n_u8(0);
    unsigned t;
    for (; e - k >= 16; k += 16)
        m = vmaxq_u8(m, vld1q_u8(s + k));
    t = gen_max_byte(s, k, e);
    return neon_u8_hmax(m) > t ? neon_u8_hmax(m) : t;
}

/* Where a run from lo that stopped before the block at i finds a lead it
   forbids (>= t): in that block, or in the byte before it (a lead whose
   pair with the block's first byte is the error). The first byte >= F0
   if there is one (a run for ASTRAL then passes every lead there), else
   the first byte >= t; SIZE_MAX if there is neither. */
static UNILANE_NOINLINE size_t neon_u8_trap_at(const uint8_t *s, size_t lo, size_t i, unsigned t)
{
    size_t k = i > lo ? i - 1 : i;
    unsigned m = neon_u8_max_of(s, k, i + 64);
    if (m < t)
        return SIZE_MAX;
    if (m >= 0xF0)
        t = 0xF0;
    while (s[k] < t)
        k++;
    return k;
}

/*
 * len >= 64: validation, the unit count and the width in one pass (runs of
 * neon_u8_insp_blocks). Where a run stops with an error or at the end, the
 * scalar inspection takes over at the start of the last character: strict,
 * for the rest of the input; lossy, for the window up to a
 * resynchronisation point after the block in error, where the runs resume.
 * The first window with an error names the first error (all before it is
 * valid); the width is the wider of the parts' widths.
 *
 * wd is the width of the text described so far, and each run is made for
 * it (neon_u8_traps), or for tw, the width of a forbidden lead found at f
 * (a trial): a trial run that passes f makes tw known; one that does not
 * (an error at f, or another forbidden lead: its run is then made for a
 * width wider still) passed at most a block's bytes, whose largest byte
 * gives their width.
 */
static UNILANE_NOINLINE unilane_utf8_info neon_u8_inspect_long(const char *src, size_t len,
                                                               int lossy)
{
    const uint8_t *s = (const uint8_t *)src;
    size_t start = 0, n = 0, err = len, f = 0, i, a, e, u, t;
    unilane_status first = UNILANE_OK;
    unilane_width wd = UNILANE_WIDTH_ASCII, tw = UNILANE_WIDTH_ASCII, rw;
    for (;;) {
        rw = gen_wider(wd, tw); /* the run's width */
        i = rw == UNILANE_WIDTH_ASTRAL
                ? neon_u8_insp_run4(s, len, start, &u)
                : neon_u8_insp_run(s, len, start, neon_u8_traps[rw == UNILANE_WIDTH_BMP], &u);
        a = gen_utf8_last_lead(s, start, i);
        /* the units of s[start .. a): the run did not count a 4-byte lead
           at a (one of the last three bytes) as one, which gen_utf8_units
           takes off as 2 units */
        u = u - gen_utf8_units(s + a, i - a) + (a < i && s[a] >= 0xF0);
        n += u;
        if (tw != UNILANE_WIDTH_ASCII) {
            /* a trial: did the character at f pass? */
            wd = gen_wider(wd,
                           f < a ? tw : gen_width(gen_utf8_lead_cp(neon_u8_max_of(s, start, a))));
            tw = UNILANE_WIDTH_ASCII;
        } else if (u < a - start) {
            wd = gen_wider(wd, UNILANE_WIDTH_LATIN1); /* a continuation byte */
        }
        if (len - i >= 64 && rw != UNILANE_WIDTH_ASTRAL &&
            (t = neon_u8_trap_at(s, start, i, NEON_U8_TRAP_LEAD(rw == UNILANE_WIDTH_BMP))) !=
                SIZE_MAX) {
            /* stopped before a block with a forbidden lead at t: again
               from the character before, for its width */
            f = t;
            tw = s[t] >= 0xF0 ? UNILANE_WIDTH_ASTRAL : UNILANE_WIDTH_BMP;
            start = a;
            continue;
        }
        e = gen_inspect_window(src, len, i, a, lossy, &n, &wd, &first, &err);
        if (e == len)
            break;
        start = e;
    }
    return gen_utf8_info(first, err, n, wd);
}

unilane_utf8_info unilane_neon_utf8_inspect(const char *src, size_t len)
{
    return len < 64 ? unilane_scalar_utf8_inspect(src, len) : neon_u8_inspect_long(src, len, 0);
}

unilane_utf8_info unilane_neon_utf8_inspect_lossy(const char *src, size_t len)
{
    return len < 64 ? unilane_scalar_utf8_inspect_lossy(src, len)
                    : neon_u8_inspect_long(src, len, 1);
}

/* ------------------------------------------------------------------------ */
/* UTF-8 -> UTF-16 and UTF-8 -> Latin-1                                     */
/* ------------------------------------------------------------------------ */

/* Block types: the longest character that ends in the block. */
#  define NEON_U8_T_ASCII 0
#  define NEON_U8_T_2     1
#  define NEON_U8_T_3     2
#  define NEON_U8_T_4     3
#  define NEON_U8_T_NONE  4 /* no block waiting for conversion */

/*
 * Per lane j, the code unit of the character that ENDS at byte j (the lane
 * is kept only where one does), from v[j] and its predecessors
 * p1 = v[j-1], p2 = v[j-2]; low bytes in *lo, high bytes in *hi:
 *   ASCII x                    lo = x, hi = 0
 *   110abcde 10fghijk          lo = de fghijk, hi = 0abc
 *   1110wxyz 10abcdef 10ghijkl lo = ef ghijkl, hi = wxyz abcd
 * A continuation lane takes the low 6 bits of its byte and the low 2 bits of
 * p1 (vsli); its high byte is bits 2..5 of p1 (for a 2-byte lead bit 5 is 0)
 * with, when p1 is itself a continuation, the low 4 bits of p2 on top.
 * With three == 0 every character has at most 2 bytes and p2 is not needed.
 */
static UNILANE_ALWAYS_INLINE void neon_u8_units16(uint8x16_t pv, uint8x16_t v, uint8x16_t cont,
                                                  int three, uint8x16_t *lo, uint8x16_t *hi)
{
    uint8x16_t p1 = vextq_u8(pv, v, 15);
    *lo = vbslq_u8(cont, vsliq_n_u8(v, p1, 6), v);
    if (three) {
        uint8x16_t p2 = vextq_u8(pv, v, 14);
        uint8x16_t p2c = vandq_u8(p2, neon_u8_is_cont(p1));
        *hi = vandq_u8(cont, vsliq_n_u8(vshrq_n_u8(p1, 2), p2c, 4));
    } else {
        *hi = vandq_u8(cont, vandq_u8(vshrq_n_u8(p1, 2), vdupq_n_u8(7)));
    }
}

/*
 * neon_u8_units16 (three) when 4-byte characters occur, p3 = v[j-3]:
 *   11110abc 10defghi 10jklmno 10pqrstu
 * gives two units, the high surrogate in the lane of its third byte and the
 * low surrogate in the lane of its last byte:
 *   third byte  D800 + (abc defghi jk) - 0x40, i.e. lo = (defghi jk) - 0x40
 *               (mod 256), hi = D8 + abc - borrow (D8 + abc = p2 + E8 mod 256)
 *   last byte   lo = no pqrstu (as for 3 bytes), hi = DC | lm
 * Returns 0xFF in the lanes of third bytes (kept as well as the lanes that
 * end a character).
 */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_units4(uint8x16_t pv, uint8x16_t v, uint8x16_t cont,
                                                       uint8x16_t *lo, uint8x16_t *hi)
{
    const uint8x16_t f0 = vdupq_n_u8(0xF0);
    uint8x16_t p1 = vextq_u8(pv, v, 15), p2 = vextq_u8(pv, v, 14), p3 = vextq_u8(pv, v, 13);
    uint8x16_t p2c = vandq_u8(p2, neon_u8_is_cont(p1));
    uint8x16_t h = vandq_u8(cont, vsliq_n_u8(vshrq_n_u8(p1, 2), p2c, 4));
    uint8x16_t third = vcgeq_u8(p2, f0), last = vcgeq_u8(p3, f0);
    uint8x16_t x = vsliq_n_u8(vshrq_n_u8(v, 4), p1, 2);
    uint8x16_t xhi = vaddq_u8(vaddq_u8(p2, vdupq_n_u8(0xE8)), vcltq_u8(x, vdupq_n_u8(0x40)));
    h = vbslq_u8(vandq_u8(last, vdupq_n_u8(0xFC)), vdupq_n_u8(0xDC), h);
    *lo = vbslq_u8(third, vsubq_u8(x, vdupq_n_u8(0x40)), vbslq_u8(cont, vsliq_n_u8(v, p1, 6), v));
    *hi = vbslq_u8(third, xhi, h);
    return third;
}

/*
 * The units of the 16 bytes v (prev and next: the 16 bytes before and
 * after) in a block of type `type` (T_2, T_3, T_4; a compile-time
 * constant): low and high bytes in *lo and *hi (for T_2, *lo alone is the
 * Latin-1 byte), and the lanes to keep, bitw where kept and 0 elsewhere. A
 * lane is kept where a character ends: with 1- and 2-byte characters where
 * the byte is not a lead, otherwise where the next byte is not a
 * continuation; in T_4 blocks also at the third byte of a 4-byte character
 * (its high surrogate).
 */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u8_lanes(uint8x16_t prev, uint8x16_t v,
                                                      uint8x16_t next, unsigned type,
                                                      uint8x16_t bitw, uint8x16_t *lo,
                                                      uint8x16_t *hi)
{
    uint8x16_t cont = neon_u8_is_cont(v);
    if (type == NEON_U8_T_4) {
        uint8x16_t third = neon_u8_units4(prev, v, cont, lo, hi);
        return vbicq_u8(bitw, vbicq_u8(vextq_u8(cont, neon_u8_is_cont(next), 1), third));
    }
    neon_u8_units16(prev, v, cont, type == NEON_U8_T_3, lo, hi);
    if (type == NEON_U8_T_3)
        return vbicq_u8(bitw, vextq_u8(cont, neon_u8_is_cont(next), 1));
    return vbicq_u8(bitw, vcgeq_u8(v, vdupq_n_u8(0xC0)));
}

/* Four vectors of lane bits (each lane 0 or its weight from neon_u8_bitw)
   -> 8 mask bytes, byte 2q+h for lanes 8h..8h+7 of vector q. */
static UNILANE_ALWAYS_INLINE uint8x8_t neon_u8_gather(uint8x16_t a, uint8x16_t b, uint8x16_t c,
                                                      uint8x16_t d)
{
    uint8x16_t x = vpaddq_u8(vpaddq_u8(a, b), vpaddq_u8(c, d));
    return vget_low_u8(vpaddq_u8(x, x));
}

/*
 * Stores the kept lanes of the eight halves of a converted block packed at
 * d (UTF-16) and returns the new end. Byte h of km (bit j: lane j of half h
 * is kept) picks the tbl pattern of half h, z[h], 8 units: one 16-byte
 * store with pattern tab + 16 * mask (neon_u8_pack16). Every store is whole
 * whatever it holds (see the file comment). The pattern offsets come from
 * one widening shift; the store offsets from one popcount and one multiply:
 * byte h of cnt * 0x0202..02 is the number of bytes kept in halves 0..h.
 */
static UNILANE_ALWAYS_INLINE uint8_t *neon_u8_store_packed(uint8_t *d, uint8x8_t km,
                                                           const uint8x16_t *z, const uint8_t *tab)
{
    uint16x8_t ix = vshll_n_u8(km, 4);
    uint64_t ia = vgetq_lane_u64(vreinterpretq_u64_u16(ix), 0);
    uint64_t ib = vgetq_lane_u64(vreinterpretq_u64_u16(ix), 1);
    uint64_t off =
        vget_lane_u64(vreinterpret_u64_u8(vcnt_u8(km)), 0) * UINT64_C(0x0202020202020202);
    int h;
    /* one register each (GCC would otherwise move ia out of the vector
       register once per use) */
    __asm__("" : "+r"(ia), "+r"(ib));
    NEON_UNROLL
    for (h = 0; h < 8; h++) {
        uint64_t word = h < 4 ? ia : ib;
        size_t at = h ? (size_t)((off >> (8 * (h - 1))) & 0xFF) : 0;
        size_t ix_h = (size_t)((h & 3) == 3 ? word >> 48 : (word >> (16 * (h & 3))) & 0xFFF);
        vst1q_u8(d + at, vqtbl1q_u8(z[h], vld1q_u8(tab + ix_h)));
    }
    return d + (off >> 56);
}

/*
 * Converts the 64-byte block s[0..64) of type `type` (T_2, T_3, T_4; a
 * compile-time constant) to UTF-16 at d (a byte pointer) and returns the
 * new end. The block and the 64 bytes after it are valid UTF-8, pv holds
 * the 16 bytes before the block (zero if the conversion starts at the
 * block) and nx the 16 bytes after it. The characters that END in the block
 * are written, and in a T_4 block the high surrogate of a 4-byte character
 * whose third byte is the last of the block. (Latin-1 output takes
 * neon_u8_sparse, vector by vector.)
 */
static UNILANE_ALWAYS_INLINE uint8_t *neon_u8_block(const uint8_t *s, uint8x16_t pv, uint8x16_t nx,
                                                    unsigned type, uint8_t *d, uint8x16_t bitw,
                                                    const uint8_t *tab)
{
    uint8x16x4_t b = neon_load64_u8(s);
    uint8x16_t kb[4], lo[4], hi[4], z[8];
    uint8x8_t km;
    int q;
    NEON_UNROLL
    for (q = 0; q < 4; q++)
        kb[q] = neon_u8_lanes(q ? b.val[q - 1] : pv, b.val[q], q < 3 ? b.val[q + 1] : nx, type,
                              bitw, &lo[q], &hi[q]);
    km = neon_u8_gather(kb[0], kb[1], kb[2], kb[3]);
    NEON_UNROLL
    for (q = 0; q < 4; q++) {
        z[2 * q] = vzip1q_u8(lo[q], hi[q]);
        z[2 * q + 1] = vzip2q_u8(lo[q], hi[q]);
    }
    return neon_u8_store_packed(d, km, z, tab);
}

/* Widens the 16 ASCII bytes v to 16 UTF-16 units at d (a byte pointer);
   returns the new end. */
static UNILANE_ALWAYS_INLINE uint8_t *neon_u8_widen(uint8x16_t v, uint8_t *d)
{
    uint16_t *d16 = (uint16_t *)(void *)d;
    vst1q_u16(d16, vmovl_u8(vget_low_u8(v)));
    vst1q_u16(d16 + 8, vmovl_high_u8(v));
    return d + 32;
}

/*
 * The kept lanes (bits: bitw where kept, else 0) of the 16 Latin-1 bytes
 * lo packed at out, as two 8-byte stores with the neon_u8_pack8 patterns of
 * each half (tab: neon_u8_pack8[0]). Returns the bytes kept; writes up to 8
 * bytes past them. The two masks and their popcounts come to a core
 * register as one word, mask0 mask1 count0 count1.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u8_pack_bytes(uint8x16_t bits, uint8x16_t lo, uint8_t *out,
                                                       const uint8_t *tab)
{
    uint8x16_t x = vpaddq_u8(bits, bits);
    uint8x8_t m;
    uint32_t w;
    size_t l0;
    x = vpaddq_u8(x, x);
    m = vget_low_u8(vpaddq_u8(x, x));
    w = neon_lane0_u32(vreinterpret_u8_u32(
        vsli_n_u32(vreinterpret_u32_u8(m), vreinterpret_u32_u8(vcnt_u8(m)), 16)));
    vst1_u8(out, vqtbl1_u8(lo, vld1_u8(tab + 8 * (w & 0xFF))));
    l0 = (w >> 16) & 0xFF;
    vst1_u8(out + l0, vqtbl1_u8(lo, vld1_u8(tab + 256 * 8 + 8 * ((w >> 8) & 0xFF))));
    return l0 + (w >> 24);
}

/*
 * neon_u8_block when the block has ASCII vectors (bit 7 of byte q of vm,
 * the largest byte of vector q, clear): those are widened (UTF-16) or
 * copied (Latin-1) and stored whole (no character runs into or out of an
 * ASCII vector), the others are converted one by one. Cheaper than the
 * whole-block packing when at most 3 of the 4 vectors need it.
 */
static UNILANE_ALWAYS_INLINE uint8_t *neon_u8_sparse(const uint8_t *s, uint8x16_t pv, uint8x16_t nx,
                                                     unsigned type, uint32_t vm, uint8_t *d,
                                                     uint8x16_t bitw, const uint8_t *tab,
                                                     const uint8_t *bytes, int latin1)
{
    uint8x16x4_t b = neon_load64_u8(s);
    int q;
    NEON_UNROLL
    for (q = 0; q < 4; q++) {
        uint8x16_t v = b.val[q];
        if (vm & (0x80u << (8 * q))) {
            uint8x16_t lo, hi;
            uint8x16_t kb = neon_u8_lanes(q ? b.val[q - 1] : pv, v, q < 3 ? b.val[q + 1] : nx, type,
                                          bitw, &lo, &hi);
            if (latin1)
                d += neon_u8_pack_bytes(kb, lo, d, tab);
            else
                d += neon_zip_pack_store(kb, lo, hi, d, tab, bytes);
        } else if (latin1) {
            vst1q_u8(d, v);
            d += 16;
        } else {
            d = neon_u8_widen(v, d);
        }
    }
    return d;
}

/* Writes the ASCII block a at d: 64 UTF-16 units or 64 bytes. */
static UNILANE_ALWAYS_INLINE uint8_t *neon_u8_ascii_block(uint8x16x4_t a, uint8_t *d, int latin1)
{
    int q;
    if (latin1) {
        vst1q_u8_x4(d, a);
        return d + 64;
    }
    NEON_UNROLL
    for (q = 0; q < 4; q++)
        d = neon_u8_widen(a.val[q], d);
    return d;
}

/* Where the vector loop stopped. */
typedef struct neon_u8_stop {
    size_t pos; /* src[0..pos) is converted into dst[0..written); pos is a character start */
    size_t written;
    size_t win_end; /* 0: the rest is for the scalar finisher. Otherwise the
                       scalar code must convert src[pos..win_end) (win_end is
                       a gen_utf8_resync position: len, a non-continuation
                       byte, or one after three continuation bytes, which no
                       well-formed character spans) before the vector loop
                       can go on from win_end. */
} neon_u8_stop;

/* What neon_u8_convert writes. */
#  define NEON_U8_TO_UTF16  0 /* UTF-16; stops at a block with 4-byte characters */
#  define NEON_U8_TO_UTF16X 1 /* UTF-16 with 4-byte characters (neon_u8_convert4) */
#  define NEON_U8_TO_LATIN1 2

/* Blocks without 4-byte characters after which the NEON_U8_TO_UTF16X loop
   hands back to the NEON_U8_TO_UTF16 one. */
#  define NEON_U8_CALM 4

/*
 * The vector loop of the converters, from the character start `start`
 * (dst already holds w units; len - start >= 128). Validation runs one
 * block ahead of the conversion: block v - 64 is converted only after block
 * v is found valid, so that a character ending in it is known to be
 * complete and the wide stores are covered by output that is certain to
 * follow.
 *
 * `mode` (a compile-time constant) is one of
 * - NEON_U8_TO_UTF16: a block with 4-byte characters stops the loop with
 *   a window that reaches 448 bytes past block v (or the end): longer than
 *   NEON_U8_WINDOW4, so neon_u8_window gives it to neon_u8_convert4 (where
 *   there is one 4-byte character there are often more). Runs of ASCII
 *   blocks are converted without looking ahead.
 * - NEON_U8_TO_UTF16X: blocks with 2- and 3-byte characters both take the
 *   3-byte conversion, blocks with 4-byte characters the 4-byte one. A high
 *   surrogate can be written with the block that holds the third byte while
 *   the low one comes with the next block; where the loop stops before that
 *   block, the high surrogate is taken back. Stops after NEON_U8_CALM blocks
 *   without 4-byte characters with win_end == pos (the caller goes back to
 *   the NEON_U8_TO_UTF16 loop), at an error with win_end as there, or near
 *   the end of the input with win_end == 0.
 * - NEON_U8_TO_LATIN1: a byte >= C4 (a character above U+00FF, or an
 *   error) stops the loop as an error does; ASCII runs as for UTF-16.
 */
static UNILANE_ALWAYS_INLINE neon_u8_stop neon_u8_convert(const uint8_t *s, size_t len,
                                                          size_t start, void *dst, size_t w,
                                                          int mode, unsigned mutf8, int wtf8)
{
    const int latin1 = mode == NEON_U8_TO_LATIN1, four = mode == NEON_U8_TO_UTF16X;
    neon_u8_stop st;
    neon_u8_kl k;
    uint8x16_t bitw = vld1q_u8(neon_u8_bitw);
    uint8x16_t pv = vdupq_n_u8(0); /* the 16 bytes before block v (zero at start) */
    uint8x16x4_t b;
    size_t v = start;
    unsigned tc = NEON_U8_T_NONE; /* type of block v - 64, if not converted yet */
    unsigned tv, calm = 0;
    uint32_t vmc = 0; /* per-vector maxima of block v - 64 */
    int stale = 1;    /* k does not hold the state after pv */
    uint8_t *d = (uint8_t *)dst + (latin1 ? w : 2 * w);
    /* Table addresses as opaque values: kept in registers rather than
       rebuilt (adrp + add) at every use. */
    const uint8_t *tab = latin1 ? &neon_u8_pack8[0][0][0] : &neon_u8_pack16[0][0];
    const uint8_t *bytes = neon_u8_bytes16;
    /* two constants of neon_u8_check2, kept in registers for the UTF-16
       and Latin-1 loops (not the 4-byte one: there it costs more than
       rebuilding them), and rebuilt per block otherwise */
    /* (modified UTF-8: leads from C0 on) */
    uint8x16_t c1 = vdupq_n_u8((uint8_t)(0xC1 - 2 * mutf8)), bf = vdupq_n_u8(0xBF);

    if (!four)
        __asm__("" : "+r"(tab), "+r"(bytes), "+w"(bitw));
    if (!four)
        __asm__("" : "+w"(c1), "+w"(bf));
    neon_u8_kl_init_with(&k, neon_u8_rules_of(mutf8));
    st.win_end = 0;
    b = neon_load64_u8(s + v);
    for (;;) {
        /* b = block v. If v > start, block v - 64 is valid, of type tc,
           and not yet converted. */
        uint32_t vmv;
        unsigned m = neon_u8_block_max_vm(b, pv, &vmv);
        uint8x16_t e;
        if (m < 0x80) {
            tv = NEON_U8_T_ASCII;
            stale = 1;
            e = vdupq_n_u8(0);
        } else if (m < (latin1 ? 0xC4u : 0xE0u)) {
            tv = NEON_U8_T_2;
            stale = 1;
            e = neon_u8_check2(b, pv, c1, bf, mutf8);
        } else if (latin1) {
            tv = NEON_U8_T_4;
            e = vdupq_n_u8(1);
        } else {
            if (stale)
                neon_u8_kl_from(&k, pv);
            stale = 0;
            tv = m < 0xF0 ? NEON_U8_T_3 : NEON_U8_T_4;
            e = neon_u8_kl_block(&k, pv, b);
        }
        /* WTF-8: surrogate sequences are converted by the 3-byte formula
           (each to its own unit); only a pair is an error */
        if (UNILANE_UNLIKELY(neon_u8_any(e)) &&
            (!wtf8 || neon_u8_any(neon_u8_wtf8_errors(e, pv, b)))) {
            /* the first error is at or after v - 3: the scalar code goes
               from the start of block v - 64 to the end of block v */
            st.win_end = gen_utf8_resync(s, len, v + 64);
            break;
        }
        if (tc != NEON_U8_T_NONE) {
            const uint8_t *c = s + v - 64;
            if (tc == NEON_U8_T_ASCII) {
                d = neon_u8_ascii_block(vld1q_u8_x4(c), d, latin1);
            } else {
                uint8x16_t cpv = v - 64 == start ? vdupq_n_u8(0) : vld1q_u8(c - 16);
                if (latin1) {
                    d = neon_u8_sparse(c, cpv, b.val[0], NEON_U8_T_2, vmc, d, bitw, tab, bytes, 1);
                } else if (four) {
                    int sparse = (vmc & 0x80808080u) != 0x80808080u;
                    if (tc != NEON_U8_T_4)
                        d = sparse ? neon_u8_sparse(c, cpv, b.val[0], NEON_U8_T_3, vmc, d, bitw,
                                                    tab, bytes, 0)
                                   : neon_u8_block(c, cpv, b.val[0], NEON_U8_T_3, d, bitw, tab);
                    else
                        d = sparse ? neon_u8_sparse(c, cpv, b.val[0], NEON_U8_T_4, vmc, d, bitw,
                                                    tab, bytes, 0)
                                   : neon_u8_block(c, cpv, b.val[0], NEON_U8_T_4, d, bitw, tab);
                } else if ((vmc & 0x80808080u) != 0x80808080u && tc == NEON_U8_T_2) {
                    d = neon_u8_sparse(c, cpv, b.val[0], NEON_U8_T_2, vmc, d, bitw, tab, bytes, 0);
                } else if ((vmc & 0x80808080u) != 0x80808080u && tc == NEON_U8_T_3) {
                    d = neon_u8_sparse(c, cpv, b.val[0], NEON_U8_T_3, vmc, d, bitw, tab, bytes, 0);
                } else if (tc == NEON_U8_T_2) {
                    d = neon_u8_block(c, cpv, b.val[0], NEON_U8_T_2, d, bitw, tab);
                } else if (tc == NEON_U8_T_3) {
                    d = neon_u8_block(c, cpv, b.val[0], NEON_U8_T_3, d, bitw, tab);
                } else {
                    /* 4-byte characters: the caller converts this block
                       and the next few with neon_u8_convert4 */
                    st.win_end = gen_utf8_resync(s, len, len - v > 448 ? v + 448 : len);
                    break;
                }
            }
        }
        if (four)
            calm = tv == NEON_U8_T_4 ? 0 : calm + 1;
        tc = tv;
        vmc = vmv;
        pv = b.val[3];
        v += 64;
        if (len - v < 64)
            break;
        if (four && calm >= NEON_U8_CALM)
            break;
        if (!four && tc == NEON_U8_T_ASCII) {
            uint8x16x4_t a = neon_load64_u8(s + v);
            if (!neon_u8_high4(a)) {
                /* A run of ASCII blocks (nothing runs into the first: the
                   one before is ASCII): no need to look ahead, each is
                   converted as soon as it is seen. */
                d = neon_u8_ascii_block(vld1q_u8_x4(s + v - 64), d, latin1);
                tc = NEON_U8_T_NONE;
                for (;;) {
                    d = neon_u8_ascii_block(a, d, latin1);
                    v += 64;
                    /* two blocks per test while there is room */
                    while (len - v >= 128) {
                        uint8x16x4_t a2;
                        a = neon_load64_u8(s + v);
                        a2 = neon_load64_u8(s + v + 64);
                        if (neon_any_high_u8(vmaxq_u8(vmaxq_u8(vmaxq_u8(a.val[0], a.val[1]),
                                                               vmaxq_u8(a.val[2], a.val[3])),
                                                      vmaxq_u8(vmaxq_u8(a2.val[0], a2.val[1]),
                                                               vmaxq_u8(a2.val[2], a2.val[3])))))
                            break;
                        d = neon_u8_ascii_block(a, d, latin1);
                        d = neon_u8_ascii_block(a2, d, latin1);
                        v += 128;
                    }
                    if (len - v < 64)
                        goto out;
                    a = neon_load64_u8(s + v);
                    if (neon_u8_high4(a))
                        break;
                }
                pv = vld1q_u8(s + v - 16);
            }
        }
        b = neon_load64_u8(neon_u8_launder(s + v));
    }
out:
    /* Everything that ends before block v - 64 (before v if no block is
       waiting) is written; a character may run into block v - 64 from
       before (its lead is within 3 bytes). */
    if (tc == NEON_U8_T_NONE) {
        st.pos = v; /* v == start, or the block before v was ASCII */
    } else {
        size_t c = v - 64;
        while (c > start && gen_utf8_is_cont(s[c]))
            c--;
        st.pos = c;
        /* the third byte of this character ends block v - 128 */
        if (four && c + 3 == v - 64 && s[c] >= 0xF0)
            d -= 2;
    }
    if (four && calm >= NEON_U8_CALM && st.win_end == 0)
        st.win_end = st.pos;
    st.written = latin1 ? (size_t)(d - (uint8_t *)dst) : (size_t)(d - (uint8_t *)dst) / 2;
    return st;
}

/* UTF-8 -> UTF-16 where neon_u8_convert met 4-byte characters, from the
   character start `start` (dst already holds w units; len - start >= 128). */
static UNILANE_NOINLINE neon_u8_stop neon_u8_convert4(const uint8_t *s, size_t len, size_t start,
                                                      uint16_t *dst, size_t w)
{
    return neon_u8_convert(s, len, start, dst, w, NEON_U8_TO_UTF16X, 0, 0);
}

/* neon_u8_convert4 for WTF-8 (surrogate sequences allowed, pairs of them
   not: neon_u8_wtf8_errors); `start` must not follow a high surrogate
   (neon_u8_wtf8_back). */
static UNILANE_NOINLINE neon_u8_stop neon_u8_convert4_wtf8(const uint8_t *s, size_t len,
                                                           size_t start, uint16_t *dst, size_t w)
{
    return neon_u8_convert(s, len, start, dst, w, NEON_U8_TO_UTF16X, 0, 1);
}

/* The converters' vector loop converts a block only after checking the next
   one: it needs two blocks. */
#  define NEON_U8_CONVERT_MIN 128
/* Windows that neon_u8_convert leaves to the scalar code: those longer than
   this (from a block with 4-byte characters: 512 bytes or up to the end)
   go to neon_u8_convert4 instead. */
#  define NEON_U8_WINDOW4     192

/*
 * The window src[0..n) that neon_u8_convert leaves to the scalar code (the
 * input goes on to src + len): a result as the scalar code's for a prefix
 * src[0..read) that ends at a character boundary, read > 0. Long windows
 * (4-byte characters) go to neon_u8_convert4, which may stop before or
 * after n; then the scalar code takes what it leaves.
 */
static UNILANE_ALWAYS_INLINE unilane_result neon_u8_window(const char *src, size_t len, size_t n,
                                                           uint16_t *dst, int lossy, int wtf8)
{
    unilane_result r;
    neon_u8_stop st;
    size_t end;
    if (n <= NEON_U8_WINDOW4) {
        st.pos = 0;
        st.written = 0;
        end = n;
    } else {
        st = wtf8 ? neon_u8_convert4_wtf8((const uint8_t *)src, len, 0, dst, 0)
                  : neon_u8_convert4((const uint8_t *)src, len, 0, dst, 0);
        if (st.win_end == st.pos) {
            /* no 4-byte characters any more: back to neon_u8_convert */
            return neon_result(UNILANE_OK, st.pos, st.written);
        }
        end = st.win_end ? st.win_end : len;
        /* WTF-8: the scalar code must see the high surrogate before a low
           one (neon_u8_wtf8_back_to) */
        if (wtf8)
            neon_u8_wtf8_back_to((const uint8_t *)src, &st.pos, &st.written);
    }
    if (wtf8) {
        r = unilane_scalar_wtf8_to_utf16(src + st.pos, end - st.pos, dst + st.written);
    } else if (lossy) {
        r = neon_result(
            UNILANE_OK, end - st.pos,
            unilane_scalar_utf8_to_utf16_lossy(src + st.pos, end - st.pos, dst + st.written));
    } else {
        r = unilane_scalar_utf8_to_utf16(src + st.pos, end - st.pos, dst + st.written);
    }
    r.read += st.pos;
    r.written += st.written;
    return r;
}

static UNILANE_NOINLINE unilane_result neon_u8_window16(const char *src, size_t len, size_t n,
                                                        uint16_t *dst)
{
    return neon_u8_window(src, len, n, dst, 0, 0);
}

/* neon_u8_window16 for WTF-8 */
static UNILANE_NOINLINE unilane_result neon_u8_window16_wtf8(const char *src, size_t len, size_t n,
                                                             uint16_t *dst)
{
    return neon_u8_window(src, len, n, dst, 0, 1);
}

/* (read, written) of neon_u8_window for lossy output: returned in two
   registers */
typedef struct neon_u8_rw {
    size_t read, written;
} neon_u8_rw;

static UNILANE_NOINLINE neon_u8_rw neon_u8_window16_lossy(const char *src, size_t len, size_t n,
                                                          uint16_t *dst)
{
    unilane_result r = neon_u8_window(src, len, n, dst, 1, 0);
    neon_u8_rw rw;
    rw.read = r.read;
    rw.written = r.written;
    return rw;
}

/* The UTF-8 variants the converters read (a compile-time `var` of
   neon_u8_to): UTF-8, WTF-8 (the UTF-8 check; in blocks with 3-byte
   characters with the WTF-8 rule of neon_u8_wtf8_errors, and the 3-byte
   conversion gives each surrogate sequence its own unit; blocks with
   4-byte characters go to neon_u8_convert4_wtf8, the same with the 4-byte
   conversion, as for UTF-8; neon_u8_wtf8_back_to makes the scalar code
   start before a high surrogate that ends where it would start), and
   modified UTF-8 (its own
   Keiser-Lemire tables, C0/C1 leads in 2-byte blocks, blocks with F0..FF
   bytes to the scalar code as errors). */
#  define NEON_U8_V_UTF8  0
#  define NEON_U8_V_WTF8  1
#  define NEON_U8_V_MUTF8 2

/* The scalar kernel of variant var (WTF8 or MUTF8). */
static UNILANE_ALWAYS_INLINE unilane_result neon_u8_scalar_var(const char *src, size_t len,
                                                               uint16_t *dst, int var)
{
    if (var == NEON_U8_V_WTF8)
        return unilane_scalar_wtf8_to_utf16(src, len, dst);
    return unilane_scalar_mutf8_to_utf16(src, len, dst);
}

/*
 * The converters: the vector loop, the windows it leaves to the scalar code
 * (neon_u8_window16 and neon_u8_window16_lossy for UTF-16, the scalar
 * kernel for Latin-1), and the scalar finisher. lossy (UTF-16 output only)
 * makes the result's `written` the lossy output's length.
 */
static UNILANE_ALWAYS_INLINE unilane_result neon_u8_to(const char *src, size_t len, void *dst,
                                                       int latin1, int lossy, int var)
{
    const uint8_t *s = (const uint8_t *)src;
    unilane_result r;
    size_t i = 0, w = 0;

    while (len - i >= NEON_U8_CONVERT_MIN) {
        neon_u8_stop st;
        /* WTF-8: the vector check starts afresh at i, so it must not start
           between a high and a low surrogate (after a scalar window) */
        if (var == NEON_U8_V_WTF8)
            neon_u8_wtf8_back_to(s, &i, &w);
        st = neon_u8_convert(s, len, i, dst, w, latin1 ? NEON_U8_TO_LATIN1 : NEON_U8_TO_UTF16,
                             var == NEON_U8_V_MUTF8, var == NEON_U8_V_WTF8);
        i = st.pos;
        w = st.written;
        if (var == NEON_U8_V_WTF8)
            neon_u8_wtf8_back_to(s, &i, &w);
        if (st.win_end == 0)
            break;
        if (lossy) {
            neon_u8_rw rw =
                neon_u8_window16_lossy(src + i, len - i, st.win_end - i, (uint16_t *)dst + w);
            w += rw.written;
            i += rw.read;
            continue;
        }
        if (latin1)
            r = unilane_scalar_utf8_to_latin1(src + i, st.win_end - i, (char *)dst + w);
        else if (var == NEON_U8_V_WTF8)
            r = neon_u8_window16_wtf8(src + i, len - i, st.win_end - i, (uint16_t *)dst + w);
        else if (var != NEON_U8_V_UTF8)
            r = neon_u8_scalar_var(src + i, st.win_end - i, (uint16_t *)dst + w, var);
        else
            r = neon_u8_window16(src + i, len - i, st.win_end - i, (uint16_t *)dst + w);
        if (r.status != UNILANE_OK) {
            r.read += i;
            r.written += w;
            return r;
        }
        i += r.read;
        w += r.written;
    }
    if (lossy)
        return neon_result(
            UNILANE_OK, len,
            w + unilane_scalar_utf8_to_utf16_lossy(src + i, len - i, (uint16_t *)dst + w));
    if (latin1)
        return gen_finish(unilane_scalar_utf8_to_latin1(src + i, len - i, (char *)dst + w), i, w);
    if (var == NEON_U8_V_WTF8)
        neon_u8_wtf8_back_to(s, &i, &w); /* i may follow a scalar window */
    if (var != NEON_U8_V_UTF8)
        return gen_finish(neon_u8_scalar_var(src + i, len - i, (uint16_t *)dst + w, var), i, w);
    return gen_finish(unilane_scalar_utf8_to_utf16(src + i, len - i, (uint16_t *)dst + w), i, w);
}

static UNILANE_NOINLINE unilane_result neon_u8_utf8_to_utf16_long(const char *src, size_t len,
                                                                  uint16_t *dst)
{
    return neon_u8_to(src, len, dst, 0, 0, NEON_U8_V_UTF8);
}

/* Below NEON_U8_CONVERT_MIN the vector loop cannot start: the whole input
   is the scalar kernel's, as a tail call (the loop function falls through
   to the same scalar call, but pays for its stack frame first). The
   dispatcher sends only inputs below 65 bytes to scalar (impl_neon.c: one
   threshold for every UTF-8-input operation). */
unilane_result unilane_neon_utf8_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    if (len < NEON_U8_CONVERT_MIN)
        return unilane_scalar_utf8_to_utf16(src, len, dst);
    return neon_u8_utf8_to_utf16_long(src, len, dst);
}

static UNILANE_NOINLINE size_t neon_u8_utf8_to_utf16_lossy_long(const char *src, size_t len,
                                                                uint16_t *dst)
{
    return neon_u8_to(src, len, dst, 0, 1, NEON_U8_V_UTF8).written;
}

/* As unilane_neon_utf8_to_utf16. */
size_t unilane_neon_utf8_to_utf16_lossy(const char *src, size_t len, uint16_t *dst)
{
    if (len < NEON_U8_CONVERT_MIN)
        return unilane_scalar_utf8_to_utf16_lossy(src, len, dst);
    return neon_u8_utf8_to_utf16_lossy_long(src, len, dst);
}

static UNILANE_NOINLINE unilane_result neon_u8_utf8_to_latin1_long(const char *src, size_t len,
                                                                   char *dst)
{
    return neon_u8_to(src, len, dst, 1, 0, NEON_U8_V_UTF8);
}

/* As unilane_neon_utf8_to_utf16. */
unilane_result unilane_neon_utf8_to_latin1(const char *src, size_t len, char *dst)
{
    if (len < NEON_U8_CONVERT_MIN)
        return unilane_scalar_utf8_to_latin1(src, len, dst);
    return neon_u8_utf8_to_latin1_long(src, len, dst);
}

/* The long-input halves of the two entries below are external functions
   (hidden, declared here), not static ones: the compiler emits them after
   the other functions of this file, whose placement and alignment padding
   they then leave as they were. */
UNILANE_INTERNAL unilane_result unilane_neon_wtf8_long(const char *src, size_t len, uint16_t *dst);
UNILANE_INTERNAL unilane_result unilane_neon_mutf8_long(const char *src, size_t len, uint16_t *dst);

UNILANE_NOINLINE unilane_result unilane_neon_wtf8_long(const char *src, size_t len, uint16_t *dst)
{
    return neon_u8_to(src, len, dst, 0, 0, NEON_U8_V_WTF8);
}

/* As unilane_neon_utf8_to_utf16. */
unilane_result unilane_neon_wtf8_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    if (len < NEON_U8_CONVERT_MIN)
        return unilane_scalar_wtf8_to_utf16(src, len, dst);
    return unilane_neon_wtf8_long(src, len, dst);
}

UNILANE_NOINLINE unilane_result unilane_neon_mutf8_long(const char *src, size_t len, uint16_t *dst)
{
    return neon_u8_to(src, len, dst, 0, 0, NEON_U8_V_MUTF8);
}

/* As unilane_neon_utf8_to_utf16. */
unilane_result unilane_neon_mutf8_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    if (len < NEON_U8_CONVERT_MIN)
        return unilane_scalar_mutf8_to_utf16(src, len, dst);
    return unilane_neon_mutf8_long(src, len, dst);
}

#  undef NEON_U8_T_ASCII
#  undef NEON_U8_T_2
#  undef NEON_U8_T_3
#  undef NEON_U8_T_4
#  undef NEON_U8_T_NONE
#  undef NEON_U8_CONVERT_MIN
#  undef NEON_U8_WINDOW4
#  undef NEON_U8_CALM
#  undef NEON_U8_TO_UTF16
#  undef NEON_U8_TO_UTF16X
#  undef NEON_U8_TO_LATIN1
#  undef NEON_U8_V_UTF8
#  undef NEON_U8_V_WTF8
#  undef NEON_U8_V_MUTF8
#  undef neon_u8_rules_of

UNILANE_SPEED_END
#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_neon_utf8_unused;
#endif /* UNILANE_HAVE_NEON */
