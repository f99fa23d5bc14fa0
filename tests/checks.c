/*
 * checks.c -- see checks.h.
 *
 * One comparison core per input type (ut_run_bytes, ut_run_units) takes the
 * expected values in a struct; ut_check_bytes/_units fill it from the
 * reference on the whole input, the _ctx variants from the reference on the
 * input and on the two paddings (cached per kind and length), composed.
 */
#include "checks.h"

#if defined(__GNUC__)
#  define UT_ALIGN64 __attribute__((aligned(64)))
#else
#  define UT_ALIGN64
#endif

#define UT_SLACK   32
#define UT_CANARY8 0xA5
#define UT_PRE8    UT_PRE_CANARY /* canary bytes before every dst */
#define UT_PRE16   (UT_PRE8 / 2) /* the same in UTF-16 units */
#define UT_OUT8    (3 * UT_CHECK_MAX + UT_SLACK)
#define UT_OUT16   (UT_CHECK_MAX + UT_SLACK)

/* Outputs: [canary before][dst ...][canary past the output]. dst stays
   32-byte aligned. */
static unsigned char ut_o8[UT_PRE8 + UT_OUT8] UT_ALIGN64;
static uint16_t ut_o16[UT_PRE16 + UT_OUT16] UT_ALIGN64;
static uint16_t ut_inplace[UT_PRE16 + UT_CHECK_MAX + UT_SLACK] UT_ALIGN64;
#define UT_D8  (ut_o8 + UT_PRE8)
#define UT_D16 (ut_o16 + UT_PRE16)
#define UT_DIP (ut_inplace + UT_PRE16)
/* Canary bytes, for memcmp. */
static unsigned char ut_canary[UT_PRE8 + UT_OUT8 + 2 * UT_SLACK];
static int ut_canary_ready;

