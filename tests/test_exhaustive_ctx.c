/*
 * test_exhaustive_ctx.c -- the exhaustive inputs of test_exhaustive.c, for
 * every kernel, placed inside vector-sized contexts (checks.h): padding of
 * ASCII or of 2-, 3- or 4-byte characters before and after, the input at a
 * lane offset 0..63 of a 64-byte block, UT_CTX_AUTO units in all. A 1..4-unit
 * input alone is handled by a SIMD entry's scalar tail; here its vector
 * blocks see it. Expected values: the reference on the input and on the
 * paddings, composed (checks.c), never the code under test.
 *
 * Small spaces are exhaustive over contexts (every lane offset, every pair
 * of padding kinds); the big ones take every input in one or a few
 * contexts drawn from a hash of the input and the seed, or (the 16.8 M
 * three-byte inputs, the 1 M surrogate pairs) a strided sample from a
 * seed-derived start. Each family prints its stride and count. The scalar
 * kernel (the oracle of the others, without vector blocks) takes every 4th
 * input or context of each family, the SIMD kernels all of them. Under a
 * small UNILANE_TEST_SCALE (emulation) the strides grow by 1/scale and the
 * every-offset sweeps take 2 offsets (1/7 of the 1024 contexts).
 *
 * The 0.2 functions: the inspections for every scalar value (one context
 * each), for every unit at every lane offset and for the 2-byte inputs at
 * every other lane offset; WTF-8, modified UTF-8 and the inspections for
 * every 16th 3-byte input and scalar value and every 4th pair; every
 * function (UT_F_ALL) where the families above say so.
 */
#include "checks.h"

/* A stride for a space sampled every `base` inputs at scale 1: base/scale,
   odd (so that successive strides of one run visit every residue). */
static uint32_t exc_stride(uint32_t base)
{
    double s = ut_scale();
    uint32_t k = s >= 1 ? base : (uint32_t)((double)base / s);
    return k | 1;
}

/* The scalar kernel (the oracle of the SIMD kernels, with no vector blocks)
   takes every 4th sample of each family; the SIMD kernels take them all. */
static uint32_t exc_thin(int kernel)
{
    return strcmp(ut_kernels[kernel], "scalar") == 0 ? 4 : 1;
}

/* A start in [0, stride) from the seed and the family's name. */
static uint32_t exc_start(const char *tag, uint32_t stride)
{
    uint64_t h = 1469598103934665603u;
    while (*tag)
        h = (h ^ (unsigned char)*tag++) * 1099511628211u;
    return (uint32_t)(ut_hash(h) % stride);
}

static void exc_note(int kernel, const char *fam, uint32_t stride, uint32_t start,
                     unsigned long long count, const char *what)
{
    printf("%s [%s]: %s; stride %u from %u (seed 0x%llx): %llu inputs\n", fam, ut_kernels[kernel],
           what, stride, start, (unsigned long long)ut_seed(), count);
    fflush(stdout);
}

/* Lane offsets for an input of a 65536-input space: `per` of the 64 (a
   power of two), a different phase for consecutive inputs, so that every
   offset is taken by 1/(64/per) of the inputs; padding kinds from the hash. */
static ut_ctx exc_offset_ctx(uint64_t h, uint32_t x, unsigned j, unsigned per)
{
    unsigned step = 64 / per, k = j * step + (unsigned)(x % step);
    return ut_ctx_nth(k * 16 + (unsigned)((h >> (4 * (j % 15))) & 15), UT_CTX_AUTO);
}

#define EXC_BASIC (UT_F_VALIDATE | UT_F_STRICT | UT_F_LOSSY)
#define EXC_MORE  (UT_F_VALIDATE | UT_F_STRICT | UT_F_LOSSY | UT_F_LATIN1 | UT_F_LENGTHS)

/* Every scalar value in both forms, each in one context drawn from the
   seed: validation, strict and lossy conversion (and the Latin-1 and length
   functions below U+0800 and for every 16th value); U+0000..U+00FF at every
   lane offset, for every function (as UTF-8, as Latin-1 bytes, as UTF-16). */
