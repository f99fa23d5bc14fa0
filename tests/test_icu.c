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
#include <unicode/utf16.h>
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

/* ------------------------------------------------------------------------ */
/* 0.2: modified UTF-8 (ICU's Java functions), WTF-8 (ICU's UTF-8 between   */
/* the unpaired surrogates, found with ICU's U16 macros), inspections        */
/* (lengths from ICU's conversions, widths from ICU's UTF-32)                */
/* ------------------------------------------------------------------------ */

/* The width of UTF-32 text (ICU's output). */
static unilane_width ic_width32(const UChar32 *c, int32_t n)
{
    unilane_width w = UNILANE_WIDTH_ASCII;
    int32_t i;
    for (i = 0; i < n; i++) {
        unilane_width x = c[i] < 0x80      ? UNILANE_WIDTH_ASCII
                          : c[i] <= 0xFF   ? UNILANE_WIDTH_LATIN1
                          : c[i] <= 0xFFFF ? UNILANE_WIDTH_BMP
                                           : UNILANE_WIDTH_ASTRAL;
        if (x > w)
            w = x;
    }
    return w;
}

static void ic_utf16_02(const uint16_t *s, size_t n)
{
    static char icu[3 * IC_MAX + 8], ours[3 * IC_MAX + 8];
    static unsigned char ref[3 * IC_MAX + 8];
    static UChar back[IC_MAX + 8];
    static uint16_t back16[IC_MAX + 8];
    static UChar32 u32[IC_MAX + 8];
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = 0, k = 0, subs = 0, i, start;
    size_t got, rn;
    unilane_result r;
    unilane_utf16_info info;

    /* modified UTF-8: u_strToJavaModifiedUTF8 and back */
    u_strToJavaModifiedUTF8(icu, 3 * IC_MAX + 8, &len, (const UChar *)s, (int32_t)n, &err);
    UT_CHECK(U_SUCCESS(err), "ICU u_strToJavaModifiedUTF8 failed: %s", u_errorName(err));
    got = unilane_utf16_to_mutf8(s, n, ours);
    UT_CHECK(got == (size_t)len && memcmp(ours, icu, got) == 0,
             "utf16_to_mutf8(%s) disagrees with ICU:\n  ICU:     %s\n  unilane: %s", ut_hex16(s, n),
             ut_hex8(icu, (size_t)len), ut_hex8(ours, got));
    rn = ref_utf16_to_mutf8(s, n, ref);
    UT_CHECK(rn == (size_t)len && memcmp(ref, icu, rn) == 0,
             "reference utf16_to_mutf8(%s) disagrees with ICU: %s", ut_hex16(s, n),
             ut_hex8(ref, rn));
    UT_CHECK(unilane_mutf8_length_from_utf16(s, n) == (size_t)len,
             "mutf8_length_from_utf16(%s) != ICU length %d", ut_hex16(s, n), (int)len);
    err = U_ZERO_ERROR;
    u_strFromJavaModifiedUTF8WithSub(back, IC_MAX + 8, &k, icu, len, U_SENTINEL, NULL, &err);
    UT_CHECK(U_SUCCESS(err) && (size_t)k == n && memcmp(back, s, n * 2) == 0,
             "ICU does not read back the modified UTF-8 of %s", ut_hex16(s, n));
    r = unilane_mutf8_to_utf16(icu, (size_t)len, back16);
    UT_CHECK(r.status == UNILANE_OK && r.written == n && memcmp(back16, s, n * 2) == 0,
             "mutf8_to_utf16(ICU's modified UTF-8 of %s): %s %zu", ut_hex16(s, n),
             unilane_status_string(r.status), r.read);

    /* WTF-8: ICU's UTF-8 of each run between unpaired surrogates, and each
       unpaired surrogate as the 3 bytes of its value (ICU's Java form of it) */
    len = 0;
    for (i = 0, start = 0; i <= (int32_t)n; i++) {
        int lone = 0;
        if (i < (int32_t)n && U16_IS_SURROGATE(s[i])) {
            if (U16_IS_LEAD(s[i]) && i + 1 < (int32_t)n && U16_IS_TRAIL(s[i + 1])) {
                i++;
                continue;
            }
            lone = 1;
        }
        if (i == (int32_t)n || lone) {
            err = U_ZERO_ERROR;
            u_strToUTF8(icu + len, 3 * IC_MAX + 8 - len, &k, (const UChar *)s + start, i - start,
                        &err);
            UT_CHECK(U_SUCCESS(err), "ICU u_strToUTF8 of a well-formed run failed: %s",
                     u_errorName(err));
            len += k;
            if (lone) {
                err = U_ZERO_ERROR;
                u_strToJavaModifiedUTF8(icu + len, 3 * IC_MAX + 8 - len, &k, (const UChar *)s + i,
                                        1, &err);
                len += k;
            }
            start = i + 1;
        }
    }
    got = unilane_utf16_to_wtf8(s, n, ours);
    UT_CHECK(got == (size_t)len && memcmp(ours, icu, got) == 0,
             "utf16_to_wtf8(%s) disagrees with ICU:\n  ICU:     %s\n  unilane: %s", ut_hex16(s, n),
             ut_hex8(icu, (size_t)len), ut_hex8(ours, got));
    rn = ref_utf16_to_wtf8(s, n, ref);
    UT_CHECK(rn == (size_t)len && memcmp(ref, icu, rn) == 0,
             "reference utf16_to_wtf8(%s) disagrees with ICU: %s", ut_hex16(s, n),
             ut_hex8(ref, rn));

    /* utf16_inspect: the length of ICU's UTF-8 with U+FFFD, the width of
       ICU's UTF-32 with U+FFFD (an unpaired surrogate is BMP) */
    err = U_ZERO_ERROR;
    u_strToUTF8WithSub(icu, 3 * IC_MAX + 8, &len, (const UChar *)s, (int32_t)n, 0xFFFD, &subs,
                       &err);
    err = U_ZERO_ERROR;
    u_strToUTF32WithSub(u32, IC_MAX + 8, &k, (const UChar *)s, (int32_t)n, 0xFFFD, NULL, &err);
    UT_CHECK(U_SUCCESS(err), "ICU u_strToUTF32WithSub failed: %s", u_errorName(err));
    info = unilane_utf16_inspect(s, n);
    UT_CHECK(info.utf8_length == (size_t)len && info.width == ic_width32(u32, k) &&
                 (info.status == UNILANE_OK) == (subs == 0),
             "utf16_inspect(%s) = {%s, %zu, len %zu, width %d}; ICU: length %d, width %d, %d "
             "substitutions",
             ut_hex16(s, n), unilane_status_string(info.status), info.read, info.utf8_length,
             (int)info.width, (int)len, (int)ic_width32(u32, k), (int)subs);
    {
        unilane_utf16_info ri = ref_utf16_inspect(s, n);
        UT_CHECK(ri.utf8_length == (size_t)len && ri.width == ic_width32(u32, k),
                 "reference utf16_inspect(%s) disagrees with ICU", ut_hex16(s, n));
    }
}

