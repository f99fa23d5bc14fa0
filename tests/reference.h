/*
 * reference.h -- a tiny UTF-8 / UTF-16 / Latin-1 codec transcribed from the
 * Unicode Standard (chapter 3, Table 3-7 "Well-Formed UTF-8 Byte Sequences",
 * D91 UTF-16, and the "maximal subpart" practice of section 3.9 / the WHATWG
 * Encoding Standard) and from the error classification order of API.md.
 *
 * It is the independent oracle of the test suite: it shares no code with
 * src/generic and favours obviousness over speed. Only the status enum and
 * the result struct are taken from unilane.h (types, not code).
 */
#ifndef UNILANE_TEST_REFERENCE_H
#define UNILANE_TEST_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

#include "unilane.h"

/* Encoders of one scalar value (cp <= 0x10FFFF, not a surrogate for UTF-8 /
   UTF-16 use). Return the number of units stored. */
size_t ref_encode_utf8(uint32_t cp, unsigned char out[4]);
size_t ref_encode_utf16(uint32_t cp, uint16_t out[2]);

/*
 * Decodes the UTF-8 sequence at s[0] (n >= 1 bytes available). Returns 1 when
 * it is well-formed (*cp, *len = its length); 0 when it is not (*status = its
 * class per API.md, *len = the length of its maximal subpart, >= 1).
 */
int ref_decode_utf8(const unsigned char *s, size_t n, uint32_t *cp, unilane_status *status,
                    size_t *len);

unilane_result ref_validate_utf8(const unsigned char *s, size_t n);
unilane_result ref_utf8_to_utf16(const unsigned char *s, size_t n, uint16_t *dst);
size_t ref_utf8_to_utf16_lossy(const unsigned char *s, size_t n, uint16_t *dst);
unilane_result ref_utf8_to_latin1(const unsigned char *s, size_t n, unsigned char *dst);

unilane_result ref_validate_utf16(const uint16_t *s, size_t n);
unilane_result ref_utf16_to_utf8(const uint16_t *s, size_t n, unsigned char *dst);
size_t ref_utf16_to_utf8_lossy(const uint16_t *s, size_t n, unsigned char *dst);
size_t ref_utf16_make_well_formed(const uint16_t *s, size_t n, uint16_t *dst);
unilane_result ref_utf16_to_latin1(const uint16_t *s, size_t n, unsigned char *dst);

size_t ref_latin1_to_utf8(const unsigned char *s, size_t n, unsigned char *dst);
size_t ref_latin1_to_utf16(const unsigned char *s, size_t n, uint16_t *dst);

/* API.md's formula: bytes outside 0x80..0xBF plus bytes 0xF0..0xFF. */
size_t ref_utf16_length_from_utf8_formula(const unsigned char *s, size_t n);

#endif
