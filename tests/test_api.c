/*
 * test_api.c -- the API's edge cases, for every kernel: every UTF-8 status
 * at the start, middle and end of an input; truncated tails; embedded NULs;
 * lone surrogates; the Unicode example; byte order marks; status strings;
 * the version; kernel selection names; NULL with length 0.
 */
#include <stdlib.h>

#include "checks.h"
#include "literals02.h"
#include "../tools/op_call.h" /* the operations by registry index (src/dispatch/ops.h) */

#define API_N(a) (sizeof(a) / sizeof((a)[0]))

typedef struct api_bad {
    const char *bytes;
    size_t len;
    unilane_status status;
} api_bad;

#define S(x) x, sizeof(x) - 1
static const api_bad api_bads[] = {
    { S("\xF8"), UNILANE_HEADER_BITS },           { S("\xFF\x80\x80\x80"), UNILANE_HEADER_BITS },
    { S("\xFC\x80"), UNILANE_HEADER_BITS },       { S("\xC2"), UNILANE_TOO_SHORT },
    { S("\xC2\x41"), UNILANE_TOO_SHORT },         { S("\xE1\x80"), UNILANE_TOO_SHORT },
    { S("\xE1\x80\xC0"), UNILANE_TOO_SHORT },     { S("\xF1\x80\x80"), UNILANE_TOO_SHORT },
    { S("\xF0\x90\x80\x7F"), UNILANE_TOO_SHORT }, { S("\xE0\xA0"), UNILANE_TOO_SHORT },
    { S("\xED\x9F"), UNILANE_TOO_SHORT },         { S("\xF4\x8F"), UNILANE_TOO_SHORT },
    { S("\xE2\xF0"), UNILANE_TOO_SHORT },         { S("\x80"), UNILANE_TOO_LONG },
    { S("\xBF\xBF"), UNILANE_TOO_LONG },          { S("\x80\x80"), UNILANE_TOO_LONG },
    { S("\xC0\x80"), UNILANE_OVERLONG },          { S("\xC1\xBF"), UNILANE_OVERLONG },
    { S("\xE0\x80\x80"), UNILANE_OVERLONG },      { S("\xE0\x9F\xBF"), UNILANE_OVERLONG },
    { S("\xF0\x80\x80\x80"), UNILANE_OVERLONG },  { S("\xF0\x8F\xBF\xBF"), UNILANE_OVERLONG },
    { S("\xF5\x80\x80\x80"), UNILANE_TOO_LARGE }, { S("\xF7\xBF\xBF\xBF"), UNILANE_TOO_LARGE },
    { S("\xF4\x90\x80\x80"), UNILANE_TOO_LARGE }, { S("\xF4\xBF\xBF\xBF"), UNILANE_TOO_LARGE },
    { S("\xED\xA0\x80"), UNILANE_SURROGATE },     { S("\xED\xBF\xBF"), UNILANE_SURROGATE },
    { S("\xED\xB0"), UNILANE_SURROGATE },
};

/* Fillers: ASCII, 2-, 3- and 4-byte text. */
static size_t api_fill(unsigned char *o, size_t n, int kind)
{
    static const char *const units[] = { "a", "\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80" };
    size_t k = 0, ul = strlen(units[kind]);
    while (k + ul <= n) {
        memcpy(o + k, units[kind], ul);
        k += ul;
    }
    while (k < n)
        o[k] = (unsigned char)('0' + k % 10), k++;
    return k;
}

/* bytes[0..len), an error of class `status` at its first byte, after `pre`
   bytes of filler `kind` and before `post` bytes of filler `post_kind`:
   every function against the reference, and validate_utf8 reports `status`
   right after the filler when the filler is whole characters. */
static void api_check_error_at(const char *bytes, size_t len, unilane_status status, size_t pre,
                               int kind, size_t post, int post_kind)
{
    static unsigned char buf[1024];
    size_t p = api_fill(buf, pre, kind), n;
    unilane_result r;
    memcpy(buf + p, bytes, len);
    n = p + len + api_fill(buf + p + len, post, post_kind);
    ut_check_bytes(buf, n, UT_F_ALL);
    /* The filler before may end in a partial character. */
    if (ref_validate_utf8(buf, p).status == UNILANE_OK) {
        r = unilane_validate_utf8((const char *)buf, n);
        UT_CHECK(r.status == status && r.read == p,
                 "validate_utf8(%s): %s at %zu, expected %s at %zu", ut_hex8(buf, n),
                 unilane_status_string(r.status), r.read, unilane_status_string(status), p);
    }
}

static const size_t api_lens[] = { 0,  1,  2,  3,  7,  15, 16,  17,  31,  32,
                                   33, 47, 63, 64, 65, 95, 127, 128, 129, 200 };
#define API_NLENS (sizeof api_lens / sizeof api_lens[0])

START_TEST(api_status_positions)
{
    size_t b, p, q, kind;
    ut_select(_i);
    for (b = 0; b < sizeof api_bads / sizeof api_bads[0]; b++) {
        const api_bad *t = &api_bads[b];
        unilane_result r = ref_validate_utf8((const unsigned char *)t->bytes, t->len);
        UT_CHECK(r.status == t->status && r.read == 0, "oracle disagrees on %s: %s",
                 ut_hex8(t->bytes, t->len), unilane_status_string(r.status));
        for (kind = 0; kind < 4; kind++)
            for (p = 0; p < API_NLENS; p++)
                for (q = 0; q < API_NLENS; q += 3)
                    api_check_error_at(t->bytes, t->len, t->status, api_lens[p], (int)kind,
                                       api_lens[q], (int)((kind + 1) % 4));
    }
    UT_DONE();
}
END_TEST

START_TEST(api_truncated_tails)
{
    static const char *const chars[] = { "\xC3\xA9",         "\xDF\xBF",        "\xE0\xA0\x80",
                                         "\xED\x9F\xBF",     "\xEF\xBF\xBD",    "\xF0\x90\x80\x80",
                                         "\xF4\x8F\xBF\xBF", "\xF3\xA0\x81\x81" };
    size_t c, p, cut, kind;
    ut_select(_i);
    for (c = 0; c < sizeof chars / sizeof chars[0]; c++)
        for (cut = 1; cut < strlen(chars[c]); cut++)
            for (kind = 0; kind < 4; kind++)
                for (p = 0; p < API_NLENS; p++)
                    api_check_error_at(chars[c], cut, UNILANE_TOO_SHORT, api_lens[p], (int)kind, 0,
                                       0);
    UT_DONE();
}
END_TEST

