/*
 * test_stream.c -- streaming and bounded output (unilane_utf8_decode,
 * unilane_utf8_encode), strict and lossy, for every kernel: any chunking of
 * the input and any output capacities give exactly the one-shot output
 * (strict: the same error at the right global position); OUTPUT_FULL only
 * when the next whole character does not fit; nothing written past
 * `written`; `last` flushes; cap == 0; reuse after a final OK.
 *
 * The streaming layer runs a region of a chunk through the kernel's one-shot
 * converters only when the chunk and the free output are both large (at
 * least 16 units, and the kernel's short-input threshold when calls go
 * through the dispatcher): the small-chunk families exercise the
 * per-character path; the "big" families (chunks of 65..1000 units and
 * whole inputs, capacities of 70..1001 and unlimited, large random ones) and
 * the edge inputs inside vector-sized contexts cut at every position around
 * them run kernel regions on both sides of every cut.
 */
#include <stdlib.h>

#include "checks.h"

#define ST_MAX     4096 /* longest input */
#define ST_SMALL   400  /* longest input of the small-chunk families */
#define ST_CANARY  0xA5A5
#define ST_CANARY8 0xA5

/* How a run feeds its input: chunk sizes and capacities. Zero-initialise,
   then set what the plan needs. */
typedef struct st_plan {
    size_t chunk;       /* fixed chunk size (0: cuts, or random sizes) */
    const size_t *cuts; /* else chunks end at these input positions (ascending), then the rest */
    size_t ncuts;
    size_t chunkmax; /* random chunks: 1..chunkmax units (0: 9), a quarter empty */
    size_t cap;      /* capacity per call (SIZE_MAX: unlimited), unless capr */
    int capr;        /* random capacities 0..capmax-1 */
    size_t capmax;   /* (0: 8) */
    ut_rng *rng;
    const char *name;
} st_plan;

/* Units of the next chunk, which starts at p of n. */
static size_t st_next_chunk(const st_plan *pl, size_t p, size_t n)
{
    size_t k, left = n - p, i;
    if (pl->chunk)
        return pl->chunk < left ? pl->chunk : left;
    if (pl->cuts) {
        for (i = 0; i < pl->ncuts; i++)
            if (pl->cuts[i] > p && pl->cuts[i] < n)
                return pl->cuts[i] - p;
        return left;
    }
    k = ut_below(pl->rng, 4) == 0 ? 0 : 1 + ut_below(pl->rng, pl->chunkmax ? pl->chunkmax : 9);
    if (ut_below(pl->rng, 8) == 0)
        k = left;
    return k < left ? k : left;
}

static size_t st_next_cap(const st_plan *pl, size_t escalate)
{
    size_t c = pl->capr ? ut_below(pl->rng, pl->capmax ? pl->capmax : 8) : pl->cap;
    return c == SIZE_MAX ? c : c + escalate;
}

/* Canary bytes for memcmp (ST_CANARY is two ST_CANARY8 bytes). */
static unsigned char st_canary[2 * (3 * ST_MAX + 64)];

/* A streaming object of either direction. */
typedef union st_obj {
    unilane_utf8_decoder d;
    unilane_utf8_encoder e;
} st_obj;

/*
 * What differs between the two directions; everything else of a run and of
 * the plan families is one piece of code (st_run, st_all, st_big). Input and
 * output are handled as arrays of isz- and osz-byte units.
 */
typedef struct st_dir {
    const char *verb;     /* "decode", "encode" */
    const char *out_unit; /* "unit", "byte" */
    size_t isz, osz;      /* bytes per input / output unit */
    size_t grow;          /* output units per input unit, at most */
    size_t pend;          /* output units of a pending character, at most */
    size_t big_cap_scale; /* the big plans' capacities are in input units times this */
    size_t big_capmax;    /* large random capacities: below this */
    int edge_d;           /* capacities ending edge_d units around the edge input, */
    size_t edge_capmin;   /* but not below this (short ones go per character) */
    void (*init)(st_obj *o, int mode);
    unilane_result (*call)(st_obj *o, const void *s, size_t n, void *out, size_t cap, int last);
    /* the reference: lossy output length, or the strict result */
    unilane_result (*ref)(int mode, const void *s, size_t n, void *exp);
    size_t (*char_units)(const void *o); /* output units of the character at o */
    const char *(*hex_in)(const void *p, size_t n);
    const char *(*hex_out)(const void *p, size_t n);
} st_dir;

