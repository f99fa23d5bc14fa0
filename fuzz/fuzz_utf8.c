/*
 * fuzz_utf8.c -- the input as UTF-8 bytes. fz_run (fuzz_common.c) runs every
 * operation of the registry that takes bytes (UTF-8, Latin-1, ASCII), for
 * every kernel against scalar, on guarded buffers with both destination
 * sizes. Then, per kernel, the API's invariants for UTF-8 input:
 *
 *  - validate: ok iff the input is well-formed (independent checker); on an
 *    error, src[0..read) is well-formed and no character starts at `read`;
 *  - strict conversion: same status and read as validate, written =
 *    utf16_length_from_utf8(src, read), output well-formed;
 *  - utf16_length_from_utf8 = bytes outside 80..BF + bytes F0..FF;
 *  - lossy: written = utf16_length_from_utf8_lossy, output well-formed,
 *    equal to strict when strict is ok, else strict's output then U+FFFD;
 *  - utf8_to_latin1: a UTF-8 error as validate reports it, TOO_LARGE only at
 *    a character above U+00FF, output = the low bytes of the UTF-16 output;
 *  - ascii_prefix: the bytes before the first >= 0x80;
 *  - valid input round-trips through utf16_to_utf8;
 *  - 0.2: validate_wtf8 = wtf8_to_utf16's status and read, equal to the
 *    UTF-8 functions on valid UTF-8, well-formed WTF-8 round-trips through
 *    utf16_to_wtf8; accepted modified UTF-8 has the formula's length; the
 *    inspections carry validate's status and read and the converters'
 *    lengths.
 * (The Latin-1 invariants of the other byte operations: fuzz_latin1.c.)
 */
#include <string.h>

#include "fuzz_common.h"

static size_t u8_formula, u8_ascii;

