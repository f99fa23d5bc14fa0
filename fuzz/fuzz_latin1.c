/*
 * fuzz_latin1.c -- Latin-1 input: latin1_to_utf16, latin1_to_utf8,
 * utf8_length_from_latin1, ascii_prefix; every kernel against scalar, plus:
 *
 *  - latin1_to_utf16 writes len units, each equal to its byte;
 *  - latin1_to_utf8 writes utf8_length_from_latin1 = len + bytes >= 0x80
 *    bytes of well-formed UTF-8 that converts back (utf8_to_latin1) to the
 *    input, and whose UTF-16 length is len;
 *  - utf16_to_latin1 of the UTF-16 output gives the input back.
 */
#include <string.h>

#include "fuzz_common.h"

static fz_res w_to_utf16(const void *s, size_t n, void *d)
{
    return fz_from_size(unilane_latin1_to_utf16((const char *)s, n, (uint16_t *)d), n);
}

static fz_res w_to_utf8(const void *s, size_t n, void *d)
{
    return fz_from_size(unilane_latin1_to_utf8((const char *)s, n, (char *)d), n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint16_t u16[FZ_MAX_IN];
    static char u8[2 * FZ_MAX_IN], back[FZ_MAX_IN];
    const unsigned char *src;
    size_t i, high = 0, ascii = 0;
    int k;

    fz_init();
    if (size > FZ_MAX_IN)
        size = FZ_MAX_IN;
    fz_len = size;
    src = (const unsigned char *)fz_input(data, size);
    for (i = 0; i < size; i++)
        high += src[i] >= 0x80;
    while (ascii < size && src[ascii] < 0x80)
        ascii++;

    for (k = 0; k < fz_nkernels; k++) {
        fz_res u, e;
        size_t n;
        unilane_result r;

        fz_select(k);

        n = fz_value(0, "ascii_prefix", unilane_ascii_prefix((const char *)src, size));
        if (n != ascii)
            fz_fail("ascii_prefix", "%zu, expected %zu", n, ascii);
        n = fz_value(1, "utf8_length_from_latin1",
                     unilane_utf8_length_from_latin1((const char *)src, size));
        if (n != size + high)
            fz_fail("utf8_length_from_latin1", "%zu, expected %zu", n, size + high);

        u = fz_conv(2, "latin1_to_utf16", w_to_utf16, src, size, size, 2, u16);
        if (u.written != size)
            fz_fail("latin1_to_utf16", "returned %zu", u.written);
        for (i = 0; i < size; i++)
            if (u16[i] != src[i])
                fz_fail("latin1_to_utf16", "unit %zu is %04X, byte %02X", i, u16[i], src[i]);

        e = fz_conv(3, "latin1_to_utf8", w_to_utf8, src, size, 2 * size, 1, u8);
        if (e.written != n)
            fz_fail("latin1_to_utf8", "wrote %zu, utf8_length_from_latin1 %zu", e.written, n);
        if (!fz_utf8_ok((const unsigned char *)u8, e.written))
            fz_fail("latin1_to_utf8", "output is not well-formed UTF-8");
        if (unilane_utf16_length_from_utf8(u8, e.written) != size)
            fz_fail("latin1_to_utf8", "utf16_length_from_utf8 of the output is not len");
        r = unilane_utf8_to_latin1(u8, e.written, back);
        if (r.status != UNILANE_OK || r.read != e.written || r.written != size ||
            memcmp(back, src, size) != 0)
            fz_fail("utf8_to_latin1", "round trip differs");
        r = unilane_utf16_to_latin1(u16, size, back);
        if (r.status != UNILANE_OK || r.written != size || memcmp(back, src, size) != 0)
            fz_fail("utf16_to_latin1", "round trip differs");
    }
    return 0;
}