START_TEST(exc_code_points)
{
    uint32_t cp, stride = exc_stride(1) * exc_thin(_i),
                 start = exc_start("exc_code_points", stride);
    unsigned long long count = 0;
    unsigned char u8[4];
    uint16_t u16[2];
    size_t n8, n16;
    unsigned k;
    ut_select(_i);
    for (cp = start; cp <= 0x10FFFF; cp += stride) {
        /* the inspections for every value (its width and length), the WTF-8
           and modified UTF-8 functions for every 16th */
        int mask = (cp < 0x800 || cp % 16 == 0 ? EXC_MORE : EXC_BASIC) | UT_F_INSPECT |
                   (cp % 16 == 1 ? UT_F_WTF8 | UT_F_MUTF8 : 0);
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        n8 = ref_encode_utf8(cp, u8);
        n16 = ref_encode_utf16(cp, u16);
        ut_check_bytes_ctx(u8, n8, mask, ut_ctx_hash(ut_hash(cp), UT_CTX_AUTO));
        ut_check_units_ctx(u16, n16, mask, ut_ctx_hash(ut_hash(cp ^ 0x5A5A5A5Au), UT_CTX_AUTO));
        count++;
    }
    exc_note(_i, "exc_code_points", stride, start, count,
             "scalar values as UTF-8 and UTF-16, one context each");
    for (cp = 0; cp <= 0xFF; cp++) {
        unsigned char l1 = (unsigned char)cp;
        n8 = ref_encode_utf8(cp, u8);
        u16[0] = (uint16_t)cp;
        for (k = cp % exc_thin(_i); k < 64; k += exc_thin(_i)) {
            unsigned h = (unsigned)(ut_hash(cp * 64 + k) >> 40);
            ut_check_bytes_ctx(u8, n8, UT_F_ALL, ut_ctx_nth(k * 16 + h % 16, UT_CTX_AUTO));
            ut_check_bytes_ctx(&l1, 1, UT_F_FROM_LATIN1,
                               ut_ctx_nth(k * 16 + (h >> 4) % 16, UT_CTX_AUTO));
            ut_check_units_ctx(u16, 1, UT_F_ALL, ut_ctx_nth(k * 16 + (h >> 8) % 16, UT_CTX_AUTO));
        }
    }
    UT_DONE();
}
END_TEST

/* Every byte value in every one of the 1024 contexts (kinds before and
   after x lane offsets), every function. */
START_TEST(exc_utf8_1_byte)
{
    unsigned char b;
    unsigned x, k, step = (ut_full() ? 1 : 7) * exc_thin(_i);
    ut_select(_i);
    for (x = 0; x < 256; x++) {
        b = (unsigned char)x;
        for (k = x % step; k < 1024; k += step)
            ut_check_bytes_ctx(&b, 1, UT_F_ALL, ut_ctx_nth(k, UT_CTX_AUTO));
    }
    exc_note(_i, "exc_utf8_1_byte", step, 0, 256ull * (1024 / step), "every byte in every context");
    UT_DONE();
}
END_TEST

/* Every 2-byte input at every lane offset 0..63 (padding kinds from the
   seed) for validation and lossy output, and in one more context for every
   function. */
START_TEST(exc_utf8_2_bytes)
{
    unsigned char b[2];
    uint32_t x, stride = exc_stride(1) * exc_thin(_i),
                start = exc_start("exc_utf8_2_bytes", stride);
    unsigned long long count = 0;
    unsigned j, per = ut_full() ? 64 : 2;
    ut_select(_i);
    for (x = start; x < 0x10000; x += stride) {
        uint64_t h = ut_hash(x);
        b[0] = (unsigned char)(x >> 8);
        b[1] = (unsigned char)x;
        for (j = 0; j < per; j++)
            ut_check_bytes_ctx(b, 2, UT_F_VALIDATE | UT_F_LOSSY | (j % 2 ? UT_F_INSPECT : 0),
                               exc_offset_ctx(h, x / stride, j, per));
        ut_check_bytes_ctx(b, 2, UT_F_ALL, ut_ctx_hash(ut_hash(h), UT_CTX_AUTO));
        count++;
    }
    exc_note(_i, "exc_utf8_2_bytes", stride, start, count,
             "every lane offset for validate+lossy, every function once");
    UT_DONE();
}
END_TEST

/* The three-byte inputs, strided: validation status and read and lossy
   output, one context each; every 4th also strict output and the lengths. */
