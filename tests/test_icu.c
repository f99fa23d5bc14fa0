/*
 * test_icu.c -- a second, independent oracle: ICU's u_strFromUTF8WithSub and
 * u_strToUTF8WithSub with U+FFFD against unilane's lossy conversions (and
 * against tests/reference.c), on random and mutated inputs, for every
 * kernel. Built only when pkg-config finds icu-uc (never for cross builds).
 * The short inputs are also placed inside vector-sized contexts (checks.h),
 * where ICU sees the whole padded buffer and the reference's composed
 * results are checked as well.
 */
#include <unicode/ustring.h>
#include <unicode/utypes.h>

#include "checks.h"

#define IC_MAX 3000

static void ic_utf8(const unsigned char *s, size_t n)
{
    static UChar icu[IC_MAX + 8];
    static uint16_t ours[IC_MAX + 8], ref[IC_MAX + 8];
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = 0, subs = 0;
    size_t got, rn;

    u_strFromUTF8WithSub(icu, IC_MAX + 8, &len, (const char *)s, (int32_t)n, 0xFFFD, &subs, &err);
    UT_CHECK(U_SUCCESS(err), "ICU u_strFromUTF8WithSub failed: %s", u_errorName(err));
    got = unilane_utf8_to_utf16_lossy((const char *)s, n, ours);
    UT_CHECK(got == (size_t)len && memcmp(ours, icu, got * 2) == 0,
             "utf8_to_utf16_lossy(%s) disagrees with ICU:\n  ICU:     %s\n  unilane: %s",
             ut_hex8(s, n), ut_hex16((const uint16_t *)icu, (size_t)len), ut_hex16(ours, got));
    rn = ref_utf8_to_utf16_lossy(s, n, ref);
    UT_CHECK(rn == (size_t)len && memcmp(ref, icu, rn * 2) == 0,
             "reference lossy(%s) disagrees with ICU:\n  ICU: %s\n  ref: %s", ut_hex8(s, n),
             ut_hex16((const uint16_t *)icu, (size_t)len), ut_hex16(ref, rn));
    UT_CHECK(unilane_utf16_length_from_utf8_lossy((const char *)s, n) == (size_t)len,
             "utf16_length_from_utf8_lossy(%s) != ICU length %d", ut_hex8(s, n), (int)len);
}

static void ic_utf16(const uint16_t *s, size_t n)
{
    static char icu[3 * IC_MAX + 8], ours[3 * IC_MAX + 8];
    static uint16_t wf[IC_MAX];
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = 0, subs = 0;
    size_t got;

    u_strToUTF8WithSub(icu, 3 * IC_MAX + 8, &len, (const UChar *)s, (int32_t)n, 0xFFFD, &subs,
                       &err);
    UT_CHECK(U_SUCCESS(err), "ICU u_strToUTF8WithSub failed: %s", u_errorName(err));
    got = unilane_utf16_to_utf8_lossy(s, n, ours);
    UT_CHECK(got == (size_t)len && memcmp(ours, icu, got) == 0,
             "utf16_to_utf8_lossy(%s) disagrees with ICU:\n  ICU:     %s\n  unilane: %s",
             ut_hex16(s, n), ut_hex8(icu, (size_t)len), ut_hex8(ours, got));
    UT_CHECK(unilane_utf8_length_from_utf16(s, n) == (size_t)len,
             "utf8_length_from_utf16(%s) != ICU length %d", ut_hex16(s, n), (int)len);
    got = unilane_utf16_make_well_formed(s, n, wf);
    UT_CHECK(got == (size_t)subs, "utf16_make_well_formed(%s) replaced %zu, ICU substituted %d",
             ut_hex16(s, n), got, (int)subs);
}

START_TEST(ic_random_utf8)
{
    static unsigned char b[IC_MAX];
    static const int bads[] = { 0, 5, 50, 300, 1000 };
    ut_rng r;
    size_t it, n, m, iters = ut_iters(20000);
    ut_select(_i);
    ut_rng_init(&r, "ic_random_utf8", 0);
    for (it = 0; it < iters; it++) {
        n = ut_gen_utf8(&r, b, it % 5 == 0 ? ut_below(&r, IC_MAX) : ut_below(&r, 100), bads[it % 5],
                        (int)ut_below(&r, 800));
        ic_utf8(b, n);
        for (m = 0; m < 1 + ut_below(&r, 4); m++)
            n = ut_mutate_bytes(&r, b, n, IC_MAX);
        ic_utf8(b, n);
        /* arbitrary bytes */
        n = ut_below(&r, 64);
        for (m = 0; m < n; m++)
            b[m] = (unsigned char)ut_below(&r, 256);
        ic_utf8(b, n);
    }
    UT_DONE();
}
END_TEST

START_TEST(ic_random_utf16)
{
    static uint16_t u[IC_MAX];
    static const int bads[] = { 0, 5, 50, 300, 1000 };
    ut_rng r;
    size_t it, n, m, iters = ut_iters(20000);
    ut_select(_i);
    ut_rng_init(&r, "ic_random_utf16", 0);
    for (it = 0; it < iters; it++) {
        n = ut_gen_utf16(&r, u, it % 5 == 0 ? ut_below(&r, IC_MAX) : ut_below(&r, 100),
                         bads[it % 5], (int)ut_below(&r, 800));
        ic_utf16(u, n);
        for (m = 0; m < 1 + ut_below(&r, 4); m++)
            n = ut_mutate_units(&r, u, n, IC_MAX);
        ic_utf16(u, n);
        n = ut_below(&r, 32);
        for (m = 0; m < n; m++)
            u[m] =
                (uint16_t)(ut_below(&r, 2) ? 0xD800 + ut_below(&r, 0x800) : ut_below(&r, 0x10000));
        ic_utf16(u, n);
    }
    UT_DONE();
}
END_TEST