START_TEST(api_embedded_nuls)
{
    unsigned char b8[300];
    uint16_t b16[300];
    size_t n, i;
    unilane_result r;
    ut_select(_i);
    for (n = 0; n < 300; n++) {
        static const char *const parts[] = { "\0",           "x",  "\xC3\xA9",         "\0\0",
                                             "\xE4\xB8\xAD", "\0", "\xF0\x9F\x98\x80", "yz" };
        size_t k = 0, p = 0, pl;
        while (k < n) {
            pl = p % 8 == 0 || p % 8 == 5 ? 1 : strlen(parts[p % 8]);
            if (p % 8 == 3)
                pl = 2;
            if (k + pl > n)
                break;
            memcpy(b8 + k, parts[p % 8], pl);
            k += pl;
            p++;
        }
        while (k < n)
            b8[k++] = 0;
        for (i = 0; i < n; i++)
            b16[i] = (uint16_t)(i % 3 == 0 ? 0 : i % 11 == 0 ? 0x4E2D : 'y');
        ut_check_bytes(b8, n, UT_F_ALL);
        ut_check_units(b16, n, UT_F_ALL);
        r = unilane_validate_utf8((const char *)b8, n);
        UT_CHECK(r.status == UNILANE_OK && r.read == n, "NULs: validate_utf8 len %zu: %s at %zu", n,
                 unilane_status_string(r.status), r.read);
        r = unilane_validate_utf16(b16, n);
        UT_CHECK(r.status == UNILANE_OK && r.read == n, "NULs: validate_utf16 len %zu", n);
        memset(b8, 0, n);
        UT_CHECK(unilane_ascii_prefix((const char *)b8, n) == n, "NULs: ascii_prefix");
    }
    UT_DONE();
}
END_TEST

START_TEST(api_lone_surrogates)
{
    static const uint16_t sur[] = { 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xDA12, 0xDE34 };
    static const uint16_t fills[] = { 0x41, 0xE9, 0x4E2D };
    uint16_t buf[512];
    size_t s, p, q, f, pre, n, i;
    ut_select(_i);
    for (s = 0; s < sizeof sur / sizeof sur[0]; s++)
        for (f = 0; f < 3; f++)
            for (p = 0; p < API_NLENS; p++)
                for (q = 0; q < API_NLENS; q += 2) {
                    pre = api_lens[p];
                    for (i = 0; i < pre; i++)
                        buf[i] = fills[f];
                    buf[pre] = sur[s];
                    for (i = 0; i < api_lens[q]; i++)
                        buf[pre + 1 + i] = fills[(f + 1) % 3];
                    n = pre + 1 + api_lens[q];
                    ut_check_units(buf, n, UT_F_ALL);
                    {
                        unilane_result r = unilane_validate_utf16(buf, n);
                        UT_CHECK(r.status == UNILANE_SURROGATE && r.read == pre,
                                 "lone %04X at %zu of %zu: %s at %zu", sur[s], pre, n,
                                 unilane_status_string(r.status), r.read);
                    }
                    /* A valid pair before it, and the pair reversed. */
                    if (pre >= 2) {
                        buf[pre - 2] = 0xD83D;
                        buf[pre - 1] = 0xDE00;
                        ut_check_units(buf, n, UT_F_ALL);
                        buf[pre - 2] = 0xDE00;
                        buf[pre - 1] = 0xD83D;
                        ut_check_units(buf, n, UT_F_ALL);
                    }
                }
    UT_DONE();
}
END_TEST

START_TEST(api_unicode_example)
{
    static const char in[] = "\x61\xF1\x80\x80\xE1\x80\xC2\x62";
    static const uint16_t want[] = { 0x0061, 0xFFFD, 0xFFFD, 0xFFFD, 0x0062 };
    uint16_t out[16];
    char l1[16];
    size_t n;
    unilane_result r;
    ut_select(_i);
    n = unilane_utf8_to_utf16_lossy(in, 8, out);
    UT_CHECK(n == 5 && memcmp(out, want, sizeof want) == 0, "lossy(61 F1 80 80 E1 80 C2 62) = %s",
             ut_hex16(out, n));
    UT_CHECK(unilane_utf16_length_from_utf8_lossy(in, 8) == 5, "lossy length %zu",
             unilane_utf16_length_from_utf8_lossy(in, 8));
    r = unilane_validate_utf8(in, 8);
    UT_CHECK(r.status == UNILANE_TOO_SHORT && r.read == 1 && r.written == 0, "validate: %s %zu",
             unilane_status_string(r.status), r.read);
    r = unilane_utf8_to_utf16(in, 8, out);
    UT_CHECK(r.status == UNILANE_TOO_SHORT && r.read == 1 && r.written == 1 && out[0] == 0x61,
             "strict: %s %zu %zu", unilane_status_string(r.status), r.read, r.written);
    r = unilane_utf8_to_latin1(in, 8, l1);
    UT_CHECK(r.status == UNILANE_TOO_SHORT && r.read == 1 && r.written == 1 && l1[0] == 0x61,
             "latin1: %s %zu %zu", unilane_status_string(r.status), r.read, r.written);
    UT_DONE();
}
END_TEST

/*
 * The edge cases above -- every status, truncated tails, NULs, lone
 * surrogates, byte order marks as data, the Unicode example -- inside
 * vector-sized contexts (checks.h), where a SIMD kernel's block code sees
 * them: at the start (nothing before), in the middle (every lane offset
 * 0..63 with every pair of padding kinds) and at the end (a whole 64-unit
 * block before, nothing after). Expected values: the reference, composed.
 */
