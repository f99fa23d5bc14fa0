/*
 * avx2.h -- entry points of the AVX2 kernel set (x86-64). Each has exactly
 * the contract of the public function of the same name; each is compiled with
 * UNILANE_TARGET_AVX2 and must only be called when unilane_cpu_features()
 * has UNILANE_CPU_AVX2_SET.
 */
#ifndef UNILANE_AVX2_H
#define UNILANE_AVX2_H

#include "../dispatch/impl.h"

#if UNILANE_HAVE_AVX2
#include <immintrin.h>

/* unilane_avx2_<op> for every operation of the registry (ops.h). */
UNILANE_DECLARE_KERNEL(avx2)

/* Shuffle table shared by the UTF-8 writers (defined in utf16_avx2.c). */
UNILANE_INTERNAL extern const unsigned char unilane_avx2_utf8_pack2[256][16];

#endif /* UNILANE_HAVE_AVX2 */
#endif /* UNILANE_AVX2_H */
