/*
 * fuzz_utf16.c -- the input as UTF-16 (the bytes as native-order units; an
 * odd last byte is dropped). fz_run (fuzz_common.c) runs every operation of
 * the registry that takes UTF-16 units, for every kernel against scalar, on
 * guarded buffers with both destination sizes. Then, per kernel, the API's
 * invariants:
 *
 *  - validate: ok iff well-formed (independent checker), else read = the
 *    first unpaired surrogate;
 *  - the ASCII and Latin-1 prefixes: the units before the first >= 0x80 /
 *    > 0xFF;
 *  - make_well_formed: count = number of unpaired surrogates, output
 *    well-formed, only unpaired surrogates changed (to U+FFFD), identical
 *    in place;
 *  - strict to UTF-8: SURROGATE at validate's index, written =
 *    utf8_length_from_utf16 of the prefix, output well-formed UTF-8;
 *  - lossy: written = utf8_length_from_utf16, equals strict on valid input
 *    and the strict conversion of make_well_formed's output on any input;
 *  - utf16_to_latin1: stops at utf16_latin1_prefix, output = low bytes;
 *  - valid input round-trips through utf8_to_utf16;
 *  - 0.2: utf16_to_wtf8 writes utf8_length_from_utf16 bytes (the strict
 *    UTF-8 on valid input) that validate_wtf8 accepts and wtf8_to_utf16
 *    turns back into the input; utf16_to_mutf8 writes
 *    mutf8_length_from_utf16 bytes, no zero byte, and mutf8_to_utf16 turns
 *    them back into the input; utf16_inspect = validate's status and read,
 *    the lossy length and the width by the header's rule.
 */
#include <string.h>

#include "fuzz_common.h"

static size_t u16_unpaired, u16_first_unpaired, u16_ascii, u16_lat;

static int is_high(uint16_t u)
{
    return u >= 0xD800 && u <= 0xDBFF;
}
static int is_low(uint16_t u)
{
    return u >= 0xDC00 && u <= 0xDFFF;
}