static void st_dec_init(st_obj *o, int mode)
{
    unilane_utf8_decoder_init(&o->d, mode);
}

static unilane_result st_dec_call(st_obj *o, const void *s, size_t n, void *out, size_t cap,
                                  int last)
{
    return unilane_utf8_decode(&o->d, (const char *)s, n, (uint16_t *)out, cap, last);
}

static unilane_result st_dec_ref(int mode, const void *s, size_t n, void *exp)
{
    unilane_result e = { UNILANE_OK, 0, 0 };
    if (mode == UNILANE_LOSSY) {
        e.written = ref_utf8_to_utf16_lossy((const unsigned char *)s, n, (uint16_t *)exp);
        return e;
    }
    return ref_utf8_to_utf16((const unsigned char *)s, n, (uint16_t *)exp);
}

/* Units of the UTF-16 character starting at o[0]. */
static size_t st_len16(const void *p)
{
    const uint16_t *o = (const uint16_t *)p;
    return o[0] >= 0xD800 && o[0] <= 0xDBFF ? 2 : 1;
}

static const char *st_hex16(const void *p, size_t n)
{
    return ut_hex16((const uint16_t *)p, n);
}

static void st_enc_init(st_obj *o, int mode)
{
    unilane_utf8_encoder_init(&o->e, mode);
}

static unilane_result st_enc_call(st_obj *o, const void *s, size_t n, void *out, size_t cap,
                                  int last)
{
    return unilane_utf8_encode(&o->e, (const uint16_t *)s, n, (char *)out, cap, last);
}

static unilane_result st_enc_ref(int mode, const void *s, size_t n, void *exp)
{
    unilane_result e = { UNILANE_OK, 0, 0 };
    if (mode == UNILANE_LOSSY) {
        e.written = ref_utf16_to_utf8_lossy((const uint16_t *)s, n, (unsigned char *)exp);
        return e;
    }
    return ref_utf16_to_utf8((const uint16_t *)s, n, (unsigned char *)exp);
}

static size_t st_len8(const void *p)
{
    const unsigned char *o = (const unsigned char *)p;
    return o[0] < 0x80 ? 1 : o[0] < 0xE0 ? 2 : o[0] < 0xF0 ? 3 : 4;
}

static const st_dir st_dec = { .verb = "decode",
                               .out_unit = "unit",
                               .isz = 1,
                               .osz = 2,
                               .grow = 1,
                               .pend = 2,
                               .big_cap_scale = 1,
                               .big_capmax = 800,
                               .edge_d = 3,
                               .edge_capmin = 16,
                               .init = st_dec_init,
                               .call = st_dec_call,
                               .ref = st_dec_ref,
                               .char_units = st_len16,
                               .hex_in = ut_hex8,
                               .hex_out = st_hex16 };
static const st_dir st_enc = { .verb = "encode",
                               .out_unit = "byte",
                               .isz = 2,
                               .osz = 1,
                               .grow = 3,
                               .pend = 4,
                               .big_cap_scale = 3,
                               .big_capmax = 2400,
                               .edge_d = 4,
                               .edge_capmin = 48,
                               .init = st_enc_init,
                               .call = st_enc_call,
                               .ref = st_enc_ref,
                               .char_units = st_len8,
                               .hex_in = st_hex16,
                               .hex_out = ut_hex8 };

/* One run of s[0..n) on an initialised object. Returns 1 when the run
   ended with last = 1 and OK (so the object may be reused). */