static const char *const api_ctx8[] = {
    /* complete characters at the edges of their ranges */
    "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEE\x80\x80", "\xEF\xBF\xBF",
    "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF",
    /* truncated (at the end of the input they are cut off by it) */
    "\xC3", "\xDF", "\xE0", "\xE0\xA0", "\xED", "\xED\x9F", "\xEF\xBF", "\xF0", "\xF0\x90",
    "\xF0\x90\x80", "\xF4\x8F\xBF", "\xF3\xA0\x81",
    /* NULs */
    "\0", "\0\0\0", "a\0b", "\xC3\xA9\0\xE4\xB8\xAD\0",
    /* byte order marks as data, and what looks like one */
    "\xEF\xBB\xBF", "\xEF\xBB\xBF\xEF\xBB\xBF", "\xEF\xBB", "\xFF\xFE", "\xFE\xFF", "\0\0\xFE\xFF",
    "\xFF\xFE\0\0",
    /* the Unicode example: 61 FFFD FFFD FFFD 62 */
    "\x61\xF1\x80\x80\xE1\x80\xC2\x62"
};
/* Lengths of api_ctx8 (they hold NULs). */
static const size_t api_ctx8_len[] = { 2, 2, 3, 3, 3, 3, 4, 4, 1, 1, 1, 2, 1, 2, 2, 1,
                                       2, 3, 3, 3, 1, 3, 3, 7, 3, 6, 2, 2, 2, 4, 4, 8 };

static const uint16_t api_ctx16[][4] = { { 0xD800 },
                                         { 0xDBFF },
                                         { 0xDC00 },
                                         { 0xDFFF },
                                         { 0xDA12 },
                                         { 0xDE34 },
                                         { 0xD83D, 0xD83D, 0xDE00 },
                                         { 0xDE00, 0xD83D },
                                         { 0xD83D, 0x0041 },
                                         { 0x0041, 0xDC00 },
                                         { 0xDC00, 0xD800 },
                                         { 0xD83D, 0xDE00 },
                                         { 0xD800, 0xDC00 },
                                         { 0xDBFF, 0xDFFF },
                                         { 0x0000 },
                                         { 0x0000, 0x0000, 0x0000 },
                                         { 0x0041, 0x0000, 0x4E2D },
                                         { 0xFEFF },
                                         { 0xFFFE },
                                         { 0xFEFF, 0xFEFF },
                                         { 0x00FF, 0x0100 },
                                         { 0x007F, 0x0080 },
                                         { 0x07FF, 0x0800 },
                                         { 0xD7FF, 0xE000 } };
static const size_t api_ctx16_len[] = { 1, 1, 1, 1, 1, 1, 3, 2, 2, 2, 2, 2,
                                        2, 2, 1, 3, 3, 1, 1, 2, 2, 2, 2, 2 };

/* Calls f(input, n, context) for every placement of an n-unit input. */
#define API_PLACEMENTS(CHECK, in, n)                                            \
  do {                                                                          \
    unsigned k_, step_ = ut_full() ? 1 : 7;                                     \
    int kind_;                                                                  \
    size_t t_;                                                                  \
    static const size_t totals_[] = { 0, 64, 65, 81, 145 };                     \
    ut_ctx c_;                                                                  \
    for (k_ = 0; k_ < 1024; k_ += step_) /* middle, and start when pre == 0 */  \
      CHECK(in, n, UT_F_ALL, ut_ctx_nth(k_, UT_CTX_AUTO));                      \
    for (kind_ = 0; kind_ < UT_PAD_KINDS; kind_++) {                            \
      for (t_ = 0; t_ < sizeof totals_ / sizeof totals_[0]; t_++) { /* start */ \
        c_.pre = 0;                                                             \
        c_.pre_kind = c_.post_kind = kind_;                                     \
        c_.total = totals_[t_] < (n) ? (n) : totals_[t_];                       \
        CHECK(in, n, UT_F_ALL, c_);                                             \
      }                                                                         \
      for (k_ = 0; k_ < 64; k_ += step_) { /* end: a whole block before */      \
        c_.pre = 64 + k_;                                                       \
        c_.pre_kind = kind_;                                                    \
        c_.post_kind = (kind_ + 1) % UT_PAD_KINDS;                              \
        c_.total = c_.pre + (n);                                                \
        CHECK(in, n, UT_F_ALL, c_);                                             \
      }                                                                         \
    }                                                                           \
  } while (0)

START_TEST(api_edges_in_context)
{
    size_t i;
    ut_select(_i);
    ck_assert(sizeof api_ctx8_len / sizeof api_ctx8_len[0] == sizeof api_ctx8 / sizeof api_ctx8[0]);
    ck_assert(sizeof api_ctx16_len / sizeof api_ctx16_len[0] ==
              sizeof api_ctx16 / sizeof api_ctx16[0]);
    for (i = 0; i < sizeof api_bads / sizeof api_bads[0]; i++)
        API_PLACEMENTS(ut_check_bytes_ctx, (const unsigned char *)api_bads[i].bytes,
                       api_bads[i].len);
    for (i = 0; i < sizeof api_ctx8 / sizeof api_ctx8[0]; i++)
        API_PLACEMENTS(ut_check_bytes_ctx, (const unsigned char *)api_ctx8[i], api_ctx8_len[i]);
    for (i = 0; i < sizeof api_ctx16 / sizeof api_ctx16[0]; i++)
        API_PLACEMENTS(ut_check_units_ctx, api_ctx16[i], api_ctx16_len[i]);
    UT_DONE();
}
END_TEST

/* The literal expectations of the Unicode example and of every status, in
   contexts: validate_utf8 stops at the padding's length (plus 1 for the
   example), with the listed status; lossy output holds 61 FFFD FFFD FFFD 62
   right after the padding's own output. */
