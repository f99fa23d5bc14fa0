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

/* ------------------------------------------------------------------------ */
/* 0.2 additions (API.md "Additions for 0.2"), from the same texts plus the  */
/* WTF-8 specification (simonsapin.github.io/wtf-8), java.io.DataInput's     */
/* "modified UTF-8" and API.md's width rules.                               */
/* ------------------------------------------------------------------------ */

/* WTF-8: UTF-8 in which a surrogate code point may be its own 3-byte
   sequence, except a high one directly followed by a low one. */
size_t ref_utf16_to_wtf8(const uint16_t *s, size_t n, unsigned char *dst);
unilane_result ref_validate_wtf8(const unsigned char *s, size_t n);
unilane_result ref_wtf8_to_utf16(const unsigned char *s, size_t n, uint16_t *dst);

/* Java modified UTF-8: every unit on its own, U+0000 as C0 80. */
size_t ref_utf16_to_mutf8(const uint16_t *s, size_t n, unsigned char *dst);
size_t ref_mutf8_length_from_utf16(const uint16_t *s, size_t n);
unilane_result ref_mutf8_to_utf16(const unsigned char *s, size_t n, uint16_t *dst);

/* The narrowest width of one character (a lone surrogate is BMP). */
unilane_width ref_width_of(uint32_t cp);
/* Inspections: strict (lossy == 0) describes the valid prefix, lossy the
   whole lossy output (U+FFFD counts as BMP); status/read as validate. */
unilane_utf8_info ref_utf8_inspect(const unsigned char *s, size_t n, int lossy);
unilane_utf16_info ref_utf16_inspect(const uint16_t *s, size_t n);

/* Latin-1 to UTF-8 into at most cap bytes, stopping before a character
   that does not fit; OK iff read == n, else OUTPUT_FULL. */
unilane_result ref_latin1_to_utf8_bounded(const unsigned char *s, size_t n, unsigned char *dst,
                                          size_t cap);

#endif
