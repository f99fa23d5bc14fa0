/*
 * reference.c -- see reference.h. Written from the text of the Unicode
 * Standard, one rule per line; deliberately slow and table driven.
 */
#include "reference.h"

#include <string.h>

/* Table 3-7. Well-Formed UTF-8 Byte Sequences. */
static const struct ref_row {
    unsigned char lead_lo, lead_hi; /* first byte range */
    unsigned char nbytes;           /* sequence length */
    unsigned char sec_lo, sec_hi;   /* second byte range (when nbytes >= 2) */
} ref_table37[] = {
    { 0x00, 0x7F, 1, 0, 0 },       { 0xC2, 0xDF, 2, 0x80, 0xBF }, { 0xE0, 0xE0, 3, 0xA0, 0xBF },
    { 0xE1, 0xEC, 3, 0x80, 0xBF }, { 0xED, 0xED, 3, 0x80, 0x9F }, { 0xEE, 0xEF, 3, 0x80, 0xBF },
    { 0xF0, 0xF0, 4, 0x90, 0xBF }, { 0xF1, 0xF3, 4, 0x80, 0xBF }, { 0xF4, 0xF4, 4, 0x80, 0x8F },
};

static int ref_is_trail(unsigned char b)
{
    return b >= 0x80 && b <= 0xBF;
}

/* The class of a byte that cannot start any sequence (API.md, step 1). */
static unilane_status ref_bad_lead_class(unsigned char b)
{
    if (b >= 0xF8)
        return UNILANE_HEADER_BITS;
    if (b >= 0xF5)
        return UNILANE_TOO_LARGE;
    if (b == 0xC0 || b == 0xC1)
        return UNILANE_OVERLONG;
    return UNILANE_TOO_LONG; /* 0x80..0xBF */
}

/* The class of a continuation byte outside the lead's second-byte range
   (API.md, step 2). */
static unilane_status ref_bad_second_class(unsigned char lead)
{
    switch (lead) {
    case 0xE0: return UNILANE_OVERLONG;  /* E0 80..9F would encode < U+0800   */
    case 0xED: return UNILANE_SURROGATE; /* ED A0..BF would encode D800..DFFF */
    case 0xF0: return UNILANE_OVERLONG;  /* F0 80..8F would encode < U+10000  */
    default: return UNILANE_TOO_LARGE;   /* F4 90..BF would encode > 10FFFF   */
    }
}

int ref_decode_utf8(const unsigned char *s, size_t n, uint32_t *cp, unilane_status *status,
                    size_t *len)
{
    const struct ref_row *row = NULL;
    size_t i, k;
    uint32_t v;

    for (i = 0; i < sizeof ref_table37 / sizeof ref_table37[0]; i++)
        if (s[0] >= ref_table37[i].lead_lo && s[0] <= ref_table37[i].lead_hi)
            row = &ref_table37[i];
    if (row == NULL) {
        *status = ref_bad_lead_class(s[0]);
        *len = 1;
        return 0;
    }
    if (row->nbytes == 1) {
        *cp = s[0];
        *len = 1;
        return 1;
    }
    if (n < 2 || !ref_is_trail(s[1])) {
        *status = UNILANE_TOO_SHORT;
        *len = 1;
        return 0;
    }
    if (s[1] < row->sec_lo || s[1] > row->sec_hi) {
        *status = ref_bad_second_class(s[0]);
        *len = 1;
        return 0;
    }
    for (k = 2; k < row->nbytes; k++) {
        if (k >= n || !ref_is_trail(s[k])) {
            *status = UNILANE_TOO_SHORT;
            *len = k; /* the maximal subpart: lead plus the good trail bytes */
            return 0;
        }
    }
    /* Well-formed: the payload bits of the lead, then 6 per trail byte. */
    if (row->nbytes == 2)
        v = s[0] & 0x1Fu;
    else if (row->nbytes == 3)
        v = s[0] & 0x0Fu;
    else
        v = s[0] & 0x07u;
    for (k = 1; k < row->nbytes; k++)
        v = v * 64u + (s[k] & 0x3Fu);
    *cp = v;
    *len = row->nbytes;
    return 1;
}

