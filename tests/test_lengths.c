/*
 * test_lengths.c -- the length functions equal what the converters write,
 * for valid and invalid input of random lengths and mixtures; and
 * utf16_length_from_utf8 equals API.md's formula for any input. Also every
 * converter against the reference on the same inputs; the WTF-8 and
 * modified UTF-8 round trips; latin1_to_utf8_bounded at every capacity;
 * utf8_inspect on inputs of up to 256 KiB.
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
    static unsigned char buf[UT_CHECK_MAX], u8[2 * UT_CHECK_MAX];
    ut_rng r;
    size_t it, n, iters = ut_iters(2000);
    ut_select(_i);
    ut_rng_init(&r, "len_latin1_random", 0);
    for (it = 0; it < iters; it++) {
        size_t m;
        n = ut_gen_latin1(&r, buf, it % 3 == 0 ? ut_below(&r, 70) : ut_below(&r, 1000),
                          (int)ut_below(&r, 1000));
        ut_check_bytes(buf, n, UT_F_FROM_LATIN1 | UT_F_LENGTHS | UT_F_PREFIX | UT_F_LATIN1);
        /* the same text as UTF-8 (the reference's encoding): every UTF-8
           operation, utf8_to_latin1 on input it converts whole */
        m = ref_latin1_to_utf8(buf, n, u8);
        ut_check_bytes(u8, m, UT_F_ALL);
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

/* Long runs of one 4-byte character (2 units at every fourth byte, the same
   lanes of every SIMD block), whole or cut off at the end, so that a
   kernel's per-lane unit counters hold their most: the lengths and widths
   are literals of the run (n bytes: n / 2 units), not the reference's. */
START_TEST(len_utf8_long_astral_runs)
{
    static unsigned char buf[40000];
    static const size_t lens[] = { 8192, 16384, 33024, 40000 };
    size_t k, n;
    ut_select(_i);
    for (k = 0; k + 4 <= sizeof buf; k += 4)
        memcpy(buf + k, "\xF0\x9F\x98\x80", 4);
    for (k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        const char *s = (const char *)buf;
        unilane_utf8_info a, b;
        n = lens[k];
        UT_CHECK(unilane_utf16_length_from_utf8(s, n) == n / 2, "length %zu", n);
        UT_CHECK(unilane_utf16_length_from_utf8_lossy(s, n) == n / 2, "lossy length %zu", n);
        a = unilane_utf8_inspect(s, n);
        b = unilane_utf8_inspect_lossy(s, n);
        UT_CHECK(a.status == UNILANE_OK && a.read == n && a.utf16_length == n / 2 &&
                     a.width == UNILANE_WIDTH_ASTRAL,
                 "inspect %zu: %zu units", n, a.utf16_length);
        UT_CHECK(b.status == UNILANE_OK && b.read == n && b.utf16_length == n / 2 &&
                     b.width == UNILANE_WIDTH_ASTRAL,
                 "inspect_lossy %zu: %zu units", n, b.utf16_length);
        /* the last character cut to 3 bytes: one U+FFFD */
        n--;
        UT_CHECK(unilane_utf16_length_from_utf8_lossy(s, n) == (n - 3) / 2 + 1, "lossy length %zu",
                 n);
        a = unilane_utf8_inspect(s, n);
        b = unilane_utf8_inspect_lossy(s, n);
        UT_CHECK(a.status == UNILANE_TOO_SHORT && a.read == n - 3 && a.utf16_length == (n - 3) / 2,
                 "inspect %zu: %zu units", n, a.utf16_length);
        UT_CHECK(b.status == UNILANE_TOO_SHORT && b.read == n - 3 &&
                     b.utf16_length == (n - 3) / 2 + 1 && b.width == UNILANE_WIDTH_ASTRAL,
                 "inspect_lossy %zu: %zu units", n, b.utf16_length);
    }
    UT_DONE();
}
END_TEST

/* UTF-16 biased to surrogates: lone highs and lows, pairs, reversed pairs,
   U+0000, among other units. */
static size_t len_gen_surrogates(ut_rng *r, uint16_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        switch (ut_below(r, 6)) {
        case 0: b[i] = (uint16_t)(0xD800 + ut_below(r, 0x400)); break;
        case 1: b[i] = (uint16_t)(0xDC00 + ut_below(r, 0x400)); break;
        case 2: b[i] = 0; break;
        case 3: b[i] = (uint16_t)ut_below(r, 0x800); break;
        default: b[i] = (uint16_t)ut_below(r, 0x10000); break;
        }
    return n;
}

