/*
 * fuzz_latin1.c -- the input as Latin-1 bytes. fz_run (fuzz_common.c) runs
 * every operation of the registry that takes bytes (Latin-1, UTF-8, ASCII),
 * for every kernel against scalar, on guarded buffers with both destination
 * sizes. Then, per kernel, the API's invariants for Latin-1 input:
 *
 *  - ascii_prefix: the bytes before the first >= 0x80;
 *  - latin1_to_utf16 writes len units, each equal to its byte;
 *  - latin1_to_utf8 writes utf8_length_from_latin1 = len + bytes >= 0x80
 *    bytes of well-formed UTF-8 that converts back (utf8_to_latin1) to the
 *    input, and whose UTF-16 length is len;
 *  - utf16_to_latin1 of the UTF-16 output gives the input back.
 * (The UTF-8 invariants of the other byte operations: fuzz_utf8.c.)
 */
#include <string.h>

#include "fuzz_common.h"

static size_t l1_high, l1_ascii;

static void l1_check(const void *src_, size_t size)
{
    static char back[FZ_MAX_IN];
    const unsigned char *src = (const unsigned char *)src_;
    const uint16_t *u16 = (const uint16_t *)fz_out_of(UNILANE_OP_latin1_to_utf16);
    const char *u8 = (const char *)fz_out_of(UNILANE_OP_latin1_to_utf8);
    op_res u = fz_res_of(UNILANE_OP_latin1_to_utf16);
    op_res e = fz_res_of(UNILANE_OP_latin1_to_utf8);
    unilane_result r;
    size_t n, i;

    n = fz_res_of(UNILANE_OP_ascii_prefix).value;
    if (n != l1_ascii)
        fz_fail("ascii_prefix", "%zu, expected %zu", n, l1_ascii);
    n = fz_res_of(UNILANE_OP_utf8_length_from_latin1).value;
    if (n != size + l1_high)
        fz_fail("utf8_length_from_latin1", "%zu, expected %zu", n, size + l1_high);

    if (u.written != size)
        fz_fail("latin1_to_utf16", "returned %zu", u.written);
    for (i = 0; i < size; i++)
        if (u16[i] != src[i])
            fz_fail("latin1_to_utf16", "unit %zu is %04X, byte %02X", i, u16[i], src[i]);

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

    /* 0.2: at full capacity, bounded = latin1_to_utf8 (fuzz_common.c checks
       the smaller capacities: prefixes, OUTPUT_FULL iff not all read) */
    {
        op_res b = fz_res_of(UNILANE_OP_latin1_to_utf8_bounded);
        if (b.status != UNILANE_OK || b.read != size || b.written != e.written ||
            memcmp(fz_out_of(UNILANE_OP_latin1_to_utf8_bounded), u8, e.written) != 0)
            fz_fail("latin1_to_utf8_bounded", "full capacity: {%d, %zu, %zu}, latin1_to_utf8 %zu",
                    b.status, b.read, b.written, e.written);
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
    l1_high = 0;
    for (i = 0; i < size; i++)
        l1_high += src[i] >= 0x80;
    l1_ascii = 0;
    while (l1_ascii < size && src[l1_ascii] < 0x80)
        l1_ascii++;

    fz_run(1, src, size, l1_check);
    return 0;
}