/* A decoder's strict result against ICU's strict conversion (`java`: the
   modified UTF-8 functions, else UTF-8): ICU converts src[0..read) to the
   same units, and (on error) fails on src[read..n). */
static void ic_strict_vs(const unsigned char *s, size_t n, unilane_result r, const uint16_t *out,
                         int java, const char *what)
{
    static UChar icu[IC_MAX + 8];
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = 0;
    if (java)
        u_strFromJavaModifiedUTF8WithSub(icu, IC_MAX + 8, &len, (const char *)s, (int32_t)r.read,
                                         U_SENTINEL, NULL, &err);
    else
        u_strFromUTF8(icu, IC_MAX + 8, &len, (const char *)s, (int32_t)r.read, &err);
    UT_CHECK(U_SUCCESS(err) && (size_t)len == r.written && memcmp(icu, out, r.written * 2) == 0,
             "%s(%s) = {%s, read %zu, written %zu}: ICU converts the first %zu bytes to %s (%s)",
             what, ut_hex8(s, n), unilane_status_string(r.status), r.read, r.written, r.read,
             ut_hex16((const uint16_t *)icu, (size_t)len), u_errorName(err));
    if (r.status != UNILANE_OK) {
        err = U_ZERO_ERROR;
        if (java)
            u_strFromJavaModifiedUTF8WithSub(icu, IC_MAX + 8, &len, (const char *)s + r.read,
                                             (int32_t)(n - r.read), U_SENTINEL, NULL, &err);
        else
            u_strFromUTF8(icu, IC_MAX + 8, &len, (const char *)s + r.read, (int32_t)(n - r.read),
                          &err);
        UT_CHECK(U_FAILURE(err), "%s(%s): error at %zu, but ICU accepts the rest", what,
                 ut_hex8(s, n), r.read);
    }
}