size_t ref_encode_utf8(uint32_t cp, unsigned char out[4])
{
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (unsigned char)(0xC0 + cp / 64);
        out[1] = (unsigned char)(0x80 + cp % 64);
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xE0 + cp / 4096);
        out[1] = (unsigned char)(0x80 + cp / 64 % 64);
        out[2] = (unsigned char)(0x80 + cp % 64);
        return 3;
    }
    out[0] = (unsigned char)(0xF0 + cp / 262144);
    out[1] = (unsigned char)(0x80 + cp / 4096 % 64);
    out[2] = (unsigned char)(0x80 + cp / 64 % 64);
    out[3] = (unsigned char)(0x80 + cp % 64);
    return 4;
}

size_t ref_encode_utf16(uint32_t cp, uint16_t out[2])
{
    if (cp < 0x10000) {
        out[0] = (uint16_t)cp;
        return 1;
    }
    out[0] = (uint16_t)(0xD800 + (cp - 0x10000) / 1024);
    out[1] = (uint16_t)(0xDC00 + (cp - 0x10000) % 1024);
    return 2;
}

unilane_result ref_validate_utf8(const unsigned char *s, size_t n)
{
    unilane_result r = { UNILANE_OK, 0, 0 };
    uint32_t cp;
    size_t len;

    while (r.read < n) {
        if (!ref_decode_utf8(s + r.read, n - r.read, &cp, &r.status, &len))
            return r;
        r.read += len;
    }
    return r;
}

unilane_result ref_utf8_to_utf16(const unsigned char *s, size_t n, uint16_t *dst)
{
    unilane_result r = { UNILANE_OK, 0, 0 };
    uint32_t cp;
    size_t len;

    while (r.read < n) {
        if (!ref_decode_utf8(s + r.read, n - r.read, &cp, &r.status, &len))
            return r;
        r.written += ref_encode_utf16(cp, dst + r.written);
        r.read += len;
    }
    return r;
}

size_t ref_utf8_to_utf16_lossy(const unsigned char *s, size_t n, uint16_t *dst)
{
    size_t i = 0, w = 0, len;
    uint32_t cp;
    unilane_status st;

    while (i < n) {
        if (ref_decode_utf8(s + i, n - i, &cp, &st, &len))
            w += ref_encode_utf16(cp, dst + w);
        else
            dst[w++] = 0xFFFD;
        i += len;
    }
    return w;
}

unilane_result ref_utf8_to_latin1(const unsigned char *s, size_t n, unsigned char *dst)
{
    unilane_result r = { UNILANE_OK, 0, 0 };
    uint32_t cp;
    size_t len;

    while (r.read < n) {
        if (!ref_decode_utf8(s + r.read, n - r.read, &cp, &r.status, &len))
            return r;
        if (cp > 0xFF) {
            r.status = UNILANE_TOO_LARGE;
            return r;
        }
        dst[r.written++] = (unsigned char)cp;
        r.read += len;
    }
    return r;
}

static int ref_is_high(uint16_t u)
{
    return u >= 0xD800 && u <= 0xDBFF;
}

static int ref_is_low(uint16_t u)
{
    return u >= 0xDC00 && u <= 0xDFFF;
}

/* D91: a code unit sequence is well-formed UTF-16 when every high surrogate
   is immediately followed by a low one and every low surrogate immediately
   preceded by a high one. Returns the units of the character at s[0]: 1 or
   2, or 0 for an unpaired surrogate. */
static size_t ref_decode_utf16(const uint16_t *s, size_t n, uint32_t *cp)
{
    if (!ref_is_high(s[0]) && !ref_is_low(s[0])) {
        *cp = s[0];
        return 1;
    }
    if (ref_is_high(s[0]) && n >= 2 && ref_is_low(s[1])) {
        *cp = 0x10000 + ((uint32_t)(s[0] - 0xD800) << 10) + (uint32_t)(s[1] - 0xDC00);
        return 2;
    }
    return 0;
}