START_TEST(exc_utf8_3_bytes)
{
    unsigned char b[3];
    uint32_t x, stride = exc_stride(11) * exc_thin(_i),
                start = exc_start("exc_utf8_3_bytes", stride);
    unsigned long long count = 0;
    ut_select(_i);
    for (x = start; x < 0x1000000; x += stride) {
        b[0] = (unsigned char)(x >> 16);
        b[1] = (unsigned char)(x >> 8);
        b[2] = (unsigned char)x;
        ut_check_bytes_ctx(b, 3,
                           count % 4 ? UT_F_VALIDATE | UT_F_LOSSY
                                     : EXC_BASIC | UT_F_LENGTHS |
                                           (count % 16 ? 0 : UT_F_WTF8 | UT_F_MUTF8 | UT_F_INSPECT),
                           ut_ctx_hash(ut_hash(x), UT_CTX_AUTO));
        count++;
    }
    exc_note(_i, "exc_utf8_3_bytes", stride, start, count,
             "validate+lossy (every 4th: +strict, lengths), one context each");
    UT_DONE();
}
END_TEST

/* Four-byte inputs: every 4-byte lead and F5/F8 with every second byte and
   a set of third and fourth bytes, strided, one context each. */
START_TEST(exc_utf8_4_bytes)
{
    static const unsigned char leads[] = { 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8 };
    static const unsigned char tails[] = { 0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
                                           0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF };
    unsigned char b[4];
    uint32_t x, stride = exc_stride(3) * exc_thin(_i),
                start = exc_start("exc_utf8_4_bytes", stride);
    uint32_t space = (uint32_t)(sizeof leads * 256 * sizeof tails * sizeof tails);
    unsigned long long count = 0;
    ut_select(_i);
    for (x = start; x < space; x += stride) {
        uint32_t y = x;
        b[3] = tails[y % sizeof tails];
        y /= sizeof tails;
        b[2] = tails[y % sizeof tails];
        y /= sizeof tails;
        b[1] = (unsigned char)(y % 256);
        b[0] = leads[y / 256];
        ut_check_bytes_ctx(b, 4, EXC_BASIC | (count % 4 ? 0 : UT_F_LATIN1),
                           ut_ctx_hash(ut_hash(x), UT_CTX_AUTO));
        count++;
    }
    exc_note(_i, "exc_utf8_4_bytes", stride, start, count,
             "4-byte leads x every second byte x 14 x 14");
    UT_DONE();
}
END_TEST

static const uint16_t exc_nb[] = { 0x0041, 0x00E9, 0x0100, 0x4E2D, 0xD800,
                                   0xDBFF, 0xDC00, 0xDFFF, 0xFFFD, 0x0000 };
#define EXC_NNB (sizeof exc_nb / sizeof exc_nb[0])

/* Every 16-bit unit: alone at every lane offset 0..63 for validation and
   lossy UTF-8, in one more context for every
   function; beside 4 of the units of exc_nb (rotating, before or after),
   and between two ASCII units, one context each. */
START_TEST(exc_utf16_units)
{
    uint32_t u, stride = exc_stride(1) * exc_thin(_i), start = exc_start("exc_utf16_units", stride);
    unsigned long long count = 0;
    unsigned j, per = ut_full() ? 64 : 2;
    uint16_t b[3];
    ut_select(_i);
    for (u = start; u < 0x10000; u += stride) {
        uint64_t h = ut_hash(u);
        b[0] = (uint16_t)u;
        /* the inspection at every lane offset; WTF-8 at every other */
        for (j = 0; j < per; j++)
            ut_check_units_ctx(b, 1, UT_F_VALIDATE | UT_F_LOSSY | UT_F_INSPECT,
                               exc_offset_ctx(h, u / stride, j, per));
        ut_check_units_ctx(b, 1, UT_F_ALL, ut_ctx_hash(ut_hash(h), UT_CTX_AUTO));
        for (j = 0; j < 4; j++) {
            size_t w = (u / stride * 4 + j) % (2 * EXC_NNB);
            int mask = UT_F_VALIDATE | UT_F_LOSSY |
                       (j % 2 ? UT_F_WELLFORMED | UT_F_LATIN1 : UT_F_STRICT | UT_F_PREFIX);
            b[w % 2] = (uint16_t)u;
            b[1 - w % 2] = exc_nb[w / 2];
            ut_check_units_ctx(b, 2, mask, ut_ctx_hash(ut_hash(h + 1 + j), UT_CTX_AUTO));
        }
        b[0] = 0x41;
        b[1] = (uint16_t)u;
        b[2] = 0x42;
        ut_check_units_ctx(b, 3, UT_F_VALIDATE | UT_F_STRICT | UT_F_WELLFORMED,
                           ut_ctx_hash(ut_hash(h + 99), UT_CTX_AUTO));
        count++;
    }
    exc_note(_i, "exc_utf16_units", stride, start, count,
             "every unit alone at every lane offset and once more, beside 4 units, between ASCII");
    UT_DONE();
}
END_TEST

