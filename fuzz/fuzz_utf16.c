/*
 * fuzz_utf16.c -- UTF-16 input (the bytes as native-order units; an odd
 * last byte is dropped): validate_utf16, utf16_make_well_formed (to another
 * buffer and in place), utf16_to_utf8 (strict and lossy), utf16_to_latin1,
 * utf8_length_from_utf16, the ASCII and Latin-1 prefixes; every kernel
 * against scalar, plus the API's invariants:
 *
 *  - validate: ok iff well-formed (independent checker), else read = the
 *    first unpaired surrogate;
 *  - make_well_formed: count = number of unpaired surrogates, output
 *    well-formed, identical in place, a copy when the input is valid;
 *  - strict to UTF-8: SURROGATE at validate's index, written =
 *    utf8_length_from_utf16 of the prefix, output well-formed UTF-8;
 *  - lossy: written = utf8_length_from_utf16, equals strict on valid input
 *    and the strict conversion of make_well_formed's output on any input;
 *  - utf16_to_latin1: stops at utf16_latin1_prefix, output = low bytes;
 *  - valid input round-trips through utf8_to_utf16.
 */
#include <string.h>

#include "fuzz_common.h"

static fz_res w_validate(const void *s, size_t n, void *d)
{
    (void)d;
    return fz_from_result(unilane_validate_utf16((const uint16_t *)s, n));
}

/* The count of replaced surrogates goes to `read`; written is always n. */
static fz_res w_well_formed(const void *s, size_t n, void *d)
{
    fz_res r = fz_from_size(n, 0);
    r.read = unilane_utf16_make_well_formed((const uint16_t *)s, n, (uint16_t *)d);
    return r;
}

static fz_res w_to_utf8(const void *s, size_t n, void *d)
{
    return fz_from_result(unilane_utf16_to_utf8((const uint16_t *)s, n, (char *)d));
}

static fz_res w_to_utf8_lossy(const void *s, size_t n, void *d)
{
    return fz_from_size(unilane_utf16_to_utf8_lossy((const uint16_t *)s, n, (char *)d), n);
}

static fz_res w_to_latin1(const void *s, size_t n, void *d)
{
    return fz_from_result(unilane_utf16_to_latin1((const uint16_t *)s, n, (char *)d));
}

