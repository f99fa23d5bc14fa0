/*
 * latin1.c -- scalar Latin-1 kernels: Latin-1 to UTF-16, Latin-1 to UTF-8
 * (whole, and bounded by a capacity), and the UTF-8 length of Latin-1 text. Latin-1 byte b is code point U+00b:
 * one UTF-8 byte below 0x80, else the two bytes C0|(b>>6), 80|(b&3F)
 * (that is C2 or C3, then 80..BF).
 */
#include "generic.h"

size_t unilane_scalar_latin1_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0;
    for (; len - i >= 16; i += 16)
        gen_widen16(s + i, dst + i);
    for (; i < len; i++)
        dst[i] = s[i];
    return len;
}

size_t unilane_scalar_latin1_to_utf8(const char *src, size_t len, char *dst)
{
    const unsigned char *s = (const unsigned char *)src;
    unsigned char *d = (unsigned char *)dst;
    size_t i = 0, w = 0;

    while (i < len) {
        unsigned b = s[i];
        if (b < 0x80) {
            size_t n = gen_copy_ascii(s + i, len - i, d + w);
            i += n;
            w += n;
            continue;
        }
        d[w] = (unsigned char)(0xC0 | (b >> 6));
        d[w + 1] = (unsigned char)(0x80 | (b & 0x3F));
        w += 2;
        i += 1;
    }
    return w;
}

/* As unilane_scalar_latin1_to_utf8, stopping before the first character
   whose bytes do not all fit in cap. */
unilane_result unilane_scalar_latin1_to_utf8_bounded(const char *src, size_t len, char *dst,
                                                     size_t cap)
{
    const unsigned char *s = (const unsigned char *)src;
    unsigned char *d = (unsigned char *)dst;
    unilane_result r;
    size_t i = 0, w = 0;

    while (i < len) {
        unsigned b = s[i];
        if (b < 0x80) {
            size_t room = cap - w, n;
            if (room == 0)
                break;
            n = gen_copy_ascii(s + i, len - i < room ? len - i : room, d + w);
            i += n;
            w += n;
            continue;
        }
        if (cap - w < 2)
            break;
        d[w] = (unsigned char)(0xC0 | (b >> 6));
        d[w + 1] = (unsigned char)(0x80 | (b & 0x3F));
        w += 2;
        i += 1;
    }
    r.status = i == len ? UNILANE_OK : UNILANE_OUTPUT_FULL;
    r.read = i;
    r.written = w;
    return r;
}

/* len plus one for every byte >= 0x80. Eight bytes at a time: bit 7 of
   each lane, shifted to bit 0, is added to a byte-lane accumulator that is
   summed every 255 words (a lane then holds at most 255). */
size_t unilane_scalar_utf8_length_from_latin1(const char *src, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0, count = len;

    while (len - i >= 8) {
        uint64_t acc = 0;
        size_t words = (len - i) / 8, k;
        if (words > 255)
            words = 255;
        for (k = 0; k < words; k++, i += 8)
            acc += (gen_load64(s + i) & GEN_HIGH_BITS_8x8) >> 7;
        count += gen_sum_bytes(acc);
    }
    for (; i < len; i++)
        count += s[i] >> 7;
    return count;
}
