/*
 * test_guard.c -- every function with its input ending flush against a
 * PROT_NONE page (and starting right after one), and its output of exactly
 * the needed size ending flush against one; lengths 0..300 and a few
 * longer ones; ASCII, Latin-1, valid and invalid UTF-8 and UTF-16, with the
 * interesting part (a truncated sequence, a lone surrogate) at the very end.
 * Outputs also start right after a PROT_NONE page, and the bytes before an
 * output that ends at a guard page hold a canary that must stay untouched.
 * A read or write past the buffer faults (the test then errors out).
 */
#include <signal.h>
#include <stdlib.h>

#include "common.h"

/* What is running, for the fault handler. */
static const char *gd_fn = "(none)";
static const char *gd_where = "";
static size_t gd_len;
static int gd_kind;
static const void *gd_inp;

static void gd_on_fault(int sig)
{
    fprintf(stderr, "\nFAULT (signal %d) [kernel %s] in %s, %s, len %zu, input kind %d: %s\n", sig,
            ut_cur < ut_nkernels ? ut_kernels[ut_cur] : "?", gd_fn, gd_where, gd_len, gd_kind,
            gd_fn[0] == 'u' && strstr(gd_fn, "utf16_") == gd_fn
                ? ut_hex16((const uint16_t *)gd_inp, gd_len)
                : ut_hex8(gd_inp, gd_len));
    fflush(stderr);
    signal(sig, SIG_DFL);
    raise(sig);
}

#define GD_AT(name) (gd_fn = (name))

#define GD_MAX 1100
#define GD_OUT (3 * GD_MAX * 2 + 64)

static ut_guard gd_in_end, gd_in_start, gd_out, gd_out_start;

static void gd_setup(void)
{
    signal(SIGSEGV, gd_on_fault);
    signal(SIGBUS, gd_on_fault);
    ut_guard_alloc(&gd_in_end, GD_MAX * 2, 1);
    ut_guard_alloc(&gd_in_start, GD_MAX * 2, 0);
    ut_guard_alloc(&gd_out, GD_OUT, 1);
    ut_guard_alloc(&gd_out_start, GD_OUT, 0);
}

static void gd_teardown(void)
{
    ut_guard_free(&gd_in_end);
    ut_guard_free(&gd_in_start);
    ut_guard_free(&gd_out);
    ut_guard_free(&gd_out_start);
}

/* Where outputs go: 0 ends them flush against the guard page after gd_out,
   with a canary in the GD_PRE bytes before dst; 1 starts them right after
   the guard page before gd_out_start (a write before dst faults). */
static int gd_out_mode;
static unsigned char *gd_dst;
#define GD_PRE    32
#define GD_CANARY 0xA5

/* An output of `bytes` bytes at the place gd_out_mode says. */
static void *gd_outp(size_t bytes)
{
    if (gd_out_mode)
        return gd_dst = gd_out_start.ptr;
    gd_dst = gd_out.ptr + GD_OUT - bytes;
    memset(gd_dst - GD_PRE, GD_CANARY, GD_PRE);
    return gd_dst;
}

/* 0, or k when dst[-k] is the farthest changed canary byte. */
static size_t gd_pre_changed(void)
{
    size_t k, far = 0;
    if (gd_out_mode)
        return 0;
    for (k = 1; k <= GD_PRE; k++)
        if (gd_dst[-(long)k] != GD_CANARY)
            far = k;
    return far;
}

#define GD_PRE_CHECK(where, n)                                                                  \
  do {                                                                                          \
    size_t far_ = gd_pre_changed();                                                             \
    UT_CHECK(far_ == 0, "%s %s len %zu: wrote dst[-%zu] before dst", gd_fn, where, (size_t)(n), \
             far_);                                                                             \
  } while (0)

#define GD_RES_OK(g, e) \
  ((g).status == (e).status && (g).read == (e).read && (g).written == (e).written)

