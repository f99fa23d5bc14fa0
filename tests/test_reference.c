/*
 * test_reference.c -- checks the oracle itself (tests/reference.c) against
 * known answers transcribed from the Unicode Standard and the WHATWG
 * Encoding Standard, and against simple counting arguments. If the oracle
 * is wrong, every other test is wrong: this runs first.
 */
#include "common.h"

typedef struct ref_vec {
    const char *bytes;
    size_t len;
    unilane_status status; /* validation status */
    size_t read;           /* validation read */
    uint16_t lossy[12];    /* lossy UTF-16 */
    size_t nlossy;
} ref_vec;

#define S(x) x, sizeof(x) - 1

static const ref_vec ref_vecs[] = {
    /* Unicode 3.9, Table 3-8 (U+FFFD for maximal subparts). */
    { S("\x61\xF1\x80\x80\xE1\x80\xC2\x62"),
      UNILANE_TOO_SHORT,
      1,
      { 0x61, 0xFFFD, 0xFFFD, 0xFFFD, 0x62 },
      5 },
    /* Table 3-9..3-11 style: a non-shortest form, surrogates, too large. */
    { S("\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41"),
      UNILANE_OVERLONG,
      0,
      { 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0x41 },
      9 },
    { S("\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41"),
      UNILANE_SURROGATE,
      0,
      { 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0x41 },
      9 },
    { S("\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42"),
      UNILANE_TOO_LARGE,
      0,
      { 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0x41, 0xFFFD, 0xFFFD, 0x42 },
      9 },
    { S("\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41"),
      UNILANE_TOO_SHORT,
      0,
      { 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0x41 },
      5 },
    { S("\x41\xF8\x80"), UNILANE_HEADER_BITS, 1, { 0x41, 0xFFFD, 0xFFFD }, 3 },
    { S("\x80"), UNILANE_TOO_LONG, 0, { 0xFFFD }, 1 },
    { S("\xF5\x80\x80\x80"), UNILANE_TOO_LARGE, 0, { 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD }, 4 },
    { S("\xF0\x9F\x98\x80"), UNILANE_OK, 4, { 0xD83D, 0xDE00 }, 2 },
    { S("\xF0\x9F\x98"), UNILANE_TOO_SHORT, 0, { 0xFFFD }, 1 },
    { S("\xEF\xBB\xBF\x00\xC3\xA9"), UNILANE_OK, 6, { 0xFEFF, 0x0000, 0x00E9 }, 3 },
    { S("\xF4\x8F\xBF\xBF"), UNILANE_OK, 4, { 0xDBFF, 0xDFFF }, 2 },
    { S("\xE0\xA0\x80\xED\x9F\xBF\xEE\x80\x80"), UNILANE_OK, 9, { 0x0800, 0xD7FF, 0xE000 }, 3 },
    { S("\xC2"), UNILANE_TOO_SHORT, 0, { 0xFFFD }, 1 },
    { S("\xC2\x41"), UNILANE_TOO_SHORT, 0, { 0xFFFD, 0x41 }, 2 },
    { S("\xE0\x9F\x80"), UNILANE_OVERLONG, 0, { 0xFFFD, 0xFFFD, 0xFFFD }, 3 },
    { S("\xF0\x8F\x80\x80"), UNILANE_OVERLONG, 0, { 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD }, 4 },
};

START_TEST(ref_known_vectors)
{
    size_t v;
    ut_select_ref();
    for (v = 0; v < sizeof ref_vecs / sizeof ref_vecs[0]; v++) {
        const ref_vec *t = &ref_vecs[v];
        uint16_t out[64];
        unilane_result r = ref_validate_utf8((const unsigned char *)t->bytes, t->len);
        size_t n = ref_utf8_to_utf16_lossy((const unsigned char *)t->bytes, t->len, out);
        UT_CHECK(r.status == t->status && r.read == t->read,
                 "vector %zu: status %d read %zu, expected %d %zu", v, (int)r.status, r.read,
                 (int)t->status, t->read);
        UT_CHECK(n == t->nlossy && memcmp(out, t->lossy, n * 2) == 0,
                 "vector %zu lossy: got %s expected %s", v, ut_hex16(out, n),
                 ut_hex16(t->lossy, t->nlossy));
    }
    UT_DONE();
}
END_TEST

