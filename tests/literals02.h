/*
 * literals02.h -- hand-computed expectations for the 0.2 functions (WTF-8,
 * modified UTF-8, the inspections, bounded Latin-1), one vector per rule of
 * include/unilane.h / API.md "Additions for 0.2". Encoded by hand from the
 * bit layout of the Unicode Standard's Table 3-6 (UTF-8), the WTF-8
 * specification and java.io.DataInput's "modified UTF-8"; never computed
 * by code. test_reference checks tests/reference.c against them,
 * test_api every kernel (alone and placed inside ASCII).
 */
#ifndef UNILANE_TEST_LITERALS02_H
#define UNILANE_TEST_LITERALS02_H

#include <stddef.h>
#include <stdint.h>

#include "unilane.h"

#define LIT_U(...) { __VA_ARGS__ }, sizeof((uint16_t[]){ __VA_ARGS__ }) / 2
#define LIT_B(x)   x, sizeof(x) - 1
#define LIT_NONE   { 0 }, 0

typedef struct lit_enc_vec {
    uint16_t in[6];
    size_t n;
    const char *out;
    size_t nout;
} lit_enc_vec;

/* UTF-16 -> WTF-8, hand-encoded (Table 3-6 bit layout). */
static const lit_enc_vec lit_wtf8_enc[] = {
    { LIT_NONE, LIT_B("") },
    { LIT_U(0x0000), LIT_B("\x00") },
    { LIT_U(0x007F), LIT_B("\x7F") },
    { LIT_U(0x0080), LIT_B("\xC2\x80") },
    { LIT_U(0x07FF), LIT_B("\xDF\xBF") },
    { LIT_U(0x0800), LIT_B("\xE0\xA0\x80") },
    { LIT_U(0xFFFF), LIT_B("\xEF\xBF\xBF") },
    { LIT_U(0xD800), LIT_B("\xED\xA0\x80") },                         /* lone high */
    { LIT_U(0xDBFF), LIT_B("\xED\xAF\xBF") },                         /* lone high */
    { LIT_U(0xDC00), LIT_B("\xED\xB0\x80") },                         /* lone low */
    { LIT_U(0xDFFF), LIT_B("\xED\xBF\xBF") },                         /* lone low */
    { LIT_U(0xD83D, 0xDE00), LIT_B("\xF0\x9F\x98\x80") },             /* pair: 4 bytes */
    { LIT_U(0xD800, 0xDC00), LIT_B("\xF0\x90\x80\x80") },             /* U+10000 */
    { LIT_U(0xDBFF, 0xDFFF), LIT_B("\xF4\x8F\xBF\xBF") },             /* U+10FFFF */
    { LIT_U(0xDE00, 0xD83D), LIT_B("\xED\xB8\x80\xED\xA0\xBD") },     /* reversed: two lone */
    { LIT_U(0x0041, 0xD800, 0x0042), LIT_B("\x41\xED\xA0\x80\x42") }, /* lone high in text */
    { LIT_U(0xD800, 0xD800, 0xDC00), LIT_B("\xED\xA0\x80\xF0\x90\x80\x80") }, /* lone, then pair */
    { LIT_U(0xD83D, 0xDE00, 0xDC00), LIT_B("\xF0\x9F\x98\x80\xED\xB0\x80") }, /* pair, then lone */
};

/* UTF-16 -> modified UTF-8 (DataOutput.writeUTF's three forms). */
static const lit_enc_vec lit_mutf8_enc[] = {
    { LIT_NONE, LIT_B("") },
    { LIT_U(0x0000), LIT_B("\xC0\x80") },
    { LIT_U(0x0001), LIT_B("\x01") },
    { LIT_U(0x007F), LIT_B("\x7F") },
    { LIT_U(0x0080), LIT_B("\xC2\x80") },
    { LIT_U(0x07FF), LIT_B("\xDF\xBF") },
    { LIT_U(0x0800), LIT_B("\xE0\xA0\x80") },
    { LIT_U(0xFFFF), LIT_B("\xEF\xBF\xBF") },
    { LIT_U(0xD800), LIT_B("\xED\xA0\x80") },
    { LIT_U(0xDC00), LIT_B("\xED\xB0\x80") },
    { LIT_U(0xD83D, 0xDE00), LIT_B("\xED\xA0\xBD\xED\xB8\x80") }, /* a pair: two 3-byte sequences */
    { LIT_U(0x0041, 0x0000, 0x0042), LIT_B("\x41\xC0\x80\x42") },
    { LIT_U(0x0000, 0x0000), LIT_B("\xC0\x80\xC0\x80") },
};

typedef struct lit_dec_vec {
    const char *in;
    size_t n;
    unilane_status status;
    size_t read;
    uint16_t out[6];
    size_t nout;
} lit_dec_vec;