/* Expected outputs. */
static uint16_t ut_x_st16[UT_CHECK_MAX + UT_SLACK], ut_x_lo16[UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_x_fl16[UT_CHECK_MAX + UT_SLACK], ut_x_wf16[UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_x_l18[UT_CHECK_MAX + UT_SLACK], ut_x_fl8[2 * UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_x_st8[3 * UT_CHECK_MAX + UT_SLACK], ut_x_lo8[3 * UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_x_w16[UT_CHECK_MAX + UT_SLACK], ut_x_m16[UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_x_w8[3 * UT_CHECK_MAX + UT_SLACK], ut_x_m8[3 * UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_x_bd8[2 * UT_CHECK_MAX + UT_SLACK];
/* The kernel's own output, kept for a round trip. */
static unsigned char ut_rt8[3 * UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_rt16[UT_CHECK_MAX + UT_SLACK];

#define UT_NCAPS 5

/* What the functions on a byte input must return. */
typedef struct ut_e8 {
    size_t ascii;             /* ascii_prefix */
    unilane_result val;       /* validate_utf8 */
    unilane_result st;        /* utf8_to_utf16, output ut_x_st16 */
    size_t lo_n;              /* utf8_to_utf16_lossy, output ut_x_lo16 */
    unilane_result l1;        /* utf8_to_latin1, output ut_x_l18 */
    size_t len16;             /* utf16_length_from_utf8 (API.md formula) */
    size_t fl8_n;             /* latin1_to_utf8, output ut_x_fl8; latin1_to_utf16: ut_x_fl16 */
    unilane_result wv;        /* validate_wtf8 */
    unilane_result wd;        /* wtf8_to_utf16, output ut_x_w16 */
    unilane_result md;        /* mutf8_to_utf16, output ut_x_m16 */
    unilane_utf8_info is, il; /* utf8_inspect, utf8_inspect_lossy */
    size_t ncaps;             /* latin1_to_utf8_bounded: at caps[i] ... */
    size_t caps[UT_NCAPS];    /* ... returns bd[i], and writes ut_x_bd8[0 .. written) */
    unilane_result bd[UT_NCAPS];
} ut_e8;

/* What the functions on a UTF-16 input must return. */
typedef struct ut_e16 {
    size_t ascii, latin1p;  /* utf16_ascii_prefix, utf16_latin1_prefix */
    unilane_result val;     /* validate_utf16 */
    unilane_result st;      /* utf16_to_utf8, output ut_x_st8 */
    size_t lo_n;            /* utf16_to_utf8_lossy, output ut_x_lo8 (= utf8_length_from_utf16) */
    unilane_result l1;      /* utf16_to_latin1, output ut_x_l18 */
    size_t wf_n;            /* utf16_make_well_formed's count, output ut_x_wf16 */
    size_t w8_n;            /* utf16_to_wtf8, output ut_x_w8 */
    size_t m8_n;            /* utf16_to_mutf8 (= mutf8_length_from_utf16), output ut_x_m8 */
    unilane_utf16_info i16; /* utf16_inspect */
} ut_e16;

/* ------------------------------------------------------------------------ */
/* Descriptions for failure messages                                        */
/* ------------------------------------------------------------------------ */

const char *const ut_pad_names[UT_PAD_KINDS] = { "ASCII", "2-byte", "3-byte", "4-byte" };

/* The context of the current check, for messages (on while a _ctx check runs). */
static struct {
    int on;
    const void *inner;
    size_t n;
    ut_ctx c;
} ut_cur_ctx;

static char ut_descbuf[4200];

static const char *ut_desc(const void *s, size_t n, int unit)
{
    if (!ut_cur_ctx.on)
        return unit == 1 ? ut_hex8(s, n) : ut_hex16((const uint16_t *)s, n);
    snprintf(ut_descbuf, sizeof ut_descbuf,
             "input %s at lane offset %zu, after %zu units of %s padding and before %zu of %s "
             "padding (%zu units in all): %s",
             unit == 1 ? ut_hex8(ut_cur_ctx.inner, ut_cur_ctx.n)
                       : ut_hex16((const uint16_t *)ut_cur_ctx.inner, ut_cur_ctx.n),
             ut_cur_ctx.c.pre % 64, ut_cur_ctx.c.pre, ut_pad_names[ut_cur_ctx.c.pre_kind],
             ut_cur_ctx.c.total - ut_cur_ctx.c.pre - ut_cur_ctx.n,
             ut_pad_names[ut_cur_ctx.c.post_kind], ut_cur_ctx.c.total,
             unit == 1 ? ut_hex8(s, n) : ut_hex16((const uint16_t *)s, n));
    return ut_descbuf;
}
#define UT_D8S(s, n)  ut_desc((s), (n), 1)
#define UT_D16S(s, n) ut_desc((s), (n), 2)

/* ------------------------------------------------------------------------ */
/* Canaries                                                                 */
/* ------------------------------------------------------------------------ */

static void ut_canary_init(void)
{
    if (!ut_canary_ready) {
        memset(ut_canary, UT_CANARY8, sizeof ut_canary);
        ut_canary_ready = 1;
    }
}

/* Index of the first byte in p[from, to) that is not the canary, or to. */
static size_t ut_canary_first(const unsigned char *p, size_t from, size_t to)
{
    size_t i;
    if (to <= from || memcmp(p + from, ut_canary, to - from) == 0)
        return to;
    for (i = from; i < to; i++)
        if (p[i] != UT_CANARY8)
            return i;
    return to;
}

/* Byte index (counted back from dst, 1 = dst[-1]) of the farthest changed
   canary byte before dst, or 0. */
static size_t ut_canary_before(const unsigned char *base, size_t pre)
{
    size_t i = ut_canary_first(base, 0, pre);
    return i == pre ? 0 : pre - i;
}

/* Fills the canary before dst and n_after bytes from dst. */
static void ut_fill8(size_t n_after)
{
    memset(ut_o8, UT_CANARY8, UT_PRE8 + n_after);
}

static void ut_fill16(size_t units_after)
{
    memset(ut_o16, UT_CANARY8, (UT_PRE16 + units_after) * 2);
}

#define UT_RES_FMT "{%s, read %zu, written %zu}"
#define UT_RES(r)  unilane_status_string((r).status), (r).read, (r).written
#define UT_SAME(a, b) \
  ((a).status == (b).status && (a).read == (b).read && (a).written == (b).written)
#define UT_INFO_FMT  "{%s, read %zu, length %zu, width %d}"
#define UT_INFO8(i)  unilane_status_string((i).status), (i).read, (i).utf16_length, (int)(i).width
#define UT_INFO16(i) unilane_status_string((i).status), (i).read, (i).utf8_length, (int)(i).width
#define UT_SAME_INFO8(a, b)                                                                    \
  ((a).status == (b).status && (a).read == (b).read && (a).utf16_length == (b).utf16_length && \
   (a).width == (b).width)
#define UT_SAME_INFO16(a, b)                                                                 \
  ((a).status == (b).status && (a).read == (b).read && (a).utf8_length == (b).utf8_length && \
   (a).width == (b).width)

/* After a call that wrote `written` units into UT_D8 (bound + slack bytes
   filled with the canary): nothing before dst or past written changed. */
#define UT_CANARIES8(name, desc, written, bound)                                                  \
  do {                                                                                            \
    size_t k_ = ut_canary_first(UT_D8, (written), (bound) + UT_SLACK);                            \
    size_t b_ = ut_canary_before(ut_o8, UT_PRE8);                                                 \
    UT_CHECK(k_ == (bound) + UT_SLACK, "%s(%s): wrote byte %zu past written %zu", name, desc, k_, \
             (size_t)(written));                                                                  \
    UT_CHECK(b_ == 0, "%s(%s): wrote byte dst[-%zu] before dst", name, desc, b_);                 \
  } while (0)

#define UT_CANARIES16(name, desc, written, bound)                                                 \
  do {                                                                                            \
    size_t k_ =                                                                                   \
        ut_canary_first((const unsigned char *)UT_D16, 2 * (written), 2 * ((bound) + UT_SLACK)) / \
        2;                                                                                        \
    size_t b_ = ut_canary_before((const unsigned char *)ut_o16, 2 * UT_PRE16);                    \
    UT_CHECK(k_ == (bound) + UT_SLACK, "%s(%s): wrote unit %zu past written %zu", name, desc, k_, \
             (size_t)(written));                                                                  \
    UT_CHECK(b_ == 0, "%s(%s): wrote unit dst[-%zu] before dst", name, desc, (b_ + 1) / 2);       \
  } while (0)

/* ------------------------------------------------------------------------ */
/* The comparison cores                                                     */
/* ------------------------------------------------------------------------ */

static void ut_run_bytes(const unsigned char *s, size_t n, int mask, const ut_e8 *e)
{
    const char *c = (const char *)s;
    unilane_result g;
    size_t gn, k, bound;

    ut_canary_init();
    if (mask & UT_F_PREFIX) {
        gn = unilane_ascii_prefix(c, n);
        UT_CHECK(gn == e->ascii, "ascii_prefix(%s): expected %zu, got %zu", UT_D8S(s, n), e->ascii,
                 gn);
    }
    if (mask & UT_F_VALIDATE) {
        g = unilane_validate_utf8(c, n);
        UT_CHECK(UT_SAME(g, e->val), "validate_utf8(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D8S(s, n), UT_RES(e->val), UT_RES(g));
    }
    if (mask & UT_F_STRICT) {
        bound = n;
        ut_fill16(bound + UT_SLACK);
        g = unilane_utf8_to_utf16(c, n, UT_D16);
        UT_CHECK(UT_SAME(g, e->st), "utf8_to_utf16(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D8S(s, n), UT_RES(e->st), UT_RES(g));
        UT_CHECK(memcmp(UT_D16, ut_x_st16, e->st.written * 2) == 0,
                 "utf8_to_utf16(%s): output expected %s, got %s", UT_D8S(s, n),
                 ut_hex16(ut_x_st16, e->st.written), ut_hex16(UT_D16, e->st.written));
        UT_CANARIES16("utf8_to_utf16", UT_D8S(s, n), e->st.written, bound);
        if ((mask & UT_F_LENGTHS) && e->st.status == UNILANE_OK) {
            gn = unilane_utf16_length_from_utf8(c, n);
            UT_CHECK(gn == e->st.written,
                     "utf16_length_from_utf8(%s) = %zu but the reference wrote %zu", UT_D8S(s, n),
                     gn, e->st.written);
        }
    }
    if (mask & UT_F_LOSSY) {
        bound = n;
        ut_fill16(bound + UT_SLACK);
        gn = unilane_utf8_to_utf16_lossy(c, n, UT_D16);
        UT_CHECK(gn == e->lo_n && memcmp(UT_D16, ut_x_lo16, e->lo_n * 2) == 0,
                 "utf8_to_utf16_lossy(%s): expected %s, got %s", UT_D8S(s, n),
                 ut_hex16(ut_x_lo16, e->lo_n), ut_hex16(UT_D16, gn));
        UT_CANARIES16("utf8_to_utf16_lossy", UT_D8S(s, n), e->lo_n, bound);
        if (mask & UT_F_LENGTHS) {
            k = unilane_utf16_length_from_utf8_lossy(c, n);
            UT_CHECK(k == e->lo_n, "utf16_length_from_utf8_lossy(%s): expected %zu, got %zu",
                     UT_D8S(s, n), e->lo_n, k);
        }
    }
    if (mask & UT_F_LATIN1) {
        bound = n;
        ut_fill8(bound + UT_SLACK);
        g = unilane_utf8_to_latin1(c, n, (char *)UT_D8);
        UT_CHECK(UT_SAME(g, e->l1), "utf8_to_latin1(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D8S(s, n), UT_RES(e->l1), UT_RES(g));
        UT_CHECK(memcmp(UT_D8, ut_x_l18, e->l1.written) == 0,
                 "utf8_to_latin1(%s): output %s, expected %s", UT_D8S(s, n),
                 ut_hex8(UT_D8, e->l1.written), ut_hex8(ut_x_l18, e->l1.written));
        UT_CANARIES8("utf8_to_latin1", UT_D8S(s, n), e->l1.written, bound);
        if ((mask & UT_F_LENGTHS) && e->l1.status == UNILANE_OK) {
            gn = unilane_utf16_length_from_utf8(c, n);
            UT_CHECK(gn == e->l1.written,
                     "utf16_length_from_utf8(%s) = %zu but the Latin-1 output is %zu", UT_D8S(s, n),
                     gn, e->l1.written);
        }
    }
    if (mask & UT_F_LENGTHS) {
        gn = unilane_utf16_length_from_utf8(c, n);
        UT_CHECK(gn == e->len16,
                 "utf16_length_from_utf8(%s): expected %zu (API.md formula), got %zu", UT_D8S(s, n),
                 e->len16, gn);
    }
    if (mask & UT_F_FROM_LATIN1) {
        bound = 2 * n;
        ut_fill8(bound + UT_SLACK);
        gn = unilane_latin1_to_utf8(c, n, (char *)UT_D8);
        UT_CHECK(gn == e->fl8_n && memcmp(UT_D8, ut_x_fl8, e->fl8_n) == 0,
                 "latin1_to_utf8(%s): expected %s, got %s", UT_D8S(s, n),
                 ut_hex8(ut_x_fl8, e->fl8_n), ut_hex8(UT_D8, gn));
        UT_CANARIES8("latin1_to_utf8", UT_D8S(s, n), e->fl8_n, bound);
        k = unilane_utf8_length_from_latin1(c, n);
        UT_CHECK(k == e->fl8_n, "utf8_length_from_latin1(%s): expected %zu, got %zu", UT_D8S(s, n),
                 e->fl8_n, k);
        ut_fill16(n + UT_SLACK);
        gn = unilane_latin1_to_utf16(c, n, UT_D16);
        UT_CHECK(gn == n && memcmp(UT_D16, ut_x_fl16, n * 2) == 0,
                 "latin1_to_utf16(%s): expected %s, got %s", UT_D8S(s, n), ut_hex16(ut_x_fl16, n),
                 ut_hex16(UT_D16, gn));
        UT_CANARIES16("latin1_to_utf16", UT_D8S(s, n), n, n);
    }
    if (mask & UT_F_WTF8) {
        g = unilane_validate_wtf8(c, n);
        UT_CHECK(UT_SAME(g, e->wv), "validate_wtf8(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D8S(s, n), UT_RES(e->wv), UT_RES(g));
        ut_fill16(n + UT_SLACK);
        g = unilane_wtf8_to_utf16(c, n, UT_D16);
        UT_CHECK(UT_SAME(g, e->wd), "wtf8_to_utf16(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D8S(s, n), UT_RES(e->wd), UT_RES(g));
        UT_CHECK(memcmp(UT_D16, ut_x_w16, e->wd.written * 2) == 0,
                 "wtf8_to_utf16(%s): output expected %s, got %s", UT_D8S(s, n),
                 ut_hex16(ut_x_w16, e->wd.written), ut_hex16(UT_D16, e->wd.written));
        UT_CANARIES16("wtf8_to_utf16", UT_D8S(s, n), e->wd.written, n);
        if (e->wd.status == UNILANE_OK && g.status == UNILANE_OK) {
            /* well-formed WTF-8 b: utf16_to_wtf8(wtf8_to_utf16(b)) == b */
            memcpy(ut_rt16, UT_D16, g.written * 2);
            ut_fill8(3 * g.written + UT_SLACK);
            gn = unilane_utf16_to_wtf8(ut_rt16, g.written, (char *)UT_D8);
            UT_CHECK(gn == n && memcmp(UT_D8, s, n) == 0,
                     "utf16_to_wtf8(wtf8_to_utf16(%s)) = %s: not the input", UT_D8S(s, n),
                     ut_hex8(UT_D8, gn));
            UT_CANARIES8("utf16_to_wtf8", UT_D8S(s, n), n, 3 * g.written);
            if (mask & UT_F_LENGTHS) {
                gn = unilane_utf16_length_from_utf8(c, n);
                UT_CHECK(gn == e->wd.written,
                         "utf16_length_from_utf8(%s) = %zu but wtf8_to_utf16 writes %zu",
                         UT_D8S(s, n), gn, e->wd.written);
            }
        }
    }
    if (mask & UT_F_MUTF8) {
        ut_fill16(n + UT_SLACK);
        g = unilane_mutf8_to_utf16(c, n, UT_D16);
        UT_CHECK(UT_SAME(g, e->md), "mutf8_to_utf16(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D8S(s, n), UT_RES(e->md), UT_RES(g));
        UT_CHECK(memcmp(UT_D16, ut_x_m16, e->md.written * 2) == 0,
                 "mutf8_to_utf16(%s): output expected %s, got %s", UT_D8S(s, n),
                 ut_hex16(ut_x_m16, e->md.written), ut_hex16(UT_D16, e->md.written));
        UT_CANARIES16("mutf8_to_utf16", UT_D8S(s, n), e->md.written, n);
        if ((mask & UT_F_LENGTHS) && e->md.status == UNILANE_OK) {
            gn = unilane_utf16_length_from_utf8(c, n);
            UT_CHECK(gn == e->md.written,
                     "utf16_length_from_utf8(%s) = %zu but mutf8_to_utf16 writes %zu", UT_D8S(s, n),
                     gn, e->md.written);
        }
    }
    if (mask & UT_F_INSPECT) {
        unilane_utf8_info gi = unilane_utf8_inspect(c, n);
        UT_CHECK(UT_SAME_INFO8(gi, e->is),
                 "utf8_inspect(%s): expected " UT_INFO_FMT ", got " UT_INFO_FMT, UT_D8S(s, n),
                 UT_INFO8(e->is), UT_INFO8(gi));
        gi = unilane_utf8_inspect_lossy(c, n);
        UT_CHECK(UT_SAME_INFO8(gi, e->il),
                 "utf8_inspect_lossy(%s): expected " UT_INFO_FMT ", got " UT_INFO_FMT, UT_D8S(s, n),
                 UT_INFO8(e->il), UT_INFO8(gi));
    }
    if (mask & UT_F_BOUNDED) {
        for (k = 0; k < e->ncaps; k++) {
            size_t cap = e->caps[k];
            bound = 2 * n > cap ? 2 * n : cap;
            ut_fill8(bound + UT_SLACK);
            g = unilane_latin1_to_utf8_bounded(c, n, (char *)UT_D8, cap);
            UT_CHECK(UT_SAME(g, e->bd[k]),
                     "latin1_to_utf8_bounded(%s, cap %zu): expected " UT_RES_FMT
                     ", got " UT_RES_FMT,
                     UT_D8S(s, n), cap, UT_RES(e->bd[k]), UT_RES(g));
            UT_CHECK(memcmp(UT_D8, ut_x_bd8, e->bd[k].written) == 0,
                     "latin1_to_utf8_bounded(%s, cap %zu): output expected %s, got %s",
                     UT_D8S(s, n), cap, ut_hex8(ut_x_bd8, e->bd[k].written),
                     ut_hex8(UT_D8, e->bd[k].written));
            UT_CANARIES8("latin1_to_utf8_bounded", UT_D8S(s, n), e->bd[k].written, bound);
        }
    }
}

static void ut_run_units(const uint16_t *s, size_t n, int mask, const ut_e16 *e)
{
    unilane_result g;
    size_t gn, k, bound;

    ut_canary_init();
    if (mask & UT_F_PREFIX) {
        gn = unilane_utf16_ascii_prefix(s, n);
        UT_CHECK(gn == e->ascii, "utf16_ascii_prefix(%s): expected %zu, got %zu", UT_D16S(s, n),
                 e->ascii, gn);
        gn = unilane_utf16_latin1_prefix(s, n);
        UT_CHECK(gn == e->latin1p, "utf16_latin1_prefix(%s): expected %zu, got %zu", UT_D16S(s, n),
                 e->latin1p, gn);
    }
    if (mask & UT_F_VALIDATE) {
        g = unilane_validate_utf16(s, n);
        UT_CHECK(UT_SAME(g, e->val), "validate_utf16(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D16S(s, n), UT_RES(e->val), UT_RES(g));
    }
    if (mask & UT_F_STRICT) {
        bound = 3 * n;
        ut_fill8(bound + UT_SLACK);
        g = unilane_utf16_to_utf8(s, n, (char *)UT_D8);
        UT_CHECK(UT_SAME(g, e->st), "utf16_to_utf8(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D16S(s, n), UT_RES(e->st), UT_RES(g));
        UT_CHECK(memcmp(UT_D8, ut_x_st8, e->st.written) == 0,
                 "utf16_to_utf8(%s): output %s, expected %s", UT_D16S(s, n),
                 ut_hex8(UT_D8, e->st.written), ut_hex8(ut_x_st8, e->st.written));
        UT_CANARIES8("utf16_to_utf8", UT_D16S(s, n), e->st.written, bound);
        if ((mask & UT_F_LENGTHS) && e->st.status == UNILANE_OK) {
            gn = unilane_utf8_length_from_utf16(s, n);
            UT_CHECK(gn == e->st.written,
                     "utf8_length_from_utf16(%s) = %zu but the reference wrote %zu", UT_D16S(s, n),
                     gn, e->st.written);
        }
    }
    if (mask & UT_F_LOSSY) {
        bound = 3 * n;
        ut_fill8(bound + UT_SLACK);
        gn = unilane_utf16_to_utf8_lossy(s, n, (char *)UT_D8);
        UT_CHECK(gn == e->lo_n && memcmp(UT_D8, ut_x_lo8, e->lo_n) == 0,
                 "utf16_to_utf8_lossy(%s): expected %s, got %s", UT_D16S(s, n),
                 ut_hex8(ut_x_lo8, e->lo_n), ut_hex8(UT_D8, gn));
        UT_CANARIES8("utf16_to_utf8_lossy", UT_D16S(s, n), e->lo_n, bound);
        if (mask & UT_F_LENGTHS) {
            k = unilane_utf8_length_from_utf16(s, n);
            UT_CHECK(k == e->lo_n, "utf8_length_from_utf16(%s): expected %zu, got %zu",
                     UT_D16S(s, n), e->lo_n, k);
        }
    }
    if (mask & UT_F_LATIN1) {
        bound = n;
        ut_fill8(bound + UT_SLACK);
        g = unilane_utf16_to_latin1(s, n, (char *)UT_D8);
        UT_CHECK(UT_SAME(g, e->l1), "utf16_to_latin1(%s): expected " UT_RES_FMT ", got " UT_RES_FMT,
                 UT_D16S(s, n), UT_RES(e->l1), UT_RES(g));
        UT_CHECK(memcmp(UT_D8, ut_x_l18, e->l1.written) == 0,
                 "utf16_to_latin1(%s): output %s, expected %s", UT_D16S(s, n),
                 ut_hex8(UT_D8, e->l1.written), ut_hex8(ut_x_l18, e->l1.written));
        UT_CANARIES8("utf16_to_latin1", UT_D16S(s, n), e->l1.written, bound);
    }
    if (mask & UT_F_WELLFORMED) {
        ut_fill16(n + UT_SLACK);
        gn = unilane_utf16_make_well_formed(s, n, UT_D16);
        UT_CHECK(gn == e->wf_n && memcmp(UT_D16, ut_x_wf16, n * 2) == 0,
                 "utf16_make_well_formed(%s): expected %zu %s, got %zu %s", UT_D16S(s, n), e->wf_n,
                 ut_hex16(ut_x_wf16, n), gn, ut_hex16(UT_D16, n));
        UT_CANARIES16("utf16_make_well_formed", UT_D16S(s, n), n, n);
        /* in place, with the same canaries around the buffer */
        memset(ut_inplace, UT_CANARY8, sizeof ut_inplace);
        if (n)
            memcpy(UT_DIP, s, n * 2);
        gn = unilane_utf16_make_well_formed(UT_DIP, n, UT_DIP);
        UT_CHECK(gn == e->wf_n && memcmp(UT_DIP, ut_x_wf16, n * 2) == 0,
                 "utf16_make_well_formed(%s) in place: expected %zu %s, got %zu %s", UT_D16S(s, n),
                 e->wf_n, ut_hex16(ut_x_wf16, n), gn, ut_hex16(UT_DIP, n));
        k = ut_canary_first((const unsigned char *)UT_DIP, 2 * n, 2 * (n + UT_SLACK));
        gn = ut_canary_before((const unsigned char *)ut_inplace, 2 * UT_PRE16);
        UT_CHECK(
            k == 2 * (n + UT_SLACK) && gn == 0,
            "utf16_make_well_formed(%s) in place: wrote outside the buffer (byte %zu past it, or "
            "byte dst[-%zu])",
            UT_D16S(s, n), k - 2 * n, gn);
    }
    if (mask & UT_F_WTF8) {
        bound = 3 * n;
        ut_fill8(bound + UT_SLACK);
        gn = unilane_utf16_to_wtf8(s, n, (char *)UT_D8);
        UT_CHECK(gn == e->w8_n && memcmp(UT_D8, ut_x_w8, e->w8_n) == 0,
                 "utf16_to_wtf8(%s): expected %s, got %s", UT_D16S(s, n), ut_hex8(ut_x_w8, e->w8_n),
                 ut_hex8(UT_D8, gn));
        UT_CANARIES8("utf16_to_wtf8", UT_D16S(s, n), e->w8_n, bound);
        if (mask & UT_F_LENGTHS) {
            k = unilane_utf8_length_from_utf16(s, n);
            UT_CHECK(k == e->w8_n, "utf8_length_from_utf16(%s) = %zu but utf16_to_wtf8 writes %zu",
                     UT_D16S(s, n), k, e->w8_n);
        }
        /* every UTF-16 s: wtf8_to_utf16(utf16_to_wtf8(s)) == s */
        if (gn == e->w8_n) {
            memcpy(ut_rt8, UT_D8, gn);
            ut_fill16(gn + UT_SLACK);
            g = unilane_wtf8_to_utf16((const char *)ut_rt8, gn, UT_D16);
            UT_CHECK(g.status == UNILANE_OK && g.read == gn && g.written == n &&
                         memcmp(UT_D16, s, n * 2) == 0,
                     "wtf8_to_utf16(utf16_to_wtf8(%s)) = " UT_RES_FMT " %s: not the input",
                     UT_D16S(s, n), UT_RES(g), ut_hex16(UT_D16, g.written));
            UT_CANARIES16("wtf8_to_utf16", UT_D16S(s, n), n, gn);
        }
    }
    if (mask & UT_F_MUTF8) {
        bound = 3 * n;
        ut_fill8(bound + UT_SLACK);
        gn = unilane_utf16_to_mutf8(s, n, (char *)UT_D8);
        UT_CHECK(gn == e->m8_n && memcmp(UT_D8, ut_x_m8, e->m8_n) == 0,
                 "utf16_to_mutf8(%s): expected %s, got %s", UT_D16S(s, n),
                 ut_hex8(ut_x_m8, e->m8_n), ut_hex8(UT_D8, gn));
        UT_CANARIES8("utf16_to_mutf8", UT_D16S(s, n), e->m8_n, bound);
        k = unilane_mutf8_length_from_utf16(s, n);
        UT_CHECK(k == e->m8_n, "mutf8_length_from_utf16(%s): expected %zu, got %zu", UT_D16S(s, n),
                 e->m8_n, k);
        if (gn == e->m8_n) {
            memcpy(ut_rt8, UT_D8, gn);
            ut_fill16(gn + UT_SLACK);
            g = unilane_mutf8_to_utf16((const char *)ut_rt8, gn, UT_D16);
            UT_CHECK(g.status == UNILANE_OK && g.read == gn && g.written == n &&
                         memcmp(UT_D16, s, n * 2) == 0,
                     "mutf8_to_utf16(utf16_to_mutf8(%s)) = " UT_RES_FMT " %s: not the input",
                     UT_D16S(s, n), UT_RES(g), ut_hex16(UT_D16, g.written));
            UT_CANARIES16("mutf8_to_utf16", UT_D16S(s, n), n, gn);
        }
    }
    if (mask & UT_F_INSPECT) {
        unilane_utf16_info gi = unilane_utf16_inspect(s, n);
        UT_CHECK(UT_SAME_INFO16(gi, e->i16),
                 "utf16_inspect(%s): expected " UT_INFO_FMT ", got " UT_INFO_FMT, UT_D16S(s, n),
                 UT_INFO16(e->i16), UT_INFO16(gi));
    }
}

/* ------------------------------------------------------------------------ */
/* Expected values from the reference on the whole input                    */
/* ------------------------------------------------------------------------ */

static size_t ut_prefix8(const unsigned char *s, size_t n)
{
    size_t k;
    for (k = 0; k < n && s[k] < 0x80; k++)
        ;
    return k;
}

static size_t ut_prefix16(const uint16_t *s, size_t n, unsigned max)
{
    size_t k;
    for (k = 0; k < n && s[k] <= max; k++)
        ;
    return k;
}

static void ut_ref_bytes(const unsigned char *s, size_t n, int mask, ut_e8 *e)
{
    memset(e, 0, sizeof *e);
    if (mask & UT_F_PREFIX)
        e->ascii = ut_prefix8(s, n);
    if (mask & UT_F_VALIDATE)
        e->val = ref_validate_utf8(s, n);
    if (mask & UT_F_STRICT)
        e->st = ref_utf8_to_utf16(s, n, ut_x_st16);
    if (mask & UT_F_LOSSY)
        e->lo_n = ref_utf8_to_utf16_lossy(s, n, ut_x_lo16);
    if (mask & UT_F_LATIN1)
        e->l1 = ref_utf8_to_latin1(s, n, ut_x_l18);
    if (mask & UT_F_LENGTHS)
        e->len16 = ref_utf16_length_from_utf8_formula(s, n);
    if (mask & UT_F_FROM_LATIN1) {
        e->fl8_n = ref_latin1_to_utf8(s, n, ut_x_fl8);
        ref_latin1_to_utf16(s, n, ut_x_fl16);
    }
    if (mask & UT_F_WTF8) {
        /* the reference validates and converts in one body: its validation is
           the conversion's status and read */
        e->wd = ref_wtf8_to_utf16(s, n, ut_x_w16);
        e->wv = e->wd;
        e->wv.written = 0;
    }
    if (mask & UT_F_MUTF8)
        e->md = ref_mutf8_to_utf16(s, n, ut_x_m16);
    if (mask & UT_F_INSPECT) {
        e->is = ref_utf8_inspect(s, n, 0);
        e->il = ref_utf8_inspect(s, n, 1);
    }
}

/* The capacities latin1_to_utf8_bounded is called with, and its expected
   results (the reference on the whole input s[0..n)): the bound, the exact
   length less one, one from a hash, and `edge`, `edge2` (in a context: the
   input's edges; (size_t)-1 for none: then 0 and 1). */
static void ut_ref_bounded(const unsigned char *s, size_t n, ut_e8 *e, size_t edge, size_t edge2)
{
    static unsigned char scratch[2 * UT_CHECK_MAX + UT_SLACK];
    size_t full = ref_latin1_to_utf8(s, n, ut_x_bd8), k;
    size_t h = (size_t)(ut_hash(n * 977 + (n ? s[n - 1] : 0)) % (full + 1));
    e->ncaps = 0;
    e->caps[e->ncaps++] = 2 * n; /* the bound: all of it */
    if (full > 0)
        e->caps[e->ncaps++] = full - 1; /* one byte short: the last character stays out */
    e->caps[e->ncaps++] = h;
    if (edge <= 2 * n)
        e->caps[e->ncaps++] = edge;
    else if (n > 0)
        e->caps[e->ncaps++] = 0;
    if (edge2 <= 2 * n)
        e->caps[e->ncaps++] = edge2;
    else if (full > 1)
        e->caps[e->ncaps++] = 1;
    for (k = 0; k < e->ncaps; k++)
        e->bd[k] = ref_latin1_to_utf8_bounded(s, n, scratch, e->caps[k]);
}

static void ut_ref_units(const uint16_t *s, size_t n, int mask, ut_e16 *e)
{
    memset(e, 0, sizeof *e);
    if (mask & UT_F_PREFIX) {
        e->ascii = ut_prefix16(s, n, 0x7F);
        e->latin1p = ut_prefix16(s, n, 0xFF);
    }
    if (mask & UT_F_VALIDATE)
        e->val = ref_validate_utf16(s, n);
    if (mask & UT_F_STRICT)
        e->st = ref_utf16_to_utf8(s, n, ut_x_st8);
    if (mask & UT_F_LOSSY)
        e->lo_n = ref_utf16_to_utf8_lossy(s, n, ut_x_lo8);
    if (mask & UT_F_LATIN1)
        e->l1 = ref_utf16_to_latin1(s, n, ut_x_l18);
    if (mask & UT_F_WELLFORMED)
        e->wf_n = ref_utf16_make_well_formed(s, n, ut_x_wf16);
    if (mask & UT_F_WTF8)
        e->w8_n = ref_utf16_to_wtf8(s, n, ut_x_w8);
    if (mask & UT_F_MUTF8)
        e->m8_n = ref_utf16_to_mutf8(s, n, ut_x_m8);
    if (mask & UT_F_INSPECT)
        e->i16 = ref_utf16_inspect(s, n);
}

void ut_check_bytes(const unsigned char *s, size_t n, int mask)
{
    ut_e8 e;
    if (n > UT_CHECK_MAX)
        ck_abort_msg("input too long for the check helpers: %zu", n);
    ut_cur_ctx.on = 0;
    ut_ref_bytes(s, n, mask, &e);
    if (mask & UT_F_BOUNDED)
        ut_ref_bounded(s, n, &e, (size_t)-1, (size_t)-1);
    ut_run_bytes(s, n, mask, &e);
}

void ut_check_units(const uint16_t *s, size_t n, int mask)
{
    ut_e16 e;
    if (n > UT_CHECK_MAX)
        ck_abort_msg("input too long for the check helpers: %zu", n);
    ut_cur_ctx.on = 0;
    ut_ref_units(s, n, mask, &e);
    ut_run_units(s, n, mask, &e);
}

/* ------------------------------------------------------------------------ */
/* Contexts                                                                 */
/* ------------------------------------------------------------------------ */

uint64_t ut_hash(uint64_t x)
{
    uint64_t z = x + ut_seed() * UINT64_C(0x9E3779B97F4A7C15) + UINT64_C(0x632BE59BD9B4E019);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

ut_ctx ut_ctx_nth(unsigned k, size_t total)
{
    ut_ctx c;
    k %= UT_PAD_KINDS * UT_PAD_KINDS * 64;
    c.pre_kind = (int)(k % UT_PAD_KINDS);
    c.post_kind = (int)(k / UT_PAD_KINDS % UT_PAD_KINDS);
    c.pre = k / (UT_PAD_KINDS * UT_PAD_KINDS);
    c.total = total;
    return c;
}

ut_ctx ut_ctx_hash(uint64_t h, size_t total)
{
    return ut_ctx_nth((unsigned)(h >> 40), total);
}

/*
 * The character number j of a padding, counted from the input outward
 * (j = 0 touches it), of the given kind; side 0 is before the input. The
 * period 251 (prime) keeps it from lining up with any block size. Edge
 * values come first: the ends of each UTF-8 length and of the ranges the
 * second byte limits (E0 A0, ED 9F, F0 90, F4 8F).
 */
static uint32_t ut_pad_cp(int kind, int side, size_t j)
{
    static const uint32_t e3[] = { 0x0800, 0xD7FF, 0xFFFF, 0xE000, 0x4E2D,
                                   0xFFFD, 0x0FFF, 0x1000, 0xFEFF };
    static const uint32_t e4[] = {
        0x10000, 0x10FFFF, 0x1F600, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000
    };
    size_t t = j % 251;
    uint32_t cp;
    switch (kind) {
    case UT_PAD_ASCII: return (uint32_t)(t % 128);
    case UT_PAD_2BYTE:
        return side == 0 ? (uint32_t)(0x80 + t % 128) : (uint32_t)(0x80 + (t * 37) % 0x780);
    case UT_PAD_3BYTE:
        if (t < sizeof e3 / sizeof e3[0])
            return e3[t];
        cp = (uint32_t)(0x800 + (t * 263) % 0xF800);
        return cp >= 0xD800 && cp <= 0xDFFF ? cp + 0x800 : cp;
    default:
        if (t < sizeof e4 / sizeof e4[0])
            return e4[t];
        return (uint32_t)(0x10000 + (t * 4177) % 0x100000);
    }
}

/* A byte padding and the reference's results on it. */
typedef struct ut_pad8 {
    int ready;
    unsigned char b[UT_PAD_MAX];
    size_t n16; /* UTF-16 units (strict = lossy: it is valid) */
    uint16_t u16[UT_PAD_MAX];
    unilane_result l1; /* utf8_to_latin1 */
    unsigned char l1o[UT_PAD_MAX];
    size_t ascii, len16; /* ascii_prefix, formula */
    size_t fl8_n;        /* the bytes as Latin-1, in UTF-8 */
    unsigned char fl8[2 * UT_PAD_MAX];
    unilane_result m; /* mutf8_to_utf16 (the 4-byte padding is not modified UTF-8) */
    uint16_t mo[UT_PAD_MAX];
    unilane_width w; /* the width of its characters */
} ut_pad8;

typedef struct ut_pad16 {
    int ready;
    uint16_t u[UT_PAD_MAX];
    size_t n8; /* UTF-8 bytes (strict = lossy) */
    unsigned char u8[3 * UT_PAD_MAX];
    unilane_result l1; /* utf16_to_latin1 */
    unsigned char l1o[UT_PAD_MAX];
    size_t ascii, latin1p;
    size_t m8n; /* modified UTF-8 bytes */
    unsigned char m8[3 * UT_PAD_MAX];
    unilane_width w; /* the width of its characters */
} ut_pad16;

static ut_pad8 ut_pads8[2][UT_PAD_KINDS][UT_PAD_MAX + 1];
static ut_pad16 ut_pads16[2][UT_PAD_KINDS][UT_PAD_MAX + 1];

static const ut_pad8 *ut_pad8_get(int side, int kind, size_t len)
{
    ut_pad8 *p = &ut_pads8[side][kind][len];
    unsigned char tmp[4];
    size_t cs = (size_t)kind + 1, nch = len / cs, fill = len % cs, j, k = 0;
    unilane_result r;

    if (p->ready)
        return p;
    if (side == 0) {
        /* ASCII filler first, then the characters, j = nch - 1 .. 0 */
        for (; k < fill; k++)
            p->b[k] = (unsigned char)('0' + k % 10);
        for (j = nch; j-- > 0;) {
            if (ref_encode_utf8(ut_pad_cp(kind, side, j), tmp) != cs)
                ck_abort_msg("padding character of the wrong length");
            memcpy(p->b + k, tmp, cs);
            k += cs;
        }
    } else {
        for (j = 0; j < nch; j++) {
            if (ref_encode_utf8(ut_pad_cp(kind, side, j), tmp) != cs)
                ck_abort_msg("padding character of the wrong length");
            memcpy(p->b + k, tmp, cs);
            k += cs;
        }
        for (; k < len; k++)
            p->b[k] = (unsigned char)('0' + k % 10);
    }
    r = ref_utf8_to_utf16(p->b, len, p->u16);
    if (r.status != UNILANE_OK || r.read != len)
        ck_abort_msg("padding is not valid UTF-8");
    p->n16 = r.written;
    p->l1 = ref_utf8_to_latin1(p->b, len, p->l1o);
    p->ascii = ut_prefix8(p->b, len);
    p->len16 = ref_utf16_length_from_utf8_formula(p->b, len);
    p->fl8_n = ref_latin1_to_utf8(p->b, len, p->fl8);
    p->m = ref_mutf8_to_utf16(p->b, len, p->mo);
    p->w = ref_utf8_inspect(p->b, len, 0).width;
    p->ready = 1;
    return p;
}

static const ut_pad16 *ut_pad16_get(int side, int kind, size_t len)
{
    ut_pad16 *p = &ut_pads16[side][kind][len];
    uint16_t tmp[2];
    size_t cs = kind == UT_PAD_4BYTE ? 2 : 1, nch = len / cs, fill = len % cs, j, k = 0;
    unilane_result r;

    if (p->ready)
        return p;
    if (side == 0) {
        for (; k < fill; k++)
            p->u[k] = (uint16_t)('0' + k % 10);
        for (j = nch; j-- > 0;) {
            if (ref_encode_utf16(ut_pad_cp(kind, side, j), tmp) != cs)
                ck_abort_msg("padding character of the wrong length");
            memcpy(p->u + k, tmp, cs * 2);
            k += cs;
        }
    } else {
        for (j = 0; j < nch; j++) {
            if (ref_encode_utf16(ut_pad_cp(kind, side, j), tmp) != cs)
                ck_abort_msg("padding character of the wrong length");
            memcpy(p->u + k, tmp, cs * 2);
            k += cs;
        }
        for (; k < len; k++)
            p->u[k] = (uint16_t)('0' + k % 10);
    }
    r = ref_utf16_to_utf8(p->u, len, p->u8);
    if (r.status != UNILANE_OK || r.read != len)
        ck_abort_msg("padding is not valid UTF-16");
    p->n8 = r.written;
    p->l1 = ref_utf16_to_latin1(p->u, len, p->l1o);
    p->ascii = ut_prefix16(p->u, len, 0x7F);
    p->latin1p = ut_prefix16(p->u, len, 0xFF);
    p->m8n = ref_utf16_to_mutf8(p->u, len, p->m8);
    p->w = ref_utf16_inspect(p->u, len).width;
    p->ready = 1;
    return p;
}

static void ut_ctx_sizes(size_t n, ut_ctx *cp, size_t *post)
{
    ut_ctx c;
    if (cp->total == UT_CTX_AUTO)
        cp->total = (cp->pre + n + 63) / 64 * 64 + 17;
    c = *cp;
    if (c.pre > UT_PAD_MAX || c.total < c.pre + n || c.total - c.pre - n > UT_PAD_MAX ||
        c.total > UT_CHECK_MAX || c.pre_kind < 0 || c.pre_kind >= UT_PAD_KINDS || c.post_kind < 0 ||
        c.post_kind >= UT_PAD_KINDS)
        ck_abort_msg("bad context: pre %zu, input %zu, total %zu", c.pre, n, c.total);
    *post = c.total - c.pre - n;
}

size_t ut_ctx_build_bytes(unsigned char *out, const unsigned char *s, size_t n, ut_ctx c)
{
    size_t post;
    ut_ctx_sizes(n, &c, &post);
    memcpy(out, ut_pad8_get(0, c.pre_kind, c.pre)->b, c.pre);
    if (n)
        memcpy(out + c.pre, s, n);
    memcpy(out + c.pre + n, ut_pad8_get(1, c.post_kind, post)->b, post);
    return c.total;
}

size_t ut_ctx_build_units(uint16_t *out, const uint16_t *s, size_t n, ut_ctx c)
{
    size_t post;
    ut_ctx_sizes(n, &c, &post);
    memcpy(out, ut_pad16_get(0, c.pre_kind, c.pre)->u, c.pre * 2);
    if (n)
        memcpy(out + c.pre, s, n * 2);
    memcpy(out + c.pre + n, ut_pad16_get(1, c.post_kind, post)->u, post * 2);
    return c.total;
}

/* The result of a function that stops at the first error on A B C, from
   its results on the pieces (na, nb: their lengths). */
static unilane_result ut_compose(unilane_result a, size_t na, unilane_result b, size_t nb,
                                 unilane_result c)
{
    unilane_result r;
    if (a.status != UNILANE_OK)
        return a;
    if (b.status != UNILANE_OK) {
        r = b;
        r.read += na;
        r.written += a.written;
        return r;
    }
    r = c;
    r.read += na + nb;
    r.written += a.written + b.written;
    return r;
}

/* The output of such a function: each piece's output while no earlier piece
   failed. `size` is the unit size in bytes. */
static void ut_compose_out(void *dst, size_t size, const void *ao, unilane_result a, const void *bo,
                           unilane_result b, const void *co, unilane_result c)
{
    unsigned char *d = (unsigned char *)dst;
    memcpy(d, ao, a.written * size);
    if (a.status != UNILANE_OK)
        return;
    d += a.written * size;
    memcpy(d, bo, b.written * size);
    if (b.status != UNILANE_OK)
        return;
    d += b.written * size;
    memcpy(d, co, c.written * size);
}

static unilane_width ut_wider3(unilane_width a, unilane_width b, unilane_width c)
{
    unilane_width m = a > b ? a : b;
    return m > c ? m : c;
}

/* An inspection of A B C (B: info, A and C valid with na / nc units, la /
   lc output units, widths wa / wc). Strict: B's error ends the description;
   lossy (or B valid): the whole. */
static unilane_utf8_info ut_compose_info8(unilane_utf8_info b, int lossy, size_t na, size_t la,
                                          unilane_width wa, size_t nb, size_t nc, size_t lc,
                                          unilane_width wc)
{
    unilane_utf8_info r = b;
    if (b.status != UNILANE_OK) {
        r.read = na + b.read;
        if (!lossy) {
            r.utf16_length = la + b.utf16_length;
            r.width = wa > b.width ? wa : b.width;
            return r;
        }
    } else {
        r.read = na + nb + nc;
    }
    r.utf16_length = la + b.utf16_length + lc;
    r.width = ut_wider3(wa, b.width, wc);
    return r;
}

static unilane_result ut_ok(size_t read, size_t written)
{
    unilane_result r;
    r.status = UNILANE_OK;
    r.read = read;
    r.written = written;
    return r;
}

static unsigned char ut_ctxbuf8[UT_CHECK_MAX + 64] UT_ALIGN64;
static uint16_t ut_ctxbuf16[UT_CHECK_MAX + 64] UT_ALIGN64;
/* The reference's outputs on the input alone. */
static uint16_t ut_i16a[UT_CHECK_MAX + 8], ut_i16b[UT_CHECK_MAX + 8];
static unsigned char ut_i8a[3 * UT_CHECK_MAX + 8], ut_i8b[3 * UT_CHECK_MAX + 8];

void ut_check_bytes_ctx(const unsigned char *s, size_t n, int mask, ut_ctx c)
{
    const ut_pad8 *A, *C;
    size_t post, na = c.pre, k;
    unilane_result rb;
    ut_e8 e;

    ut_ctx_sizes(n, &c, &post);
    A = ut_pad8_get(0, c.pre_kind, c.pre);
    C = ut_pad8_get(1, c.post_kind, post);
    ut_ctx_build_bytes(ut_ctxbuf8, s, n, c);
    memset(&e, 0, sizeof e);
    if (mask & UT_F_PREFIX) {
        k = ut_prefix8(s, n);
        e.ascii = A->ascii < na ? A->ascii : k < n ? na + k : na + n + C->ascii;
    }
    if (mask & UT_F_VALIDATE) {
        rb = ref_validate_utf8(s, n);
        e.val = ut_compose(ut_ok(na, 0), na, rb, n, ut_ok(post, 0));
    }
    if (mask & UT_F_STRICT) {
        rb = ref_utf8_to_utf16(s, n, ut_i16a);
        e.st = ut_compose(ut_ok(na, A->n16), na, rb, n, ut_ok(post, C->n16));
        ut_compose_out(ut_x_st16, 2, A->u16, ut_ok(na, A->n16), ut_i16a, rb, C->u16,
                       ut_ok(post, C->n16));
    }
    if (mask & UT_F_LOSSY) {
        k = ref_utf8_to_utf16_lossy(s, n, ut_i16b);
        e.lo_n = A->n16 + k + C->n16;
        memcpy(ut_x_lo16, A->u16, A->n16 * 2);
        memcpy(ut_x_lo16 + A->n16, ut_i16b, k * 2);
        memcpy(ut_x_lo16 + A->n16 + k, C->u16, C->n16 * 2);
    }
    if (mask & UT_F_LATIN1) {
        rb = ref_utf8_to_latin1(s, n, ut_i8a);
        e.l1 = ut_compose(A->l1, na, rb, n, C->l1);
        ut_compose_out(ut_x_l18, 1, A->l1o, A->l1, ut_i8a, rb, C->l1o, C->l1);
    }
    if (mask & UT_F_LENGTHS)
        e.len16 = A->len16 + ref_utf16_length_from_utf8_formula(s, n) + C->len16;
    if (mask & UT_F_WTF8) {
        rb = ref_validate_wtf8(s, n);
        e.wv = ut_compose(ut_ok(na, 0), na, rb, n, ut_ok(post, 0));
        rb = ref_wtf8_to_utf16(s, n, ut_i16a);
        e.wd = ut_compose(ut_ok(na, A->n16), na, rb, n, ut_ok(post, C->n16));
        ut_compose_out(ut_x_w16, 2, A->u16, ut_ok(na, A->n16), ut_i16a, rb, C->u16,
                       ut_ok(post, C->n16));
    }
    if (mask & UT_F_MUTF8) {
        rb = ref_mutf8_to_utf16(s, n, ut_i16a);
        e.md = ut_compose(A->m, na, rb, n, C->m);
        ut_compose_out(ut_x_m16, 2, A->mo, A->m, ut_i16a, rb, C->mo, C->m);
    }
    if (mask & UT_F_INSPECT) {
        e.is =
            ut_compose_info8(ref_utf8_inspect(s, n, 0), 0, na, A->n16, A->w, n, post, C->n16, C->w);
        e.il =
            ut_compose_info8(ref_utf8_inspect(s, n, 1), 1, na, A->n16, A->w, n, post, C->n16, C->w);
    }
    if (mask & UT_F_BOUNDED) {
        /* the reference on the whole buffer; capacities also at the input's edges */
        k = ref_latin1_to_utf8(s, n, ut_i8b);
        ut_ref_bounded(ut_ctxbuf8, c.total, &e, A->fl8_n + k, A->fl8_n + k - (k > 0));
    }
    if (mask & UT_F_FROM_LATIN1) {
        k = ref_latin1_to_utf8(s, n, ut_i8b);
        e.fl8_n = A->fl8_n + k + C->fl8_n;
        memcpy(ut_x_fl8, A->fl8, A->fl8_n);
        memcpy(ut_x_fl8 + A->fl8_n, ut_i8b, k);
        memcpy(ut_x_fl8 + A->fl8_n + k, C->fl8, C->fl8_n);
        ref_latin1_to_utf16(A->b, na, ut_x_fl16);
        ref_latin1_to_utf16(s, n, ut_x_fl16 + na);
        ref_latin1_to_utf16(C->b, post, ut_x_fl16 + na + n);
    }
    ut_cur_ctx.on = 1;
    ut_cur_ctx.inner = s;
    ut_cur_ctx.n = n;
    ut_cur_ctx.c = c;
    ut_run_bytes(ut_ctxbuf8, c.total, mask, &e);
    ut_cur_ctx.on = 0;
}

void ut_check_units_ctx(const uint16_t *s, size_t n, int mask, ut_ctx c)
{
    const ut_pad16 *A, *C;
    size_t post, na = c.pre, k;
    unilane_result rb;
    ut_e16 e;

    ut_ctx_sizes(n, &c, &post);
    A = ut_pad16_get(0, c.pre_kind, c.pre);
    C = ut_pad16_get(1, c.post_kind, post);
    ut_ctx_build_units(ut_ctxbuf16, s, n, c);
    memset(&e, 0, sizeof e);
    if (mask & UT_F_PREFIX) {
        k = ut_prefix16(s, n, 0x7F);
        e.ascii = A->ascii < na ? A->ascii : k < n ? na + k : na + n + C->ascii;
        k = ut_prefix16(s, n, 0xFF);
        e.latin1p = A->latin1p < na ? A->latin1p : k < n ? na + k : na + n + C->latin1p;
    }
    if (mask & UT_F_VALIDATE) {
        rb = ref_validate_utf16(s, n);
        e.val = ut_compose(ut_ok(na, 0), na, rb, n, ut_ok(post, 0));
    }
    if (mask & UT_F_STRICT) {
        rb = ref_utf16_to_utf8(s, n, ut_i8a);
        e.st = ut_compose(ut_ok(na, A->n8), na, rb, n, ut_ok(post, C->n8));
        ut_compose_out(ut_x_st8, 1, A->u8, ut_ok(na, A->n8), ut_i8a, rb, C->u8, ut_ok(post, C->n8));
    }
    if (mask & UT_F_LOSSY) {
        k = ref_utf16_to_utf8_lossy(s, n, ut_i8b);
        e.lo_n = A->n8 + k + C->n8;
        memcpy(ut_x_lo8, A->u8, A->n8);
        memcpy(ut_x_lo8 + A->n8, ut_i8b, k);
        memcpy(ut_x_lo8 + A->n8 + k, C->u8, C->n8);
    }
    if (mask & UT_F_LATIN1) {
        rb = ref_utf16_to_latin1(s, n, ut_i8a);
        e.l1 = ut_compose(A->l1, na, rb, n, C->l1);
        ut_compose_out(ut_x_l18, 1, A->l1o, A->l1, ut_i8a, rb, C->l1o, C->l1);
    }
    if (mask & UT_F_WELLFORMED) {
        /* The paddings are well-formed: copied unchanged, nothing replaced. */
        e.wf_n = ref_utf16_make_well_formed(s, n, ut_i16a);
        memcpy(ut_x_wf16, A->u, na * 2);
        memcpy(ut_x_wf16 + na, ut_i16a, n * 2);
        memcpy(ut_x_wf16 + na + n, C->u, post * 2);
    }
    if (mask & UT_F_WTF8) {
        k = ref_utf16_to_wtf8(s, n, ut_i8b);
        e.w8_n = A->n8 + k + C->n8;
        memcpy(ut_x_w8, A->u8, A->n8);
        memcpy(ut_x_w8 + A->n8, ut_i8b, k);
        memcpy(ut_x_w8 + A->n8 + k, C->u8, C->n8);
    }
    if (mask & UT_F_MUTF8) {
        k = ref_utf16_to_mutf8(s, n, ut_i8b);
        e.m8_n = A->m8n + k + C->m8n;
        memcpy(ut_x_m8, A->m8, A->m8n);
        memcpy(ut_x_m8 + A->m8n, ut_i8b, k);
        memcpy(ut_x_m8 + A->m8n + k, C->m8, C->m8n);
    }
    if (mask & UT_F_INSPECT) {
        unilane_utf16_info ib = ref_utf16_inspect(s, n);
        e.i16 = ib;
        e.i16.read = ib.status != UNILANE_OK ? na + ib.read : na + n + post;
        e.i16.utf8_length = A->n8 + ib.utf8_length + C->n8;
        e.i16.width = ut_wider3(A->w, ib.width, C->w);
    }
    ut_cur_ctx.on = 1;
    ut_cur_ctx.inner = s;
    ut_cur_ctx.n = n;
    ut_cur_ctx.c = c;
    ut_run_units(ut_ctxbuf16, c.total, mask, &e);
    ut_cur_ctx.on = 0;
}