START_TEST(ref_every_code_point)
{
    uint32_t cp, back;
    unsigned char u8[4];
    uint16_t u16[2], again[4];
    unilane_status st;
    size_t n, m, len;
    ut_select_ref();
    for (cp = 0; cp <= 0x10FFFF; cp += cp < 0x1000 || ut_full() ? 1 : 13) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        n = ref_encode_utf8(cp, u8);
        UT_CHECK(n == (cp < 0x80 ? 1u : cp < 0x800 ? 2u : cp < 0x10000 ? 3u : 4u), "cp %X", cp);
        UT_CHECK(ref_decode_utf8(u8, n, &back, &st, &len) == 1 && back == cp && len == n,
                 "cp %X decode", cp);
        m = ref_encode_utf16(cp, u16);
        UT_CHECK(m == (cp < 0x10000 ? 1u : 2u), "cp %X utf16", cp);
        UT_CHECK(ref_utf8_to_utf16(u8, n, again).written == m && memcmp(again, u16, m * 2) == 0,
                 "cp %X 8->16", cp);
        UT_CHECK(ref_utf16_to_utf8(u16, m, (unsigned char *)again).written == n &&
                     memcmp(again, u8, n) == 0,
                 "cp %X 16->8", cp);
    }
    UT_DONE();
}
END_TEST

/* Counting: exactly 128 + 1920 + 61440 well-formed 1..3 byte characters,
   and the lossy output of any input never exceeds its length. */
START_TEST(ref_counts)
{
    uint32_t x;
    unsigned char b[3];
    size_t valid1 = 0, valid2 = 0, valid3 = 0;
    uint16_t out[4];
    ut_select_ref();
    for (x = 0; x < 0x1000000;
         x += x < 0x10000 || (x >= 0xE00000 && x < 0xF00000) || ut_full() ? 1 : 0x10000) {
        unilane_result r;
        b[0] = (unsigned char)(x >> 16);
        b[1] = (unsigned char)(x >> 8);
        b[2] = (unsigned char)x;
        r = ref_validate_utf8(b, 3);
        if (r.status == UNILANE_OK && b[0] >= 0xE0)
            valid3++;
        if (x < 0x10000 && ref_validate_utf8(b + 1, 2).status == UNILANE_OK && b[1] >= 0xC0)
            valid2++;
        if (x < 0x100 && ref_validate_utf8(b + 2, 1).status == UNILANE_OK)
            valid1++;
        UT_CHECK(ref_utf8_to_utf16_lossy(b, 3, out) <= 3, "lossy longer than input");
    }
    UT_CHECK(valid1 == 128, "valid 1-byte: %zu", valid1);
    UT_CHECK(valid2 == 1920, "valid 2-byte: %zu", valid2);
    UT_CHECK(valid3 == 61440, "valid 3-byte: %zu", valid3);
    UT_DONE();
}
END_TEST

