/*
 * misc.c -- status names, byte order marks, version.
 */
#include "config.h"

const char *unilane_status_string(unilane_status s)
{
    switch (s) {
    case UNILANE_OK: return "ok";
    case UNILANE_HEADER_BITS: return "header bits (byte 0xF8..0xFF)";
    case UNILANE_TOO_SHORT: return "too short (missing continuation byte)";
    case UNILANE_TOO_LONG: return "too long (unexpected continuation byte)";
    case UNILANE_OVERLONG: return "overlong encoding";
    case UNILANE_TOO_LARGE: return "too large (above U+10FFFF, or not representable in Latin-1)";
    case UNILANE_SURROGATE: return "surrogate (encoded or unpaired)";
    case UNILANE_OUTPUT_FULL: return "output full";
    }
    return "unknown status";
}

unilane_encoding unilane_detect_bom(const void *src, size_t len, size_t *bom_len)
{
    const unsigned char *p = (const unsigned char *)src;
    unilane_encoding enc = UNILANE_ENC_UNKNOWN;
    size_t n = 0;

    /* Longest match first: FF FE 00 00 is UTF-32LE, not UTF-16LE + U+0000. */
    if (len >= 4 && p[0] == 0xFF && p[1] == 0xFE && p[2] == 0x00 && p[3] == 0x00) {
        enc = UNILANE_ENC_UTF32LE, n = 4;
    } else if (len >= 4 && p[0] == 0x00 && p[1] == 0x00 && p[2] == 0xFE && p[3] == 0xFF) {
        enc = UNILANE_ENC_UTF32BE, n = 4;
    } else if (len >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
        enc = UNILANE_ENC_UTF8, n = 3;
    } else if (len >= 2 && p[0] == 0xFF && p[1] == 0xFE) {
        enc = UNILANE_ENC_UTF16LE, n = 2;
    } else if (len >= 2 && p[0] == 0xFE && p[1] == 0xFF) {
        enc = UNILANE_ENC_UTF16BE, n = 2;
    }
    if (bom_len)
        *bom_len = n;
    return enc;
}

#define MISC_STR2(x) #x
#define MISC_STR(x)  MISC_STR2(x)

const char *unilane_version(void)
{
    return MISC_STR(UNILANE_VERSION_MAJOR) "." MISC_STR(UNILANE_VERSION_MINOR) "." MISC_STR(
        UNILANE_VERSION_PATCH);
}

#undef MISC_STR
#undef MISC_STR2
