/*
 * utf8.c -- scalar UTF-8 kernels: validation, one-character decoding, UTF-8
 * to UTF-16 (strict and lossy), UTF-8 to Latin-1, the UTF-16 lengths of
 * UTF-8 text, the one-pass inspections, and the two UTF-8 variants: WTF-8
 * (validation, to UTF-16) and Java's modified UTF-8 (to UTF-16).
 *
 * Well-formed UTF-8 (Unicode 15, table 3-7):
 *
 *   code points         byte 1   byte 2   byte 3   byte 4
 *   U+0000..007F        00..7F
 *   U+0080..07FF        C2..DF   80..BF
 *   U+0800..0FFF        E0       A0..BF   80..BF
 *   U+1000..CFFF        E1..EC   80..BF   80..BF
 *   U+D000..D7FF        ED       80..9F   80..BF
 *   U+E000..FFFF        EE..EF   80..BF   80..BF
 *   U+10000..3FFFF      F0       90..BF   80..BF   80..BF
 *   U+40000..FFFFF      F1..F3   80..BF   80..BF   80..BF
 *   U+100000..10FFFF    F4       80..8F   80..BF   80..BF
 *
 * Every loop has two paths: gen_utf8_next decodes a well-formed character
 * quickly, and on anything else the loop calls
 * unilane_scalar_utf8_decode_one, the one place where the error status and
 * the maximal subpart are decided.
 */
#include "generic.h"
#include "utf8_rules.h"

/*
 * Fast path: decodes the well-formed character at s[0] (n >= 1 bytes
 * available) into *cp and returns its length 1..4, or returns 0 if the
 * bytes at s[0] are not a complete well-formed character. The range checks
 * on the decoded value are equivalent to table 3-7: a value below the
 * smallest of its length is overlong (C0/C1, E0 80..9F, F0 80..8F), a value
 * D800..DFFF is a surrogate (ED A0..BF), a value above 10FFFF is too large
 * (F4 90..BF, and F5..F7 never get here).
 */
static UNILANE_ALWAYS_INLINE size_t gen_utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
    uint32_t b0 = s[0], c;
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    if (b0 < 0xE0) { /* 80..DF: continuation, C0/C1, or a 2-byte lead */
        if (b0 < 0xC2 || n < 2 || (s[1] & 0xC0) != 0x80)
            return 0;
        *cp = ((b0 & 0x1F) << 6) | (s[1] & 0x3Fu);
        return 2;
    }
    if (b0 < 0xF0) { /* E0..EF: 3-byte lead */
        if (n < 3 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80)
            return 0;
        c = ((b0 & 0x0F) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu);
        if (c < 0x800 || (c & 0xF800) == 0xD800)
            return 0;
        *cp = c;
        return 3;
    }
    if (b0 < 0xF5) { /* F0..F4: 4-byte lead */
        if (n < 4 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
            return 0;
        c = ((b0 & 0x07) << 18) | ((s[1] & 0x3Fu) << 12) | ((s[2] & 0x3Fu) << 6) | (s[3] & 0x3Fu);
        if (c < 0x10000 || c > 0x10FFFF)
            return 0;
        *cp = c;
        return 4;
    }
    return 0; /* F5..FF */
}

/*
 * The reference decoder, written straight from table 3-7 and the status
 * rules of unilane.h; see generic.h for the contract.
 */