START_TEST(api_literals_in_context)
{
    static const char ex[] = "\x61\xF1\x80\x80\xE1\x80\xC2\x62";
    static const uint16_t want[] = { 0x0061, 0xFFFD, 0xFFFD, 0xFFFD, 0x0062 };
    static unsigned char buf[512];
    static uint16_t out[512], pad16[512];
    unsigned k, step = ut_full() ? 1 : 7;
    size_t b, n, np, w;
    unilane_result r;
    ut_select(_i);
    for (k = 0; k < 1024; k += step) {
        ut_ctx c = ut_ctx_nth(k, UT_CTX_AUTO);
        n = ut_ctx_build_bytes(buf, (const unsigned char *)ex, 8, c);
        r = unilane_validate_utf8((const char *)buf, n);
        UT_CHECK(r.status == UNILANE_TOO_SHORT && r.read == c.pre + 1 && r.written == 0,
                 "validate_utf8(example after %zu bytes of %s padding: %s) = %s at %zu, expected "
                 "too short at %zu",
                 c.pre, ut_pad_names[c.pre_kind], ut_hex8(buf, n), unilane_status_string(r.status),
                 r.read, c.pre + 1);
        /* the padding's own UTF-16 length: the lossy output of the padding alone */
        np = ref_utf8_to_utf16_lossy(buf, c.pre, pad16);
        w = unilane_utf8_to_utf16_lossy((const char *)buf, n, out);
        UT_CHECK(
            w >= np + 5 && memcmp(out + np, want, sizeof want) == 0,
            "utf8_to_utf16_lossy(example after %zu bytes of %s padding): %s at unit %zu, expected "
            "0061 FFFD FFFD FFFD 0062",
            c.pre, ut_pad_names[c.pre_kind], ut_hex16(out + np, w >= np + 5 ? 5 : w - np), np);
        UT_CHECK(unilane_utf16_length_from_utf8_lossy((const char *)buf, n) == w,
                 "utf16_length_from_utf8_lossy(example in context) != %zu", w);
        for (b = 0; b < sizeof api_bads / sizeof api_bads[0]; b++) {
            n = ut_ctx_build_bytes(buf, (const unsigned char *)api_bads[b].bytes, api_bads[b].len,
                                   c);
            r = unilane_validate_utf8((const char *)buf, n);
            UT_CHECK(
                r.status == api_bads[b].status && r.read == c.pre,
                "validate_utf8(%s after %zu bytes of %s padding) = %s at %zu, expected %s at %zu",
                ut_hex8(api_bads[b].bytes, api_bads[b].len), c.pre, ut_pad_names[c.pre_kind],
                unilane_status_string(r.status), r.read, unilane_status_string(api_bads[b].status),
                c.pre);
        }
    }
    UT_DONE();
}
END_TEST

START_TEST(api_bom)
{
    static const struct {
        const char *b;
        size_t len;
        unilane_encoding enc;
        size_t bl;
    } v[] = {
        { "", 0, UNILANE_ENC_UNKNOWN, 0 },
        { "\xEF\xBB\xBF", 3, UNILANE_ENC_UTF8, 3 },
        { "\xEF\xBB\xBF\x41", 4, UNILANE_ENC_UTF8, 3 },
        { "\xEF\xBB", 2, UNILANE_ENC_UNKNOWN, 0 },
        { "\xEF", 1, UNILANE_ENC_UNKNOWN, 0 },
        { "\xEF\xBB\xBE", 3, UNILANE_ENC_UNKNOWN, 0 },
        { "\xFF\xFE", 2, UNILANE_ENC_UTF16LE, 2 },
        { "\xFF\xFE\x41\x00", 4, UNILANE_ENC_UTF16LE, 2 },
        { "\xFF\xFE\x00", 3, UNILANE_ENC_UTF16LE, 2 },
        { "\xFF\xFE\x00\x00", 4, UNILANE_ENC_UTF32LE, 4 },
        { "\xFF\xFE\x00\x00\x41", 5, UNILANE_ENC_UTF32LE, 4 },
        { "\xFF\xFE\x00\x01", 4, UNILANE_ENC_UTF16LE, 2 },
        { "\xFE\xFF", 2, UNILANE_ENC_UTF16BE, 2 },
        { "\xFE\xFF\x00\x00", 4, UNILANE_ENC_UTF16BE, 2 },
        { "\xFE", 1, UNILANE_ENC_UNKNOWN, 0 },
        { "\xFF", 1, UNILANE_ENC_UNKNOWN, 0 },
        { "\x00\x00\xFE\xFF", 4, UNILANE_ENC_UTF32BE, 4 },
        { "\x00\x00\xFE\xFF\x00", 5, UNILANE_ENC_UTF32BE, 4 },
        { "\x00\x00\xFE", 3, UNILANE_ENC_UNKNOWN, 0 },
        { "\x00\x00\xFF\xFE", 4, UNILANE_ENC_UNKNOWN, 0 },
        { "\x00\x00", 2, UNILANE_ENC_UNKNOWN, 0 },
        { "\xFE\xFF\x00", 3, UNILANE_ENC_UTF16BE, 2 },
        { "\x41\xEF\xBB\xBF", 4, UNILANE_ENC_UNKNOWN, 0 },
    };
    size_t i, bl;
    unilane_encoding e;
    ut_select(_i);
    for (i = 0; i < sizeof v / sizeof v[0]; i++) {
        bl = 12345;
        e = unilane_detect_bom(v[i].b, v[i].len, &bl);
        UT_CHECK(e == v[i].enc && bl == v[i].bl,
                 "detect_bom(%s): got enc %d len %zu, expected %d %zu", ut_hex8(v[i].b, v[i].len),
                 (int)e, bl, (int)v[i].enc, v[i].bl);
        e = unilane_detect_bom(v[i].b, v[i].len, NULL);
        UT_CHECK(e == v[i].enc, "detect_bom(%s, NULL bom_len): %d", ut_hex8(v[i].b, v[i].len),
                 (int)e);
        /* A longer buffer must not change the answer for a prefix (len limits the look). */
        if (v[i].len >= 1) {
            bl = 99;
            e = unilane_detect_bom(v[i].b, v[i].len - 1, &bl);
            UT_CHECK(bl <= v[i].len - 1, "detect_bom(%s) with len %zu: bom_len %zu beyond len",
                     ut_hex8(v[i].b, v[i].len), v[i].len - 1, bl);
        }
    }
    bl = 7;
    e = unilane_detect_bom(NULL, 0, &bl);
    UT_CHECK(e == UNILANE_ENC_UNKNOWN && bl == 0, "detect_bom(NULL, 0)");
    UT_DONE();
}
END_TEST

