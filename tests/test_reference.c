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

static Suite *make_suite(void)
{
    Suite *s = suite_create("reference");
    TCase *tc = ut_tcase("reference");
    tcase_add_test(tc, ref_known_vectors);
    tcase_add_test(tc, ref_every_code_point);
    tcase_add_test(tc, ref_counts);
    tcase_add_test(tc, ref_utf16_rules);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ut_main(make_suite);
}