/* Every 1..3-byte prefix family of each lead: ICU agrees on the maximal subparts. */
START_TEST(ic_utf8_short_exhaustive)
{
    unsigned char b[3];
    uint32_t x;
    ut_select(_i);
    for (x = 0; x < 0x10000; x++) {
        b[0] = (unsigned char)(x >> 8);
        b[1] = (unsigned char)x;
        ic_utf8(b, 2);
        b[2] = 0x80;
        ic_utf8(b, 3);
        b[2] = 0xBF;
        ic_utf8(b, 3);
    }
    UT_DONE();
}
END_TEST

/* s[0..n) in context c: ICU on the padded buffer (ic_utf8), and the
   reference composed from the pieces (ut_check_bytes_ctx). */
static void ic_utf8_ctx(const unsigned char *s, size_t n, ut_ctx c)
{
    static unsigned char buf[IC_MAX];
    size_t len = ut_ctx_build_bytes(buf, s, n, c);
    ic_utf8(buf, len);
    ut_check_bytes_ctx(s, n, UT_F_LOSSY | UT_F_LENGTHS, c);
}

static void ic_utf16_ctx(const uint16_t *s, size_t n, ut_ctx c)
{
    static uint16_t buf[IC_MAX];
    size_t len = ut_ctx_build_units(buf, s, n, c);
    ic_utf16(buf, len);
    ut_check_units_ctx(s, n, UT_F_LOSSY | UT_F_WELLFORMED, c);
}

/* The SIMD kernels take every input; scalar (no vector blocks) every 4th. */
static unsigned ic_thin(int kernel)
{
    return strcmp(ut_kernels[kernel], "scalar") == 0 ? 4 : 1;
}

/* ic_utf8_short_exhaustive's inputs, each in one context drawn from the
   seed (lane offset 0..63, padding kinds before and after). */
START_TEST(ic_utf8_short_in_context)
{
    unsigned char b[3];
    uint32_t x, step = (ut_full() ? 1 : 23) * ic_thin(_i);
    ut_select(_i);
    printf("ic_utf8_short_in_context [%s]: every %u-th of the 65536 2-byte prefixes (+80, +BF), "
           "seed 0x%llx\n",
           ut_kernels[_i], step, (unsigned long long)ut_seed());
    fflush(stdout);
    for (x = (uint32_t)(ut_hash(0x1C0) % step); x < 0x10000; x += step) {
        b[0] = (unsigned char)(x >> 8);
        b[1] = (unsigned char)x;
        ic_utf8_ctx(b, 2, ut_ctx_hash(ut_hash(3 * x), UT_CTX_AUTO));
        b[2] = 0x80;
        ic_utf8_ctx(b, 3, ut_ctx_hash(ut_hash(3 * x + 1), UT_CTX_AUTO));
        b[2] = 0xBF;
        ic_utf8_ctx(b, 3, ut_ctx_hash(ut_hash(3 * x + 2), UT_CTX_AUTO));
    }
    UT_DONE();
}
END_TEST

/* Short arbitrary inputs (bytes, units biased to surrogates) in contexts. */
START_TEST(ic_short_random_in_context)
{
    static unsigned char b[64];
    static uint16_t u[32];
    ut_rng r;
    size_t it, n, m, iters = ut_iters(20000) / ic_thin(_i);
    ut_select(_i);
    ut_rng_init(&r, "ic_short_random_in_context", 0);
    for (it = 0; it < iters; it++) {
        n = 1 + ut_below(&r, 8);
        for (m = 0; m < n; m++)
            b[m] = (unsigned char)(ut_below(&r, 2) ? 0x80 + ut_below(&r, 0x80) : ut_below(&r, 256));
        ic_utf8_ctx(b, n, ut_ctx_hash(ut_rand(&r), UT_CTX_AUTO));
        n = 1 + ut_below(&r, 6);
        for (m = 0; m < n; m++)
            u[m] =
                (uint16_t)(ut_below(&r, 2) ? 0xD800 + ut_below(&r, 0x800) : ut_below(&r, 0x10000));
        ic_utf16_ctx(u, n, ut_ctx_hash(ut_rand(&r), UT_CTX_AUTO));
    }
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("icu");
    TCase *tc;
#define IC_CASE(fn)                            \
  tc = ut_tcase(#fn);                          \
  tcase_add_loop_test(tc, fn, 0, ut_nkernels); \
  suite_add_tcase(s, tc)
    IC_CASE(ic_random_utf8);
    IC_CASE(ic_random_utf16);
    IC_CASE(ic_utf8_short_exhaustive);
    IC_CASE(ic_utf8_short_in_context);
    IC_CASE(ic_short_random_in_context);
#undef IC_CASE
    return s;
}

int main(void)
{
    return ut_main(make_suite);
}
