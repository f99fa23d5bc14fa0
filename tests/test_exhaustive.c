/*
 * test_exhaustive.c -- exhaustive comparisons with the reference, for every
 * kernel: every code point in every direction, every 1-, 2- and 3-byte
 * UTF-8 input, every UTF-16 unit alone and in contexts, every surrogate
 * pair. Under a small UNILANE_TEST_SCALE (emulation) the 3-byte space and
 * the pair space are sampled with a stride.
 */
#include "checks.h"

/* Stride for the big spaces: 1 at scale >= 1, else about 1/scale (odd, so
   that every residue class is eventually visited by different offsets). */
static uint32_t ex_stride(void)
{
    double s = ut_scale();
    uint32_t k;
    if (s >= 1)
        return 1;
    k = (uint32_t)(1.0 / s);
    return ut_full() ? k | 1 : (5 * k) | 1;
}

/* The 0.2 functions on one scalar value: WTF-8 of a scalar value is its
   UTF-8; its modified UTF-8 is that of its UTF-16 units; the inspections
   give its width (the thresholds U+007F/0080, U+00FF/0100, U+FFFF/10000)
   and length. */
static void ex_code_point_02(uint32_t cp, const unsigned char *u8, size_t n8, const uint16_t *u16,
                             size_t n16)
{
    unilane_width w = cp < 0x80      ? UNILANE_WIDTH_ASCII
                      : cp <= 0xFF   ? UNILANE_WIDTH_LATIN1
                      : cp <= 0xFFFF ? UNILANE_WIDTH_BMP
                                     : UNILANE_WIDTH_ASTRAL;
    unsigned char m8[8];
    uint16_t o16[8];
    char o8[16];
    size_t k, nm = ref_utf16_to_mutf8(u16, n16, m8);
    unilane_result r;
    unilane_utf8_info i8;
    unilane_utf16_info i16;

    k = unilane_utf16_to_wtf8(u16, n16, o8);
    UT_CHECK(k == n8 && memcmp(o8, u8, n8) == 0, "utf16_to_wtf8 U+%04X: %s", cp, ut_hex8(o8, k));
    r = unilane_validate_wtf8((const char *)u8, n8);
    UT_CHECK(r.status == UNILANE_OK && r.read == n8, "validate_wtf8 U+%04X: %s at %zu", cp,
             unilane_status_string(r.status), r.read);
    r = unilane_wtf8_to_utf16((const char *)u8, n8, o16);
    UT_CHECK(r.status == UNILANE_OK && r.read == n8 && r.written == n16 &&
                 memcmp(o16, u16, n16 * 2) == 0,
             "wtf8_to_utf16 U+%04X: %s %zu %s", cp, unilane_status_string(r.status), r.read,
             ut_hex16(o16, r.written));
    k = unilane_utf16_to_mutf8(u16, n16, o8);
    UT_CHECK(k == nm && memcmp(o8, m8, nm) == 0 &&
                 k == (cp == 0    ? 2
                       : n16 == 2 ? 6
                                  : n8),
             "utf16_to_mutf8 U+%04X: %s", cp, ut_hex8(o8, k));
    k = unilane_mutf8_length_from_utf16(u16, n16);
    UT_CHECK(k == nm, "mutf8_length_from_utf16 U+%04X: %zu", cp, k);
    r = unilane_mutf8_to_utf16((const char *)m8, nm, o16);
    UT_CHECK(r.status == UNILANE_OK && r.read == nm && r.written == n16 &&
                 memcmp(o16, u16, n16 * 2) == 0,
             "mutf8_to_utf16 U+%04X (%s): %s %zu", cp, ut_hex8(m8, nm),
             unilane_status_string(r.status), r.read);
    i8 = unilane_utf8_inspect((const char *)u8, n8);
    UT_CHECK(i8.status == UNILANE_OK && i8.read == n8 && i8.utf16_length == n16 && i8.width == w,
             "utf8_inspect U+%04X: %s %zu len %zu width %d", cp, unilane_status_string(i8.status),
             i8.read, i8.utf16_length, (int)i8.width);
    i8 = unilane_utf8_inspect_lossy((const char *)u8, n8);
    UT_CHECK(i8.status == UNILANE_OK && i8.read == n8 && i8.utf16_length == n16 && i8.width == w,
             "utf8_inspect_lossy U+%04X: %s %zu len %zu width %d", cp,
             unilane_status_string(i8.status), i8.read, i8.utf16_length, (int)i8.width);
    i16 = unilane_utf16_inspect(u16, n16);
    UT_CHECK(i16.status == UNILANE_OK && i16.read == n16 && i16.utf8_length == n8 && i16.width == w,
             "utf16_inspect U+%04X: %s %zu len %zu width %d", cp, unilane_status_string(i16.status),
             i16.read, i16.utf8_length, (int)i16.width);
    if (cp <= 0xFF) {
        unsigned char l1 = (unsigned char)cp;
        for (k = 0; k <= 3; k++) {
            memset(o8, 0x5A, sizeof o8);
            r = unilane_latin1_to_utf8_bounded((const char *)&l1, 1, o8, k);
            UT_CHECK(k >= n8 ? r.status == UNILANE_OK && r.read == 1 && r.written == n8 &&
                                   memcmp(o8, u8, n8) == 0 && o8[n8] == 0x5A
                             : r.status == UNILANE_OUTPUT_FULL && r.read == 0 && r.written == 0 &&
                                   o8[0] == 0x5A,
                     "latin1_to_utf8_bounded %02X cap %zu: %s %zu %zu %s", cp, k,
                     unilane_status_string(r.status), r.read, r.written, ut_hex8(o8, 4));
        }
    }
}