size_t unilane_scalar_utf8_decode_one(const unsigned char *src, size_t n, uint32_t *cp,
                                      unilane_status *status, size_t *maximal)
{
    unsigned b0 = src[0], b1;
    unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    size_t need, k;
    uint32_t c;

    /* 1. The lead byte alone. */
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    if (b0 < 0xC2 || b0 >= 0xF5) {
        *status = b0 < 0xC0   ? UNILANE_TOO_LONG     /* 80..BF */
                  : b0 < 0xC2 ? UNILANE_OVERLONG     /* C0, C1 */
                  : b0 < 0xF8 ? UNILANE_TOO_LARGE    /* F5..F7 */
                              : UNILANE_HEADER_BITS; /* F8..FF */
        *maximal = 1;
        return 0;
    }
    if (b0 < 0xE0) {
        need = 2;
    } else if (b0 < 0xF0) {
        need = 3;
        if (b0 == 0xE0)
            lo = 0xA0;
        if (b0 == 0xED)
            hi = 0x9F;
    } else {
        need = 4;
        if (b0 == 0xF0)
            lo = 0x90;
        if (b0 == 0xF4)
            hi = 0x8F;
    }

    /* 2. The second byte. */
    if (n < 2) {
        *status = UNILANE_TOO_SHORT;
        *maximal = 1;
        return 0;
    }
    b1 = src[1];
    if (b1 < lo || b1 > hi) {
        if (b1 >= 0x80 && b1 <= 0xBF) {
            /* A continuation byte outside the lead's range: only the four
               leads with a narrowed range can get here. */
            *status = (b0 == 0xED)   ? UNILANE_SURROGATE
                      : (b0 == 0xF4) ? UNILANE_TOO_LARGE
                                     : UNILANE_OVERLONG; /* E0, F0 */
        } else {
            *status = UNILANE_TOO_SHORT;
        }
        *maximal = 1;
        return 0;
    }

    /* 3. The remaining continuation bytes. */
    for (k = 2; k < need; k++) {
        if (k >= n || (src[k] & 0xC0) != 0x80) {
            *status = UNILANE_TOO_SHORT;
            *maximal = k; /* equals n when cut off by the end */
            return 0;
        }
    }

    c = b0 & (need == 2 ? 0x1Fu : need == 3 ? 0x0Fu : 0x07u);
    for (k = 1; k < need; k++)
        c = (c << 6) | (src[k] & 0x3Fu);
    *cp = c;
    return need;
}

unilane_result unilane_scalar_validate_utf8(const char *src, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    unilane_result r;
    size_t i = 0, n;
    uint32_t cp;

    while (i < len) {
        if (s[i] < 0x80) {
            /* A lone ASCII byte (a space between words of another script)
               is not worth a block scan. */
            if (i + 1 < len && s[i + 1] >= 0x80)
                i += 1;
            else
                i += gen_ascii_run(s + i, len - i);
            continue;
        }
        n = gen_utf8_next(s + i, len - i, &cp);
        if (UNILANE_UNLIKELY(n == 0)) {
            /* A local status, not &r.status: with r in memory gcc copies it
               out with a 16-byte load over narrower stores, a store-
               forwarding stall that costs short inputs more than the work. */
            unilane_status st;
            size_t maximal;
            (void)unilane_scalar_utf8_decode_one(s + i, len - i, &cp, &st, &maximal);
            r.status = st;
            r.read = i;
            r.written = 0;
            return r;
        }
        i += n;
    }
    r.status = UNILANE_OK;
    r.read = len;
    r.written = 0;
    return r;
}

/*
 * Copies the ASCII run at s[0..n) (s[0] < 0x80) to d as UTF-16: 16 bytes
 * at a time while a whole block is ASCII, then 8 if they are, then byte by
 * byte up to the first non-ASCII byte. Returns the length of the run.
 */
static UNILANE_ALWAYS_INLINE size_t gen_ascii_to_utf16(const unsigned char *s, size_t n,
                                                       uint16_t *d)
{
    size_t i = 0;
    while (n - i >= 16) {
        if ((gen_load64(s + i) | gen_load64(s + i + 8)) & GEN_HIGH_BITS_8x8)
            break;
        gen_widen16(s + i, d + i);
        i += 16;
    }
    /* 0 <= n - i < 16, or a non-ASCII byte in the next 16: one 8-byte step
       keeps 8..15-byte strings (most of a bridge's traffic) off the byte loop. */
    if (n - i >= 8 && !(gen_load64(s + i) & GEN_HIGH_BITS_8x8)) {
        size_t k;
        for (k = 0; k < 8; k++)
            d[i + k] = s[i + k];
        i += 8;
    }
    while (i < n && s[i] < 0x80) {
        d[i] = s[i];
        i++;
    }
    return i;
}