START_TEST(ref_utf16_rules)
{
    static const uint16_t in[] = { 0x41, 0xD800, 0xDC00, 0xDC00, 0xD800, 0x42, 0xDBFF };
    uint16_t out[16];
    unsigned char u8[32];
    unilane_result r;
    size_t n;
    ut_select_ref();
    r = ref_validate_utf16(in, 7);
    UT_CHECK(r.status == UNILANE_SURROGATE && r.read == 3, "validate %d %zu", (int)r.status,
             r.read);
    n = ref_utf16_make_well_formed(in, 7, out);
    UT_CHECK(n == 3 && out[3] == 0xFFFD && out[4] == 0xFFFD && out[6] == 0xFFFD &&
                 out[1] == 0xD800 && out[2] == 0xDC00,
             "make_well_formed %zu %s", n, ut_hex16(out, 7));
    n = ref_utf16_to_utf8_lossy(in, 7, u8);
    UT_CHECK(n == 1 + 4 + 3 + 3 + 1 + 3 && memcmp(u8, "A\xF0\x90\x80\x80\xEF\xBF\xBD", 8) == 0,
             "lossy %s", ut_hex8(u8, n));
    r = ref_utf16_to_utf8(in, 7, u8);
    UT_CHECK(r.status == UNILANE_SURROGATE && r.read == 3 && r.written == 5, "strict");
    r = ref_utf16_to_latin1(in, 7, u8);
    UT_CHECK(r.status == UNILANE_TOO_LARGE && r.read == 1 && r.written == 1, "latin1");
    UT_CHECK(ref_utf16_length_from_utf8_formula((const unsigned char *)"\xF0\x9F\x98\x80\x80\xFF",
                                                6) == 4,
             "formula");
    UT_DONE();
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 0.2 additions: every rule of API.md's "Additions for 0.2", by hand        */
/* ------------------------------------------------------------------------ */

#include "literals02.h"

START_TEST(ref_wtf8_literals)
{
    unsigned char o8[32];
    uint16_t o16[32];
    size_t v, n;
    unilane_result r;
    ut_select_ref();
    for (v = 0; v < sizeof lit_wtf8_enc / sizeof lit_wtf8_enc[0]; v++) {
        const lit_enc_vec *t = &lit_wtf8_enc[v];
        n = ref_utf16_to_wtf8(t->in, t->n, o8);
        UT_CHECK(n == t->nout && memcmp(o8, t->out, n) == 0, "wtf8 encode %s: %s, expected %s",
                 ut_hex16(t->in, t->n), ut_hex8(o8, n), ut_hex8(t->out, t->nout));
        /* and back: WTF-8 is lossless */
        r = ref_wtf8_to_utf16((const unsigned char *)t->out, t->nout, o16);
        UT_CHECK(r.status == UNILANE_OK && r.read == t->nout && r.written == t->n &&
                     memcmp(o16, t->in, t->n * 2) == 0,
                 "wtf8 decode %s: %s", ut_hex8(t->out, t->nout), ut_hex16(o16, r.written));
    }
    for (v = 0; v < sizeof lit_wtf8_dec / sizeof lit_wtf8_dec[0]; v++) {
        const lit_dec_vec *t = &lit_wtf8_dec[v];
        r = ref_validate_wtf8((const unsigned char *)t->in, t->n);
        UT_CHECK(r.status == t->status && r.read == t->read && r.written == 0,
                 "validate_wtf8(%s): %s at %zu, expected %s at %zu", ut_hex8(t->in, t->n),
                 unilane_status_string(r.status), r.read, unilane_status_string(t->status),
                 t->read);
        r = ref_wtf8_to_utf16((const unsigned char *)t->in, t->n, o16);
        UT_CHECK(r.status == t->status && r.read == t->read && r.written == t->nout &&
                     memcmp(o16, t->out, t->nout * 2) == 0,
                 "wtf8_to_utf16(%s): %s at %zu, %s", ut_hex8(t->in, t->n),
                 unilane_status_string(r.status), r.read, ut_hex16(o16, r.written));
    }
    UT_DONE();
}
END_TEST

START_TEST(ref_mutf8_literals)
{
    unsigned char o8[32];
    uint16_t o16[32];
    size_t v, n;
    unilane_result r;
    ut_select_ref();
    for (v = 0; v < sizeof lit_mutf8_enc / sizeof lit_mutf8_enc[0]; v++) {
        const lit_enc_vec *t = &lit_mutf8_enc[v];
        n = ref_utf16_to_mutf8(t->in, t->n, o8);
        UT_CHECK(n == t->nout && memcmp(o8, t->out, n) == 0, "mutf8 encode %s: %s, expected %s",
                 ut_hex16(t->in, t->n), ut_hex8(o8, n), ut_hex8(t->out, t->nout));
        UT_CHECK(ref_mutf8_length_from_utf16(t->in, t->n) == t->nout, "mutf8 length %s",
                 ut_hex16(t->in, t->n));
        UT_CHECK(memchr(o8, 0, n) == NULL, "mutf8 of %s holds a zero byte", ut_hex16(t->in, t->n));
        r = ref_mutf8_to_utf16((const unsigned char *)t->out, t->nout, o16);
        UT_CHECK(r.status == UNILANE_OK && r.read == t->nout && r.written == t->n &&
                     memcmp(o16, t->in, t->n * 2) == 0,
                 "mutf8 decode %s: %s", ut_hex8(t->out, t->nout), ut_hex16(o16, r.written));
    }
    for (v = 0; v < sizeof lit_mutf8_dec / sizeof lit_mutf8_dec[0]; v++) {
        const lit_dec_vec *t = &lit_mutf8_dec[v];
        r = ref_mutf8_to_utf16((const unsigned char *)t->in, t->n, o16);
        UT_CHECK(r.status == t->status && r.read == t->read && r.written == t->nout &&
                     memcmp(o16, t->out, t->nout * 2) == 0,
                 "mutf8_to_utf16(%s): %s at %zu, %s; expected %s at %zu, %s", ut_hex8(t->in, t->n),
                 unilane_status_string(r.status), r.read, ut_hex16(o16, r.written),
                 unilane_status_string(t->status), t->read, ut_hex16(t->out, t->nout));
    }
    UT_DONE();
}
END_TEST

START_TEST(ref_inspect_literals)
{
    size_t v;
    ut_select_ref();
    for (v = 0; v < sizeof lit_i8 / sizeof lit_i8[0]; v++) {
        const lit_i8_vec *t = &lit_i8[v];
        unilane_utf8_info i = ref_utf8_inspect((const unsigned char *)t->in, t->n, t->lossy);
        UT_CHECK(i.status == t->status && i.read == t->read && i.utf16_length == t->len16 &&
                     i.width == t->width,
                 "utf8_inspect%s(%s): {%s, %zu, len %zu, width %d}, expected {%s, %zu, %zu, %d}",
                 t->lossy ? "_lossy" : "", ut_hex8(t->in, t->n), unilane_status_string(i.status),
                 i.read, i.utf16_length, (int)i.width, unilane_status_string(t->status), t->read,
                 t->len16, (int)t->width);
    }
    for (v = 0; v < sizeof lit_i16 / sizeof lit_i16[0]; v++) {
        const lit_i16_vec *t = &lit_i16[v];
        unilane_utf16_info i = ref_utf16_inspect(t->in, t->n);
        UT_CHECK(i.status == t->status && i.read == t->read && i.utf8_length == t->len8 &&
                     i.width == t->width,
                 "utf16_inspect(%s): {%s, %zu, len %zu, width %d}, expected {%s, %zu, %zu, %d}",
                 ut_hex16(t->in, t->n), unilane_status_string(i.status), i.read, i.utf8_length,
                 (int)i.width, unilane_status_string(t->status), t->read, t->len8, (int)t->width);
    }
    UT_DONE();
}
END_TEST

/* latin1_to_utf8_bounded at every capacity of two literal inputs. */
START_TEST(ref_bounded_literals)
{
    unsigned char o[16];
    size_t v;
    unilane_result r;
    ut_select_ref();
    for (v = 0; v < sizeof lit_bounded_abc / sizeof lit_bounded_abc[0]; v++) {
        memset(o, 0xEE, sizeof o);
        r = ref_latin1_to_utf8_bounded((const unsigned char *)"A\xE9"
                                                              "B",
                                       3, o, lit_bounded_abc[v].cap);
        UT_CHECK(r.status == lit_bounded_abc[v].status && r.read == lit_bounded_abc[v].read &&
                     r.written == lit_bounded_abc[v].written &&
                     memcmp(o, "\x41\xC3\xA9\x42", r.written) == 0 && o[r.written] == 0xEE,
                 "bounded(41 E9 42, cap %zu): %s %zu %zu %s", lit_bounded_abc[v].cap,
                 unilane_status_string(r.status), r.read, r.written, ut_hex8(o, r.written + 1));
    }
    r = ref_latin1_to_utf8_bounded((const unsigned char *)"", 0, o, 0);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "bounded(empty, 0)");
    r = ref_latin1_to_utf8_bounded((const unsigned char *)"\xFF", 1, o, 1);
    UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.read == 0 && r.written == 0, "bounded(FF, 1)");
    r = ref_latin1_to_utf8_bounded((const unsigned char *)"\xFF", 1, o, 2);
    UT_CHECK(r.status == UNILANE_OK && r.read == 1 && r.written == 2 && o[0] == 0xC3 &&
                 o[1] == 0xBF,
             "bounded(FF, 2)");
    UT_DONE();
}
END_TEST