unilane_result ref_validate_utf16(const uint16_t *s, size_t n)
{
    unilane_result r = { UNILANE_OK, 0, 0 };
    uint32_t cp;
    size_t k;

    while (r.read < n) {
        k = ref_decode_utf16(s + r.read, n - r.read, &cp);
        if (k == 0) {
            r.status = UNILANE_SURROGATE;
            return r;
        }
        r.read += k;
    }
    return r;
}

unilane_result ref_utf16_to_utf8(const uint16_t *s, size_t n, unsigned char *dst)
{
    unilane_result r = { UNILANE_OK, 0, 0 };
    uint32_t cp;
    size_t k;

    while (r.read < n) {
        k = ref_decode_utf16(s + r.read, n - r.read, &cp);
        if (k == 0) {
            r.status = UNILANE_SURROGATE;
            return r;
        }
        r.written += ref_encode_utf8(cp, dst + r.written);
        r.read += k;
    }
    return r;
}

size_t ref_utf16_to_utf8_lossy(const uint16_t *s, size_t n, unsigned char *dst)
{
    size_t i = 0, w = 0, k;
    uint32_t cp;

    while (i < n) {
        k = ref_decode_utf16(s + i, n - i, &cp);
        if (k == 0) {
            cp = 0xFFFD;
            k = 1;
        }
        w += ref_encode_utf8(cp, dst + w);
        i += k;
    }
    return w;
}

size_t ref_utf16_make_well_formed(const uint16_t *s, size_t n, uint16_t *dst)
{
    size_t i = 0, k, bad = 0;
    uint32_t cp;

    while (i < n) {
        k = ref_decode_utf16(s + i, n - i, &cp);
        if (k == 0) {
            dst[i++] = 0xFFFD;
            bad++;
        } else if (k == 1) {
            dst[i] = s[i];
            i++;
        } else {
            dst[i] = s[i];
            dst[i + 1] = s[i + 1];
            i += 2;
        }
    }
    return bad;
}

unilane_result ref_utf16_to_latin1(const uint16_t *s, size_t n, unsigned char *dst)
{
    unilane_result r = { UNILANE_OK, 0, 0 };

    for (; r.read < n; r.read++) {
        if (s[r.read] > 0xFF) {
            r.status = UNILANE_TOO_LARGE;
            break;
        }
        dst[r.read] = (unsigned char)s[r.read];
    }
    r.written = r.read;
    return r;
}

size_t ref_latin1_to_utf8(const unsigned char *s, size_t n, unsigned char *dst)
{
    size_t i, w = 0;

    for (i = 0; i < n; i++)
        w += ref_encode_utf8(s[i], dst + w);
    return w;
}

size_t ref_latin1_to_utf16(const unsigned char *s, size_t n, uint16_t *dst)
{
    size_t i;

    for (i = 0; i < n; i++)
        dst[i] = s[i];
    return n;
}

size_t ref_utf16_length_from_utf8_formula(const unsigned char *s, size_t n)
{
    size_t i, c = 0;

    for (i = 0; i < n; i++) {
        if (!ref_is_trail(s[i]))
            c++;
        if (s[i] >= 0xF0)
            c++;
    }
    return c;
}

/* ------------------------------------------------------------------------ */
/* 0.2 additions                                                            */
/* ------------------------------------------------------------------------ */

/* The 3-byte form of any value 0x0800..0xFFFF, surrogates included (the bit
   layout of Table 3-6: 1110xxxx 10xxxxxx 10xxxxxx). */
static size_t ref_put3(uint32_t v, unsigned char *out)
{
    out[0] = (unsigned char)(0xE0 + v / 4096);
    out[1] = (unsigned char)(0x80 + v / 64 % 64);
    out[2] = (unsigned char)(0x80 + v % 64);
    return 3;
}

/* WTF-8 spec, "Encoding from 16-bit code units": a pair is one code point;
   an unpaired surrogate is encoded as the code point of its own value. */
