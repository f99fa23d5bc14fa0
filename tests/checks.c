/*
 * checks.c -- see checks.h.
 */
#include "checks.h"

#define UT_SLACK 32
#define UT_CANARY8 0xA5
#define UT_CANARY16 0xA5A5

static unsigned char ut_o8[3 * UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_r8[3 * UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_o16[UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_r16[UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_inplace[UT_CHECK_MAX];

/* Index of the first canary byte/unit that changed in [from, to), or to. */
static size_t ut_canary8(size_t from, size_t to)
{
    size_t i;
    for (i = from; i < to; i++)
        if (ut_o8[i] != UT_CANARY8)
            return i;
    return to;
}

static size_t ut_canary16(size_t from, size_t to)
{
    size_t i;
    for (i = from; i < to; i++)
        if (ut_o16[i] != UT_CANARY16)
            return i;
    return to;
}

static void ut_fill8(size_t n)
{
    memset(ut_o8, UT_CANARY8, n);
}

static void ut_fill16(size_t n)
{
    memset(ut_o16, UT_CANARY8, n * 2);
}

#define UT_RES_FMT "{%s, read %zu, written %zu}"
#define UT_RES(r) unilane_status_string((r).status), (r).read, (r).written
#define UT_SAME(a, b) ((a).status == (b).status && (a).read == (b).read && (a).written == (b).written)

void ut_check_bytes(const unsigned char *s, size_t n, int mask)
{
    const char *c = (const char *)s;
    unilane_result g, e;
    size_t gn, en, k, bound;

    if (n > UT_CHECK_MAX)
        ck_abort_msg("input too long for the check helpers: %zu", n);
    if (mask & UT_F_PREFIX) {
        for (k = 0; k < n && s[k] < 0x80; k++)
            ;
        gn = unilane_ascii_prefix(c, n);
        UT_CHECK(gn == k, "ascii_prefix(%s): expected %zu, got %zu", ut_hex8(s, n), k, gn);
    }
    if (mask & UT_F_VALIDATE) {
        e = ref_validate_utf8(s, n);
        g = unilane_validate_utf8(c, n);
        UT_CHECK(UT_SAME(g, e), "validate_utf8(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 ut_hex8(s, n), UT_RES(e), UT_RES(g));
    }
    if (mask & UT_F_STRICT) {
        bound = n;
        e = ref_utf8_to_utf16(s, n, ut_r16);
        ut_fill16(bound + UT_SLACK);
        g = unilane_utf8_to_utf16(c, n, ut_o16);
        UT_CHECK(UT_SAME(g, e), "utf8_to_utf16(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 ut_hex8(s, n), UT_RES(e), UT_RES(g));
        UT_CHECK(memcmp(ut_o16, ut_r16, e.written * 2) == 0,
                 "utf8_to_utf16(%s): output expected %s, got %s", ut_hex8(s, n),
                 ut_hex16(ut_r16, e.written), ut_hex16(ut_o16, e.written));
        k = ut_canary16(e.written, bound + UT_SLACK);
        UT_CHECK(k == bound + UT_SLACK, "utf8_to_utf16(%s): wrote unit %zu past written %zu",
                 ut_hex8(s, n), k, e.written);
        if ((mask & UT_F_LENGTHS) && e.status == UNILANE_OK) {
            gn = unilane_utf16_length_from_utf8(c, n);
            UT_CHECK(gn == g.written, "utf16_length_from_utf8(%s) = %zu but utf8_to_utf16 wrote %zu",
                     ut_hex8(s, n), gn, g.written);
        }
    }
    if (mask & UT_F_LOSSY) {
        bound = n;
        en = ref_utf8_to_utf16_lossy(s, n, ut_r16);
        ut_fill16(bound + UT_SLACK);
        gn = unilane_utf8_to_utf16_lossy(c, n, ut_o16);
        UT_CHECK(gn == en && memcmp(ut_o16, ut_r16, en * 2) == 0,
                 "utf8_to_utf16_lossy(%s): expected %s, got %s", ut_hex8(s, n),
                 ut_hex16(ut_r16, en), ut_hex16(ut_o16, gn));
        k = ut_canary16(en, bound + UT_SLACK);
        UT_CHECK(k == bound + UT_SLACK, "utf8_to_utf16_lossy(%s): wrote unit %zu past written %zu",
                 ut_hex8(s, n), k, en);
        if (mask & UT_F_LENGTHS) {
            k = unilane_utf16_length_from_utf8_lossy(c, n);
            UT_CHECK(k == en && k == gn,
                     "utf16_length_from_utf8_lossy(%s): expected %zu, got %zu (converter wrote %zu)",
                     ut_hex8(s, n), en, k, gn);
        }
    }
    if (mask & UT_F_LATIN1) {
        bound = n;
        e = ref_utf8_to_latin1(s, n, ut_r8);
        ut_fill8(bound + UT_SLACK);
        g = unilane_utf8_to_latin1(c, n, (char *)ut_o8);
        UT_CHECK(UT_SAME(g, e), "utf8_to_latin1(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 ut_hex8(s, n), UT_RES(e), UT_RES(g));
        UT_CHECK(memcmp(ut_o8, ut_r8, e.written) == 0, "utf8_to_latin1(%s): output %s, expected %s",
                 ut_hex8(s, n), ut_hex8(ut_o8, e.written), ut_hex8(ut_r8, e.written));
        k = ut_canary8(e.written, bound + UT_SLACK);
        UT_CHECK(k == bound + UT_SLACK, "utf8_to_latin1(%s): wrote byte %zu past written %zu",
                 ut_hex8(s, n), k, e.written);
        if ((mask & UT_F_LENGTHS) && e.status == UNILANE_OK) {
            gn = unilane_utf16_length_from_utf8(c, n);
            UT_CHECK(gn == g.written, "utf16_length_from_utf8(%s) = %zu but utf8_to_latin1 wrote %zu",
                     ut_hex8(s, n), gn, g.written);
        }
    }
    if (mask & UT_F_LENGTHS) {
        en = ref_utf16_length_from_utf8_formula(s, n);
        gn = unilane_utf16_length_from_utf8(c, n);
        UT_CHECK(gn == en, "utf16_length_from_utf8(%s): expected %zu (API.md formula), got %zu",
                 ut_hex8(s, n), en, gn);
    }
    if (mask & UT_F_FROM_LATIN1) {
        bound = 2 * n;
        en = ref_latin1_to_utf8(s, n, ut_r8);
        ut_fill8(bound + UT_SLACK);
        gn = unilane_latin1_to_utf8(c, n, (char *)ut_o8);
        UT_CHECK(gn == en && memcmp(ut_o8, ut_r8, en) == 0, "latin1_to_utf8(%s): expected %s, got %s",
                 ut_hex8(s, n), ut_hex8(ut_r8, en), ut_hex8(ut_o8, gn));
        k = ut_canary8(en, bound + UT_SLACK);
        UT_CHECK(k == bound + UT_SLACK, "latin1_to_utf8(%s): wrote byte %zu past written %zu",
                 ut_hex8(s, n), k, en);
        k = unilane_utf8_length_from_latin1(c, n);
        UT_CHECK(k == en, "utf8_length_from_latin1(%s): expected %zu, got %zu", ut_hex8(s, n), en, k);
        en = ref_latin1_to_utf16(s, n, ut_r16);
        ut_fill16(n + UT_SLACK);
        gn = unilane_latin1_to_utf16(c, n, ut_o16);
        UT_CHECK(gn == en && memcmp(ut_o16, ut_r16, en * 2) == 0,
                 "latin1_to_utf16(%s): expected %s, got %s", ut_hex8(s, n), ut_hex16(ut_r16, en),
                 ut_hex16(ut_o16, gn));
        k = ut_canary16(en, n + UT_SLACK);
        UT_CHECK(k == n + UT_SLACK, "latin1_to_utf16(%s): wrote unit %zu past written %zu",
                 ut_hex8(s, n), k, en);
    }
}

void ut_check_units(const uint16_t *s, size_t n, int mask)
{
    unilane_result g, e;
    size_t gn, en, k, bound;

    if (n > UT_CHECK_MAX)
        ck_abort_msg("input too long for the check helpers: %zu", n);
    if (mask & UT_F_PREFIX) {
        for (k = 0; k < n && s[k] < 0x80; k++)
            ;
        gn = unilane_utf16_ascii_prefix(s, n);
        UT_CHECK(gn == k, "utf16_ascii_prefix(%s): expected %zu, got %zu", ut_hex16(s, n), k, gn);
        for (k = 0; k < n && s[k] <= 0xFF; k++)
            ;
        gn = unilane_utf16_latin1_prefix(s, n);
        UT_CHECK(gn == k, "utf16_latin1_prefix(%s): expected %zu, got %zu", ut_hex16(s, n), k, gn);
    }
    if (mask & UT_F_VALIDATE) {
        e = ref_validate_utf16(s, n);
        g = unilane_validate_utf16(s, n);
        UT_CHECK(UT_SAME(g, e), "validate_utf16(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 ut_hex16(s, n), UT_RES(e), UT_RES(g));
    }
    if (mask & UT_F_STRICT) {
        bound = 3 * n;
        e = ref_utf16_to_utf8(s, n, ut_r8);
        ut_fill8(bound + UT_SLACK);
        g = unilane_utf16_to_utf8(s, n, (char *)ut_o8);
        UT_CHECK(UT_SAME(g, e), "utf16_to_utf8(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 ut_hex16(s, n), UT_RES(e), UT_RES(g));
        UT_CHECK(memcmp(ut_o8, ut_r8, e.written) == 0, "utf16_to_utf8(%s): output %s, expected %s",
                 ut_hex16(s, n), ut_hex8(ut_o8, e.written), ut_hex8(ut_r8, e.written));
        k = ut_canary8(e.written, bound + UT_SLACK);
        UT_CHECK(k == bound + UT_SLACK, "utf16_to_utf8(%s): wrote byte %zu past written %zu",
                 ut_hex16(s, n), k, e.written);
        if ((mask & UT_F_LENGTHS) && e.status == UNILANE_OK) {
            gn = unilane_utf8_length_from_utf16(s, n);
            UT_CHECK(gn == g.written, "utf8_length_from_utf16(%s) = %zu but utf16_to_utf8 wrote %zu",
                     ut_hex16(s, n), gn, g.written);
        }
    }
    if (mask & UT_F_LOSSY) {
        bound = 3 * n;
        en = ref_utf16_to_utf8_lossy(s, n, ut_r8);
        ut_fill8(bound + UT_SLACK);
        gn = unilane_utf16_to_utf8_lossy(s, n, (char *)ut_o8);
        UT_CHECK(gn == en && memcmp(ut_o8, ut_r8, en) == 0,
                 "utf16_to_utf8_lossy(%s): expected %s, got %s", ut_hex16(s, n), ut_hex8(ut_r8, en),
                 ut_hex8(ut_o8, gn));
        k = ut_canary8(en, bound + UT_SLACK);
        UT_CHECK(k == bound + UT_SLACK, "utf16_to_utf8_lossy(%s): wrote byte %zu past written %zu",
                 ut_hex16(s, n), k, en);
        if (mask & UT_F_LENGTHS) {
            k = unilane_utf8_length_from_utf16(s, n);
            UT_CHECK(k == en && k == gn,
                     "utf8_length_from_utf16(%s): expected %zu, got %zu (lossy converter wrote %zu)",
                     ut_hex16(s, n), en, k, gn);
        }
    }
    if (mask & UT_F_LATIN1) {
        bound = n;
        e = ref_utf16_to_latin1(s, n, ut_r8);
        ut_fill8(bound + UT_SLACK);
        g = unilane_utf16_to_latin1(s, n, (char *)ut_o8);
        UT_CHECK(UT_SAME(g, e), "utf16_to_latin1(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 ut_hex16(s, n), UT_RES(e), UT_RES(g));
        UT_CHECK(memcmp(ut_o8, ut_r8, e.written) == 0, "utf16_to_latin1(%s): output %s, expected %s",
                 ut_hex16(s, n), ut_hex8(ut_o8, e.written), ut_hex8(ut_r8, e.written));
        k = ut_canary8(e.written, bound + UT_SLACK);
        UT_CHECK(k == bound + UT_SLACK, "utf16_to_latin1(%s): wrote byte %zu past written %zu",
                 ut_hex16(s, n), k, e.written);
    }
    if (mask & UT_F_WELLFORMED) {
        en = ref_utf16_make_well_formed(s, n, ut_r16);
        ut_fill16(n + UT_SLACK);
        gn = unilane_utf16_make_well_formed(s, n, ut_o16);
        UT_CHECK(gn == en && memcmp(ut_o16, ut_r16, n * 2) == 0,
                 "utf16_make_well_formed(%s): expected %zu %s, got %zu %s", ut_hex16(s, n), en,
                 ut_hex16(ut_r16, n), gn, ut_hex16(ut_o16, n));
        k = ut_canary16(n, n + UT_SLACK);
        UT_CHECK(k == n + UT_SLACK, "utf16_make_well_formed(%s): wrote unit %zu past len %zu",
                 ut_hex16(s, n), k, n);
        if (n)
            memcpy(ut_inplace, s, n * 2);
        gn = unilane_utf16_make_well_formed(ut_inplace, n, ut_inplace);
        UT_CHECK(gn == en && memcmp(ut_inplace, ut_r16, n * 2) == 0,
                 "utf16_make_well_formed(%s) in place: expected %zu %s, got %zu %s", ut_hex16(s, n),
                 en, ut_hex16(ut_r16, n), gn, ut_hex16(ut_inplace, n));
    }
}