/* Surrogate pairs, strided over the 1 M (high, low) pairs: the pair, the
   pair reversed (two unpaired surrogates), and (every 16th) the pair between
   ASCII units, one context each. */
START_TEST(exc_utf16_pairs)
{
    uint32_t x, stride = exc_stride(7) * exc_thin(_i), start = exc_start("exc_utf16_pairs", stride);
    unsigned long long count = 0;
    uint16_t b[4];
    ut_select(_i);
    for (x = start; x < 0x100000; x += stride) {
        uint16_t h = (uint16_t)(0xD800 + (x >> 10)), l = (uint16_t)(0xDC00 + (x & 0x3FF));
        uint64_t hh = ut_hash(x);
        b[0] = h;
        b[1] = l;
        ut_check_units_ctx(b, 2,
                           EXC_BASIC | UT_F_LENGTHS | (count % 4 ? 0 : UT_F_WTF8 | UT_F_INSPECT),
                           ut_ctx_hash(hh, UT_CTX_AUTO));
        b[0] = l;
        b[1] = h;
        ut_check_units_ctx(
            b, 2, EXC_BASIC | UT_F_WELLFORMED | (count % 4 == 1 ? UT_F_WTF8 | UT_F_MUTF8 : 0),
            ut_ctx_hash(ut_hash(hh), UT_CTX_AUTO));
        if (count % 16 == 0) {
            b[0] = 0x61;
            b[1] = h;
            b[2] = l;
            b[3] = 0x62;
            ut_check_units_ctx(b, 4, UT_F_ALL, ut_ctx_hash(ut_hash(hh + 1), UT_CTX_AUTO));
        }
        count++;
    }
    exc_note(_i, "exc_utf16_pairs", stride, start, count,
             "pairs and reversed pairs, one context each");
    UT_DONE();
}
END_TEST

/* The units at the edges of every range in every one of the 1024 contexts. */
START_TEST(exc_utf16_edges)
{
    static const uint16_t v[] = { 0x0000, 0x007F, 0x0080, 0x00FF, 0x0100, 0x07FF, 0x0800, 0xD7FF,
                                  0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF };
    unsigned k, step = (ut_full() ? 1 : 7) * exc_thin(_i);
    size_t i;
    ut_select(_i);
    for (i = 0; i < sizeof v / sizeof v[0]; i++)
        for (k = (unsigned)i % step; k < 1024; k += step)
            ut_check_units_ctx(&v[i], 1, UT_F_ALL, ut_ctx_nth(k, UT_CTX_AUTO));
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("exhaustive_ctx");
    TCase *tc;

#define EXC_CASE(fn)                           \
  tc = ut_tcase(#fn);                          \
  tcase_add_loop_test(tc, fn, 0, ut_nkernels); \
  suite_add_tcase(s, tc)
    EXC_CASE(exc_code_points);
    EXC_CASE(exc_utf8_1_byte);
    EXC_CASE(exc_utf8_2_bytes);
    EXC_CASE(exc_utf8_3_bytes);
    EXC_CASE(exc_utf8_4_bytes);
    EXC_CASE(exc_utf16_units);
    EXC_CASE(exc_utf16_pairs);
    EXC_CASE(exc_utf16_edges);
#undef EXC_CASE
    return s;
}

int main(void)
{
    ut_require_all_ops = 1; /* this suite calls every operation */
    return ut_main(make_suite);
}