START_TEST(api_status_strings)
{
    int s, t;
    const char *a, *b;
    ut_select(_i);
    for (s = UNILANE_OK; s <= UNILANE_OUTPUT_FULL; s++) {
        a = unilane_status_string((unilane_status)s);
        UT_CHECK(a != NULL && a[0] != 0, "status_string(%d) is NULL or empty", s);
        for (t = UNILANE_OK; t < s; t++) {
            b = unilane_status_string((unilane_status)t);
            UT_CHECK(strcmp(a, b) != 0, "status_string(%d) == status_string(%d) == '%s'", s, t, a);
        }
    }
    UT_CHECK(strcmp(unilane_status_string(UNILANE_OK), "ok") == 0, "status_string(OK) = '%s'",
             unilane_status_string(UNILANE_OK));
    {
        static const int out_of_range[] = { -1, 8, 9, 100, 255, 65536, 0x7FFFFFFF };
        size_t i;
        /* include/unilane.h: "Never NULL, also for values outside the enum
           ("unknown status")". */
        const char *unknown = "unknown status";
        for (i = 0; i < sizeof out_of_range / sizeof out_of_range[0]; i++) {
            a = unilane_status_string((unilane_status)out_of_range[i]);
            UT_CHECK(a != NULL && a[0] != 0, "status_string(%d) NULL/empty", out_of_range[i]);
            if (a == NULL)
                continue;
            UT_CHECK(strcmp(a, unknown) == 0, "status_string(%d) = '%s'", out_of_range[i], a);
            for (t = UNILANE_OK; t <= UNILANE_OUTPUT_FULL; t++)
                UT_CHECK(strcmp(a, unilane_status_string((unilane_status)t)) != 0,
                         "status_string(%d) = '%s' is the string of a valid status",
                         out_of_range[i], a);
        }
    }
    UT_DONE();
}
END_TEST

START_TEST(api_version)
{
    char want[64];
    ut_select(_i);
    snprintf(want, sizeof want, "%d.%d.%d", UNILANE_VERSION_MAJOR, UNILANE_VERSION_MINOR,
             UNILANE_VERSION_PATCH);
    UT_CHECK(unilane_version() != NULL && strcmp(unilane_version(), want) == 0,
             "version '%s', macros '%s'", unilane_version() ? unilane_version() : "(null)", want);
    UT_DONE();
}
END_TEST

START_TEST(api_kernel_names)
{
    char best[32];
    ut_select(_i);
    UT_CHECK(unilane_use_kernel("SCALAR") == -1, "use_kernel(\"SCALAR\") != -1");
    UT_CHECK(unilane_use_kernel("Avx2") == -1, "use_kernel(\"Avx2\") != -1");
    /* include/unilane.h: "Selects a kernel set by its exact lower-case name,
       or "auto" ...; -1 if this CPU or build lacks it (the choice is then
       unchanged)". "" names no kernel set (only the environment variable
       treats an empty value as "auto"). */
    ut_select(_i);
    UT_CHECK(unilane_use_kernel("") == -1, "use_kernel(\"\") != -1");
    UT_CHECK(strcmp(unilane_kernel(), ut_kernels[_i]) == 0,
             "use_kernel(\"\") changed the kernel to %s", unilane_kernel());
    UT_CHECK(unilane_use_kernel("nonexistent") == -1, "use_kernel(\"nonexistent\") != -1");
    UT_CHECK(strcmp(unilane_kernel(), ut_kernels[_i]) == 0,
             "failed use_kernel changed the kernel to %s", unilane_kernel());
    UT_CHECK(unilane_use_kernel("auto") == 0, "use_kernel(\"auto\") != 0");
    snprintf(best, sizeof best, "%s", unilane_kernel());
    /* The best kernel is the last (widest) available one. */
    UT_CHECK(strcmp(best, ut_widest) == 0, "auto chose %s, widest available is %s", best,
             ut_widest);
    ut_select(_i);
    UT_DONE();
}
END_TEST

START_TEST(api_null_empty)
{
    unilane_result r;
    unilane_utf8_decoder d;
    unilane_utf8_encoder e;
    ut_select(_i);
    UT_CHECK(unilane_ascii_prefix(NULL, 0) == 0, "ascii_prefix(NULL,0)");
    UT_CHECK(unilane_utf16_ascii_prefix(NULL, 0) == 0, "utf16_ascii_prefix(NULL,0)");
    UT_CHECK(unilane_utf16_latin1_prefix(NULL, 0) == 0, "utf16_latin1_prefix(NULL,0)");
    r = unilane_validate_utf8(NULL, 0);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "validate_utf8(NULL,0)");
    r = unilane_validate_utf16(NULL, 0);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "validate_utf16(NULL,0)");
    UT_CHECK(unilane_latin1_to_utf16(NULL, 0, NULL) == 0, "latin1_to_utf16(NULL)");
    r = unilane_utf16_to_latin1(NULL, 0, NULL);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "utf16_to_latin1(NULL)");
    UT_CHECK(unilane_latin1_to_utf8(NULL, 0, NULL) == 0, "latin1_to_utf8(NULL)");
    r = unilane_utf8_to_latin1(NULL, 0, NULL);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "utf8_to_latin1(NULL)");
    r = unilane_utf8_to_utf16(NULL, 0, NULL);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "utf8_to_utf16(NULL)");
    UT_CHECK(unilane_utf8_to_utf16_lossy(NULL, 0, NULL) == 0, "utf8_to_utf16_lossy(NULL)");
    r = unilane_utf16_to_utf8(NULL, 0, NULL);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "utf16_to_utf8(NULL)");
    UT_CHECK(unilane_utf16_to_utf8_lossy(NULL, 0, NULL) == 0, "utf16_to_utf8_lossy(NULL)");
    UT_CHECK(unilane_utf16_make_well_formed(NULL, 0, NULL) == 0, "make_well_formed(NULL)");
    UT_CHECK(unilane_utf8_length_from_latin1(NULL, 0) == 0, "utf8_length_from_latin1(NULL)");
    UT_CHECK(unilane_utf8_length_from_utf16(NULL, 0) == 0, "utf8_length_from_utf16(NULL)");
    UT_CHECK(unilane_utf16_length_from_utf8(NULL, 0) == 0, "utf16_length_from_utf8(NULL)");
    UT_CHECK(unilane_utf16_length_from_utf8_lossy(NULL, 0) == 0,
             "utf16_length_from_utf8_lossy(NULL)");
    UT_CHECK(unilane_utf16_to_wtf8(NULL, 0, NULL) == 0, "utf16_to_wtf8(NULL)");
    r = unilane_validate_wtf8(NULL, 0);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "validate_wtf8(NULL)");
    r = unilane_wtf8_to_utf16(NULL, 0, NULL);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "wtf8_to_utf16(NULL)");
    UT_CHECK(unilane_utf16_to_mutf8(NULL, 0, NULL) == 0, "utf16_to_mutf8(NULL)");
    UT_CHECK(unilane_mutf8_length_from_utf16(NULL, 0) == 0, "mutf8_length_from_utf16(NULL)");
    r = unilane_mutf8_to_utf16(NULL, 0, NULL);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "mutf8_to_utf16(NULL)");
    {
        unilane_utf8_info i8 = unilane_utf8_inspect(NULL, 0);
        unilane_utf16_info i16 = unilane_utf16_inspect(NULL, 0);
        UT_CHECK(i8.status == UNILANE_OK && i8.read == 0 && i8.utf16_length == 0 &&
                     i8.width == UNILANE_WIDTH_ASCII,
                 "utf8_inspect(NULL)");
        i8 = unilane_utf8_inspect_lossy(NULL, 0);
        UT_CHECK(i8.status == UNILANE_OK && i8.read == 0 && i8.utf16_length == 0 &&
                     i8.width == UNILANE_WIDTH_ASCII,
                 "utf8_inspect_lossy(NULL)");
        UT_CHECK(i16.status == UNILANE_OK && i16.read == 0 && i16.utf8_length == 0 &&
                     i16.width == UNILANE_WIDTH_ASCII,
                 "utf16_inspect(NULL)");
    }
    r = unilane_latin1_to_utf8_bounded(NULL, 0, NULL, 0);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0,
             "latin1_to_utf8_bounded(NULL, 0, NULL, 0)");
    unilane_utf8_decoder_init(&d, UNILANE_LOSSY);
    r = unilane_utf8_decode(&d, NULL, 0, NULL, 0, 1);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "decode(NULL,0,NULL,0,last)");
    unilane_utf8_encoder_init(&e, UNILANE_STRICT);
    r = unilane_utf8_encode(&e, NULL, 0, NULL, 0, 1);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "encode(NULL,0,NULL,0,last)");
    UT_DONE();
}
END_TEST