/* Every unit, and every unit next to each unit of a set, round-trips
   through the reference's WTF-8 and modified UTF-8; the WTF-8 form of a
   string without lone surrogates is its UTF-8. */
START_TEST(ref_round_trips)
{
    static const uint16_t nb[] = { 0x0000, 0x0041, 0x00E9, 0x07FF, 0x0800, 0xD7FF, 0xD800,
                                   0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF };
    uint16_t s[2], back[4];
    unsigned char w[8], u8[8];
    uint32_t x;
    size_t k, n, m, j;
    unilane_result r;
    ut_select_ref();
    for (x = 0; x < 0x10000; x += ut_full() ? 1 : 7)
        for (j = 0; j <= 2 * sizeof nb / sizeof nb[0]; j++) {
            n = j == 0 ? 1 : 2;
            s[0] = (uint16_t)x;
            if (j > 0) {
                s[(j - 1) % 2] = (uint16_t)x;
                s[1 - (j - 1) % 2] = nb[(j - 1) / 2];
            }
            m = ref_utf16_to_wtf8(s, n, w);
            r = ref_wtf8_to_utf16(w, m, back);
            UT_CHECK(r.status == UNILANE_OK && r.written == n && memcmp(back, s, n * 2) == 0,
                     "wtf8 round trip %s", ut_hex16(s, n));
            if (ref_validate_utf16(s, n).status == UNILANE_OK) {
                r = ref_utf16_to_utf8(s, n, u8);
                UT_CHECK(r.written == m && memcmp(u8, w, m) == 0, "wtf8 of valid %s != utf8",
                         ut_hex16(s, n));
            }
            k = ref_utf16_to_mutf8(s, n, w);
            r = ref_mutf8_to_utf16(w, k, back);
            UT_CHECK(r.status == UNILANE_OK && r.written == n && memcmp(back, s, n * 2) == 0 &&
                         k == ref_mutf8_length_from_utf16(s, n),
                     "mutf8 round trip %s", ut_hex16(s, n));
        }
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("reference");
    TCase *tc = ut_tcase("reference");
    tcase_add_test(tc, ref_known_vectors);
    tcase_add_test(tc, ref_every_code_point);
    tcase_add_test(tc, ref_counts);
    tcase_add_test(tc, ref_utf16_rules);
    tcase_add_test(tc, ref_wtf8_literals);
    tcase_add_test(tc, ref_mutf8_literals);
    tcase_add_test(tc, ref_inspect_literals);
    tcase_add_test(tc, ref_bounded_literals);
    tcase_add_test(tc, ref_round_trips);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ut_main(make_suite);
}