static void gd_bytes(const unsigned char *in, size_t n, const char *where)
{
    static unsigned char r8[3 * GD_MAX];
    static uint16_t r16[GD_MAX];
    const char *c = (const char *)in;
    unilane_result g, e;
    size_t gn, en, k;
    void *o;

    gd_where = where;
    gd_len = n;
    gd_inp = in;
    for (k = 0; k < n && in[k] < 0x80; k++)
        ;
    UT_CHECK((GD_AT("ascii_prefix"), unilane_ascii_prefix)(c, n) == k, "ascii_prefix %s len %zu",
             where, n);
    e = ref_validate_utf8(in, n);
    g = (GD_AT("validate_utf8"), unilane_validate_utf8)(c, n);
    UT_CHECK(GD_RES_OK(g, e), "validate_utf8 %s len %zu: %s at %zu", where, n,
             unilane_status_string(g.status), g.read);

    e = ref_utf8_to_utf16(in, n, r16);
    o = gd_outp(e.written * 2);
    g = (GD_AT("utf8_to_utf16"), unilane_utf8_to_utf16)(c, n, (uint16_t *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(GD_RES_OK(g, e) && memcmp(o, r16, e.written * 2) == 0, "utf8_to_utf16 %s len %zu (%s)",
             where, n, ut_hex8(in, n));
    en = ref_utf8_to_utf16_lossy(in, n, r16);
    o = gd_outp(en * 2);
    gn = (GD_AT("utf8_to_utf16_lossy"), unilane_utf8_to_utf16_lossy)(c, n, (uint16_t *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(gn == en && memcmp(o, r16, en * 2) == 0, "utf8_to_utf16_lossy %s len %zu (%s)", where,
             n, ut_hex8(in, n));
    UT_CHECK((GD_AT("utf16_length_from_utf8_lossy"), unilane_utf16_length_from_utf8_lossy)(c, n) ==
                 en,
             "utf16_length_from_utf8_lossy %s len %zu", where, n);
    UT_CHECK((GD_AT("utf16_length_from_utf8"), unilane_utf16_length_from_utf8)(c, n) ==
                 ref_utf16_length_from_utf8_formula(in, n),
             "utf16_length_from_utf8 %s len %zu", where, n);
    e = ref_utf8_to_latin1(in, n, r8);
    o = gd_outp(e.written);
    g = (GD_AT("utf8_to_latin1"), unilane_utf8_to_latin1)(c, n, (char *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(GD_RES_OK(g, e) && memcmp(o, r8, e.written) == 0, "utf8_to_latin1 %s len %zu (%s)",
             where, n, ut_hex8(in, n));

    en = ref_latin1_to_utf8(in, n, r8);
    o = gd_outp(en);
    gn = (GD_AT("latin1_to_utf8"), unilane_latin1_to_utf8)(c, n, (char *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(gn == en && memcmp(o, r8, en) == 0, "latin1_to_utf8 %s len %zu", where, n);
    UT_CHECK((GD_AT("utf8_length_from_latin1"), unilane_utf8_length_from_latin1)(c, n) == en,
             "utf8_length_from_latin1 %s len %zu", where, n);
    o = gd_outp(n * 2);
    gn = (GD_AT("latin1_to_utf16"), unilane_latin1_to_utf16)(c, n, (uint16_t *)o);
    GD_PRE_CHECK(where, n);
    ref_latin1_to_utf16(in, n, r16);
    UT_CHECK(gn == n && memcmp(o, r16, n * 2) == 0, "latin1_to_utf16 %s len %zu", where, n);
    (void)(GD_AT("detect_bom"), unilane_detect_bom)(in, n, &k);

    /* 0.2: WTF-8, modified UTF-8, inspections, bounded Latin-1 */
    e = ref_validate_wtf8(in, n);
    g = (GD_AT("validate_wtf8"), unilane_validate_wtf8)(c, n);
    UT_CHECK(GD_RES_OK(g, e), "validate_wtf8 %s len %zu (%s)", where, n, ut_hex8(in, n));
    e = ref_wtf8_to_utf16(in, n, r16);
    o = gd_outp(e.written * 2);
    g = (GD_AT("wtf8_to_utf16"), unilane_wtf8_to_utf16)(c, n, (uint16_t *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(GD_RES_OK(g, e) && memcmp(o, r16, e.written * 2) == 0, "wtf8_to_utf16 %s len %zu (%s)",
             where, n, ut_hex8(in, n));
    e = ref_mutf8_to_utf16(in, n, r16);
    o = gd_outp(e.written * 2);
    g = (GD_AT("mutf8_to_utf16"), unilane_mutf8_to_utf16)(c, n, (uint16_t *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(GD_RES_OK(g, e) && memcmp(o, r16, e.written * 2) == 0,
             "mutf8_to_utf16 %s len %zu (%s)", where, n, ut_hex8(in, n));
    {
        unilane_utf8_info ei = ref_utf8_inspect(in, n, 0), gi;
        gi = (GD_AT("utf8_inspect"), unilane_utf8_inspect)(c, n);
        UT_CHECK(gi.status == ei.status && gi.read == ei.read &&
                     gi.utf16_length == ei.utf16_length && gi.width == ei.width,
                 "utf8_inspect %s len %zu (%s)", where, n, ut_hex8(in, n));
        ei = ref_utf8_inspect(in, n, 1);
        gi = (GD_AT("utf8_inspect_lossy"), unilane_utf8_inspect_lossy)(c, n);
        UT_CHECK(gi.status == ei.status && gi.read == ei.read &&
                     gi.utf16_length == ei.utf16_length && gi.width == ei.width,
                 "utf8_inspect_lossy %s len %zu (%s)", where, n, ut_hex8(in, n));
    }
    /* bounded: the output region is exactly cap bytes, for cap = the exact
       length and one less (a 2-byte character then stops before the guard) */
    en = ref_latin1_to_utf8(in, n, r8);
    for (k = 0; k < 2 && k <= en; k++) {
        e = ref_latin1_to_utf8_bounded(in, n, r8, en - k);
        o = gd_outp(en - k);
        g = (GD_AT("latin1_to_utf8_bounded"), unilane_latin1_to_utf8_bounded)(c, n, (char *)o,
                                                                              en - k);
        GD_PRE_CHECK(where, n);
        UT_CHECK(GD_RES_OK(g, e) && memcmp(o, r8, e.written) == 0,
                 "latin1_to_utf8_bounded %s len %zu cap %zu", where, n, en - k);
    }

    /* streaming, one final call with exactly the needed capacity */
    {
        unilane_utf8_decoder d;
        int mode;
        for (mode = UNILANE_STRICT; mode <= UNILANE_LOSSY; mode++) {
            if (mode == UNILANE_LOSSY) {
                en = ref_utf8_to_utf16_lossy(in, n, r16);
                e.status = UNILANE_OK;
                e.read = n;
            } else {
                e = ref_utf8_to_utf16(in, n, r16);
                en = e.written;
            }
            o = gd_outp(en * 2);
            unilane_utf8_decoder_init(&d, mode);
            g = (GD_AT("utf8_decode"), unilane_utf8_decode)(&d, c, n, (uint16_t *)o, en, 1);
            GD_PRE_CHECK(where, n);
            UT_CHECK(g.status == e.status && g.written == en && memcmp(o, r16, en * 2) == 0,
                     "utf8_decode(%s) %s len %zu: %s written %zu, expected %s %zu",
                     mode ? "lossy" : "strict", where, n, unilane_status_string(g.status),
                     g.written, unilane_status_string(e.status), en);
        }
    }
}

static void gd_units(const uint16_t *in, size_t n, const char *where)
{
    static unsigned char r8[3 * GD_MAX];
    static uint16_t r16[GD_MAX];
    unilane_result g, e;
    size_t gn, en, k;
    void *o;

    gd_where = where;
    gd_len = n;
    gd_inp = in;
    for (k = 0; k < n && in[k] < 0x80; k++)
        ;
    UT_CHECK((GD_AT("utf16_ascii_prefix"), unilane_utf16_ascii_prefix)(in, n) == k,
             "utf16_ascii_prefix %s len %zu", where, n);
    for (k = 0; k < n && in[k] <= 0xFF; k++)
        ;
    UT_CHECK((GD_AT("utf16_latin1_prefix"), unilane_utf16_latin1_prefix)(in, n) == k,
             "utf16_latin1_prefix %s len %zu", where, n);
    e = ref_validate_utf16(in, n);
    g = (GD_AT("validate_utf16"), unilane_validate_utf16)(in, n);
    UT_CHECK(GD_RES_OK(g, e), "validate_utf16 %s len %zu", where, n);
    e = ref_utf16_to_latin1(in, n, r8);
    o = gd_outp(e.written);
    g = (GD_AT("utf16_to_latin1"), unilane_utf16_to_latin1)(in, n, (char *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(GD_RES_OK(g, e) && memcmp(o, r8, e.written) == 0, "utf16_to_latin1 %s len %zu", where,
             n);
    e = ref_utf16_to_utf8(in, n, r8);
    o = gd_outp(e.written);
    g = (GD_AT("utf16_to_utf8"), unilane_utf16_to_utf8)(in, n, (char *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(GD_RES_OK(g, e) && memcmp(o, r8, e.written) == 0, "utf16_to_utf8 %s len %zu (%s)",
             where, n, ut_hex16(in, n));
    en = ref_utf16_to_utf8_lossy(in, n, r8);
    o = gd_outp(en);
    gn = (GD_AT("utf16_to_utf8_lossy"), unilane_utf16_to_utf8_lossy)(in, n, (char *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(gn == en && memcmp(o, r8, en) == 0, "utf16_to_utf8_lossy %s len %zu (%s)", where, n,
             ut_hex16(in, n));
    UT_CHECK((GD_AT("utf8_length_from_utf16"), unilane_utf8_length_from_utf16)(in, n) == en,
             "utf8_length_from_utf16 %s len %zu", where, n);
    en = ref_utf16_make_well_formed(in, n, r16);
    o = gd_outp(n * 2);
    gn = (GD_AT("utf16_make_well_formed"), unilane_utf16_make_well_formed)(in, n, (uint16_t *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(gn == en && memcmp(o, r16, n * 2) == 0, "utf16_make_well_formed %s len %zu", where, n);

    /* 0.2 */
    en = ref_utf16_to_wtf8(in, n, r8);
    o = gd_outp(en);
    gn = (GD_AT("utf16_to_wtf8"), unilane_utf16_to_wtf8)(in, n, (char *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(gn == en && memcmp(o, r8, en) == 0, "utf16_to_wtf8 %s len %zu (%s)", where, n,
             ut_hex16(in, n));
    en = ref_utf16_to_mutf8(in, n, r8);
    o = gd_outp(en);
    gn = (GD_AT("utf16_to_mutf8"), unilane_utf16_to_mutf8)(in, n, (char *)o);
    GD_PRE_CHECK(where, n);
    UT_CHECK(gn == en && memcmp(o, r8, en) == 0, "utf16_to_mutf8 %s len %zu (%s)", where, n,
             ut_hex16(in, n));
    UT_CHECK((GD_AT("mutf8_length_from_utf16"), unilane_mutf8_length_from_utf16)(in, n) == en,
             "mutf8_length_from_utf16 %s len %zu", where, n);
    {
        unilane_utf16_info ei = ref_utf16_inspect(in, n), gi;
        gi = (GD_AT("utf16_inspect"), unilane_utf16_inspect)(in, n);
        UT_CHECK(gi.status == ei.status && gi.read == ei.read && gi.utf8_length == ei.utf8_length &&
                     gi.width == ei.width,
                 "utf16_inspect %s len %zu (%s)", where, n, ut_hex16(in, n));
    }
    {
        unilane_utf8_encoder d;
        int mode;
        for (mode = UNILANE_STRICT; mode <= UNILANE_LOSSY; mode++) {
            if (mode == UNILANE_LOSSY) {
                en = ref_utf16_to_utf8_lossy(in, n, r8);
                e.status = UNILANE_OK;
            } else {
                e = ref_utf16_to_utf8(in, n, r8);
                en = e.written;
            }
            o = gd_outp(en);
            unilane_utf8_encoder_init(&d, mode);
            g = (GD_AT("utf8_encode"), unilane_utf8_encode)(&d, in, n, (char *)o, en, 1);
            GD_PRE_CHECK(where, n);
            UT_CHECK(g.status == e.status && g.written == en && memcmp(o, r8, en) == 0,
                     "utf8_encode(%s) %s len %zu: %s written %zu", mode ? "lossy" : "strict", where,
                     n, unilane_status_string(g.status), g.written);
        }
    }
}

/* Input kinds; the last character is made interesting. */
static size_t gd_make_bytes(ut_rng *r, unsigned char *b, size_t n, int kind)
{
    size_t k = 0, i;
    switch (kind) {
    case 0: /* ASCII */
        for (i = 0; i < n; i++)
            b[i] = (unsigned char)(0x20 + (i * 7) % 95);
        return n;
    case 1: /* Latin-1 bytes */
        for (i = 0; i < n; i++)
            b[i] = (unsigned char)ut_below(r, 256);
        return n;
    case 2: /* valid UTF-8, exactly n bytes (pad with ASCII) */
        k = ut_gen_utf8(r, b, n, 0, 300);
        while (k < n)
            b[k++] = 'z';
        return n;
    case 3: /* valid UTF-8 with a truncated sequence at the very end */
        k = ut_gen_utf8(r, b, n, 0, 300);
        while (k < n)
            b[k++] = 'z';
        if (n >= 1)
            b[n - 1] = 0xE4;
        if (n >= 2)
            b[n - 2] = 0xF0, b[n - 1] = 0x9F;
        if (n >= 3 && n % 3 == 0)
            b[n - 3] = 0xF0, b[n - 2] = 0x9F, b[n - 1] = 0x98;
        return n;
    case 5: /* WTF-8 of UTF-16 with lone surrogates, ending in one (or cut in one) */
    case 6: /* modified UTF-8, ending in C0 80 (or a cut 3-byte sequence) */
    {
        static uint16_t u[GD_MAX];
        static unsigned char t[3 * GD_MAX + 8];
        size_t m = ut_gen_utf16(r, u, n / 2 + 1, 100, 300);
        if (m)
            u[m - 1] = kind == 5 ? 0xDBFF : 0x0000;
        k = kind == 5 ? ref_utf16_to_wtf8(u, m, t) : ref_utf16_to_mutf8(u, m, t);
        if (k >= n) {
            memcpy(b, t + (k - n), n); /* the end of it: may start inside a sequence */
        } else {
            for (i = 0; i < n - k; i++)
                b[i] = 'w';
            memcpy(b + n - k, t, k);
        }
        if (n % 3 == 1 && n >= 2) /* cut: ED A0 / E4 B8 at the very end */
            b[n - 2] = 0xED, b[n - 1] = kind == 5 ? 0xA0 : 0xB8;
        return n;
    }
    default: /* invalid mixture */
        k = ut_gen_utf8(r, b, n, 200, 300);
        while (k < n)
            b[k++] = 0x80;
        return n;
    }
}

static size_t gd_make_units(ut_rng *r, uint16_t *b, size_t n, int kind)
{
    size_t k = 0, i;
    switch (kind) {
    case 0:
        for (i = 0; i < n; i++)
            b[i] = (uint16_t)(0x20 + (i * 7) % 95);
        return n;
    case 1:
        for (i = 0; i < n; i++)
            b[i] = (uint16_t)ut_below(r, 256);
        return n;
    case 2:
        k = ut_gen_utf16(r, b, n, 0, 300);
        while (k < n)
            b[k++] = 0x4E2D;
        return n;
    case 3: /* a lone high surrogate at the very end */
        k = ut_gen_utf16(r, b, n, 0, 300);
        while (k < n)
            b[k++] = 0xE9;
        if (n)
            b[n - 1] = 0xD83D;
        return n;
    case 5: /* a pair at the very end */
    case 6: /* U+0000 (C0 80 in modified UTF-8) at the very end, after a lone low surrogate */
        k = ut_gen_utf16(r, b, n, 50, 300);
        while (k < n)
            b[k++] = 0x7FF;
        if (n >= 2 && kind == 5)
            b[n - 2] = 0xD83D, b[n - 1] = 0xDE00;
        if (n >= 2 && kind == 6)
            b[n - 2] = 0xDC00, b[n - 1] = 0;
        return n;
    default:
        k = ut_gen_utf16(r, b, n, 200, 300);
        while (k < n)
            b[k++] = 0xDC00;
        return n;
    }
}

static const size_t gd_long[] = { 511, 512, 513, 1000, 1023, 1024, GD_MAX };

START_TEST(gd_all_functions)
{
    static unsigned char tb[GD_MAX];
    static uint16_t tu[GD_MAX];
    ut_rng r;
    size_t n, li;
    int kind;
    ut_select(_i);
    ut_rng_init(&r, "gd_all_functions", 0);
    for (li = 0; li <= 300 + sizeof gd_long / sizeof gd_long[0]; li++) {
        n = li <= 300 ? li : gd_long[li - 301];
        for (kind = 0; kind < 7; kind++) {
            gd_kind = kind;
            unsigned char *pe = gd_in_end.ptr + GD_MAX * 2 - n;
            uint16_t *ue = (uint16_t *)(void *)(gd_in_end.ptr + GD_MAX * 2 - 2 * n);
            gd_make_bytes(&r, tb, n, kind);
            memcpy(pe, tb, n);
            gd_out_mode = 0;
            gd_bytes(pe, n, "input at end, output at end");
            memcpy(gd_in_start.ptr, tb, n);
            gd_out_mode = 1;
            gd_bytes(gd_in_start.ptr, n, "input at start, output at start");
            gd_make_units(&r, tu, n, kind);
            memcpy(ue, tu, 2 * n);
            gd_out_mode = 0;
            gd_units(ue, n, "input at end, output at end");
            memcpy(gd_in_start.ptr, tu, 2 * n);
            gd_out_mode = 1;
            gd_units((const uint16_t *)(void *)gd_in_start.ptr, n,
                     "input at start, output at start");
        }
    }
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("guard");
    TCase *tc = ut_tcase("gd_all_functions");
    tcase_add_checked_fixture(tc, gd_setup, gd_teardown);
    tcase_add_loop_test(tc, gd_all_functions, 0, ut_nkernels);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    ut_require_all_ops = 1; /* this suite calls every operation */
    return ut_main(make_suite);
}