/* For random UTF-16 with lone and paired surrogates: utf16_to_wtf8 and
   back is the input (and so for modified UTF-8), the encoders write what
   the length functions say, and the decoders of well-formed WTF-8 and
   modified UTF-8 write utf16_length_from_utf8 units and give the bytes back
   when re-encoded (ut_check_*: UT_F_WTF8, UT_F_MUTF8, UT_F_LENGTHS). */
START_TEST(len_wtf8_mutf8_round_trips)
{
    static uint16_t u[UT_CHECK_MAX];
    static unsigned char b[3 * UT_CHECK_MAX];
    static const int bads[] = { 0, 5, 50, 300, 1000 };
    ut_rng r;
    size_t it, n, m, iters = ut_iters(1500);
    const int mask = UT_F_WTF8 | UT_F_MUTF8 | UT_F_LENGTHS | UT_F_INSPECT | UT_F_VALIDATE;
    ut_select(_i);
    ut_rng_init(&r, "len_wtf8_mutf8_round_trips", 0);
    for (it = 0; it < iters; it++) {
        size_t cap = it % 3 == 0 ? ut_below(&r, 70) : ut_below(&r, 1300);
        n = it % 2 ? ut_gen_utf16(&r, u, cap, bads[it % 5], (int)ut_below(&r, 1000))
                   : len_gen_surrogates(&r, u, cap);
        ut_check_units(u, n, mask);
        /* the encodings themselves, as input: well-formed WTF-8 / modified UTF-8 */
        m = ref_utf16_to_wtf8(u, n, b);
        if (m <= UT_CHECK_MAX)
            ut_check_bytes(b, m, mask);
        m = ref_utf16_to_mutf8(u, n, b);
        if (m <= UT_CHECK_MAX)
            ut_check_bytes(b, m, mask);
        if (it % 4 == 0 && m <= UT_CHECK_MAX) { /* and mutated */
            m = ut_mutate_bytes(&r, b, m, UT_CHECK_MAX);
            ut_check_bytes(b, m, mask);
        }
    }
    UT_DONE();
}
END_TEST

/* latin1_to_utf8_bounded at every capacity 0..2n+1, for every length
   0..300 and random longer ones: the result against the reference, and
   the rules themselves: the output is a prefix of latin1_to_utf8's that
   ends on a character boundary (written is the UTF-8 length of the read
   bytes), it is the longest that fits (the next character does not), OK
   exactly when read == n, and nothing is written past `written`. */
static void len_bounded_all_caps(const unsigned char *s, size_t n, size_t cap_step)
{
    static unsigned char full[2 * UT_CHECK_MAX], out[2 * UT_CHECK_MAX + 64];
    static unsigned char scratch[2 * UT_CHECK_MAX];
    static size_t pre[UT_CHECK_MAX + 1]; /* pre[i]: the UTF-8 length of s[0..i) */
    size_t nfull = ref_latin1_to_utf8(s, n, full), cap, k;
    unilane_result g, e;
    for (pre[0] = 0, k = 0; k < n; k++)
        pre[k + 1] = pre[k] + ref_latin1_to_utf8(s + k, 1, scratch);
    for (cap = 0; cap <= 2 * n + 1; cap += cap < 4 || cap + 4 > nfull ? 1 : cap_step) {
        memset(out, 0xA5, 2 * n + 64);
        g = unilane_latin1_to_utf8_bounded((const char *)s, n, (char *)out, cap);
        e = ref_latin1_to_utf8_bounded(s, n, scratch, cap);
        UT_CHECK(g.status == e.status && g.read == e.read && g.written == e.written,
                 "latin1_to_utf8_bounded(%s, cap %zu) = {%s, read %zu, written %zu}, reference "
                 "{%s, %zu, %zu}",
                 ut_hex8(s, n), cap, unilane_status_string(g.status), g.read, g.written,
                 unilane_status_string(e.status), e.read, e.written);
        k = g.read <= n ? pre[g.read] : 0;
        UT_CHECK(g.read <= n && g.written == k && g.written <= cap &&
                     (g.read == n || k + (s[g.read] < 0x80 ? 1u : 2u) > cap) &&
                     (g.status == UNILANE_OK) == (g.read == n) &&
                     (g.status == UNILANE_OK || g.status == UNILANE_OUTPUT_FULL) &&
                     memcmp(out, full, g.written) == 0,
                 "latin1_to_utf8_bounded(%s, cap %zu) = {%s, read %zu, written %zu} %s: not the "
                 "longest prefix of whole characters that fits",
                 ut_hex8(s, n), cap, unilane_status_string(g.status), g.read, g.written,
                 ut_hex8(out, g.written));
        for (k = g.written; k < 2 * n + 64 && out[k] == 0xA5; k++)
            ;
        UT_CHECK(k == 2 * n + 64, "latin1_to_utf8_bounded(%s, cap %zu): wrote byte %zu past %zu",
                 ut_hex8(s, n), cap, k, g.written);
    }
}