size_t ref_utf16_to_wtf8(const uint16_t *s, size_t n, unsigned char *dst)
{
    size_t i = 0, w = 0, k;
    uint32_t cp;

    while (i < n) {
        k = ref_decode_utf16(s + i, n - i, &cp);
        if (k == 0) {
            w += ref_put3(s[i], dst + w);
            k = 1;
        } else {
            w += ref_encode_utf8(cp, dst + w);
        }
        i += k;
    }
    return w;
}

/* Table 3-7 with the ED row widened to every continuation byte (WTF-8's
   "generalized UTF-8": surrogate code points allowed). Returns 1 and the
   code point, or 0 with the status (API.md's order) and the length 1. */
static int ref_decode_wtf8_one(const unsigned char *s, size_t n, uint32_t *cp,
                               unilane_status *status, size_t *len)
{
    uint32_t v;
    if (s[0] == 0xED) {
        if (n < 2 || !ref_is_trail(s[1]) || n < 3 || !ref_is_trail(s[2])) {
            *status = UNILANE_TOO_SHORT;
            *len = 1;
            return 0;
        }
        v = 0xD000u + (s[1] & 0x3Fu) * 64u + (s[2] & 0x3Fu);
        *cp = v;
        *len = 3;
        return 1;
    }
    return ref_decode_utf8(s, n, cp, status, len);
}

/* One body for validate and convert: dst NULL only validates. */
static unilane_result ref_wtf8(const unsigned char *s, size_t n, uint16_t *dst)
{
    unilane_result r = { UNILANE_OK, 0, 0 };
    uint32_t cp, prev = 0; /* the previous code point, 0 at the start */
    size_t len;

    while (r.read < n) {
        if (!ref_decode_wtf8_one(s + r.read, n - r.read, &cp, &r.status, &len))
            return r;
        /* a high surrogate's sequence directly followed by a low one's */
        if (cp >= 0xDC00 && cp <= 0xDFFF && prev >= 0xD800 && prev <= 0xDBFF) {
            r.status = UNILANE_SURROGATE;
            return r;
        }
        if (dst) {
            if (cp >= 0xD800 && cp <= 0xDFFF)
                dst[r.written++] = (uint16_t)cp;
            else
                r.written += ref_encode_utf16(cp, dst + r.written);
        }
        prev = cp;
        r.read += len;
    }
    return r;
}

unilane_result ref_validate_wtf8(const unsigned char *s, size_t n)
{
    return ref_wtf8(s, n, NULL);
}

unilane_result ref_wtf8_to_utf16(const unsigned char *s, size_t n, uint16_t *dst)
{
    static uint16_t none[1];
    return ref_wtf8(s, n, dst ? dst : none);
}

/* DataOutput.writeUTF: 0001..007F one byte; 0000 and 0080..07FF two; the
   rest (surrogates too) three; each unit on its own. */
static size_t ref_mutf8_unit(uint16_t u, unsigned char *out)
{
    if (u >= 0x0001 && u <= 0x007F) {
        out[0] = (unsigned char)u;
        return 1;
    }
    if (u <= 0x07FF) {
        out[0] = (unsigned char)(0xC0 | (u >> 6));
        out[1] = (unsigned char)(0x80 | (u & 0x3F));
        return 2;
    }
    return ref_put3(u, out);
}

size_t ref_utf16_to_mutf8(const uint16_t *s, size_t n, unsigned char *dst)
{
    size_t i, w = 0;
    for (i = 0; i < n; i++)
        w += ref_mutf8_unit(s[i], dst + w);
    return w;
}

size_t ref_mutf8_length_from_utf16(const uint16_t *s, size_t n)
{
    size_t i, w = 0;
    for (i = 0; i < n; i++)
        w += s[i] >= 0x0001 && s[i] <= 0x007F ? 1 : s[i] <= 0x07FF ? 2 : 3;
    return w;
}

/* DataInput.readUTF: the byte patterns 0xxxxxxx, 110xxxxx 10xxxxxx and
   1110xxxx 10xxxxxx 10xxxxxx; anything else is an error at the lead. */
