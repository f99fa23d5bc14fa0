/*
 * checks.h -- "compare every public function with the reference on this
 * input" helpers, shared by the exhaustive, API, length and guard tests.
 * Outputs go to buffers with a canary past the expected output (up to the
 * documented bound plus slack), which must stay untouched.
 */
#ifndef UNILANE_TEST_CHECKS_H
#define UNILANE_TEST_CHECKS_H

#include "common.h"

/* Largest input the helpers accept (units). */
#define UT_CHECK_MAX 4096

/* Which functions to run (bit mask); UT_F_ALL for every applicable one. */
enum {
    UT_F_VALIDATE = 1 << 0,  /* validate_utf8 / validate_utf16 */
    UT_F_STRICT = 1 << 1,    /* utf8_to_utf16 / utf16_to_utf8 */
    UT_F_LOSSY = 1 << 2,     /* the _lossy converters */
    UT_F_LATIN1 = 1 << 3,    /* utf8_to_latin1 / utf16_to_latin1 */
    UT_F_LENGTHS = 1 << 4,   /* length functions, and length == converter's written */
    UT_F_PREFIX = 1 << 5,    /* ascii / latin1 prefix functions */
    UT_F_WELLFORMED = 1 << 6,/* utf16_make_well_formed, copy and in place */
    UT_F_FROM_LATIN1 = 1 << 7, /* the bytes as Latin-1: latin1_to_utf8/16, length */
    UT_F_ALL = 0xFF
};

/* Runs the UTF-8-input (and, with UT_F_FROM_LATIN1, Latin-1-input)
   functions on s[0..n) and compares them with the reference. */
void ut_check_bytes(const unsigned char *s, size_t n, int mask);
/* Runs the UTF-16-input functions on s[0..n). */
void ut_check_units(const uint16_t *s, size_t n, int mask);

#endif
