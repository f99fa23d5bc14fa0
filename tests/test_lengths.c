/*
 * test_lengths.c -- the length functions equal what the converters write,
 * for valid and invalid input of random lengths and mixtures; and
 * utf16_length_from_utf8 equals API.md's formula for any input. Also every
 * converter against the reference on the same inputs.
 */
#include "checks.h"

START_TEST(len_utf8_random)
{
    static unsigned char buf[UT_CHECK_MAX];
    static const int bads[] = { 0, 0, 5, 50, 300, 1000 };
    ut_rng r;
    size_t it, n, iters = ut_iters(3000);
    ut_select(_i);
    ut_rng_init(&r, "len_utf8_random", 0);
    for (it = 0; it < iters; it++) {
        size_t cap = it % 3 == 0 ? ut_below(&r, 70) : ut_below(&r, 1200);
        n = ut_gen_utf8(&r, buf, cap, bads[it % 6], (int)ut_below(&r, 1000));
        ut_check_bytes(buf, n, UT_F_ALL);
        if (it % 4 == 0) {
            n = ut_mutate_bytes(&r, buf, n, sizeof buf);
            ut_check_bytes(buf, n, UT_F_ALL);
        }
    }
    UT_DONE();
}
END_TEST

START_TEST(len_latin1_random)
{
    static unsigned char buf[UT_CHECK_MAX];
    ut_rng r;
    size_t it, n, iters = ut_iters(2000);
    ut_select(_i);
    ut_rng_init(&r, "len_latin1_random", 0);
    for (it = 0; it < iters; it++) {
        n = ut_gen_latin1(&r, buf, ut_below(&r, 1000), (int)ut_below(&r, 1000));
        ut_check_bytes(buf, n, UT_F_FROM_LATIN1 | UT_F_LENGTHS | UT_F_PREFIX | UT_F_LATIN1);
    }
    UT_DONE();
}
END_TEST

START_TEST(len_utf16_random)
{
    static uint16_t buf[UT_CHECK_MAX];
    static const int bads[] = { 0, 0, 5, 50, 300, 1000 };
    ut_rng r;
    size_t it, n, iters = ut_iters(3000);
    ut_select(_i);
    ut_rng_init(&r, "len_utf16_random", 0);
    for (it = 0; it < iters; it++) {
        size_t cap = it % 3 == 0 ? ut_below(&r, 70) : ut_below(&r, 1200);
        n = ut_gen_utf16(&r, buf, cap, bads[it % 6], (int)ut_below(&r, 1000));
        ut_check_units(buf, n, UT_F_ALL);
        if (it % 4 == 0) {
            n = ut_mutate_units(&r, buf, n, UT_CHECK_MAX);
            ut_check_units(buf, n, UT_F_ALL);
        }
    }
    UT_DONE();
}
END_TEST

/* The formula on arbitrary bytes (not only UTF-8-like). */
START_TEST(len_formula_any_bytes)
{
    static unsigned char buf[UT_CHECK_MAX];
    ut_rng r;
    size_t it, n, i, iters = ut_iters(2000);
    ut_select(_i);
    ut_rng_init(&r, "len_formula_any_bytes", 0);
    for (it = 0; it < iters; it++) {
        n = ut_below(&r, 600);
        for (i = 0; i < n; i++)
            buf[i] = (unsigned char)(it % 2 ? ut_below(&r, 256) : 0x80 + ut_below(&r, 128));
        ut_check_bytes(buf, n, UT_F_LENGTHS | UT_F_LOSSY);
    }
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("lengths");
    TCase *tc;
#define LEN_CASE(fn)                           \
  tc = ut_tcase(#fn);                          \
  tcase_add_loop_test(tc, fn, 0, ut_nkernels); \
  suite_add_tcase(s, tc)
    LEN_CASE(len_utf8_random);
    LEN_CASE(len_latin1_random);
    LEN_CASE(len_utf16_random);
    LEN_CASE(len_formula_any_bytes);
#undef LEN_CASE
    return s;
}

int main(void)
{
    ut_require_all_ops = 1; /* this suite calls every operation */
    return ut_main(make_suite);
}
