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

#endif /* UNILANE_HAVE_AVX2 */
#endif /* UNILANE_AVX2_H */
