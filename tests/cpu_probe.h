/*
 * cpu_probe.h -- what the CPU and OS offer, found independently of the
 * library (no call into it): /proc/cpuinfo's flags on x86-64 Linux,
 * getauxval(AT_HWCAP) on AArch64 and ARMv7 Linux; and which kernel the documented
 * rules (README "Kernels", include/unilane.h) then make the best one. The
 * tests compare the library's choice with this. Bits are UNILANE_CPU_*
 * (src/dispatch/cpu.h: constants only).
 */
#ifndef UNILANE_TEST_CPU_PROBE_H
#define UNILANE_TEST_CPU_PROBE_H

#include <stdint.h>

/* The features of this CPU and OS. *how is set to a short description of
   the source ("/proc/cpuinfo: avx2 bmi1 ...", "AT_HWCAP: asimd"). */
uint32_t ut_probe_cpu(const char **how);

/* 1 when kernel `name` is compiled into this build: by the build's
   architecture and the UNILANE_NO_AVX2 / UNILANE_NO_AVX512 / UNILANE_NO_NEON options (the test
   targets get the same definitions as the library). */
int ut_kernel_built(const char *name);

/* The kernel set unilane_use_kernel("auto") must choose on a CPU with
   `features`: avx512 (AVX-512 F/BW/VL/VBMI/VBMI2 and the avx2 set, with OS-enabled
   ZMM state), avx2 (AVX2+BMI1+BMI2+LZCNT+POPCNT with OS-enabled YMM state),
   neon (little-endian AArch64 with ASIMD), neon32 (little-endian ARMv7-A with
   NEON), else scalar -- among the built
   ones. */
const char *ut_expected_best(uint32_t features);

/* Whether kernel `name` must be selectable with `features`. */
int ut_kernel_expected(const char *name, uint32_t features);

#endif
