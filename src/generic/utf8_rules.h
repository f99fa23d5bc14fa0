/*
 * utf8_rules.h -- the structure rules of UTF-8 that every SIMD kernel and the
 * streaming layer need at block boundaries, written once: where the last
 * character of a block starts, where lossy decoding can start afresh, how
 * many UTF-16 units bytes count for, and the Keiser-Lemire classification
 * tables (arXiv 2010.03090) with the names of their error bits.
 *
 * Everything is static inline and independent of any ISA; the tables are
 * initialiser lists, so a kernel loads them into whatever register it uses.
 * The functions are marked maybe-unused: in the amalgamation this header is
 * part of one .c file, where clang warns about an unused static function.
 */
#ifndef UNILANE_UTF8_RULES_H
#define UNILANE_UTF8_RULES_H

#include "../dispatch/config.h"

/* 1 iff b is a continuation byte (10xxxxxx). */
static inline UNILANE_MAYBE_UNUSED int gen_utf8_is_cont(unsigned char b)
{
    return (b & 0xC0) == 0x80;
}

/*
 * The number of bytes the lead b announces: 2 for C2..DF, 3 for E0..EF, 4
 * for F0..F4, and 1 for every other byte (ASCII, continuation bytes, C0, C1,
 * F5..FF are complete or ill-formed by themselves, whatever follows).
 */
static inline UNILANE_MAYBE_UNUSED size_t gen_utf8_announced(unsigned char b)
{
    if (b >= 0xC2 && b <= 0xDF)
        return 2;
    if (b >= 0xE0 && b <= 0xEF)
        return 3;
    if (b >= 0xF0 && b <= 0xF4)
        return 4;
    return 1;
}

/*
 * s[lo .. i) is being split at i. Returns the start of the last character
 * when that character starts among the last three bytes (a byte >= 0xC0 at
 * i-3 .. i-1 with only continuation bytes after it), else i. Bytes before lo
 * are not looked at. A kernel that validated s[lo .. i) in blocks and stops
 * at i hands the scalar code this position: from there the scalar code sees
 * the cut-off character whole, and every error at or after the valid prefix.
 */
static inline UNILANE_MAYBE_UNUSED size_t gen_utf8_last_lead(const unsigned char *s, size_t lo,
                                                             size_t i)
{
    size_t k;
    for (k = 1; k <= 3 && k <= i - lo; k++) {
        unsigned char c = s[i - k];
        if (c >= 0xC0)
            return i - k;
        if (c < 0x80)
            break;
    }
    return i;
}

/*
 * The largest m <= i such that no sequence that starts before m needs a byte
 * at or after m: s[lo .. m) decodes the same whether or not bytes follow.
 * Unlike gen_utf8_last_lead it keeps a last character that is complete.
 */
static inline UNILANE_MAYBE_UNUSED size_t gen_utf8_trim(const unsigned char *s, size_t lo, size_t i)
{
    size_t m = gen_utf8_last_lead(s, lo, i);
    return m < i && gen_utf8_announced(s[m]) > i - m ? m : i;
}

/*
 * A position e, t <= e <= min(t + 3, len), where lossy decoding starts
 * afresh: s[e] is not a continuation byte, or e == t + 3 (the three bytes
 * before e are continuation bytes, and since no sequence is longer than 4
 * bytes, whatever came before has ended or been replaced), or e == len.
 */
static inline UNILANE_MAYBE_UNUSED size_t gen_utf8_resync(const unsigned char *s, size_t len,
                                                          size_t t)
{
    size_t e, end = len - t > 3 ? t + 3 : len;
    for (e = t; e < end; e++)
        if (!gen_utf8_is_cont(s[e]))
            return e;
    return e;
}

/*
 * A code point whose UTF-8 sequence starts with byte m, for the width of
 * valid text (gen_width decides it): leads grow with the code points they
 * start (C2..DF, E0..EF, F0..F4) and continuation bytes (80..BF) stay below
 * every lead, so the largest byte of valid UTF-8 is the lead of its largest
 * character, and gen_width(gen_utf8_lead_cp(largest byte)) is the width of
 * the text. The value is the code point with the lead's bits and the
 * smallest continuation bytes that make it well-formed (E0 A0 80 is U+0800,
 * F0 90 80 80 U+10000); a continuation byte alone gives 0x80.
 */