static int is_high(uint16_t u) { return u >= 0xD800 && u <= 0xDBFF; }
static int is_low(uint16_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint16_t wf[FZ_MAX_IN / 2], back[FZ_MAX_IN / 2];
    static char u8s[3 * FZ_MAX_IN / 2], u8l[3 * FZ_MAX_IN / 2], u8wf[3 * FZ_MAX_IN / 2];
    static char latin1[FZ_MAX_IN / 2];
    const uint16_t *src;
    size_t len, i, unpaired = 0, first_unpaired, ascii = 0, lat = 0;
    int k;

    fz_init();
    if (size > FZ_MAX_IN)
        size = FZ_MAX_IN;
    len = size / 2;
    fz_len = len;
    src = (const uint16_t *)fz_input(data, 2 * len);

    first_unpaired = len;
    for (i = 0; i < len; i++) {
        if (is_high(src[i]) && i + 1 < len && is_low(src[i + 1])) {
            i++;
        } else if (is_high(src[i]) || is_low(src[i])) {
            if (unpaired++ == 0)
                first_unpaired = i;
        }
    }
    while (ascii < len && src[ascii] < 0x80)
        ascii++;
    while (lat < len && src[lat] <= 0xFF)
        lat++;

    for (k = 0; k < fz_nkernels; k++) {
        fz_res v, w, s, l, t;
        size_t n;
        uint16_t *inplace;

        fz_select(k);

        v = fz_conv(0, "validate_utf16", w_validate, src, len, 0, 2, NULL);
        if (v.written != 0)
            fz_fail("validate_utf16", "written %zu", v.written);
        if ((v.status == UNILANE_OK) != fz_utf16_ok(src, len) ||
            (v.status != UNILANE_OK && v.status != UNILANE_SURROGATE))
            fz_fail("validate_utf16", "status %d disagrees with the independent checker", v.status);
        if (v.read != first_unpaired)
            fz_fail("validate_utf16", "read %zu, first unpaired surrogate at %zu", v.read, first_unpaired);

        n = fz_value(1, "utf16_ascii_prefix", unilane_utf16_ascii_prefix(src, len));
        if (n != ascii)
            fz_fail("utf16_ascii_prefix", "%zu, expected %zu", n, ascii);
        n = fz_value(2, "utf16_latin1_prefix", unilane_utf16_latin1_prefix(src, len));
        if (n != lat)
            fz_fail("utf16_latin1_prefix", "%zu, expected %zu", n, lat);

        w = fz_conv(3, "utf16_make_well_formed", w_well_formed, src, len, len, 2, wf);
        if (w.read != unpaired)
            fz_fail("utf16_make_well_formed", "replaced %zu, expected %zu", w.read, unpaired);
        if (!fz_utf16_ok(wf, len))
            fz_fail("utf16_make_well_formed", "output is not well-formed");
        for (i = 0; i < len; i++)
            if (wf[i] != src[i] && !(wf[i] == 0xFFFD && (is_high(src[i]) || is_low(src[i]))))
                fz_fail("utf16_make_well_formed", "unit %zu changed from %04X to %04X", i, src[i], wf[i]);

        /* In place: dst == src, in the guarded output area. */
        inplace = (uint16_t *)fz_output(2 * len);
        memcpy(inplace, src, 2 * len);
        n = unilane_utf16_make_well_formed(inplace, len, inplace);
        fz_check_canary(inplace, 2 * len, 2 * len, "utf16_make_well_formed in place");
        if (n != unpaired || memcmp(inplace, wf, 2 * len) != 0)
            fz_fail("utf16_make_well_formed in place", "differs from the out-of-place result");

        s = fz_conv(4, "utf16_to_utf8", w_to_utf8, src, len, 3 * len, 1, u8s);
        if (s.status != v.status || s.read != v.read)
            fz_fail("utf16_to_utf8", "{%d,%zu}, validate says {%d,%zu}", s.status, s.read, v.status, v.read);
        if (!fz_utf8_ok((const unsigned char *)u8s, s.written))
            fz_fail("utf16_to_utf8", "output is not well-formed UTF-8");
        n = unilane_utf8_length_from_utf16(src, s.read);
        if (n != s.written)
            fz_fail("utf16_to_utf8", "written %zu, utf8_length_from_utf16 of the prefix %zu", s.written, n);

        n = fz_value(5, "utf8_length_from_utf16", unilane_utf8_length_from_utf16(src, len));
        l = fz_conv(6, "utf16_to_utf8_lossy", w_to_utf8_lossy, src, len, 3 * len, 1, u8l);
        if (l.written != n)
            fz_fail("utf16_to_utf8_lossy", "written %zu, utf8_length_from_utf16 %zu", l.written, n);
        if (!fz_utf8_ok((const unsigned char *)u8l, l.written))
            fz_fail("utf16_to_utf8_lossy", "output is not well-formed UTF-8");
        if (v.status == UNILANE_OK &&
            (l.written != s.written || memcmp(u8l, u8s, s.written) != 0))
            fz_fail("utf16_to_utf8_lossy", "valid input: output differs from strict");
        {
            unilane_result r = unilane_utf16_to_utf8(wf, len, u8wf);
            if (r.status != UNILANE_OK || r.written != l.written || memcmp(u8wf, u8l, l.written) != 0)
                fz_fail("utf16_to_utf8_lossy", "differs from the strict conversion of make_well_formed");
        }

        t = fz_conv(7, "utf16_to_latin1", w_to_latin1, src, len, len, 1, latin1);
        if (t.read != lat || t.written != lat ||
            t.status != (lat == len ? UNILANE_OK : UNILANE_TOO_LARGE))
            fz_fail("utf16_to_latin1", "{%d,%zu,%zu}, Latin-1 prefix %zu", t.status, t.read, t.written, lat);
        for (i = 0; i < t.written; i++)
            if ((unsigned char)latin1[i] != src[i])
                fz_fail("utf16_to_latin1", "byte %zu", i);

        if (v.status == UNILANE_OK) {
            unilane_result r = unilane_utf8_to_utf16(u8s, s.written, back);
            if (r.status != UNILANE_OK || r.written != len || memcmp(back, src, 2 * len) != 0)
                fz_fail("utf8_to_utf16", "round trip of valid UTF-16 differs");
        }
    }
    return 0;
}
