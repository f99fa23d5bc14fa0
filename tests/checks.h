/*
 * checks.h -- "compare every public function with the reference on this
 * input" helpers, shared by the exhaustive, context, API, length and guard
 * tests. Outputs go to buffers with a canary before dst (UT_PRE_CANARY
 * bytes) and past the expected output (up to the documented bound plus
 * slack), all of which must stay untouched.
 *
 * The _ctx variants place a short input inside a vector-sized context: a
 * padding of ASCII or of 2-, 3- or 4-byte characters before it (its length
 * sets the input's lane offset in a 64-byte block: the buffer starts
 * 64-byte aligned) and after it, so that a SIMD kernel's block code, not its
 * scalar tail, sees the input. Their expected values are the reference's
 * results on the three pieces, composed (UTF-8 and UTF-16 resynchronise at
 * a character boundary: the padding is whole characters and the padding
 * after starts with a byte or unit that cannot continue anything).
 */
#ifndef UNILANE_TEST_CHECKS_H
#define UNILANE_TEST_CHECKS_H

#include "common.h"

/* Largest input the helpers accept (units). */
#define UT_CHECK_MAX 4096

/* Bytes of canary before every dst (16 UTF-16 units). */
#define UT_PRE_CANARY 32

/* Which functions to run (bit mask); UT_F_ALL for every applicable one. */
enum {
    UT_F_VALIDATE = 1 << 0,    /* validate_utf8 / validate_utf16 */
    UT_F_STRICT = 1 << 1,      /* utf8_to_utf16 / utf16_to_utf8 */
    UT_F_LOSSY = 1 << 2,       /* the _lossy converters */
    UT_F_LATIN1 = 1 << 3,      /* utf8_to_latin1 / utf16_to_latin1 */
    UT_F_LENGTHS = 1 << 4,     /* length functions, and length == converter's written */
    UT_F_PREFIX = 1 << 5,      /* ascii / latin1 prefix functions */
    UT_F_WELLFORMED = 1 << 6,  /* utf16_make_well_formed, copy and in place */
    UT_F_FROM_LATIN1 = 1 << 7, /* the bytes as Latin-1: latin1_to_utf8/16, length */
    /* 0.2 */
    UT_F_WTF8 = 1 << 8,     /* bytes: validate_wtf8, wtf8_to_utf16 and (when valid) back with
                              utf16_to_wtf8; units: utf16_to_wtf8 and back with wtf8_to_utf16 */
    UT_F_MUTF8 = 1 << 9,    /* bytes: mutf8_to_utf16; units: utf16_to_mutf8,
                              mutf8_length_from_utf16 and back with mutf8_to_utf16 */
    UT_F_INSPECT = 1 << 10, /* utf8_inspect, utf8_inspect_lossy / utf16_inspect */
    UT_F_BOUNDED = 1 << 11, /* the bytes as Latin-1: latin1_to_utf8_bounded at a set of
                               capacities (0, 1, the exact length and one less, the bound,
                               one from a hash; in a context also at the input's edges) */
    UT_F_ALL = 0xFFF
};

/* Runs the UTF-8-input (and, with UT_F_FROM_LATIN1, Latin-1-input)
   functions on s[0..n) and compares them with the reference. */
void ut_check_bytes(const unsigned char *s, size_t n, int mask);
/* Runs the UTF-16-input functions on s[0..n). */
void ut_check_units(const uint16_t *s, size_t n, int mask);

/* Padding kinds: characters of 1, 2, 3 or 4 UTF-8 bytes (in UTF-16: ASCII
   units, units 0x80..0x7FF, other BMP units, surrogate pairs). The 2-byte
   padding before an input holds only U+0080..U+00FF, so that the Latin-1
   functions reach the input. */
enum { UT_PAD_ASCII, UT_PAD_2BYTE, UT_PAD_3BYTE, UT_PAD_4BYTE, UT_PAD_KINDS };
extern const char *const ut_pad_names[UT_PAD_KINDS];

/* Longest padding on one side (units). */
#define UT_PAD_MAX  200
/* As a context's total length: the input's 64-unit block(s) whole, then a
   17-unit tail (so at least 81 units: above every kernel's short-input
   threshold). */
#define UT_CTX_AUTO 0

/* One context: pre units of padding of kind pre_kind before the input (its
   lane offset is pre % 64 units), then padding of kind post_kind up to
   `total` units in all (total >= pre + n, total - pre - n <= UT_PAD_MAX;
   UT_CTX_AUTO: 64 * ceil((pre + n) / 64) + 17). */
typedef struct ut_ctx {
    int pre_kind, post_kind;
    size_t pre, total;
} ut_ctx;

/* Context number k of the UT_PAD_KINDS^2 * 64 = 1024 (kinds before and
   after, lane offset 0..63), with the given total length. */
ut_ctx ut_ctx_nth(unsigned k, size_t total);
/* A context drawn from `h` (a hash of the input and the seed). */
ut_ctx ut_ctx_hash(uint64_t h, size_t total);
/* splitmix64 finaliser: hashes an input index with the seed. */
uint64_t ut_hash(uint64_t x);

/* s[0..n) in context c: the same checks as ut_check_bytes / _units, with
   expected values composed from the reference on the three pieces. */
void ut_check_bytes_ctx(const unsigned char *s, size_t n, int mask, ut_ctx c);
void ut_check_units_ctx(const uint16_t *s, size_t n, int mask, ut_ctx c);

/* Writes the padded buffer of s[0..n) in context c to out (c.total units);
   returns c.total. For tests with another oracle (ICU). */
size_t ut_ctx_build_bytes(unsigned char *out, const unsigned char *s, size_t n, ut_ctx c);
size_t ut_ctx_build_units(uint16_t *out, const uint16_t *s, size_t n, ut_ctx c);

#endif
