/*
 * ascii.c -- scalar prefix scans: ASCII bytes, ASCII UTF-16 units, Latin-1
 * UTF-16 units. Whole words are tested first (8 bytes or 4 units at a time,
 * loaded with memcpy), then single elements find the exact position.
 */
#include "generic.h"

size_t unilane_scalar_ascii_prefix(const char *src, size_t len)
{
    if (len == 0)
        return 0;
    return gen_ascii_run((const unsigned char *)src, len);
}

size_t unilane_scalar_utf16_ascii_prefix(const uint16_t *src, size_t len)
{
    size_t i = 0;
    /* 8 units (16 bytes) at a time while every unit is < 0x80. */
    while (len - i >= 8) {
        if ((gen_load64(src + i) | gen_load64(src + i + 4)) & GEN_NOT_ASCII_16x4)
            break;
        i += 8;
    }
    while (i < len && src[i] < 0x80)
        i++;
    return i;
}

size_t unilane_scalar_utf16_latin1_prefix(const uint16_t *src, size_t len)
{
    size_t i = 0;
    /* 8 units at a time while every unit is <= 0xFF. */
    while (len - i >= 8) {
        if ((gen_load64(src + i) | gen_load64(src + i + 4)) & GEN_NOT_LATIN1_16x4)
            break;
        i += 8;
    }
    while (i < len && src[i] <= 0xFF)
        i++;
    return i;
}