static int st_run(const st_dir *dr, st_obj *d, int mode, const void *src, size_t n,
                  const st_plan *pl)
{
    static uint16_t exp16[(3 * ST_MAX + 8) / 2 + 1], out16[(3 * ST_MAX + 64) / 2 + 1];
    unsigned char *exp = (unsigned char *)exp16, *out = (unsigned char *)out16;
    const unsigned char *s = (const unsigned char *)src;
    const size_t osz = dr->osz, isz = dr->isz, omax = dr->grow * ST_MAX;
    const char *mname = mode ? "lossy" : "strict";
    unilane_result e, r;
    size_t en, w = 0, p = 0, ce, cap, avail, k, escalate = 0, calls = 0, ce_fill;
    int last;

    if (!st_canary[0])
        memset(st_canary, ST_CANARY8, sizeof st_canary);
    e = dr->ref(mode, s, n, exp);
    en = e.written;
    for (;;) {
        ce = p + st_next_chunk(pl, p, n);
        last = ce == n;
        for (;;) {
            cap = st_next_cap(pl, escalate);
            avail = omax + 8 - w;
            if (cap > avail)
                cap = avail;
            /* canary over the capacity, up to 72 units past the most this
               chunk can produce (grow per input unit, plus a pending
               character) */
            ce_fill = dr->grow * (ce - p) + dr->pend + 64;
            ce_fill = cap < ce_fill ? cap : ce_fill;
            ce_fill = w + ce_fill + 8 < omax + 64 ? w + ce_fill + 8 : omax + 64;
            memset(out + w * osz, ST_CANARY8, (ce_fill - w) * osz);
            r = dr->call(d, s + p * isz, ce - p, out + w * osz, cap, last);
            if (++calls > 100000) {
                UT_CHECK(0, "%s %s: no progress on %s", dr->verb, pl->name, dr->hex_in(s, n));
                return 0;
            }
            UT_CHECK(r.written <= cap && r.read <= ce - p,
                     "%s(%s, %s): chunk [%zu,%zu) cap %zu: read %zu written %zu out of bounds",
                     dr->verb, mname, pl->name, p, ce, cap, r.read, r.written);
            k = w + r.written;
            if (k < ce_fill && memcmp(out + k * osz, st_canary, (ce_fill - k) * osz) != 0)
                while (memcmp(out + k * osz, st_canary, osz) == 0)
                    k++;
            else
                k = ce_fill;
            UT_CHECK(k >= ce_fill,
                     "%s(%s, %s) of %s: chunk [%zu,%zu) cap %zu: wrote %s %zu past written %zu",
                     dr->verb, mname, pl->name, dr->hex_in(s, n), p, ce, cap, dr->out_unit, k - w,
                     r.written);
            UT_CHECK(w + r.written <= en &&
                         memcmp(out + w * osz, exp + w * osz, r.written * osz) == 0,
                     "%s(%s, %s) of %s: chunk [%zu,%zu) cap %zu: wrote %s at output %zu, "
                     "expected %s",
                     dr->verb, mname, pl->name, dr->hex_in(s, n), p, ce, cap,
                     dr->hex_out(out + w * osz, r.written), w,
                     dr->hex_out(exp + w * osz, en - w < r.written ? en - w : r.written));
            w += r.written;
            if (r.status == UNILANE_OUTPUT_FULL) {
                UT_CHECK(
                    w < en && cap - r.written < dr->char_units(exp + w * osz),
                    "%s(%s, %s) of %s: OUTPUT_FULL at output %zu with %zu %ss free, next "
                    "character %s (expected output %zu %ss)",
                    dr->verb, mname, pl->name, dr->hex_in(s, n), w, cap - r.written, dr->out_unit,
                    w < en ? dr->hex_out(exp + w * osz, dr->char_units(exp + w * osz)) : "(none)",
                    en, dr->out_unit);
                p += r.read;
                escalate = r.read == 0 && r.written == 0 ? escalate + 1 : 0;
                continue;
            }
            escalate = 0;
            if (r.status != UNILANE_OK) {
                size_t want = e.read >= p ? e.read - p : 0;
                UT_CHECK(mode == UNILANE_STRICT && e.status == r.status && r.read == want &&
                             w == en,
                         "%s(%s, %s) of %s: chunk [%zu,%zu) last %d: %s read %zu (output %zu), "
                         "expected %s at global %zu -> read %zu (output %zu)",
                         dr->verb, mname, pl->name, dr->hex_in(s, n), p, ce, last,
                         unilane_status_string(r.status), r.read, w,
                         unilane_status_string(e.status), e.read, want, en);
                return 0;
            }
            UT_CHECK(r.read == ce - p, "%s(%s, %s) of %s: OK but read %zu of chunk [%zu,%zu)",
                     dr->verb, mname, pl->name, dr->hex_in(s, n), r.read, p, ce);
            p = ce;
            break;
        }
        if (last)
            break;
    }
    UT_CHECK(e.status == UNILANE_OK && w == en && memcmp(out, exp, en * osz) == 0,
             "%s(%s, %s) of %s: finished OK with %s, expected %s%s", dr->verb, mname, pl->name,
             dr->hex_in(s, n), dr->hex_out(out, w), dr->hex_out(exp, en),
             e.status == UNILANE_OK ? "" : " and an error");
    return 1;
}