START_TEST(ex_code_points)
{
    uint32_t cp;
    unsigned char u8[8], l1;
    uint16_t u16[4], o16[8];
    char o8[16];
    size_t n8, n16, k;
    unilane_result r;

    ut_select(_i);
    for (cp = 0; cp <= 0x10FFFF; cp += cp < 0x1000 || ut_full() ? 1 : 13) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        n8 = ref_encode_utf8(cp, u8);
        n16 = ref_encode_utf16(cp, u16);
        r = unilane_validate_utf8((const char *)u8, n8);
        UT_CHECK(r.status == UNILANE_OK && r.read == n8 && r.written == 0,
                 "validate_utf8 U+%04X: %s %zu", cp, unilane_status_string(r.status), r.read);
        r = unilane_utf8_to_utf16((const char *)u8, n8, o16);
        UT_CHECK(r.status == UNILANE_OK && r.read == n8 && r.written == n16 &&
                     memcmp(o16, u16, n16 * 2) == 0,
                 "utf8_to_utf16 U+%04X (%s): %s read %zu written %zu out %s", cp, ut_hex8(u8, n8),
                 unilane_status_string(r.status), r.read, r.written, ut_hex16(o16, r.written));
        k = unilane_utf8_to_utf16_lossy((const char *)u8, n8, o16);
        UT_CHECK(k == n16 && memcmp(o16, u16, n16 * 2) == 0, "utf8_to_utf16_lossy U+%04X: %s", cp,
                 ut_hex16(o16, k));
        k = unilane_utf16_length_from_utf8((const char *)u8, n8);
        UT_CHECK(k == n16, "utf16_length_from_utf8 U+%04X: %zu", cp, k);
        k = unilane_utf16_length_from_utf8_lossy((const char *)u8, n8);
        UT_CHECK(k == n16, "utf16_length_from_utf8_lossy U+%04X: %zu", cp, k);
        r = unilane_validate_utf16(u16, n16);
        UT_CHECK(r.status == UNILANE_OK && r.read == n16 && r.written == 0, "validate_utf16 U+%04X",
                 cp);
        r = unilane_utf16_to_utf8(u16, n16, o8);
        UT_CHECK(
            r.status == UNILANE_OK && r.read == n16 && r.written == n8 && memcmp(o8, u8, n8) == 0,
            "utf16_to_utf8 U+%04X (%s): %s read %zu written %zu out %s", cp, ut_hex16(u16, n16),
            unilane_status_string(r.status), r.read, r.written, ut_hex8(o8, r.written));
        k = unilane_utf16_to_utf8_lossy(u16, n16, o8);
        UT_CHECK(k == n8 && memcmp(o8, u8, n8) == 0, "utf16_to_utf8_lossy U+%04X: %s", cp,
                 ut_hex8(o8, k));
        k = unilane_utf8_length_from_utf16(u16, n16);
        UT_CHECK(k == n8, "utf8_length_from_utf16 U+%04X: %zu", cp, k);
        k = unilane_utf16_make_well_formed(u16, n16, o16);
        UT_CHECK(k == 0 && memcmp(o16, u16, n16 * 2) == 0, "utf16_make_well_formed U+%04X", cp);
        r = unilane_utf8_to_latin1((const char *)u8, n8, o8);
        if (cp <= 0xFF) {
            UT_CHECK(r.status == UNILANE_OK && r.read == n8 && r.written == 1 &&
                         (unsigned char)o8[0] == cp,
                     "utf8_to_latin1 U+%04X: %s read %zu written %zu", cp,
                     unilane_status_string(r.status), r.read, r.written);
        } else {
            UT_CHECK(r.status == UNILANE_TOO_LARGE && r.read == 0 && r.written == 0,
                     "utf8_to_latin1 U+%04X: %s read %zu written %zu, expected too large at 0", cp,
                     unilane_status_string(r.status), r.read, r.written);
        }
        r = unilane_utf16_to_latin1(u16, n16, o8);
        if (cp <= 0xFF) {
            UT_CHECK(r.status == UNILANE_OK && r.read == 1 && r.written == 1 &&
                         (unsigned char)o8[0] == cp,
                     "utf16_to_latin1 U+%04X", cp);
            l1 = (unsigned char)cp;
            k = unilane_latin1_to_utf8((const char *)&l1, 1, o8);
            UT_CHECK(k == n8 && memcmp(o8, u8, n8) == 0, "latin1_to_utf8 %02X: %s", cp,
                     ut_hex8(o8, k));
            k = unilane_utf8_length_from_latin1((const char *)&l1, 1);
            UT_CHECK(k == n8, "utf8_length_from_latin1 %02X: %zu", cp, k);
            k = unilane_latin1_to_utf16((const char *)&l1, 1, o16);
            UT_CHECK(k == 1 && o16[0] == cp, "latin1_to_utf16 %02X", cp);
        } else {
            UT_CHECK(r.status == UNILANE_TOO_LARGE && r.read == 0 && r.written == 0,
                     "utf16_to_latin1 U+%04X: %s read %zu", cp, unilane_status_string(r.status),
                     r.read);
        }
        ex_code_point_02(cp, u8, n8, u16, n16);
    }
    UT_DONE();
}
END_TEST

