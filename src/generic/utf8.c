/*
 * utf8.c -- scalar UTF-8 kernels: validation, one-character decoding, UTF-8
 * to UTF-16 (strict and lossy), UTF-8 to Latin-1, and the UTF-16 lengths of
 * UTF-8 text.
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

unilane_result unilane_scalar_utf8_to_utf16(const char *src, size_t len, uint16_t *dst)
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

size_t unilane_scalar_utf8_to_utf16_lossy(const char *src, size_t len, uint16_t *dst)
{
    const unsigned char *s = (const unsigned char *)src;
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
            /* One U+FFFD for the maximal subpart, then go on after it. */
            unilane_status st;
            size_t maximal;
            (void)unilane_scalar_utf8_decode_one(s + i, len - i, &cp, &st, &maximal);
            dst[w++] = 0xFFFD;
            i += maximal;
            continue;
        }
        i += n;
        w += gen_put_utf16(dst + w, cp);
    }
    return w;
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

size_t unilane_scalar_utf16_length_from_utf8_lossy(const char *src, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0, w = 0, n;
    uint32_t cp;

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
            w += 1; /* one U+FFFD */
            i += maximal;
            continue;
        }
        i += n;
        w += (n == 4) ? 2 : 1;
    }
    return w;
}