/* Stores code point cp as UTF-16 at d; returns the number of units (1, 2). */
static UNILANE_ALWAYS_INLINE size_t gen_put_utf16(uint16_t *d, uint32_t cp)
{
    if (cp < 0x10000) {
        d[0] = (uint16_t)cp;
        return 1;
    }
    cp -= 0x10000;
    d[0] = (uint16_t)(0xD800 | (cp >> 10));
    d[1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
    return 2;
}

/* Shared body of utf8_to_utf16 (lossy == 0: stops at the first error) and
   utf8_to_utf16_lossy (one U+FFFD per maximal subpart, then on after it). */
static UNILANE_ALWAYS_INLINE unilane_result gen_utf8_to_utf16(const char *src, size_t len,
                                                              uint16_t *dst, int lossy)
{
    const unsigned char *s = (const unsigned char *)src;
    unilane_result r;
    size_t i = 0, w = 0, n;
    uint32_t cp;

    while (i < len) {
        if (s[i] < 0x80) {
            n = gen_ascii_to_utf16(s + i, len - i, dst + w);
            i += n;
            w += n;
            continue;
        }
        n = gen_utf8_next(s + i, len - i, &cp);
        if (UNILANE_UNLIKELY(n == 0)) {
            /* A local status, not &r.status: with r in memory gcc copies it
               out with a 16-byte load over narrower stores, a store-
               forwarding stall that costs short inputs more than the work. */
            unilane_status st;
            size_t maximal;
            (void)unilane_scalar_utf8_decode_one(s + i, len - i, &cp, &st, &maximal);
            if (lossy) {
                dst[w++] = 0xFFFD;
                i += maximal;
                continue;
            }
            r.status = st;
            r.read = i;
            r.written = w;
            return r;
        }
        i += n;
        w += gen_put_utf16(dst + w, cp);
    }
    r.status = UNILANE_OK;
    r.read = len;
    r.written = w;
    return r;
}

unilane_result unilane_scalar_utf8_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    return gen_utf8_to_utf16(src, len, dst, 0);
}

size_t unilane_scalar_utf8_to_utf16_lossy(const char *src, size_t len, uint16_t *dst)
{
    return gen_utf8_to_utf16(src, len, dst, 1).written;
}

unilane_result unilane_scalar_utf8_to_latin1(const char *src, size_t len, char *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    unilane_result r;
    size_t i = 0, w = 0, n;
    uint32_t cp;

    while (i < len) {
        if (s[i] < 0x80) {
            n = gen_copy_ascii(s + i, len - i, (unsigned char *)dst + w);
            i += n;
            w += n;
            continue;
        }
        n = gen_utf8_next(s + i, len - i, &cp);
        if (UNILANE_UNLIKELY(n == 0)) {
            /* A local status, not &r.status: with r in memory gcc copies it
               out with a 16-byte load over narrower stores, a store-
               forwarding stall that costs short inputs more than the work. */
            unilane_status st;
            size_t maximal;
            (void)unilane_scalar_utf8_decode_one(s + i, len - i, &cp, &st, &maximal);
            r.status = st;
            r.read = i;
            r.written = w;
            return r;
        }
        if (cp > 0xFF) {
            /* Well-formed but not Latin-1: reported at its lead byte. */
            r.status = UNILANE_TOO_LARGE;
            r.read = i;
            r.written = w;
            return r;
        }
        dst[w++] = (char)(unsigned char)cp;
        i += n;
    }
    r.status = UNILANE_OK;
    r.read = len;
    r.written = w;
    return r;
}

/*
 * Bytes outside 80..BF (one unit each: ASCII, every lead, and every invalid
 * byte C0..FF) plus bytes F0..FF (the second unit of a 4-byte character).
 * For valid input that is the UTF-16 length.
 *
 * Eight bytes at a time (SWAR). In each byte lane, bit 7 of
 *   v & ~(v << 1)                       is set iff the byte is 10xxxxxx,
 *   v & (v << 1) & (v << 2) & (v << 3)  is set iff the byte is 1111xxxx;
 * a left shift by 1..3 brings bits 6..4 of a lane to its bit 7 and moves
 * nothing across lanes into bit 7. Per lane the word adds
 * 1 - continuation + 1111xxxx, at most 2, so a byte-lane accumulator takes
 * 127 words before it must be summed.
 */