static inline UNILANE_MAYBE_UNUSED uint32_t gen_utf8_lead_cp(unsigned m)
{
    if (m < 0xC0)
        return m < 0x80 ? m : 0x80;
    if (m < 0xE0)
        return (uint32_t)(m & 0x1F) << 6;
    if (m < 0xF0)
        return 0x800 | (uint32_t)(m & 0x0F) << 12;
    return 0x10000 | (uint32_t)(m & 0x07) << 18;
}

/* The largest byte of s[k .. e) (0 if empty), for the few bytes of a block
   edge that a SIMD inspection keeps out of its vector maximum. */
static inline UNILANE_MAYBE_UNUSED unsigned gen_max_byte(const unsigned char *s, size_t k, size_t e)
{
    unsigned m = 0;
    for (; k < e; k++)
        m = s[k] > m ? s[k] : m;
    return m;
}

/*
 * UTF-16 units that s[0 .. n) counts for under the rule of
 * unilane_utf16_length_from_utf8: one for every byte outside 80..BF, one
 * more for every byte F0..FF. One byte at a time, for a few bytes at block
 * edges. UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE is the same rule as a table.
 */
static inline UNILANE_MAYBE_UNUSED size_t gen_utf8_units(const unsigned char *s, size_t n)
{
    size_t k, c = 0;
    for (k = 0; k < n; k++)
        c += (size_t)!gen_utf8_is_cont(s[k]) + (size_t)(s[k] >= 0xF0);
    return c;
}
#define UNILANE_UTF8_UNITS_BY_HIGH_NIBBLE 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 2

/*
 * The Keiser-Lemire classification. A pair (p, c) of consecutive bytes is
 * ill-formed in class X iff bit X is set in
 *   BYTE1_HIGH[p >> 4] & BYTE1_LOW[p & 15] & BYTE2_HIGH[c >> 4].
 * TWO_CONTS (a continuation after a continuation) is not an error by itself:
 * it is one exactly where c is NOT the third or fourth byte of a 3- or 4-byte
 * character, i.e. where neither the byte two back is >= 0xE0 nor the byte
 * three back is >= 0xF0; a kernel computes that "must" bit (0x80) from the
 * bytes two and three back and XORs it in:
 *   error |= (BYTE1_HIGH[..] & BYTE1_LOW[..] & BYTE2_HIGH[..]) ^ must
 */
#define UNILANE_U8_TOO_SHORT      0x01 /* lead, then no continuation                */
#define UNILANE_U8_TOO_LONG       0x02 /* ASCII, then continuation                  */
#define UNILANE_U8_OVERLONG3      0x04 /* E0 80..9F                                 */
#define UNILANE_U8_TOO_LARGE      0x08 /* F4 90..BF, F5..FF 90..BF                  */
#define UNILANE_U8_SURROGATE      0x10 /* ED A0..BF                                 */
#define UNILANE_U8_OVERLONG2      0x20 /* C0/C1 80..BF                              */
#define UNILANE_U8_TOO_LARGE_1000 0x40 /* F0 80..8F (overlong), F5..FF 80..8F  */
#define UNILANE_U8_TWO_CONTS      0x80 /* 80..BF 80..BF                             */
#define UNILANE_U8_CARRY_         (UNILANE_U8_TOO_SHORT | UNILANE_U8_TOO_LONG | UNILANE_U8_TWO_CONTS)

/* By the high nibble of the previous byte. */
#define UNILANE_U8_BYTE1_HIGH                                                                 \
  UNILANE_U8_TOO_LONG, UNILANE_U8_TOO_LONG, UNILANE_U8_TOO_LONG, UNILANE_U8_TOO_LONG,         \
      UNILANE_U8_TOO_LONG, UNILANE_U8_TOO_LONG, UNILANE_U8_TOO_LONG, UNILANE_U8_TOO_LONG,     \
      UNILANE_U8_TWO_CONTS, UNILANE_U8_TWO_CONTS, UNILANE_U8_TWO_CONTS, UNILANE_U8_TWO_CONTS, \
      UNILANE_U8_TOO_SHORT | UNILANE_U8_OVERLONG2, UNILANE_U8_TOO_SHORT,                      \
      UNILANE_U8_TOO_SHORT | UNILANE_U8_OVERLONG3 | UNILANE_U8_SURROGATE,                     \
      UNILANE_U8_TOO_SHORT | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000