/* UNILANE_MAX_LEN(k): the largest len whose bound k*len fits in size_t.
   Expected values from SIZE_MAX directly; the wrap just past it is checked
   with unsigned arithmetic (well defined). */
START_TEST(api_max_len)
{
    const size_t k3 = UNILANE_MAX_LEN(3), k2 = UNILANE_MAX_LEN(2);
    ut_select_ref();
    UT_CHECK(UNILANE_MAX_LEN(1) == SIZE_MAX, "UNILANE_MAX_LEN(1) = %zu", UNILANE_MAX_LEN(1));
    UT_CHECK(k2 == SIZE_MAX >> 1, "UNILANE_MAX_LEN(2) = %zu", k2);
    /* 3*k3 does not wrap, 3*(k3+1) does; same for 2. */
    UT_CHECK(3 * k3 / 3 == k3 && SIZE_MAX - 3 * k3 < 3, "3 * UNILANE_MAX_LEN(3) fits");
    UT_CHECK(3 * (k3 + 1) / 3 != k3 + 1, "3 * (UNILANE_MAX_LEN(3) + 1) wraps");
    UT_CHECK(2 * (k2 + 1) / 2 != k2 + 1, "2 * (UNILANE_MAX_LEN(2) + 1) wraps");
    if (sizeof(size_t) == 4)
        UT_CHECK(k3 == 1431655765u && k2 == 2147483647u, "32-bit size_t: %zu %zu", k3, k2);
    UT_DONE();
}
END_TEST

/*
 * 0.2: the literal vectors of literals02.h (hand-computed, one per rule of
 * the header) against every kernel: alone, and placed after `pre` ASCII
 * bytes and before `post` ones (pre up to 128, so that a SIMD kernel's
 * blocks see the vector at many lane offsets). ASCII around a vector
 * shifts read by pre, adds pre ASCII units in front of the output, adds
 * pre (+ post when the description goes on) to an inspection's length, and
 * leaves widths and statuses as they are.
 */
static const size_t api_lit_pre[] = { 0, 1, 2, 15, 16, 31, 32, 33, 47, 63, 64, 65, 100, 127, 128 };
static const size_t api_lit_post[] = { 0, 1, 17, 64 };
#define API_LIT_PLACES                                                \
  for (pi = 0; pi < sizeof api_lit_pre / sizeof api_lit_pre[0]; pi++) \
    for (qi = 0; qi < sizeof api_lit_post / sizeof api_lit_post[0]; qi++)

/* n ASCII units 'a' .. 'z' ..., of `unit` bytes (1 or 2), at b. */
static void api_ascii(void *b, int unit, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (unit == 1)
            ((unsigned char *)b)[i] = (unsigned char)('a' + i % 26);
        else
            ((uint16_t *)b)[i] = (uint16_t)('a' + i % 26);
}

/* in[0..n) after pre ASCII units and before post ones, to b; returns the
   length, pre + n + post. */
static size_t api_place(void *b, int unit, const void *in, size_t n, size_t pre, size_t post)
{
    unsigned char *d = (unsigned char *)b;
    api_ascii(d, unit, pre);
    if (n)
        memcpy(d + pre * (size_t)unit, in, n * (size_t)unit);
    api_ascii(d + (pre + n) * (size_t)unit, unit, post);
    return pre + n + post;
}