/* Every plan family on one input, both modes. */
static void st_all(const st_dir *dr, const void *s, size_t n, ut_rng *rng, int thorough)
{
    st_obj d;
    st_plan pl;
    size_t k, c;
    int mode, reps;

    for (mode = UNILANE_STRICT; mode <= UNILANE_LOSSY; mode++) {
        memset(&pl, 0, sizeof pl);
        pl.rng = rng;
        /* every chunk size, unlimited output; the object reused after OK */
        pl.cap = SIZE_MAX;
        pl.name = "fixed chunks";
        dr->init(&d, mode);
        for (k = 1; k <= n; k += thorough || k < 8 ? 1 : 1 + k / 4) {
            pl.chunk = k;
            if (!st_run(dr, &d, mode, s, n, &pl))
                dr->init(&d, mode);
        }
        if (n == 0) {
            pl.chunk = 1;
            st_run(dr, &d, mode, s, n, &pl);
        }
        /* every capacity, one chunk (bounded output) and 1-unit chunks */
        pl.name = "fixed capacity";
        for (c = 0; c <= (thorough ? 12 : 5); c++) {
            pl.cap = c;
            pl.chunk = n ? n : 1;
            dr->init(&d, mode);
            st_run(dr, &d, mode, s, n, &pl);
            pl.chunk = 1;
            dr->init(&d, mode);
            st_run(dr, &d, mode, s, n, &pl);
        }
        /* random chunkings with random capacities (0 included) */
        pl.name = "random chunks and capacities";
        pl.chunk = 0;
        pl.capr = 1;
        dr->init(&d, mode);
        for (reps = 0; reps < (thorough ? 6 : 2); reps++)
            if (!st_run(dr, &d, mode, s, n, &pl))
                dr->init(&d, mode);
    }
}

START_TEST(st_decode_random)
{
    static const int bads[] = { 0, 0, 20, 100, 400 };
    unsigned char buf[ST_SMALL];
    ut_rng r;
    size_t it, n, iters = ut_iters(800);
    ut_select(_i);
    ut_rng_init(&r, "st_decode_random", 0);
    for (it = 0; it < iters; it++) {
        int thorough = it % 4 == 0;
        n = ut_gen_utf8(&r, buf, thorough ? ut_below(&r, 48) : ut_below(&r, ST_SMALL), bads[it % 5],
                        (int)ut_below(&r, 600));
        if (it % 3 == 2)
            n = ut_mutate_bytes(&r, buf, n, sizeof buf);
        st_all(&st_dec, buf, n, &r, thorough);
    }
    UT_DONE();
}
END_TEST

START_TEST(st_encode_random)
{
    static const int bads[] = { 0, 0, 20, 100, 400 };
    uint16_t buf[ST_SMALL];
    ut_rng r;
    size_t it, n, iters = ut_iters(800);
    ut_select(_i);
    ut_rng_init(&r, "st_encode_random", 0);
    for (it = 0; it < iters; it++) {
        int thorough = it % 4 == 0;
        n = ut_gen_utf16(&r, buf, thorough ? ut_below(&r, 48) : ut_below(&r, ST_SMALL),
                         bads[it % 5], (int)ut_below(&r, 600));
        if (it % 3 == 2)
            n = ut_mutate_units(&r, buf, n, ST_SMALL);
        st_all(&st_enc, buf, n, &r, thorough);
    }
    UT_DONE();
}
END_TEST

/* Short fixed inputs: every partial sequence, every error class, pairs. */
static const char *const st_v8[] = { "",
                                     "a",
                                     "\xC3",
                                     "\xC3\xA9",
                                     "\xE4\xB8",
                                     "\xE4\xB8\xAD",
                                     "\xF0\x9F",
                                     "\xF0\x9F\x98",
                                     "\xF0\x9F\x98\x80",
                                     "\xF0\x9F\x98\x80\xF0\x9F\x98\x80",
                                     "a\xF0\x9F\x98",
                                     "\x80",
                                     "\xC0\xAF",
                                     "\xE0\x80\x80",
                                     "\xED\xA0\x80",
                                     "\xF4\x90\x80\x80",
                                     "\xF8",
                                     "\xE1\x80\x41",
                                     "\x61\xF1\x80\x80\xE1\x80\xC2\x62",
                                     "\xF1\x80\x80",
                                     "\xEF\xBB\xBF",
                                     "\xC2\x80\xC2" };