START_TEST(len_bounded_every_capacity)
{
    static unsigned char b[UT_CHECK_MAX];
    ut_rng r;
    size_t n, it, step = ut_full() ? 1 : 7, iters = ut_iters(60);
    ut_select(_i);
    ut_rng_init(&r, "len_bounded_every_capacity", 0);
    for (n = 0; n <= 300; n += n < 70 ? 1 : step) {
        ut_gen_latin1(&r, b, n, (int)(n % 3 == 0 ? 0 : n % 3 == 1 ? 100 : 900));
        len_bounded_all_caps(b, n, 1);
        ut_check_bytes(b, n, UT_F_BOUNDED);
    }
    for (it = 0; it < iters; it++) {
        n = ut_gen_latin1(&r, b, 300 + ut_below(&r, 1700), (int)ut_below(&r, 1000));
        len_bounded_all_caps(b, n, 16 + ut_below(&r, 64));
    }
    /* a 2-byte character at or next to a 64-byte block end (bytes 62..65,
       126..129) of ASCII text, and an ASCII byte there in 2-byte text: every
       capacity, so that a cut falls on each side of that character and
       inside it, after a block that fits exactly and one that does not */
    {
        static const size_t at[] = { 62, 63, 64, 65, 126, 127, 128, 129 };
        size_t j;
        for (j = 0; j < sizeof at / sizeof at[0]; j++) {
            for (n = at[j] + 1; n <= 200; n += 66) {
                memset(b, 'a', n);
                b[at[j]] = 0xE9;
                len_bounded_all_caps(b, n, 1);
                memset(b, 0xE9, n);
                b[at[j]] = 'a';
                len_bounded_all_caps(b, n, 1);
            }
        }
    }
    UT_DONE();
}
END_TEST

/* One character (or error) of kind k at d: '1' ASCII, 'L' U+00E9, '2'
   U+0416, '3' U+4E2D, '4' U+1F600, 'x' a lone FF, 'f' F5 80 80 80 (a
   4-byte lead above U+10FFFF). Returns its length. */
static size_t len_put(unsigned char *d, char k)
{
    static const unsigned char bytes[][4] = { { 'a' },
                                              { 0xC3, 0xA9 },
                                              { 0xD0, 0x96 },
                                              { 0xE4, 0xB8, 0xAD },
                                              { 0xF0, 0x9F, 0x98, 0x80 },
                                              { 0xFF },
                                              { 0xF5, 0x80, 0x80, 0x80 } };
    static const char kinds[] = "1L234xf";
    static const size_t lens[] = { 1, 2, 2, 3, 4, 1, 4 };
    size_t j = (size_t)(strchr(kinds, k) - kinds);
    memcpy(d, bytes[j], lens[j]);
    return lens[j];
}

/*
 * Inspections of long texts (40 000 bytes: hundreds of 64-byte blocks, far
 * more than any per-lane byte counter of a SIMD kernel holds between two
 * flushes, and a 4-byte lead at every offset of a 16- and 64-byte block),
 * against the reference: texts of one kind of character or a repeated
 * pattern, after 0..3 ASCII bytes; with one character in the middle
 * replaced by a 4-byte character, an error, or both; cut at the end or one
 * or two bytes before it (a character cut off).
 */
START_TEST(len_inspect_long)
{
    enum { LEN_LONG = 40000 };
    static unsigned char b[LEN_LONG + 8];
    static const char *const pats[] = {
        "1", "L", "2", "3", "4", "L3", "41", "4441", "3L1", "11111111111111111111111111111111114"
    };
    static const char *const mids[] = { "", "4", "x", "f", "4x", "x4" };
    size_t pi, pre, mi, cut;
    ut_select(_i);
    for (pi = 0; pi < sizeof pats / sizeof pats[0]; pi++)
        for (pre = 0; pre < 4; pre += ut_full() ? 1 : 3) /* 0 and 3 under an emulator */
            for (mi = 0; mi < sizeof mids / sizeof mids[0]; mi++) {
                const char *pat = pats[pi], *mid = mids[mi];
                size_t n = 0, c, plen = strlen(pat), mlen = strlen(mid);
                for (n = 0; n < pre; n++)
                    b[n] = 'a';
                for (c = 0; n < LEN_LONG; c++) {
                    size_t at = c - 6000; /* the middle characters from 6000 on */
                    n += len_put(b + n, c >= 6000 && at < mlen ? mid[at] : pat[c % plen]);
                }
                for (cut = 0; cut < 3; cut++) {
                    size_t len = n - cut;
                    int lossy;
                    for (lossy = 0; lossy < 2; lossy++) {
                        unilane_utf8_info g = lossy ? unilane_utf8_inspect_lossy((char *)b, len)
                                                    : unilane_utf8_inspect((char *)b, len);
                        unilane_utf8_info w = ref_utf8_inspect(b, len, lossy);
                        UT_CHECK(g.status == w.status && g.read == w.read &&
                                     g.utf16_length == w.utf16_length && g.width == w.width,
                                 "utf8_inspect%s(\"%s\" x %zu bytes after %zu ASCII, middle "
                                 "\"%s\", cut %zu) = {%d, %zu, %zu, %d}, want {%d, %zu, %zu, %d}",
                                 lossy ? "_lossy" : "", pat, len, pre, mid, cut, (int)g.status,
                                 g.read, g.utf16_length, (int)g.width, (int)w.status, w.read,
                                 w.utf16_length, (int)w.width);
                    }
                }
            }
    UT_DONE();
}
END_TEST