START_TEST(api_literals_02_decode)
{
    /* each table of vectors, the decoder, and the validator (-1: none) */
    static const struct {
        const lit_dec_vec *v;
        size_t nv;
        int op, validate;
    } sets[] = { { lit_wtf8_dec, API_N(lit_wtf8_dec), UNILANE_OP_wtf8_to_utf16,
                   UNILANE_OP_validate_wtf8 },
                 { lit_mutf8_dec, API_N(lit_mutf8_dec), UNILANE_OP_mutf8_to_utf16, -1 } };
    static unsigned char buf[512];
    static uint16_t want[512], out[512];
    size_t si, v, pi, qi, pre, post, n, rd, wr;
    op_res r;
    ut_select(_i);
    for (si = 0; si < API_N(sets); si++)
        for (v = 0; v < sets[si].nv; v++) {
            const lit_dec_vec *t = &sets[si].v[v];
            const int op = sets[si].op, val = sets[si].validate;
            API_LIT_PLACES
            {
                pre = api_lit_pre[pi];
                post = api_lit_post[qi];
                n = api_place(buf, 1, t->in, t->n, pre, post);
                api_place(want, 2, t->out, t->nout, pre, post);
                rd = t->status == UNILANE_OK ? n : pre + t->read;
                wr = t->status == UNILANE_OK ? pre + t->nout + post : pre + t->nout;
                memset(out, 0xEE, sizeof out);
                r = op_call(op, buf, n, out);
                UT_CHECK(r.status == (int)t->status && r.read == rd && r.written == wr &&
                             memcmp(out, want, wr * 2) == 0 && out[wr] == 0xEEEE,
                         "%s(%s after %zu ASCII, before %zu): {%s, %zu, %zu} %s; expected {%s, "
                         "%zu, %zu} %s",
                         op_name(op), ut_hex8(t->in, t->n), pre, post,
                         unilane_status_string((unilane_status)r.status), r.read, r.written,
                         ut_hex16(out, r.written), unilane_status_string(t->status), rd, wr,
                         ut_hex16(want, wr));
                if (val >= 0) {
                    r = op_call(val, buf, n, NULL);
                    UT_CHECK(r.status == (int)t->status && r.read == rd && r.written == 0,
                             "%s(%s after %zu ASCII, before %zu): %s at %zu, expected %s at %zu",
                             op_name(val), ut_hex8(t->in, t->n), pre, post,
                             unilane_status_string((unilane_status)r.status), r.read,
                             unilane_status_string(t->status), rd);
                }
            }
        }
    UT_DONE();
}
END_TEST

START_TEST(api_literals_02_encode)
{
    /* each table of vectors, the encoder and its length function */
    static const struct {
        const lit_enc_vec *v;
        size_t nv;
        int op, length;
    } sets[] = { { lit_wtf8_enc, API_N(lit_wtf8_enc), UNILANE_OP_utf16_to_wtf8,
                   UNILANE_OP_utf8_length_from_utf16 },
                 { lit_mutf8_enc, API_N(lit_mutf8_enc), UNILANE_OP_utf16_to_mutf8,
                   UNILANE_OP_mutf8_length_from_utf16 } };
    static uint16_t buf[512];
    static unsigned char want[1024], out[1024];
    size_t si, v, pi, qi, pre, post, n, wn, k;
    ut_select(_i);
    for (si = 0; si < API_N(sets); si++)
        for (v = 0; v < sets[si].nv; v++) {
            const lit_enc_vec *t = &sets[si].v[v];
            const int op = sets[si].op, len = sets[si].length;
            API_LIT_PLACES
            {
                pre = api_lit_pre[pi];
                post = api_lit_post[qi];
                n = api_place(buf, 2, t->in, t->n, pre, post);
                wn = api_place(want, 1, t->out, t->nout, pre, post);
                memset(out, 0xEE, sizeof out);
                k = op_call(op, buf, n, out).value;
                UT_CHECK(k == wn && memcmp(out, want, wn) == 0 && out[wn] == 0xEE,
                         "%s(%s after %zu ASCII, before %zu) = %s, expected %s", op_name(op),
                         ut_hex16(t->in, t->n), pre, post, ut_hex8(out, k), ut_hex8(want, wn));
                k = op_call(len, buf, n, NULL).value;
                UT_CHECK(k == wn, "%s(%s after %zu ASCII, before %zu) = %zu, expected %zu",
                         op_name(len), ut_hex16(t->in, t->n), pre, post, k, wn);
            }
        }
    UT_DONE();
}
END_TEST

START_TEST(api_literals_02_inspect)
{
    static unsigned char buf[512];
    static uint16_t buf16[512];
    size_t v, pi, qi, pre, post, n;
    ut_select(_i);
    for (v = 0; v < sizeof lit_i8 / sizeof lit_i8[0]; v++) {
        const lit_i8_vec *t = &lit_i8[v];
        API_LIT_PLACES
        {
            unilane_utf8_info g;
            size_t rd, len;
            pre = api_lit_pre[pi];
            post = api_lit_post[qi];
            n = api_place(buf, 1, t->in, t->n, pre, post);
            rd = t->status == UNILANE_OK ? n : pre + t->read;
            len = pre + t->len16 + (t->status == UNILANE_OK || t->lossy ? post : 0);
            g = t->lossy ? unilane_utf8_inspect_lossy((const char *)buf, n)
                         : unilane_utf8_inspect((const char *)buf, n);
            UT_CHECK(g.status == t->status && g.read == rd && g.utf16_length == len &&
                         g.width == t->width,
                     "utf8_inspect%s(%s after %zu ASCII, before %zu) = {%s, %zu, len %zu, width "
                     "%d}, expected {%s, %zu, %zu, %d}",
                     t->lossy ? "_lossy" : "", ut_hex8(t->in, t->n), pre, post,
                     unilane_status_string(g.status), g.read, g.utf16_length, (int)g.width,
                     unilane_status_string(t->status), rd, len, (int)t->width);
        }
    }
    for (v = 0; v < sizeof lit_i16 / sizeof lit_i16[0]; v++) {
        const lit_i16_vec *t = &lit_i16[v];
        API_LIT_PLACES
        {
            unilane_utf16_info g;
            size_t rd;
            pre = api_lit_pre[pi];
            post = api_lit_post[qi];
            n = api_place(buf16, 2, t->in, t->n, pre, post);
            rd = t->status == UNILANE_OK ? n : pre + t->read;
            g = unilane_utf16_inspect(buf16, n);
            UT_CHECK(g.status == t->status && g.read == rd &&
                         g.utf8_length == pre + t->len8 + post && g.width == t->width,
                     "utf16_inspect(%s after %zu ASCII, before %zu) = {%s, %zu, len %zu, width "
                     "%d}, expected {%s, %zu, %zu, %d}",
                     ut_hex16(t->in, t->n), pre, post, unilane_status_string(g.status), g.read,
                     g.utf8_length, (int)g.width, unilane_status_string(t->status), rd,
                     pre + t->len8 + post, (int)t->width);
        }
    }
    UT_DONE();
}
END_TEST

