/*
 * cpu.h -- run-time CPU feature detection.
 */
#ifndef UNILANE_CPU_H
#define UNILANE_CPU_H

#include "config.h"

enum {
    UNILANE_CPU_AVX2 = 1u << 0, /* AVX2, with the OS saving YMM state (XCR0) */
    UNILANE_CPU_BMI1 = 1u << 1,
    UNILANE_CPU_BMI2 = 1u << 2,
    UNILANE_CPU_LZCNT = 1u << 3,
    UNILANE_CPU_POPCNT = 1u << 4,
    /* NEON (Advanced SIMD): the AArch64 baseline; on ARMv7, HWCAP_NEON.
       The set "neon" or "neon32" requires it (one bit: one feature). */
    UNILANE_CPU_NEON = 1u << 5,
    /* AVX-512, each with the OS saving opmask, ZMM_Hi256 and Hi16_ZMM state
       (XCR0 bits 5, 6, 7) as well as XMM and YMM state (bits 1, 2). */
    UNILANE_CPU_AVX512F = 1u << 6,
    UNILANE_CPU_AVX512BW = 1u << 7,
    UNILANE_CPU_AVX512VL = 1u << 8,
    UNILANE_CPU_AVX512VBMI = 1u << 9,
    UNILANE_CPU_AVX512VBMI2 = 1u << 10
};

/* Exactly the features named in UNILANE_TARGET_AVX2 (config.h). */
#define UNILANE_CPU_AVX2_SET \
  (UNILANE_CPU_AVX2 | UNILANE_CPU_BMI1 | UNILANE_CPU_BMI2 | UNILANE_CPU_LZCNT | UNILANE_CPU_POPCNT)

/* Exactly the features named in UNILANE_TARGET_AVX512 (config.h). */
#define UNILANE_CPU_AVX512_SET                                                                  \
  (UNILANE_CPU_AVX512F | UNILANE_CPU_AVX512BW | UNILANE_CPU_AVX512VL | UNILANE_CPU_AVX512VBMI | \
   UNILANE_CPU_AVX512VBMI2 | UNILANE_CPU_AVX2_SET)

/* Features of this CPU and OS (in test builds, less those masked off by the
   test hook). */
UNILANE_INTERNAL uint32_t unilane_cpu_features(void);

#if UNILANE_TEST_SUPPORT
/* Test builds: features in `mask` are treated as absent from now on (0
   restores them). Used by unilane_test_mask_cpu_features (test_hooks.h). */
UNILANE_INTERNAL void unilane_cpu_set_mask(uint32_t mask);
#endif

#endif /* UNILANE_CPU_H */