/*
 * Long inputs (UT_CHECK_MAX bounds the others): utf8_inspect and
 * utf8_inspect_lossy against the reference on 16 to 256 KiB of text, so
 * that a SIMD kernel's counters and its width run through thousands of
 * chunks (a byte counter that is summed too late wraps after 255 / 8 steps
 * of 128 bytes; a count kept only on part of the input is off). Each text
 * is made of pieces of one kind: ASCII, Latin-1 (a 2-byte lead C2/C3),
 * other 2-byte, 3-byte and 4-byte characters, or a mixture with ASCII
 * spaces, so that the width of the whole is any of the four and the
 * chunks take every path; one in three has one ill-formed byte late in it.
 */
START_TEST(len_inspect_long_random)
{
    static unsigned char buf[1 << 18];
    /* the kinds: the smallest code point and how many after it */
    static const uint32_t lo[] = { 0x20, 0xA0, 0x100, 0x800, 0x10000 };
    static const uint32_t span[] = { 0x5F, 0x60, 0x700, 0x7800, 0x1000 };
    ut_rng r;
    size_t it, iters = ut_iters(24);
    ut_select(_i);
    ut_rng_init(&r, "len_inspect_long_random", 0);
    for (it = 0; it < iters; it++) {
        size_t n = 0, want = 16384 + ut_below(&r, sizeof buf - 16384 - 8);
        /* the kinds this text takes: up to its top kind */
        size_t top = it % 5, lossy;
        while (n < want) {
            size_t kind = ut_below(&r, top + 1), piece = 1 + ut_below(&r, 3000), k;
            for (k = 0; k < piece && n < want; k++) {
                uint32_t cp = lo[kind] + (uint32_t)ut_below(&r, span[kind]);
                if (cp >= 0xD800 && cp < 0xE000)
                    cp -= 0x800;
                n += ref_encode_utf8(ut_below(&r, 8) == 0 ? 0x20 : cp, buf + n);
            }
        }
        if (it % 3 == 2) /* an ill-formed byte in the last quarter */
            buf[n - 1 - ut_below(&r, n / 4)] = (unsigned char)(0xF8 + ut_below(&r, 8));
        for (lossy = 0; lossy < 2; lossy++) {
            unilane_utf8_info g = lossy ? unilane_utf8_inspect_lossy((const char *)buf, n)
                                        : unilane_utf8_inspect((const char *)buf, n);
            unilane_utf8_info w = ref_utf8_inspect(buf, n, (int)lossy);
            UT_CHECK(g.status == w.status && g.read == w.read && g.utf16_length == w.utf16_length &&
                         g.width == w.width,
                     "utf8_inspect%s(%zu bytes, kinds 0..%zu, text %zu) = {%s, %zu, len %zu, "
                     "width %d}, expected {%s, %zu, %zu, %d}",
                     lossy ? "_lossy" : "", n, top, it, unilane_status_string(g.status), g.read,
                     g.utf16_length, (int)g.width, unilane_status_string(w.status), w.read,
                     w.utf16_length, (int)w.width);
        }
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
    LEN_CASE(len_utf8_long_astral_runs);
    LEN_CASE(len_wtf8_mutf8_round_trips);
    LEN_CASE(len_bounded_every_capacity);
    LEN_CASE(len_inspect_long);
    LEN_CASE(len_inspect_long_random);
#undef LEN_CASE
    return s;
}

int main(void)
{
    ut_require_all_ops = 1; /* this suite calls every operation */
    return ut_main(make_suite);
}