static void ic_utf8_02(const unsigned char *s, size_t n)
{
    static uint16_t out[IC_MAX + 8];
    static UChar icu[IC_MAX + 8];
    static UChar32 u32[IC_MAX + 8];
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = 0, k = 0;
    size_t i;
    int has_sur = 0;
    unilane_result r;
    unilane_utf8_info info;

    r = unilane_mutf8_to_utf16((const char *)s, n, out);
    ic_strict_vs(s, n, r, out, 1, "mutf8_to_utf16");
    r = ref_mutf8_to_utf16(s, n, out);
    ic_strict_vs(s, n, r, out, 1, "reference mutf8_to_utf16");
    /* without ED A0..BF, WTF-8 is UTF-8 */
    for (i = 0; i + 1 < n; i++)
        has_sur |= s[i] == 0xED && s[i + 1] >= 0xA0 && s[i + 1] <= 0xBF;
    if (!has_sur) {
        r = unilane_wtf8_to_utf16((const char *)s, n, out);
        ic_strict_vs(s, n, r, out, 0, "wtf8_to_utf16");
        r = ref_wtf8_to_utf16(s, n, out);
        ic_strict_vs(s, n, r, out, 0, "reference wtf8_to_utf16");
    }
    /* inspections: lengths and widths of ICU's conversions */
    u_strFromUTF8WithSub(icu, IC_MAX + 8, &len, (const char *)s, (int32_t)n, 0xFFFD, NULL, &err);
    err = U_ZERO_ERROR;
    u_strToUTF32(u32, IC_MAX + 8, &k, icu, len, &err);
    info = unilane_utf8_inspect_lossy((const char *)s, n);
    UT_CHECK(info.utf16_length == (size_t)len && info.width == ic_width32(u32, k),
             "utf8_inspect_lossy(%s) = {%s, %zu, len %zu, width %d}; ICU: length %d, width %d",
             ut_hex8(s, n), unilane_status_string(info.status), info.read, info.utf16_length,
             (int)info.width, (int)len, (int)ic_width32(u32, k));
    info = unilane_utf8_inspect((const char *)s, n);
    err = U_ZERO_ERROR;
    u_strFromUTF8(icu, IC_MAX + 8, &len, (const char *)s, (int32_t)info.read, &err);
    UT_CHECK(U_SUCCESS(err), "utf8_inspect(%s): read %zu, but ICU rejects that prefix",
             ut_hex8(s, n), info.read);
    err = U_ZERO_ERROR;
    u_strToUTF32(u32, IC_MAX + 8, &k, icu, len, &err);
    UT_CHECK(info.utf16_length == (size_t)len && info.width == ic_width32(u32, k),
             "utf8_inspect(%s) = {%s, %zu, len %zu, width %d}; ICU on the prefix: length %d, "
             "width %d",
             ut_hex8(s, n), unilane_status_string(info.status), info.read, info.utf16_length,
             (int)info.width, (int)len, (int)ic_width32(u32, k));
}

/* Random UTF-16 (lone surrogates, pairs, U+0000) and random bytes: WTF-8,
   modified UTF-8 and the inspections against ICU, for every kernel. */
START_TEST(ic_random_02)
{
    static uint16_t u[IC_MAX];
    static unsigned char b[IC_MAX];
    static const int bads[] = { 0, 5, 50, 300, 1000 };
    ut_rng r;
    size_t it, n, m, iters = ut_iters(6000);
    ut_select(_i);
    ut_rng_init(&r, "ic_random_02", 0);
    for (it = 0; it < iters; it++) {
        n = ut_gen_utf16(&r, u, it % 5 == 0 ? ut_below(&r, IC_MAX / 3) : ut_below(&r, 100),
                         bads[it % 5], (int)ut_below(&r, 800));
        if (n && it % 3 == 0)
            u[ut_below(&r, n)] = 0;
        ic_utf16_02(u, n);
        n = ut_below(&r, 24);
        for (m = 0; m < n; m++)
            u[m] =
                (uint16_t)(ut_below(&r, 2) ? 0xD800 + ut_below(&r, 0x800) : ut_below(&r, 0x10000));
        ic_utf16_02(u, n);
        /* bytes: UTF-8, its mutations, modified UTF-8 of random UTF-16, arbitrary bytes */
        n = ut_gen_utf8(&r, b, ut_below(&r, it % 5 == 0 ? IC_MAX : 100), bads[it % 5],
                        (int)ut_below(&r, 800));
        for (m = 0; m < ut_below(&r, 3); m++)
            n = ut_mutate_bytes(&r, b, n, IC_MAX);
        ic_utf8_02(b, n);
        n = ut_gen_utf16(&r, u, ut_below(&r, 60), bads[it % 5], 300);
        n = ref_utf16_to_mutf8(u, n, b);
        if (it % 2)
            n = ut_mutate_bytes(&r, b, n, IC_MAX);
        ic_utf8_02(b, n);
        n = ut_below(&r, 40);
        for (m = 0; m < n; m++)
            b[m] = (unsigned char)ut_below(&r, 256);
        ic_utf8_02(b, n);
    }
    UT_DONE();
}
END_TEST

/* Every 1- and 2-byte input, and every 3-byte one with a lead E0..EF and a
   set of third bytes: the modified UTF-8 and (without surrogates) WTF-8
   decoders and the inspections against ICU. */
START_TEST(ic_short_02)
{
    static const unsigned char thirds[] = { 0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF };
    unsigned char b[3];
    uint32_t x;
    size_t t;
    ut_select(_i);
    for (x = 0; x < 0x10000; x++) {
        b[0] = (unsigned char)(x >> 8);
        b[1] = (unsigned char)x;
        if (x < 0x100)
            ic_utf8_02(b + 1, 1);
        ic_utf8_02(b, 2);
        if (b[0] >= 0xE0 && b[0] <= 0xEF)
            for (t = 0; t < sizeof thirds; t++) {
                b[2] = thirds[t];
                ic_utf8_02(b, 3);
            }
    }
    for (x = 0; x < 0x10000; x += ut_full() ? 1 : 17) {
        uint16_t u[3] = { (uint16_t)x, 0x41, 0xD83D };
        ic_utf16_02(u, 1);
        ic_utf16_02(u, 3);
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
    IC_CASE(ic_random_02);
    IC_CASE(ic_short_02);
#undef IC_CASE
    return s;
}

int main(void)
{
    return ut_main(make_suite);
}