unilane_result ref_mutf8_to_utf16(const unsigned char *s, size_t n, uint16_t *dst)
{
    unilane_result r = { UNILANE_OK, 0, 0 };
    size_t need;
    unsigned char b;

    while (r.read < n) {
        b = s[r.read];
        if (b < 0x80) {
            dst[r.written++] = b;
            r.read++;
            continue;
        }
        if (b < 0xC0) {
            r.status = UNILANE_TOO_LONG;
            return r;
        }
        if (b >= 0xF0) {
            r.status = UNILANE_HEADER_BITS;
            return r;
        }
        need = b < 0xE0 ? 2 : 3;
        if (r.read + need > n || !ref_is_trail(s[r.read + 1]) ||
            (need == 3 && !ref_is_trail(s[r.read + 2]))) {
            r.status = UNILANE_TOO_SHORT;
            return r;
        }
        if (need == 2)
            dst[r.written++] = (uint16_t)(((b & 0x1F) << 6) | (s[r.read + 1] & 0x3F));
        else
            dst[r.written++] = (uint16_t)(((b & 0x0F) << 12) | ((s[r.read + 1] & 0x3F) << 6) |
                                          (s[r.read + 2] & 0x3F));
        r.read += need;
    }
    return r;
}

unilane_width ref_width_of(uint32_t cp)
{
    if (cp <= 0x7F)
        return UNILANE_WIDTH_ASCII;
    if (cp <= 0xFF)
        return UNILANE_WIDTH_LATIN1;
    if (cp <= 0xFFFF)
        return UNILANE_WIDTH_BMP;
    return UNILANE_WIDTH_ASTRAL;
}

static unilane_width ref_wider(unilane_width a, unilane_width b)
{
    return a > b ? a : b;
}

unilane_utf8_info ref_utf8_inspect(const unsigned char *s, size_t n, int lossy)
{
    unilane_utf8_info info;
    size_t i = 0, len;
    uint32_t cp;
    unilane_status st;

    info.status = UNILANE_OK;
    info.read = n;
    info.utf16_length = 0;
    info.width = UNILANE_WIDTH_ASCII;
    while (i < n) {
        if (ref_decode_utf8(s + i, n - i, &cp, &st, &len)) {
            info.utf16_length += cp > 0xFFFF ? 2 : 1;
            info.width = ref_wider(info.width, ref_width_of(cp));
        } else {
            if (info.status == UNILANE_OK) {
                info.status = st;
                info.read = i;
            }
            if (!lossy)
                return info;
            info.utf16_length += 1; /* one U+FFFD per maximal subpart */
            info.width = ref_wider(info.width, ref_width_of(0xFFFD));
        }
        i += len;
    }
    return info;
}

unilane_utf16_info ref_utf16_inspect(const uint16_t *s, size_t n)
{
    unilane_utf16_info info;
    unilane_result v = ref_validate_utf16(s, n);
    size_t i = 0, k;
    uint32_t cp;

    info.status = v.status;
    info.read = v.read;
    info.utf8_length = 0;
    info.width = UNILANE_WIDTH_ASCII;
    while (i < n) {
        k = ref_decode_utf16(s + i, n - i, &cp);
        if (k == 0) { /* unpaired: counts as BMP, and 3 bytes (U+FFFD) */
            cp = s[i];
            k = 1;
            info.utf8_length += 3;
        } else {
            info.utf8_length += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        }
        info.width = ref_wider(info.width, ref_width_of(cp));
        i += k;
    }
    return info;
}

unilane_result ref_latin1_to_utf8_bounded(const unsigned char *s, size_t n, unsigned char *dst,
                                          size_t cap)
{
    unilane_result r = { UNILANE_OK, 0, 0 };
    unsigned char tmp[4];
    size_t k;

    for (; r.read < n; r.read++) {
        k = ref_encode_utf8(s[r.read], tmp);
        if (r.written + k > cap) {
            r.status = UNILANE_OUTPUT_FULL;
            return r;
        }
        memcpy(dst + r.written, tmp, k);
        r.written += k;
    }
    return r;
}