/* WTF-8 validation and decoding. */
static const lit_dec_vec lit_wtf8_dec[] = {
    { LIT_B(""), UNILANE_OK, 0, LIT_NONE },
    { LIT_B("\xED\xA0\x80"), UNILANE_OK, 3, LIT_U(0xD800) },                     /* lone high */
    { LIT_B("\xED\xB0\x80"), UNILANE_OK, 3, LIT_U(0xDC00) },                     /* lone low */
    { LIT_B("\xED\xBF\xBF"), UNILANE_OK, 3, LIT_U(0xDFFF) },                     /* lone low */
    { LIT_B("\xED\x9F\xBF"), UNILANE_OK, 3, LIT_U(0xD7FF) },                     /* plain UTF-8 */
    { LIT_B("\xF0\x9F\x98\x80"), UNILANE_OK, 4, LIT_U(0xD83D, 0xDE00) },         /* pair */
    { LIT_B("\xED\xB0\x80\xED\xA0\x80"), UNILANE_OK, 6, LIT_U(0xDC00, 0xD800) }, /* low, high */
    { LIT_B("\xED\xA0\x80\xED\xA0\x80"), UNILANE_OK, 6, LIT_U(0xD800, 0xD800) }, /* high, high */
    { LIT_B("\xED\xA0\x80\x41\xED\xB0\x80"), UNILANE_OK, 7, LIT_U(0xD800, 0x41, 0xDC00) },
    { LIT_B("\xED\xA0\x80\xF0\x90\x80\x80"), UNILANE_OK, 7, LIT_U(0xD800, 0xD800, 0xDC00) },
    { LIT_B("\xED\xA0\x80\xED\x9F\xBF"), UNILANE_OK, 6, LIT_U(0xD800, 0xD7FF) },
    /* high + low as two sequences: SURROGATE at the low's first byte */
    { LIT_B("\xED\xA0\x80\xED\xB0\x80"), UNILANE_SURROGATE, 3, LIT_U(0xD800) },
    { LIT_B("\xED\xAF\xBF\xED\xBF\xBF"), UNILANE_SURROGATE, 3, LIT_U(0xDBFF) },
    { LIT_B("\x41\xED\xA0\xBD\xED\xB8\x80"), UNILANE_SURROGATE, 4, LIT_U(0x41, 0xD83D) },
    /* cut off: TOO_SHORT, also right after a high surrogate */
    { LIT_B("\xED"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xED\xA0"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xED\xB0"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xED\xA0\x41"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xED\xA0\xC0"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xED\xA0\x80\xED\xB0"), UNILANE_TOO_SHORT, 3, LIT_U(0xD800) },
    { LIT_B("\xED\xA0\x80\xED\xB0\x41"), UNILANE_TOO_SHORT, 3, LIT_U(0xD800) },
    { LIT_B("\xED\xA0\x80\xED"), UNILANE_TOO_SHORT, 3, LIT_U(0xD800) },
    /* the other errors are validate_utf8's */
    { LIT_B("\xC0\x80"), UNILANE_OVERLONG, 0, LIT_NONE },
    { LIT_B("\xE0\x80\x80"), UNILANE_OVERLONG, 0, LIT_NONE },
    { LIT_B("\xF0\x8F\xBF\xBF"), UNILANE_OVERLONG, 0, LIT_NONE },
    { LIT_B("\xF4\x90\x80\x80"), UNILANE_TOO_LARGE, 0, LIT_NONE },
    { LIT_B("\xF5\x80\x80\x80"), UNILANE_TOO_LARGE, 0, LIT_NONE },
    { LIT_B("\x80"), UNILANE_TOO_LONG, 0, LIT_NONE },
    { LIT_B("\x41\xBF"), UNILANE_TOO_LONG, 1, LIT_U(0x41) },
    { LIT_B("\xF0"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xF8"), UNILANE_HEADER_BITS, 0, LIT_NONE },
    { LIT_B("\xC3\xA9\xFF"), UNILANE_HEADER_BITS, 2, LIT_U(0xE9) },
};

/* Modified UTF-8 decoding (DataInput.readUTF). */
static const lit_dec_vec lit_mutf8_dec[] = {
    { LIT_B(""), UNILANE_OK, 0, LIT_NONE },
    { LIT_B("\xC0\x80"), UNILANE_OK, 2, LIT_U(0x0000) },
    { LIT_B("\x00"), UNILANE_OK, 1, LIT_U(0x0000) },
    { LIT_B("\xE0\x80\x80"), UNILANE_OK, 3, LIT_U(0x0000) }, /* overlongs accepted */
    { LIT_B("\xC1\xBF"), UNILANE_OK, 2, LIT_U(0x007F) },
    { LIT_B("\xE0\x9F\xBF"), UNILANE_OK, 3, LIT_U(0x07FF) },
    { LIT_B("\xC2\x80"), UNILANE_OK, 2, LIT_U(0x0080) },
    { LIT_B("\xDF\xBF"), UNILANE_OK, 2, LIT_U(0x07FF) },
    { LIT_B("\xE0\xA0\x80"), UNILANE_OK, 3, LIT_U(0x0800) },
    { LIT_B("\xEF\xBF\xBF"), UNILANE_OK, 3, LIT_U(0xFFFF) },
    { LIT_B("\xED\xA0\x80"), UNILANE_OK, 3, LIT_U(0xD800) }, /* surrogates accepted */
    { LIT_B("\xED\xA0\xBD\xED\xB8\x80"), UNILANE_OK, 6, LIT_U(0xD83D, 0xDE00) },
    { LIT_B("\x41\xC0\x80\x42"), UNILANE_OK, 4, LIT_U(0x41, 0x0000, 0x42) },
    { LIT_B("\xF0\x9F\x98\x80"), UNILANE_HEADER_BITS, 0, LIT_NONE }, /* 4-byte UTF-8 */
    { LIT_B("\x41\xF0"), UNILANE_HEADER_BITS, 1, LIT_U(0x41) },
    { LIT_B("\xF8"), UNILANE_HEADER_BITS, 0, LIT_NONE },
    { LIT_B("\xFF"), UNILANE_HEADER_BITS, 0, LIT_NONE },
    { LIT_B("\x80"), UNILANE_TOO_LONG, 0, LIT_NONE },
    { LIT_B("\x41\xBF"), UNILANE_TOO_LONG, 1, LIT_U(0x41) },
    { LIT_B("\xC2\x80\x80"), UNILANE_TOO_LONG, 2, LIT_U(0x80) },
    { LIT_B("\xC2"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xC0"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xC0\xC0"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xC2\x41"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xE1\x80"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xE1\x80\x41"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\xE1\x41\x80"), UNILANE_TOO_SHORT, 0, LIT_NONE },
    { LIT_B("\x41\xEF\xBF"), UNILANE_TOO_SHORT, 1, LIT_U(0x41) },
};

typedef struct lit_i8_vec {
    const char *in;
    size_t n;
    int lossy;
    unilane_status status;
    size_t read, len16;
    unilane_width width;
} lit_i8_vec;

static const lit_i8_vec lit_i8[] = {
    { LIT_B(""), 0, UNILANE_OK, 0, 0, UNILANE_WIDTH_ASCII },
    { LIT_B(""), 1, UNILANE_OK, 0, 0, UNILANE_WIDTH_ASCII },
    { LIT_B("\x7F"), 0, UNILANE_OK, 1, 1, UNILANE_WIDTH_ASCII },              /* U+007F */
    { LIT_B("\xC2\x80"), 0, UNILANE_OK, 2, 1, UNILANE_WIDTH_LATIN1 },         /* U+0080 */
    { LIT_B("\xC3\xBF"), 0, UNILANE_OK, 2, 1, UNILANE_WIDTH_LATIN1 },         /* U+00FF */
    { LIT_B("\xC4\x80"), 0, UNILANE_OK, 2, 1, UNILANE_WIDTH_BMP },            /* U+0100 */
    { LIT_B("\xEF\xBF\xBF"), 0, UNILANE_OK, 3, 1, UNILANE_WIDTH_BMP },        /* U+FFFF */
    { LIT_B("\xF0\x90\x80\x80"), 0, UNILANE_OK, 4, 2, UNILANE_WIDTH_ASTRAL }, /* U+10000 */
    { LIT_B("\xEF\xBF\xBD"), 1, UNILANE_OK, 3, 1, UNILANE_WIDTH_BMP },        /* a real U+FFFD */
    { LIT_B("\x41\xC3\xA9\xF0\x9F\x98\x80"), 0, UNILANE_OK, 7, 4, UNILANE_WIDTH_ASTRAL },
    /* strict describes the valid prefix; lossy the whole output, U+FFFD is BMP */
    { LIT_B("\x41\xC3\xA9\x80\xF0\x9F\x98\x80"), 0, UNILANE_TOO_LONG, 3, 2, UNILANE_WIDTH_LATIN1 },
    { LIT_B("\x41\xC3\xA9\x80\xF0\x9F\x98\x80"), 1, UNILANE_TOO_LONG, 3, 5, UNILANE_WIDTH_ASTRAL },
    { LIT_B("\x41\x80"), 0, UNILANE_TOO_LONG, 1, 1, UNILANE_WIDTH_ASCII },
    { LIT_B("\x41\x80"), 1, UNILANE_TOO_LONG, 1, 2, UNILANE_WIDTH_BMP },
    { LIT_B("\xC3\xA9\xED\xA0\x80"), 0, UNILANE_SURROGATE, 2, 1, UNILANE_WIDTH_LATIN1 },
    { LIT_B("\xC3\xA9\xED\xA0\x80"), 1, UNILANE_SURROGATE, 2, 4, UNILANE_WIDTH_BMP },
    { LIT_B("\xF0\x9F\x98"), 0, UNILANE_TOO_SHORT, 0, 0, UNILANE_WIDTH_ASCII },
    { LIT_B("\xF0\x9F\x98"), 1, UNILANE_TOO_SHORT, 0, 1, UNILANE_WIDTH_BMP },
    { LIT_B("\x61\xF1\x80\x80\xE1\x80\xC2\x62"), 1, UNILANE_TOO_SHORT, 1, 5, UNILANE_WIDTH_BMP },
    { LIT_B("\xC0\x80\x41"), 1, UNILANE_OVERLONG, 0, 3, UNILANE_WIDTH_BMP },
    { LIT_B("\xF8"), 0, UNILANE_HEADER_BITS, 0, 0, UNILANE_WIDTH_ASCII },
    { LIT_B("\xC3\xA9\xF4\x90\x80\x80"), 1, UNILANE_TOO_LARGE, 2, 5, UNILANE_WIDTH_BMP },
    /* the first error is named even when a later one is different */
    { LIT_B("\x41\xC2\x41\x80"), 1, UNILANE_TOO_SHORT, 1, 4, UNILANE_WIDTH_BMP },
};

typedef struct lit_i16_vec {
    uint16_t in[6];
    size_t n;
    unilane_status status;
    size_t read, len8;
    unilane_width width;
} lit_i16_vec;

static const lit_i16_vec lit_i16[] = {
    { LIT_NONE, UNILANE_OK, 0, 0, UNILANE_WIDTH_ASCII },
    { LIT_U(0x007F), UNILANE_OK, 1, 1, UNILANE_WIDTH_ASCII },
    { LIT_U(0x0080), UNILANE_OK, 1, 2, UNILANE_WIDTH_LATIN1 },
    { LIT_U(0x00FF), UNILANE_OK, 1, 2, UNILANE_WIDTH_LATIN1 },
    { LIT_U(0x0100), UNILANE_OK, 1, 2, UNILANE_WIDTH_BMP },
    { LIT_U(0x07FF), UNILANE_OK, 1, 2, UNILANE_WIDTH_BMP },
    { LIT_U(0x0800), UNILANE_OK, 1, 3, UNILANE_WIDTH_BMP },
    { LIT_U(0xFFFF), UNILANE_OK, 1, 3, UNILANE_WIDTH_BMP },
    { LIT_U(0xD800, 0xDC00), UNILANE_OK, 2, 4, UNILANE_WIDTH_ASTRAL },
    { LIT_U(0x0041, 0x00E9), UNILANE_OK, 2, 3, UNILANE_WIDTH_LATIN1 },
    /* an unpaired surrogate counts as BMP, 3 bytes; the whole input is described */
    { LIT_U(0xD800), UNILANE_SURROGATE, 0, 3, UNILANE_WIDTH_BMP },
    { LIT_U(0xDFFF), UNILANE_SURROGATE, 0, 3, UNILANE_WIDTH_BMP },
    { LIT_U(0x0041, 0xDC00), UNILANE_SURROGATE, 1, 4, UNILANE_WIDTH_BMP },
    { LIT_U(0x00E9, 0xD800), UNILANE_SURROGATE, 1, 5, UNILANE_WIDTH_BMP },
    { LIT_U(0xDE00, 0xD83D), UNILANE_SURROGATE, 0, 6, UNILANE_WIDTH_BMP },
    { LIT_U(0xD800, 0x0041, 0xD83D, 0xDE00), UNILANE_SURROGATE, 0, 8, UNILANE_WIDTH_ASTRAL },
    { LIT_U(0xD83D, 0xDE00, 0xDC00), UNILANE_SURROGATE, 2, 7, UNILANE_WIDTH_ASTRAL },
};

/* latin1_to_utf8_bounded("A\xE9" "B") -> 41 C3 A9 42, at each capacity. */
static const struct {
    size_t cap;
    unilane_status status;
    size_t read, written;
} lit_bounded_abc[] = {
    { 0, UNILANE_OUTPUT_FULL, 0, 0 }, { 1, UNILANE_OUTPUT_FULL, 1, 1 },
    { 2, UNILANE_OUTPUT_FULL, 1, 1 }, /* E9 needs 2 bytes: nothing of it is written */
    { 3, UNILANE_OUTPUT_FULL, 2, 3 }, { 4, UNILANE_OK, 3, 4 },
    { 5, UNILANE_OK, 3, 4 },          { 6, UNILANE_OK, 3, 4 },
};

#endif