/* By the low nibble of the previous byte. */
#define UNILANE_U8_BYTE1_LOW                                                                       \
  UNILANE_U8_CARRY_ | UNILANE_U8_OVERLONG3 | UNILANE_U8_OVERLONG2 | UNILANE_U8_TOO_LARGE_1000,     \
      UNILANE_U8_CARRY_ | UNILANE_U8_OVERLONG2, UNILANE_U8_CARRY_, UNILANE_U8_CARRY_,              \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE,                                                    \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000 | UNILANE_U8_SURROGATE, \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000,                        \
      UNILANE_U8_CARRY_ | UNILANE_U8_TOO_LARGE | UNILANE_U8_TOO_LARGE_1000

/* By the high nibble of the byte itself; UNILANE_U8_BYTE2_HIGH_A(s) is the
   table whose entry 0xA has SURROGATE iff s is UNILANE_U8_SURROGATE (s = 0
   for WTF-8, below). */
#define UNILANE_U8_BYTE2_HIGH_A(s)                                                               \
  UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT,        \
      UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT,    \
      UNILANE_U8_TOO_LONG | UNILANE_U8_OVERLONG2 | UNILANE_U8_TWO_CONTS | UNILANE_U8_OVERLONG3 | \
          UNILANE_U8_TOO_LARGE_1000,                                                             \
      UNILANE_U8_TOO_LONG | UNILANE_U8_OVERLONG2 | UNILANE_U8_TWO_CONTS | UNILANE_U8_OVERLONG3 | \
          UNILANE_U8_TOO_LARGE,                                                                  \
      UNILANE_U8_TOO_LONG | UNILANE_U8_OVERLONG2 | UNILANE_U8_TWO_CONTS | (s) |                  \
          UNILANE_U8_TOO_LARGE,                                                                  \
      UNILANE_U8_TOO_LONG | UNILANE_U8_OVERLONG2 | UNILANE_U8_TWO_CONTS | UNILANE_U8_SURROGATE | \
          UNILANE_U8_TOO_LARGE,                                                                  \
      UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT, UNILANE_U8_TOO_SHORT
#define UNILANE_U8_BYTE2_HIGH UNILANE_U8_BYTE2_HIGH_A(UNILANE_U8_SURROGATE)

/*
 * WTF-8 (API.md): ED A0..BF is allowed, except a high-surrogate sequence
 * ED A0..AF xx directly followed by a low-surrogate one ED B0..BF xx, a rule
 * over five bytes. With UNILANE_WTF8_BYTE2_HIGH (no SURROGATE in entry 0xA)
 * the classification sets SURROGATE exactly at the second byte of every
 * low-surrogate sequence (ED B0..BF), and no other error bit there; a kernel
 * keeps that bit only where the bytes three and four back are ED A0..AF
 * (the pair) and clears it everywhere else. BYTE1_HIGH and BYTE1_LOW are
 * those of UTF-8.
 */
#define UNILANE_WTF8_BYTE2_HIGH UNILANE_U8_BYTE2_HIGH_A(0)

/*
 * WTF-8 at a character boundary i where a kernel hands the input to the
 * scalar code (s[lo .. i) valid): 1 iff the character before i is a high
 * surrogate, ED A0..AF xx. The scalar code must then start at i - 3, so that
 * it sees a low surrogate at i as the forbidden pair (its only context).
 */
static inline UNILANE_MAYBE_UNUSED int gen_wtf8_high_before(const unsigned char *s, size_t lo,
                                                            size_t i)
{
    return i - lo >= 3 && s[i - 3] == 0xED && (s[i - 2] & 0xF0) == 0xA0;
}

/*
 * Java's modified UTF-8 (API.md): leads C0..DF take one continuation byte
 * and E0..EF two, with no range rule (overlong forms and surrogates are
 * accepted); a byte F0..FF is an error wherever it is. Its Keiser-Lemire
 * tables, in the classes above, are computed from that rule by
 * tools/gen_tables.py (mutf8_classes, which checks them against it for
 * every pair of bytes) into the generated tables of both kernels
 * (avx2_u8_mutf8_classes in tables_avx2.c, neon_u8_mutf8_classes in
 * tables_neon.c): one set for both.
 */

#endif /* UNILANE_UTF8_RULES_H */
