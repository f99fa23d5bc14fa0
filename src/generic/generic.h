/*
 * generic.h -- the scalar kernel set: the portable fallback, the finisher the
 * SIMD kernels call for tails and for blocks that need attention, and the
 * oracle every other kernel is tested against.
 *
 * Each function has exactly the contract of the public function of the same
 * name (include/unilane.h). A SIMD kernel that stops at a character boundary
 * `i` (never inside a UTF-8 sequence or a surrogate pair) can finish with
 * unilane_scalar_<op>(src + i, len - i, dst + w) and add i and w to the
 * result: the scalar code is where status and position are decided.
 */
#ifndef UNILANE_GENERIC_H
#define UNILANE_GENERIC_H

#include "../dispatch/config.h"

UNILANE_INTERNAL size_t unilane_scalar_ascii_prefix(const char *src, size_t len);
UNILANE_INTERNAL size_t unilane_scalar_utf16_ascii_prefix(const uint16_t *src, size_t len);
UNILANE_INTERNAL size_t unilane_scalar_utf16_latin1_prefix(const uint16_t *src, size_t len);
UNILANE_INTERNAL unilane_result unilane_scalar_validate_utf8(const char *src, size_t len);
UNILANE_INTERNAL unilane_result unilane_scalar_validate_utf16(const uint16_t *src, size_t len);

UNILANE_INTERNAL size_t unilane_scalar_latin1_to_utf16(const char *src, size_t len, uint16_t *dst);
UNILANE_INTERNAL unilane_result unilane_scalar_utf16_to_latin1(const uint16_t *src, size_t len, char *dst);
UNILANE_INTERNAL size_t unilane_scalar_latin1_to_utf8(const char *src, size_t len, char *dst);
UNILANE_INTERNAL unilane_result unilane_scalar_utf8_to_latin1(const char *src, size_t len, char *dst);
UNILANE_INTERNAL unilane_result unilane_scalar_utf8_to_utf16(const char *src, size_t len, uint16_t *dst);
UNILANE_INTERNAL size_t unilane_scalar_utf8_to_utf16_lossy(const char *src, size_t len, uint16_t *dst);
UNILANE_INTERNAL unilane_result unilane_scalar_utf16_to_utf8(const uint16_t *src, size_t len, char *dst);
UNILANE_INTERNAL size_t unilane_scalar_utf16_to_utf8_lossy(const uint16_t *src, size_t len, char *dst);
UNILANE_INTERNAL size_t unilane_scalar_utf16_make_well_formed(const uint16_t *src, size_t len, uint16_t *dst);

UNILANE_INTERNAL size_t unilane_scalar_utf8_length_from_latin1(const char *src, size_t len);
UNILANE_INTERNAL size_t unilane_scalar_utf8_length_from_utf16(const uint16_t *src, size_t len);
UNILANE_INTERNAL size_t unilane_scalar_utf16_length_from_utf8(const char *src, size_t len);
UNILANE_INTERNAL size_t unilane_scalar_utf16_length_from_utf8_lossy(const char *src, size_t len);

/*
 * One UTF-8 character, for the streaming decoder and the SIMD finishers.
 * Decodes the sequence starting at src[0] (n >= 1 bytes available).
 * Returns its length 1..4 and stores the code point in *cp when it is
 * well-formed. Otherwise returns 0 and stores in *status the error status
 * and in *maximal the length of the maximal subpart (1..3) that lossy
 * decoding replaces by one U+FFFD; when the sequence is a valid prefix cut
 * off by n, status is UNILANE_TOO_SHORT and *maximal == n.
 */
UNILANE_INTERNAL size_t unilane_scalar_utf8_decode_one(const unsigned char *src, size_t n, uint32_t *cp,
                                                       unilane_status *status, size_t *maximal);

/*
 * Internal helpers shared by the .c files of src/generic (static inline, so
 * each is defined once even in the amalgamation: this header has a guard).
 * Unaligned loads go through memcpy: no undefined behaviour, no aliasing
 * violation, and compilers turn them into one plain load.
 */

/* Eight bytes (or four UTF-16 units) from p, in native order. */
static inline uint64_t gen_load64(const void *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Bit 7 of every byte: a word whose bytes are all ASCII ANDs to 0. */
#define GEN_HIGH_BITS_8x8 UINT64_C(0x8080808080808080)
/* Four 16-bit lanes; bits 7..15 of each lane: zero iff every unit < 0x80. */
#define GEN_NOT_ASCII_16x4 UINT64_C(0xFF80FF80FF80FF80)
/* Four 16-bit lanes; bits 8..15 of each lane: zero iff every unit <= 0xFF. */
#define GEN_NOT_LATIN1_16x4 UINT64_C(0xFF00FF00FF00FF00)

/* Number of leading ASCII bytes of s[0..n): the whole-word part of the
   scan, 16 and then 8 bytes at a time, then single bytes. */
static inline size_t gen_ascii_run(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (n - i >= 16) {
        if ((gen_load64(s + i) | gen_load64(s + i + 8)) & GEN_HIGH_BITS_8x8)
            break;
        i += 16;
    }
    if (n - i >= 8 && !(gen_load64(s + i) & GEN_HIGH_BITS_8x8))
        i += 8;
    /* The first non-ASCII byte, if any, is within the next 16 bytes. */
    while (i < n && s[i] < 0x80)
        i++;
    return i;
}

#endif /* UNILANE_GENERIC_H */
