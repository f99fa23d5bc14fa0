/*
 * avx512.h -- entry points of the AVX-512 kernel set (x86-64: AVX-512
 * F/BW/VL/VBMI/VBMI2 on top of the AVX2 set). Each has exactly the contract
 * of the public function of the same name; each is compiled with
 * UNILANE_TARGET_AVX512 and must only be called when unilane_cpu_features()
 * has UNILANE_CPU_AVX512_SET. Operations without an AVX-512 kernel of their
 * own take the AVX2 entry (impl_avx512.c).
 */
#ifndef UNILANE_AVX512_H
#define UNILANE_AVX512_H

#include "../dispatch/impl.h"
#include "../avx2/avx2.h" /* and so the intrinsics: ../avx2/x86_intrin.h */

#endif /* UNILANE_AVX512_H */