static void u8_check(const void *src_, size_t size)
{
    static char back[3 * FZ_MAX_IN];
    const unsigned char *src = (const unsigned char *)src_;
    const uint16_t *strict = (const uint16_t *)fz_out_of(UNILANE_OP_utf8_to_utf16);
    const uint16_t *lossy = (const uint16_t *)fz_out_of(UNILANE_OP_utf8_to_utf16_lossy);
    const char *latin1 = (const char *)fz_out_of(UNILANE_OP_utf8_to_latin1);
    op_res v = fz_res_of(UNILANE_OP_validate_utf8);
    op_res s = fz_res_of(UNILANE_OP_utf8_to_utf16);
    op_res l = fz_res_of(UNILANE_OP_utf8_to_utf16_lossy);
    op_res t = fz_res_of(UNILANE_OP_utf8_to_latin1);
    size_t n, i;

    if ((v.status == UNILANE_OK) != fz_utf8_ok(src, size))
        fz_fail("validate_utf8", "status %d disagrees with the independent checker", v.status);
    if (v.status != UNILANE_OK) {
        if (v.status < UNILANE_HEADER_BITS || v.status > UNILANE_SURROGATE)
            fz_fail("validate_utf8", "status %d is not a UTF-8 error", v.status);
        if (v.read >= size || !fz_utf8_ok(src, v.read))
            fz_fail("validate_utf8", "read %zu is not the end of a well-formed prefix", v.read);
        for (n = 1; n <= 4 && v.read + n <= size; n++)
            if (fz_utf8_ok(src + v.read, n))
                fz_fail("validate_utf8", "a character of %zu bytes starts at read %zu", n, v.read);
    }

    if (s.status != v.status || s.read != v.read)
        fz_fail("utf8_to_utf16", "{%d,%zu} but validate says {%d,%zu}", s.status, s.read, v.status,
                v.read);
    if (!fz_utf16_ok(strict, s.written))
        fz_fail("utf8_to_utf16", "output is not well-formed UTF-16");
    n = unilane_utf16_length_from_utf8((const char *)src, s.read);
    if (n != s.written)
        fz_fail("utf8_to_utf16", "written %zu, utf16_length_from_utf8 of the prefix %zu", s.written,
                n);

    n = fz_res_of(UNILANE_OP_utf16_length_from_utf8).value;
    if (n != u8_formula)
        fz_fail("utf16_length_from_utf8", "%zu, expected %zu", n, u8_formula);

    if (!fz_utf16_ok(lossy, l.written))
        fz_fail("utf8_to_utf16_lossy", "output is not well-formed UTF-16");
    n = fz_res_of(UNILANE_OP_utf16_length_from_utf8_lossy).value;
    if (n != l.written)
        fz_fail("utf16_length_from_utf8_lossy", "%zu, lossy conversion wrote %zu", n, l.written);
    if (v.status == UNILANE_OK) {
        if (l.written != s.written || memcmp(lossy, strict, 2 * s.written) != 0)
            fz_fail("utf8_to_utf16_lossy", "valid input: output differs from strict");
    } else if (l.written <= s.written || memcmp(lossy, strict, 2 * s.written) != 0 ||
               lossy[s.written] != 0xFFFD) {
        fz_fail("utf8_to_utf16_lossy", "invalid input: output is not strict's prefix then U+FFFD");
    }

    if (t.status == UNILANE_TOO_LARGE && !(v.status == UNILANE_TOO_LARGE && t.read == v.read)) {
        /* A well-formed character above U+00FF before any UTF-8 error. */
        if (v.status != UNILANE_OK && t.read >= v.read)
            fz_fail("utf8_to_latin1", "TOO_LARGE at %zu, after the UTF-8 error at %zu", t.read,
                    v.read);
        if (t.written >= s.written || strict[t.written] <= 0xFF)
            fz_fail("utf8_to_latin1", "TOO_LARGE at %zu, but that character is Latin-1", t.read);
    } else if (t.status != v.status || t.read != v.read) {
        fz_fail("utf8_to_latin1", "{%d,%zu}, validate says {%d,%zu}", t.status, t.read, v.status,
                v.read);
    }
    if (t.written != unilane_utf16_length_from_utf8((const char *)src, t.read))
        fz_fail("utf8_to_latin1", "written %zu is not the number of characters before %zu",
                t.written, t.read);
    for (i = 0; i < t.written; i++)
        if (strict[i] > 0xFF || (unsigned char)latin1[i] != strict[i])
            fz_fail("utf8_to_latin1", "byte %zu is 0x%02X, UTF-16 output has U+%04X", i,
                    (unsigned char)latin1[i], strict[i]);

    n = fz_res_of(UNILANE_OP_ascii_prefix).value;
    if (n != u8_ascii)
        fz_fail("ascii_prefix", "%zu, expected %zu", n, u8_ascii);

    if (v.status == UNILANE_OK) {
        unilane_result r = unilane_utf16_to_utf8(strict, s.written, back);
        if (r.status != UNILANE_OK || r.written != size || memcmp(back, src, size) != 0)
            fz_fail("utf16_to_utf8", "round trip of valid UTF-8 differs");
    }

    /* 0.2. WTF-8: validate_wtf8 = wtf8_to_utf16's status and read; valid
       UTF-8 is valid WTF-8 with the same UTF-16; well-formed WTF-8
       round-trips through utf16_to_wtf8. */
    {
        op_res wv = fz_res_of(UNILANE_OP_validate_wtf8), wd = fz_res_of(UNILANE_OP_wtf8_to_utf16);
        const uint16_t *w16 = (const uint16_t *)fz_out_of(UNILANE_OP_wtf8_to_utf16);
        if (wv.status != wd.status || wv.read != wd.read)
            fz_fail("validate_wtf8", "{%d, %zu}, wtf8_to_utf16 {%d, %zu}", wv.status, wv.read,
                    wd.status, wd.read);
        if (v.status == UNILANE_OK && (wd.status != UNILANE_OK || wd.written != s.written ||
                                       memcmp(w16, strict, 2 * s.written) != 0))
            fz_fail("wtf8_to_utf16", "valid UTF-8: differs from utf8_to_utf16");
        if (wd.read < v.read)
            fz_fail("validate_wtf8", "stops at %zu, before validate_utf8's %zu", wd.read, v.read);
        if (wd.status == UNILANE_OK) {
            n = unilane_utf16_to_wtf8(w16, wd.written, back);
            if (n != size || memcmp(back, src, size) != 0)
                fz_fail("utf16_to_wtf8", "well-formed WTF-8 does not round-trip");
            if (wd.written != u8_formula)
                fz_fail("wtf8_to_utf16", "written %zu, utf16_length_from_utf8 %zu", wd.written,
                        u8_formula);
        }
    }
    /* Modified UTF-8: accepted input has the formula's length. */
    {
        op_res md = fz_res_of(UNILANE_OP_mutf8_to_utf16);
        if (md.status == UNILANE_OK && md.written != u8_formula)
            fz_fail("mutf8_to_utf16", "written %zu, utf16_length_from_utf8 %zu", md.written,
                    u8_formula);
    }
    /* Inspections: validate's status and read; strict = utf8_to_utf16's
       written, lossy = the lossy length. */
    {
        op_res is = fz_res_of(UNILANE_OP_utf8_inspect),
               il = fz_res_of(UNILANE_OP_utf8_inspect_lossy);
        if (is.status != v.status || is.read != v.read || is.value != s.written)
            fz_fail("utf8_inspect", "{%d, %zu, %zu}; validate {%d, %zu}, strict written %zu",
                    is.status, is.read, is.value, v.status, v.read, s.written);
        if (il.status != v.status || il.read != v.read || il.value != l.written ||
            il.width < is.width || (v.status != UNILANE_OK && il.width < UNILANE_WIDTH_BMP))
            fz_fail("utf8_inspect_lossy", "{%d, %zu, %zu, width %d}; lossy written %zu", il.status,
                    il.read, il.value, il.width, l.written);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const unsigned char *src;
    size_t i;

    fz_init();
    if (size > FZ_MAX_IN)
        size = FZ_MAX_IN;
    fz_len = size;
    src = (const unsigned char *)fz_input(data, size);

    u8_formula = 0;
    for (i = 0; i < size; i++)
        u8_formula += ((src[i] & 0xC0) != 0x80) + (src[i] >= 0xF0);
    u8_ascii = 0;
    while (u8_ascii < size && src[u8_ascii] < 0x80)
        u8_ascii++;

    fz_run(1, src, size, u8_check);
    return 0;
}