size_t unilane_scalar_utf16_length_from_utf8(const char *src, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0, count = 0;

    while (len - i >= 8) {
        uint64_t acc = 0;
        size_t words = (len - i) / 8, k;
        if (words > 127)
            words = 127;
        for (k = 0; k < words; k++, i += 8) {
            uint64_t v = gen_load64(s + i);
            uint64_t cont = v & ~(v << 1) & GEN_HIGH_BITS_8x8;
            uint64_t f = v & (v << 1) & (v << 2) & (v << 3) & GEN_HIGH_BITS_8x8;
            acc += ((cont ^ GEN_HIGH_BITS_8x8) >> 7) + (f >> 7);
        }
        count += gen_sum_bytes(acc);
    }
    for (; i < len; i++)
        count += (size_t)((s[i] & 0xC0) != 0x80) + (size_t)(s[i] >= 0xF0);
    return count;
}

/* ------------------------------------------------------------------------ */
/* Inspection: validation, UTF-16 length and width in one pass              */
/* ------------------------------------------------------------------------ */

/*
 * Shared body of utf8_inspect (lossy == 0: stops at the first error and
 * describes the valid prefix) and utf8_inspect_lossy (goes on: each maximal
 * subpart counts one U+FFFD). status and read name the first error in both.
 * The width comes from the OR of every code point (gen_width).
 */
static UNILANE_ALWAYS_INLINE unilane_utf8_info gen_utf8_inspect(const char *src, size_t len,
                                                                int lossy)
{
    const unsigned char *s = (const unsigned char *)src;
    unilane_utf8_info r;
    size_t i = 0, w = 0, n, err = len;
    unilane_status first = UNILANE_OK;
    uint32_t cp, bits = 0;

    while (i < len) {
        if (s[i] < 0x80) {
            n = gen_ascii_run(s + i, len - i);
            i += n;
            w += n;
            continue;
        }
        n = gen_utf8_next(s + i, len - i, &cp);
        if (UNILANE_UNLIKELY(n == 0)) {
            unilane_status st;
            size_t maximal;
            (void)unilane_scalar_utf8_decode_one(s + i, len - i, &cp, &st, &maximal);
            if (err == len) {
                err = i;
                first = st;
            }
            if (!lossy)
                break;
            w += 1; /* one U+FFFD */
            bits |= 0xFFFD;
            i += maximal;
            continue;
        }
        bits |= cp;
        i += n;
        w += (n == 4) ? 2 : 1;
    }
    r.status = first;
    r.read = err;
    r.utf16_length = w;
    r.width = gen_width(bits);
    return r;
}

unilane_utf8_info unilane_scalar_utf8_inspect(const char *src, size_t len)
{
    return gen_utf8_inspect(src, len, 0);
}

unilane_utf8_info unilane_scalar_utf8_inspect_lossy(const char *src, size_t len)
{
    return gen_utf8_inspect(src, len, 1);
}

/* The lossy inspection's UTF-16 length. Inlined here, gcc drops the width
   and first-error bookkeeping (objdump, -O2 and -O3): the loop is the one
   written on its own before, in another block order (+2.1% instructions
   under callgrind on French, Russian, Chinese and Emoji text, valid and
   with an invalid byte every 97). */
size_t unilane_scalar_utf16_length_from_utf8_lossy(const char *src, size_t len)
{
    return gen_utf8_inspect(src, len, 1).utf16_length;
}

/* ------------------------------------------------------------------------ */
/* WTF-8                                                                    */
/* ------------------------------------------------------------------------ */

/*
 * WTF-8 is UTF-8 plus the surrogate code points as 3-byte sequences
 * ED A0..BF 80..BF, minus a high one directly followed by a low one (that
 * pair must be its 4-byte sequence). Shared body of validate_wtf8
 * (convert == 0, dst unused) and wtf8_to_utf16: gen_utf8_next takes every
 * well-formed UTF-8 character; it refuses ED A0..BF, which is taken here as
 * a surrogate when its third byte is 80..BF. Any other refusal is decided
 * by unilane_scalar_utf8_decode_one, as for UTF-8; a surrogate lead with a
 * missing or bad third byte is TOO_SHORT (a cut-off sequence).
 */