static void u16_check(const void *src_, size_t len)
{
    static uint16_t back[FZ_MAX_IN / 2];
    static char u8wf[3 * FZ_MAX_IN / 2];
    const uint16_t *src = (const uint16_t *)src_;
    const uint16_t *wf = (const uint16_t *)fz_out_of(UNILANE_OP_utf16_make_well_formed);
    const char *u8s = (const char *)fz_out_of(UNILANE_OP_utf16_to_utf8);
    const char *u8l = (const char *)fz_out_of(UNILANE_OP_utf16_to_utf8_lossy);
    const char *latin1 = (const char *)fz_out_of(UNILANE_OP_utf16_to_latin1);
    op_res v = fz_res_of(UNILANE_OP_validate_utf16);
    op_res w = fz_res_of(UNILANE_OP_utf16_make_well_formed);
    op_res s = fz_res_of(UNILANE_OP_utf16_to_utf8);
    op_res l = fz_res_of(UNILANE_OP_utf16_to_utf8_lossy);
    op_res t = fz_res_of(UNILANE_OP_utf16_to_latin1);
    uint16_t *inplace;
    size_t n, i;

    if ((v.status == UNILANE_OK) != fz_utf16_ok(src, len) ||
        (v.status != UNILANE_OK && v.status != UNILANE_SURROGATE))
        fz_fail("validate_utf16", "status %d disagrees with the independent checker", v.status);
    if (v.read != u16_first_unpaired)
        fz_fail("validate_utf16", "read %zu, first unpaired surrogate at %zu", v.read,
                u16_first_unpaired);

    n = fz_res_of(UNILANE_OP_utf16_ascii_prefix).value;
    if (n != u16_ascii)
        fz_fail("utf16_ascii_prefix", "%zu, expected %zu", n, u16_ascii);
    n = fz_res_of(UNILANE_OP_utf16_latin1_prefix).value;
    if (n != u16_lat)
        fz_fail("utf16_latin1_prefix", "%zu, expected %zu", n, u16_lat);

    if (w.value != u16_unpaired)
        fz_fail("utf16_make_well_formed", "replaced %zu, expected %zu", w.value, u16_unpaired);
    if (w.written != len || !fz_utf16_ok(wf, len))
        fz_fail("utf16_make_well_formed", "output is not well-formed");
    for (i = 0; i < len; i++)
        if (wf[i] != src[i] && !(wf[i] == 0xFFFD && (is_high(src[i]) || is_low(src[i]))))
            fz_fail("utf16_make_well_formed", "unit %zu changed from %04X to %04X", i, src[i],
                    wf[i]);

    /* In place: dst == src, in the guarded output area. */
    inplace = (uint16_t *)fz_output(2 * len);
    memcpy(inplace, src, 2 * len);
    n = unilane_utf16_make_well_formed(inplace, len, inplace);
    fz_check_canary(inplace, 2 * len, 2 * len, "utf16_make_well_formed in place");
    if (n != u16_unpaired || memcmp(inplace, wf, 2 * len) != 0)
        fz_fail("utf16_make_well_formed in place", "differs from the out-of-place result");

    if (s.status != v.status || s.read != v.read)
        fz_fail("utf16_to_utf8", "{%d,%zu}, validate says {%d,%zu}", s.status, s.read, v.status,
                v.read);
    if (!fz_utf8_ok((const unsigned char *)u8s, s.written))
        fz_fail("utf16_to_utf8", "output is not well-formed UTF-8");
    n = unilane_utf8_length_from_utf16(src, s.read);
    if (n != s.written)
        fz_fail("utf16_to_utf8", "written %zu, utf8_length_from_utf16 of the prefix %zu", s.written,
                n);

    n = fz_res_of(UNILANE_OP_utf8_length_from_utf16).value;
    if (l.written != n)
        fz_fail("utf16_to_utf8_lossy", "written %zu, utf8_length_from_utf16 %zu", l.written, n);
    if (!fz_utf8_ok((const unsigned char *)u8l, l.written))
        fz_fail("utf16_to_utf8_lossy", "output is not well-formed UTF-8");
    if (v.status == UNILANE_OK && (l.written != s.written || memcmp(u8l, u8s, s.written) != 0))
        fz_fail("utf16_to_utf8_lossy", "valid input: output differs from strict");
    {
        unilane_result r = unilane_utf16_to_utf8(wf, len, u8wf);
        if (r.status != UNILANE_OK || r.written != l.written || memcmp(u8wf, u8l, l.written) != 0)
            fz_fail("utf16_to_utf8_lossy",
                    "differs from the strict conversion of make_well_formed");
    }

    if (t.read != u16_lat || t.written != u16_lat ||
        t.status != (u16_lat == len ? UNILANE_OK : UNILANE_TOO_LARGE))
        fz_fail("utf16_to_latin1", "{%d,%zu,%zu}, Latin-1 prefix %zu", t.status, t.read, t.written,
                u16_lat);
    for (i = 0; i < t.written; i++)
        if ((unsigned char)latin1[i] != src[i])
            fz_fail("utf16_to_latin1", "byte %zu", i);

    if (v.status == UNILANE_OK) {
        unilane_result r = unilane_utf8_to_utf16(u8s, s.written, back);
        if (r.status != UNILANE_OK || r.written != len || memcmp(back, src, 2 * len) != 0)
            fz_fail("utf8_to_utf16", "round trip of valid UTF-16 differs");
    }

    /* 0.2. WTF-8: written = utf8_length_from_utf16 (= the lossy length), the
       strict UTF-8 on valid input, and every input round-trips. */
    {
        op_res e = fz_res_of(UNILANE_OP_utf16_to_wtf8);
        const char *w8 = (const char *)fz_out_of(UNILANE_OP_utf16_to_wtf8);
        unilane_result r;
        if (e.written != l.written)
            fz_fail("utf16_to_wtf8", "written %zu, utf8_length_from_utf16 %zu", e.written,
                    l.written);
        if (v.status == UNILANE_OK && memcmp(w8, u8s, s.written) != 0)
            fz_fail("utf16_to_wtf8", "valid input: output differs from utf16_to_utf8");
        r = unilane_validate_wtf8(w8, e.written);
        if (r.status != UNILANE_OK || r.read != e.written)
            fz_fail("validate_wtf8", "rejects utf16_to_wtf8's output at %zu (status %d)", r.read,
                    r.status);
        r = unilane_wtf8_to_utf16(w8, e.written, back);
        if (r.status != UNILANE_OK || r.written != len || memcmp(back, src, 2 * len) != 0)
            fz_fail("wtf8_to_utf16", "round trip through WTF-8 differs");
    }
    /* Modified UTF-8: the length function, no zero byte, the round trip. */
    {
        op_res e = fz_res_of(UNILANE_OP_utf16_to_mutf8);
        const char *m8 = (const char *)fz_out_of(UNILANE_OP_utf16_to_mutf8);
        unilane_result r;
        if (e.written != fz_res_of(UNILANE_OP_mutf8_length_from_utf16).value)
            fz_fail("utf16_to_mutf8", "written %zu, mutf8_length_from_utf16 %zu", e.written,
                    fz_res_of(UNILANE_OP_mutf8_length_from_utf16).value);
        if (memchr(m8, 0, e.written) != NULL)
            fz_fail("utf16_to_mutf8", "output holds a zero byte");
        r = unilane_mutf8_to_utf16(m8, e.written, back);
        if (r.status != UNILANE_OK || r.written != len || memcmp(back, src, 2 * len) != 0)
            fz_fail("mutf8_to_utf16", "round trip through modified UTF-8 differs");
    }
    /* utf16_inspect: validate's status and read, the lossy length, the width
       (ASCII/Latin-1 by unit, astral iff a valid pair, BMP otherwise). */
    {
        op_res in = fz_res_of(UNILANE_OP_utf16_inspect);
        int wd = u16_ascii == len ? UNILANE_WIDTH_ASCII
                 : u16_lat == len ? UNILANE_WIDTH_LATIN1
                                  : UNILANE_WIDTH_BMP;
        for (i = 0; i + 1 < len; i++)
            if (is_high(src[i]) && is_low(src[i + 1]))
                wd = UNILANE_WIDTH_ASTRAL;
        if (in.status != v.status || in.read != v.read || in.value != l.written || in.width != wd)
            fz_fail("utf16_inspect", "{%d, %zu, %zu, width %d}; expected {%d, %zu, %zu, %d}",
                    in.status, in.read, in.value, in.width, v.status, v.read, l.written, wd);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint16_t *src;
    size_t len, i;

    fz_init();
    if (size > FZ_MAX_IN)
        size = FZ_MAX_IN;
    len = size / 2;
    fz_len = len;
    src = (const uint16_t *)fz_input(data, 2 * len);

    u16_unpaired = 0;
    u16_first_unpaired = len;
    for (i = 0; i < len; i++) {
        if (is_high(src[i]) && i + 1 < len && is_low(src[i + 1])) {
            i++;
        } else if (is_high(src[i]) || is_low(src[i])) {
            if (u16_unpaired++ == 0)
                u16_first_unpaired = i;
        }
    }
    u16_ascii = 0;
    while (u16_ascii < len && src[u16_ascii] < 0x80)
        u16_ascii++;
    u16_lat = 0;
    while (u16_lat < len && src[u16_lat] <= 0xFF)
        u16_lat++;

    fz_run(2, src, len, u16_check);
    return 0;
}