static const uint16_t st_v16[][6] = { { 0 },
                                      { 0x41 },
                                      { 0xD83D },
                                      { 0xD83D, 0xDE00 },
                                      { 0xDE00 },
                                      { 0xD83D, 0x41 },
                                      { 0xD83D, 0xD83D, 0xDE00 },
                                      { 0x41, 0xD800 },
                                      { 0xE9, 0x4E2D, 0xD83D, 0xDE00, 0xDC00, 0xD800 } };
static const size_t st_n16[] = { 0, 1, 1, 2, 1, 2, 3, 2, 6 };

START_TEST(st_edge_inputs)
{
    ut_rng r;
    size_t i;
    ut_select(_i);
    ut_rng_init(&r, "st_edge_inputs", 0);
    for (i = 0; i < sizeof st_v8 / sizeof st_v8[0]; i++)
        st_all(&st_dec, st_v8[i], strlen(st_v8[i]), &r, 1);
    for (i = 0; i < sizeof st_n16 / sizeof st_n16[0]; i++)
        st_all(&st_enc, st_v16[i], st_n16[i], &r, 1);
    UT_DONE();
}
END_TEST

/*
 * Plans whose chunks and capacities are large enough for kernel regions, on
 * an input of n units whose interesting part starts at `at` (n, or the
 * start of an edge input inside a context): fixed chunks of 65..1000 units
 * and the whole input with capacities of 70..1001 units and unlimited;
 * two chunks cut at every position from at-3 to at+len+3 (unlimited output);
 * one chunk with capacities that end the first call's output at every unit
 * from 3 before to 3 after the output of s[0..at); inputs of at most
 * ST_EVERY_CAP units, one chunk at every capacity from 1 to the most their
 * output can be; large random chunkings and capacities.
 */
static const size_t st_big_chunks[] = { 65, 100, 128, 257, 1000, 0 };
static const size_t st_big_caps[] = { SIZE_MAX, 70, 129, 300, 1001, SIZE_MAX };
#define ST_NBIG      (sizeof st_big_chunks / sizeof st_big_chunks[0])
#define ST_EVERY_CAP 300 /* inputs up to this long also run at every capacity */

static void st_big(const st_dir *dr, const void *s, size_t n, size_t at, size_t len, ut_rng *rng)
{
    static uint16_t tmp[(3 * ST_MAX + 8) / 2 + 1];
    st_obj d;
    st_plan pl;
    size_t i, cut, before;
    int mode, d0;

    for (mode = UNILANE_STRICT; mode <= UNILANE_LOSSY; mode++) {
        memset(&pl, 0, sizeof pl);
        pl.rng = rng;
        pl.name = "big chunks";
        dr->init(&d, mode);
        for (i = 0; i < ST_NBIG; i++) {
            pl.chunk = st_big_chunks[i] ? st_big_chunks[i] : n ? n : 1;
            pl.cap = st_big_caps[(i + (size_t)mode) % ST_NBIG];
            if (pl.cap != SIZE_MAX)
                pl.cap *= dr->big_cap_scale;
            if (!st_run(dr, &d, mode, s, n, &pl))
                dr->init(&d, mode);
        }
        if (at < n) {
            pl.chunk = 0;
            pl.cap = SIZE_MAX;
            pl.name = "two chunks cut around the edge input";
            pl.ncuts = 1;
            for (cut = at >= 3 ? at - 3 : 0; cut <= at + len + 3 && cut <= n; cut++) {
                pl.cuts = &cut;
                dr->init(&d, mode);
                st_run(dr, &d, mode, s, n, &pl);
            }
            pl.cuts = NULL;
            pl.ncuts = 0;
            pl.chunk = n;
            pl.name = "capacity ending around the edge input";
            before = dr->ref(UNILANE_LOSSY, s, at, tmp).written;
            for (d0 = -dr->edge_d; d0 <= dr->edge_d; d0++) {
                if ((long)before + d0 < (long)dr->edge_capmin)
                    continue;
                pl.cap = (size_t)((long)before + d0);
                dr->init(&d, mode);
                st_run(dr, &d, mode, s, n, &pl);
            }
        }
        if (n <= ST_EVERY_CAP && mode == UNILANE_LOSSY) {
            /* every capacity, the whole input as one chunk: each call
               stops at a full output wherever the output can fill (lossy:
               the encoder's bounded kernels, utf16_to_utf8_lossy_bounded) */
            pl.chunk = n ? n : 1;
            pl.name = "every capacity";
            for (i = 1; i <= dr->grow * n + 1; i++) {
                pl.cap = i;
                dr->init(&d, mode);
                st_run(dr, &d, mode, s, n, &pl);
            }
        }
        pl.chunk = 0;
        pl.cap = 0;
        pl.capr = 1;
        pl.chunkmax = 700;
        pl.capmax = dr->big_capmax;
        pl.name = "large random chunks and capacities";
        dr->init(&d, mode);
        if (!st_run(dr, &d, mode, s, n, &pl))
            dr->init(&d, mode);
    }
}