/* "A\xE9" "B" after pre ASCII bytes at every capacity (literal results
   shifted by pre); cap == 0 with dst NULL; a cap above 2n is 2n. */
START_TEST(api_literals_02_bounded)
{
    static unsigned char buf[256], out[512];
    size_t v, pi, pre, cap, rd, wr;
    unilane_result r;
    ut_select(_i);
    for (pi = 0; pi < sizeof api_lit_pre / sizeof api_lit_pre[0]; pi++) {
        pre = api_lit_pre[pi];
        api_place(buf, 1,
                  "A\xE9"
                  "B",
                  3, pre, 0);
        for (v = 0; v < sizeof lit_bounded_abc / sizeof lit_bounded_abc[0]; v++) {
            cap = pre + lit_bounded_abc[v].cap;
            rd = pre + lit_bounded_abc[v].read;
            wr = pre + lit_bounded_abc[v].written;
            memset(out, 0xEE, sizeof out);
            r = unilane_latin1_to_utf8_bounded((const char *)buf, pre + 3, (char *)out, cap);
            UT_CHECK(r.status == lit_bounded_abc[v].status && r.read == rd && r.written == wr &&
                         memcmp(out, buf, pre) == 0 &&
                         memcmp(out + pre, "\x41\xC3\xA9\x42", wr - pre) == 0 && out[wr] == 0xEE,
                     "latin1_to_utf8_bounded(%zu ASCII then 41 E9 42, cap %zu) = {%s, %zu, %zu} "
                     "%s; expected {%s, %zu, %zu}",
                     pre, cap, unilane_status_string(r.status), r.read, r.written,
                     ut_hex8(out, r.written), unilane_status_string(lit_bounded_abc[v].status), rd,
                     wr);
        }
        /* pre ASCII bytes and cap pre - 1: everything but the last byte that fits */
        if (pre > 0) {
            r = unilane_latin1_to_utf8_bounded((const char *)buf, pre, (char *)out, pre - 1);
            UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.read == pre - 1 && r.written == pre - 1,
                     "latin1_to_utf8_bounded(%zu ASCII, cap %zu) = {%s, %zu, %zu}", pre, pre - 1,
                     unilane_status_string(r.status), r.read, r.written);
        }
    }
    r = unilane_latin1_to_utf8_bounded("\xE9", 1, NULL, 0);
    UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.read == 0 && r.written == 0,
             "latin1_to_utf8_bounded(E9, NULL, cap 0) = {%s, %zu, %zu}",
             unilane_status_string(r.status), r.read, r.written);
    r = unilane_latin1_to_utf8_bounded((const char *)buf, 3, (char *)out, (size_t)-1);
    UT_CHECK(r.status == UNILANE_OK && r.read == 3 && r.written == 3,
             "latin1_to_utf8_bounded(3 ASCII, cap SIZE_MAX) = {%s, %zu, %zu}",
             unilane_status_string(r.status), r.read, r.written);
    UT_DONE();
}
END_TEST

/* Every error class at every index, strict and lossy inspections and the
   WTF-8 / modified UTF-8 decoders (ut_check_bytes against the reference),
   in ASCII, 2-, 3- and 4-byte text; every lone surrogate at every index for
   utf16_inspect and the encoders. */
START_TEST(api_errors_every_index_02)
{
    static const char *const extra[] = { "\xED\xA0\x80\xED\xB0\x80", "\xED\xA0\x80", "\xED\xB0",
                                         "\xC0\x80" };
    static unsigned char buf[300];
    static uint16_t b16[300];
    const int mask = UT_F_INSPECT | UT_F_WTF8 | UT_F_MUTF8 | UT_F_VALIDATE;
    size_t b, i, kind, n, len, nb = sizeof api_bads / sizeof api_bads[0];
    ut_select(_i);
    for (b = 0; b < nb + sizeof extra / sizeof extra[0]; b++) {
        const char *bytes = b < nb ? api_bads[b].bytes : extra[b - nb];
        len = b < nb ? api_bads[b].len : strlen(extra[b - nb]);
        for (kind = 0; kind < 4; kind++)
            for (n = 64; n <= 100; n += 36)
                for (i = 0; i + len <= n; i += ut_full() ? 1 : 5) {
                    api_fill(buf, n, (int)kind);
                    memcpy(buf + i, bytes, len);
                    ut_check_bytes(buf, n, mask);
                }
    }
    {
        static const uint16_t sur[] = { 0xD800, 0xDBFF, 0xDC00, 0xDFFF };
        static const uint16_t fills[] = { 0x41, 0xE9, 0x4E2D, 0xD83D };
        size_t s, f;
        for (s = 0; s < 4; s++)
            for (f = 0; f < 4; f++)
                for (n = 64; n <= 65; n++)
                    for (i = 0; i < n; i++) {
                        for (len = 0; len < n; len++) /* f == 3: pairs */
                            b16[len] = f < 3 ? fills[f] : len % 2 ? 0xDE00 : 0xD83D;
                        b16[i] = sur[s];
                        ut_check_units(b16, n, UT_F_INSPECT | UT_F_WTF8 | UT_F_MUTF8);
                    }
    }
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc;
#define API_CASE(fn)                           \
  tc = ut_tcase(#fn);                          \
  tcase_add_loop_test(tc, fn, 0, ut_nkernels); \
  suite_add_tcase(s, tc)
    API_CASE(api_status_positions);
    API_CASE(api_truncated_tails);
    API_CASE(api_embedded_nuls);
    API_CASE(api_lone_surrogates);
    API_CASE(api_unicode_example);
    API_CASE(api_edges_in_context);
    API_CASE(api_literals_in_context);
    API_CASE(api_bom);
    API_CASE(api_status_strings);
    API_CASE(api_version);
    API_CASE(api_kernel_names);
    API_CASE(api_null_empty);
    API_CASE(api_literals_02_decode);
    API_CASE(api_literals_02_encode);
    API_CASE(api_literals_02_inspect);
    API_CASE(api_literals_02_bounded);
    API_CASE(api_errors_every_index_02);
#undef API_CASE
    tc = ut_tcase("api_max_len");
    tcase_add_test(tc, api_max_len);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    ut_require_all_ops = 1; /* this suite calls every operation */
    return ut_main(make_suite);
}
