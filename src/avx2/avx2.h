/*
 * avx2.h -- entry points of the AVX2 kernel set (x86-64). Each has exactly
 * the contract of the public function of the same name; each is compiled with
 * UNILANE_TARGET_AVX2 and must only be called when unilane_cpu_features()
 * has UNILANE_CPU_AVX2_SET.
 */
#ifndef UNILANE_AVX2_H
#define UNILANE_AVX2_H

#include "../dispatch/config.h"

#if UNILANE_HAVE_AVX2
#include <immintrin.h>

/* prototypes: UNILANE_INTERNAL <type> unilane_avx2_<op>(...); */

/* UTF-16 and Latin-1 input (utf16_avx2.c, latin1_avx2.c) */
UNILANE_INTERNAL size_t unilane_avx2_utf16_ascii_prefix(const uint16_t *src, size_t len);
UNILANE_INTERNAL size_t unilane_avx2_utf16_latin1_prefix(const uint16_t *src, size_t len);
UNILANE_INTERNAL unilane_result unilane_avx2_validate_utf16(const uint16_t *src, size_t len);
UNILANE_INTERNAL size_t unilane_avx2_utf16_make_well_formed(const uint16_t *src, size_t len, uint16_t *dst);
UNILANE_INTERNAL unilane_result unilane_avx2_utf16_to_latin1(const uint16_t *src, size_t len, char *dst);
UNILANE_INTERNAL size_t unilane_avx2_utf8_length_from_utf16(const uint16_t *src, size_t len);
UNILANE_INTERNAL unilane_result unilane_avx2_utf16_to_utf8(const uint16_t *src, size_t len, char *dst);
UNILANE_INTERNAL size_t unilane_avx2_utf16_to_utf8_lossy(const uint16_t *src, size_t len, char *dst);
UNILANE_INTERNAL size_t unilane_avx2_latin1_to_utf16(const char *src, size_t len, uint16_t *dst);
UNILANE_INTERNAL size_t unilane_avx2_latin1_to_utf8(const char *src, size_t len, char *dst);
UNILANE_INTERNAL size_t unilane_avx2_utf8_length_from_latin1(const char *src, size_t len);
/* Shuffle table shared by the UTF-8 writers (defined in utf16_avx2.c). */
UNILANE_INTERNAL extern const unsigned char unilane_avx2_utf8_pack2[256][16];

/* UTF-8 input (utf8_avx2.c) */
UNILANE_INTERNAL size_t unilane_avx2_ascii_prefix(const char *src, size_t len);
UNILANE_INTERNAL unilane_result unilane_avx2_validate_utf8(const char *src, size_t len);
UNILANE_INTERNAL unilane_result unilane_avx2_utf8_to_latin1(const char *src, size_t len, char *dst);
UNILANE_INTERNAL unilane_result unilane_avx2_utf8_to_utf16(const char *src, size_t len, uint16_t *dst);
UNILANE_INTERNAL size_t unilane_avx2_utf8_to_utf16_lossy(const char *src, size_t len, uint16_t *dst);
UNILANE_INTERNAL size_t unilane_avx2_utf16_length_from_utf8(const char *src, size_t len);
UNILANE_INTERNAL size_t unilane_avx2_utf16_length_from_utf8_lossy(const char *src, size_t len);

#endif /* UNILANE_HAVE_AVX2 */
#endif /* UNILANE_AVX2_H */