/* Long random inputs (200..3000 units) through the big plans. */
START_TEST(st_decode_big_random)
{
    static const int bads[] = { 0, 0, 5, 50, 300 };
    static unsigned char buf[ST_MAX];
    ut_rng r;
    size_t it, n, iters = ut_iters(400);
    ut_select(_i);
    ut_rng_init(&r, "st_decode_big_random", 0);
    for (it = 0; it < iters; it++) {
        n = ut_gen_utf8(&r, buf, 200 + ut_below(&r, 2800), bads[it % 5], (int)ut_below(&r, 600));
        if (it % 3 == 2)
            n = ut_mutate_bytes(&r, buf, n, sizeof buf);
        st_big(&st_dec, buf, n, n, 0, &r);
    }
    UT_DONE();
}
END_TEST

START_TEST(st_encode_big_random)
{
    static const int bads[] = { 0, 0, 5, 50, 300 };
    static uint16_t buf[ST_MAX];
    ut_rng r;
    size_t it, n, iters = ut_iters(400);
    ut_select(_i);
    ut_rng_init(&r, "st_encode_big_random", 0);
    for (it = 0; it < iters; it++) {
        n = ut_gen_utf16(&r, buf, 200 + ut_below(&r, 2800), bads[it % 5], (int)ut_below(&r, 600));
        if (it % 3 == 2)
            n = ut_mutate_units(&r, buf, n, ST_MAX);
        st_big(&st_enc, buf, n, n, 0, &r);
    }
    UT_DONE();
}
END_TEST

/* The edge inputs inside contexts: a whole 64-unit block and 0..63 more
   units of padding (every lane offset, padding kinds rotating) before, 81
   units after, through the big plans. */
START_TEST(st_edges_in_context)
{
    static unsigned char b8[ST_MAX];
    static uint16_t b16[ST_MAX];
    ut_rng r;
    size_t i, n, len;
    unsigned k, step = ut_full() ? 1 : 16;
    ut_ctx c;
    ut_select(_i);
    ut_rng_init(&r, "st_edges_in_context", 0);
    for (k = 0; k < 64; k += step) {
        for (i = 1; i < sizeof st_v8 / sizeof st_v8[0]; i++) {
            len = strlen(st_v8[i]);
            c.pre = 64 + k;
            c.pre_kind = (int)((k + i) % UT_PAD_KINDS);
            c.post_kind = (int)((k / 4 + i) % UT_PAD_KINDS);
            c.total = c.pre + len + 81;
            n = ut_ctx_build_bytes(b8, (const unsigned char *)st_v8[i], len, c);
            st_big(&st_dec, b8, n, c.pre, len, &r);
        }
        for (i = 1; i < sizeof st_n16 / sizeof st_n16[0]; i++) {
            len = st_n16[i];
            c.pre = 64 + k;
            c.pre_kind = (int)((k + i) % UT_PAD_KINDS);
            c.post_kind = (int)((k / 4 + i) % UT_PAD_KINDS);
            c.total = c.pre + len + 81;
            n = ut_ctx_build_units(b16, st_v16[i], len, c);
            st_big(&st_enc, b16, n, c.pre, len, &r);
        }
    }
    UT_DONE();
}
END_TEST