START_TEST(ex_utf8_1_and_2_bytes)
{
    unsigned char b[2];
    uint32_t x;
    ut_select(_i);
    for (x = 0; x < 256; x++) {
        b[0] = (unsigned char)x;
        ut_check_bytes(b, 1, UT_F_ALL);
    }
    for (x = 0; x < 65536; x += ut_full() || x >= 0xC000 ? 1 : 5) {
        b[0] = (unsigned char)(x >> 8);
        b[1] = (unsigned char)x;
        ut_check_bytes(b, 2, UT_F_ALL);
    }
    UT_DONE();
}
END_TEST

/* The 16.8 M three-byte inputs: validation status and read, and the lossy
   UTF-16 output and its length; strict UTF-16 and Latin-1 too. */
START_TEST(ex_utf8_3_bytes)
{
    unsigned char b[3];
    uint32_t x, stride = ex_stride();
    ut_select(_i);
    for (x = (uint32_t)_i % stride; x < 0x1000000; x += stride) {
        b[0] = (unsigned char)(x >> 16);
        b[1] = (unsigned char)(x >> 8);
        b[2] = (unsigned char)x;
        ut_check_bytes(b, 3, UT_F_VALIDATE | UT_F_LOSSY | UT_F_STRICT | UT_F_LATIN1 | UT_F_LENGTHS);
    }
    UT_DONE();
}
END_TEST

/* The WTF-8 and modified UTF-8 decoders on the three-byte inputs: every one
   whose first byte is a lead C0..FF (where the variants differ from UTF-8
   and from each other); of the others, whose result the 1- and 2-byte
   inputs already decide (an ASCII byte then two bytes; a stray
   continuation byte, an error at 0 whatever follows), every 31st. */
START_TEST(ex_wtf8_mutf8_3_bytes)
{
    unsigned char b[3];
    uint32_t x, stride = ex_stride();
    ut_select(_i);
    for (x = (uint32_t)_i % stride; x < 0x1000000;
         x = x < 0xC00000 && x + 31 * stride >= 0xC00000
                 ? 0xC00000 + (uint32_t)_i % stride
                 : x + (x >= 0xC00000 ? stride : 31 * stride)) {
        b[0] = (unsigned char)(x >> 16);
        b[1] = (unsigned char)(x >> 8);
        b[2] = (unsigned char)x;
        ut_check_bytes(b, 3, UT_F_WTF8 | UT_F_MUTF8);
    }
    UT_DONE();
}
END_TEST

/* 4-byte inputs: every lead byte with every second byte, and a set of third
   and fourth bytes. */