static UNILANE_ALWAYS_INLINE unilane_result gen_wtf8(const char *src, size_t len, uint16_t *dst,
                                                     int convert)
{
    const unsigned char *s = (const unsigned char *)src;
    unilane_result r;
    size_t i = 0, w = 0, n;
    uint32_t cp;
    int high = 0; /* the character before s[i] was a high surrogate */

    while (i < len) {
        if (s[i] < 0x80) {
            n = convert ? gen_ascii_to_utf16(s + i, len - i, dst + w)
                        : gen_ascii_run(s + i, len - i);
            i += n;
            w += n;
            high = 0;
            continue;
        }
        n = gen_utf8_next(s + i, len - i, &cp);
        if (n != 0) {
            high = 0;
        } else if (s[i] == 0xED && len - i >= 2 && s[i + 1] >= 0xA0 && s[i + 1] <= 0xBF) {
            if (len - i < 3 || (s[i + 2] & 0xC0) != 0x80) {
                r.status = UNILANE_TOO_SHORT;
                goto fail;
            }
            cp = 0xD000 | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3Fu);
            if (cp >= 0xDC00 && high) { /* a pair written as two sequences */
                r.status = UNILANE_SURROGATE;
                goto fail;
            }
            high = cp < 0xDC00;
            n = 3;
        } else {
            unilane_status st;
            size_t maximal;
            (void)unilane_scalar_utf8_decode_one(s + i, len - i, &cp, &st, &maximal);
            r.status = st;
            goto fail;
        }
        i += n;
        if (convert)
            w += gen_put_utf16(dst + w, cp);
    }
    r.status = UNILANE_OK;
    r.read = len;
    r.written = convert ? w : 0;
    return r;
fail:
    r.read = i;
    r.written = convert ? w : 0;
    return r;
}

unilane_result unilane_scalar_validate_wtf8(const char *src, size_t len)
{
    return gen_wtf8(src, len, NULL, 0);
}

unilane_result unilane_scalar_wtf8_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    return gen_wtf8(src, len, dst, 1);
}

/* ------------------------------------------------------------------------ */
/* Java modified UTF-8                                                      */
/* ------------------------------------------------------------------------ */

/*
 * What java.io.DataInputStream.readUTF accepts, unit by unit: 00..7F one
 * unit; C0..DF 80..BF and E0..EF 80..BF 80..BF decoded with no range check
 * (overlong forms and surrogates are accepted); 80..BF as a lead is
 * TOO_LONG, F0..FF HEADER_BITS, a missing or bad continuation byte
 * TOO_SHORT, each reported at the lead.
 */
unilane_result unilane_scalar_mutf8_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    unilane_result r;
    size_t i = 0, w = 0;

    while (i < len) {
        uint32_t b0 = s[i];
        if (b0 < 0x80) {
            size_t n = gen_ascii_to_utf16(s + i, len - i, dst + w);
            i += n;
            w += n;
            continue;
        }
        if (b0 >= 0xC0 && b0 < 0xE0 && len - i >= 2 && gen_utf8_is_cont(s[i + 1])) {
            dst[w++] = (uint16_t)(((b0 & 0x1F) << 6) | (s[i + 1] & 0x3Fu));
            i += 2;
        } else if (b0 >= 0xE0 && b0 < 0xF0 && len - i >= 3 && gen_utf8_is_cont(s[i + 1]) &&
                   gen_utf8_is_cont(s[i + 2])) {
            dst[w++] =
                (uint16_t)(((b0 & 0x0F) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3Fu));
            i += 3;
        } else {
            r.status = b0 < 0xC0   ? UNILANE_TOO_LONG
                       : b0 < 0xF0 ? UNILANE_TOO_SHORT
                                   : UNILANE_HEADER_BITS;
            r.read = i;
            r.written = w;
            return r;
        }
    }
    r.status = UNILANE_OK;
    r.read = len;
    r.written = w;
    return r;
}