/* `last` flushes as specified, and cap == 0 rules. */
START_TEST(st_flush_and_cap0)
{
    unilane_utf8_decoder d;
    unilane_utf8_encoder e;
    uint16_t o16[8];
    char o8[16];
    unilane_result r;
    static const char *const partial[] = { "\xC3",     "\xE4",         "\xE4\xB8",    "\xF0",
                                           "\xF0\x9F", "\xF0\x9F\x98", "\xF4\x8F\xBF" };
    size_t i, n;
    ut_select(_i);
    for (i = 0; i < sizeof partial / sizeof partial[0]; i++) {
        n = strlen(partial[i]);
        /* lossy: partial kept (read), then one U+FFFD at the final call */
        unilane_utf8_decoder_init(&d, UNILANE_LOSSY);
        r = unilane_utf8_decode(&d, partial[i], n, o16, 8, 0);
        UT_CHECK(r.status == UNILANE_OK && r.read == n && r.written == 0,
                 "lossy decode(%s, last 0): %s %zu %zu", ut_hex8(partial[i], n),
                 unilane_status_string(r.status), r.read, r.written);
        r = unilane_utf8_decode(&d, NULL, 0, o16, 0, 1);
        UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.read == 0 && r.written == 0,
                 "lossy flush of %s with cap 0: %s %zu %zu", ut_hex8(partial[i], n),
                 unilane_status_string(r.status), r.read, r.written);
        r = unilane_utf8_decode(&d, NULL, 0, o16, 8, 1);
        UT_CHECK(r.status == UNILANE_OK && r.written == 1 && o16[0] == 0xFFFD,
                 "lossy flush of %s: %s %zu %04X", ut_hex8(partial[i], n),
                 unilane_status_string(r.status), r.written, o16[0]);
        /* reusable: a new stream on the same object */
        r = unilane_utf8_decode(&d, "\xC3\xA9", 2, o16, 8, 1);
        UT_CHECK(r.status == UNILANE_OK && r.read == 2 && r.written == 1 && o16[0] == 0xE9,
                 "decoder reuse after flush: %s %zu %zu %04X", unilane_status_string(r.status),
                 r.read, r.written, o16[0]);
        /* strict: TOO_SHORT at the final call, read 0 */
        unilane_utf8_decoder_init(&d, UNILANE_STRICT);
        r = unilane_utf8_decode(&d, partial[i], n, o16, 8, 0);
        UT_CHECK(r.status == UNILANE_OK && r.read == n && r.written == 0,
                 "strict decode(%s, last 0)", ut_hex8(partial[i], n));
        r = unilane_utf8_decode(&d, NULL, 0, o16, 8, 1);
        UT_CHECK(r.status == UNILANE_TOO_SHORT && r.read == 0 && r.written == 0,
                 "strict flush of %s: %s %zu", ut_hex8(partial[i], n),
                 unilane_status_string(r.status), r.read);
        /* cap 0 with only a partial sequence due: no output was due */
        unilane_utf8_decoder_init(&d, UNILANE_LOSSY);
        r = unilane_utf8_decode(&d, partial[i], n, o16, 0, 0);
        UT_CHECK(r.status == UNILANE_OK && r.read == n && r.written == 0,
                 "decode(%s, cap 0, last 0): %s read %zu (no output was due)",
                 ut_hex8(partial[i], n), unilane_status_string(r.status), r.read);
    }
    /* cap 0: output due -> OUTPUT_FULL, nothing read; nothing due -> OK */
    unilane_utf8_decoder_init(&d, UNILANE_STRICT);
    r = unilane_utf8_decode(&d, "ab", 2, o16, 0, 0);
    UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.read == 0 && r.written == 0,
             "decode(ab, cap 0): %s %zu", unilane_status_string(r.status), r.read);
    r = unilane_utf8_decode(&d, "", 0, o16, 0, 0);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "decode(empty, cap 0)");
    r = unilane_utf8_decode(&d, "", 0, o16, 0, 1);
    UT_CHECK(r.status == UNILANE_OK && r.read == 0 && r.written == 0, "decode(empty, cap 0, last)");
    /* a pair needs 2 units: cap 1 -> OUTPUT_FULL before it */
    unilane_utf8_decoder_init(&d, UNILANE_LOSSY);
    r = unilane_utf8_decode(&d, "a\xF0\x9F\x98\x80", 5, o16, 2, 1);
    UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.read == 1 && r.written == 1,
             "decode pair, cap 2: %s %zu %zu", unilane_status_string(r.status), r.read, r.written);

    /* encoder: a high surrogate pending at the end of a chunk */
    unilane_utf8_encoder_init(&e, UNILANE_LOSSY);
    {
        static const uint16_t hi[1] = { 0xD83D }, lo[1] = { 0xDE00 }, a[1] = { 0x41 };
        r = unilane_utf8_encode(&e, hi, 1, o8, 16, 0);
        UT_CHECK(r.status == UNILANE_OK && r.read == 1 && r.written == 0,
                 "encode(high, last 0): %s %zu %zu", unilane_status_string(r.status), r.read,
                 r.written);
        r = unilane_utf8_encode(&e, lo, 1, o8, 3, 0);
        UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.read == 0 && r.written == 0,
                 "encode(low completing a pair, cap 3): %s %zu %zu",
                 unilane_status_string(r.status), r.read, r.written);
        r = unilane_utf8_encode(&e, lo, 1, o8, 4, 0);
        UT_CHECK(r.status == UNILANE_OK && r.read == 1 && r.written == 4 &&
                     memcmp(o8, "\xF0\x9F\x98\x80", 4) == 0,
                 "encode(low completing a pair, cap 4): %s %zu %zu",
                 unilane_status_string(r.status), r.read, r.written);
        r = unilane_utf8_encode(&e, hi, 1, o8, 16, 0);
        r = unilane_utf8_encode(&e, NULL, 0, o8, 2, 1);
        UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.written == 0,
                 "encode flush U+FFFD with cap 2: %s", unilane_status_string(r.status));
        r = unilane_utf8_encode(&e, NULL, 0, o8, 3, 1);
        UT_CHECK(r.status == UNILANE_OK && r.written == 3 && memcmp(o8, "\xEF\xBF\xBD", 3) == 0,
                 "encode lossy flush of a pending high surrogate: %s %zu",
                 unilane_status_string(r.status), r.written);
        r = unilane_utf8_encode(&e, a, 1, o8, 3, 1);
        UT_CHECK(r.status == UNILANE_OK && r.read == 1 && r.written == 1 && o8[0] == 'A',
                 "encoder reuse");
        unilane_utf8_encoder_init(&e, UNILANE_STRICT);
        r = unilane_utf8_encode(&e, hi, 1, o8, 16, 0);
        UT_CHECK(r.status == UNILANE_OK && r.read == 1, "strict encode(high)");
        r = unilane_utf8_encode(&e, NULL, 0, o8, 16, 1);
        UT_CHECK(r.status == UNILANE_SURROGATE && r.read == 0 && r.written == 0,
                 "strict encode flush: %s %zu", unilane_status_string(r.status), r.read);
        unilane_utf8_encoder_init(&e, UNILANE_STRICT);
        r = unilane_utf8_encode(&e, a, 1, o8, 0, 0);
        UT_CHECK(r.status == UNILANE_OUTPUT_FULL && r.read == 0 && r.written == 0,
                 "encode(A, cap 0)");
        r = unilane_utf8_encode(&e, hi, 1, o8, 0, 0);
        UT_CHECK(r.status == UNILANE_OK && r.read == 1 && r.written == 0,
                 "encode(high, cap 0, last 0): %s %zu", unilane_status_string(r.status), r.read);
    }
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("stream");
    TCase *tc;
#define ST_CASE(fn)                            \
  tc = ut_tcase(#fn);                          \
  tcase_add_loop_test(tc, fn, 0, ut_nkernels); \
  suite_add_tcase(s, tc)
    ST_CASE(st_flush_and_cap0);
    ST_CASE(st_edge_inputs);
    ST_CASE(st_decode_random);
    ST_CASE(st_encode_random);
    ST_CASE(st_decode_big_random);
    ST_CASE(st_encode_big_random);
    ST_CASE(st_edges_in_context);
#undef ST_CASE
    return s;
}

int main(void)
{
    ut_require_kernel_ops = 1; /* the lossy encoder calls utf16_to_utf8_lossy_bounded */
    return ut_main(make_suite);
}