START_TEST(ex_utf8_4_bytes_sampled)
{
    static const unsigned char tails[] = { 0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
                                           0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF };
    unsigned char b[4];
    uint32_t x;
    size_t i, j;
    ut_select(_i);
    size_t ntails = ut_full() ? sizeof tails : 6;
    for (x = 0; x < 65536; x += ut_full() ? 1 : 31) {
        b[0] = (unsigned char)(x >> 8);
        b[1] = (unsigned char)x;
        if (b[0] < 0xC0 && (x & 0xFF) != 0x41 && (x & 0xFF) != 0x80)
            continue; /* 1-byte leads: only two second bytes */
        for (i = 0; i < ntails; i++)
            for (j = 0; j < ntails; j++) {
                b[2] = tails[i];
                b[3] = tails[j];
                ut_check_bytes(
                    b, 4, UT_F_VALIDATE | UT_F_LOSSY | UT_F_STRICT | UT_F_LATIN1 | UT_F_LENGTHS);
            }
    }
    UT_DONE();
}
END_TEST

static const uint16_t ex_ctx[] = { 0x0041, 0x00E9, 0x0100, 0x4E2D, 0xD800,
                                   0xDBFF, 0xDC00, 0xDFFF, 0xFFFD, 0x0000 };

START_TEST(ex_utf16_units)
{
    uint32_t u;
    size_t c;
    uint16_t b[3];
    ut_select(_i);
    for (u = 0; u < 0x10000; u += ut_full()                                  ? 1
                                  : (u >= 0xD7F0 && u < 0xE010) || u < 0x110 ? 3
                                                                             : 37) {
        b[0] = (uint16_t)u;
        ut_check_units(b, 1, UT_F_ALL);
        for (c = 0; c < sizeof ex_ctx / sizeof ex_ctx[0]; c++) {
            b[0] = (uint16_t)u;
            b[1] = ex_ctx[c];
            ut_check_units(b, 2, UT_F_ALL);
            b[0] = ex_ctx[c];
            b[1] = (uint16_t)u;
            ut_check_units(b, 2, UT_F_ALL);
        }
        b[0] = 0x41;
        b[1] = (uint16_t)u;
        b[2] = 0x42;
        ut_check_units(b, 3, UT_F_ALL);
    }
    UT_DONE();
}
END_TEST

START_TEST(ex_utf16_pairs)
{
    uint32_t h, l, stride = ex_stride();
    uint16_t b[4];
    ut_select(_i);
    for (h = 0xD800; h <= 0xDBFF; h++)
        for (l = 0xDC00 + (h % stride); l <= 0xDFFF; l += stride) {
            b[0] = (uint16_t)h;
            b[1] = (uint16_t)l;
            /* WTF-8 for every pair (the 4-byte form and back); modified UTF-8
               (two 3-byte forms) and the inspection for every 4th */
            ut_check_units(b, 2,
                           UT_F_VALIDATE | UT_F_STRICT | UT_F_LOSSY | UT_F_LENGTHS | UT_F_WTF8 |
                               (l % 4 == h % 4 ? UT_F_MUTF8 | UT_F_INSPECT : 0));
            b[0] = (uint16_t)l; /* reversed: two unpaired surrogates */
            b[1] = (uint16_t)h;
            ut_check_units(b, 2,
                           UT_F_VALIDATE | UT_F_STRICT | UT_F_LOSSY | UT_F_WELLFORMED |
                               (l % 2 ? UT_F_WTF8 : UT_F_INSPECT));
            if ((l & 63) == 0) { /* sampled: a pair inside ASCII */
                b[0] = 0x61;
                b[1] = (uint16_t)h;
                b[2] = (uint16_t)l;
                b[3] = 0x62;
                ut_check_units(b, 4, UT_F_ALL);
            }
        }
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("exhaustive");
    TCase *tc;

#define EX_CASE(fn)                            \
  tc = ut_tcase(#fn);                          \
  tcase_add_loop_test(tc, fn, 0, ut_nkernels); \
  suite_add_tcase(s, tc)
    EX_CASE(ex_code_points);
    EX_CASE(ex_utf8_1_and_2_bytes);
    EX_CASE(ex_utf8_3_bytes);
    EX_CASE(ex_wtf8_mutf8_3_bytes);
    EX_CASE(ex_utf8_4_bytes_sampled);
    EX_CASE(ex_utf16_units);
    EX_CASE(ex_utf16_pairs);
#undef EX_CASE
    return s;
}

int main(void)
{
    ut_require_all_ops = 1; /* this suite calls every operation */
    ut_short_inputs = 1;    /* of 1..4 units (test_exhaustive_ctx: in contexts) */
    return ut_main(make_suite);
}
