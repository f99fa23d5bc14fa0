/*
 * cpu_probe.c -- see cpu_probe.h.
 */
#include "cpu_probe.h"

#include <stdio.h>
#include <string.h>

#include "../src/dispatch/cpu.h"

#if (defined(__aarch64__) || defined(__arm__)) && defined(__linux__)
#  include <sys/auxv.h>
#  include <asm/hwcap.h>
#endif

#if defined(__x86_64__) || defined(__i386__) || (defined(__arm__) && defined(__linux__))
/* 1 when `flag` is a whole word of the flags line. */
static int probe_has(const char *line, const char *flag)
{
    size_t n = strlen(flag);
    const char *p = line;
    while ((p = strstr(p, flag)) != NULL) {
        if ((p == line || p[-1] == ' ' || p[-1] == '\t') &&
            (p[n] == ' ' || p[n] == '\n' || p[n] == 0))
            return 1;
        p += n;
    }
    return 0;
}
#endif

uint32_t ut_probe_cpu(const char **how)
{
    static char desc[160];
    uint32_t f = 0;
#if defined(__x86_64__) || defined(__i386__)
    static char line[8192];
    FILE *fp = fopen("/proc/cpuinfo", "r");
    int found = 0;
    snprintf(desc, sizeof desc, "/proc/cpuinfo unreadable");
    if (fp) {
        while (fgets(line, sizeof line, fp))
            if (strncmp(line, "flags", 5) == 0 && strchr(line, ':')) {
                found = 1;
                break;
            }
        fclose(fp);
    }
    if (found) {
        const char *l = strchr(line, ':') + 1;
        /* Linux lists avx2 only when the OS saves YMM state (XCR0); osxsave,
           where listed, says the same. */
        if (probe_has(l, "avx2") && (probe_has(l, "osxsave") || probe_has(l, "avx")))
            f |= UNILANE_CPU_AVX2;
        if (probe_has(l, "bmi1"))
            f |= UNILANE_CPU_BMI1;
        if (probe_has(l, "bmi2"))
            f |= UNILANE_CPU_BMI2;
        if (probe_has(l, "abm")) /* LZCNT */
            f |= UNILANE_CPU_LZCNT;
        if (probe_has(l, "popcnt"))
            f |= UNILANE_CPU_POPCNT;
        /* Linux lists the AVX-512 flags only when the OS saves the opmask
           and ZMM state (XCR0 bits 5..7). */
        if (probe_has(l, "avx512f"))
            f |= UNILANE_CPU_AVX512F;
        if (probe_has(l, "avx512bw"))
            f |= UNILANE_CPU_AVX512BW;
        if (probe_has(l, "avx512vl"))
            f |= UNILANE_CPU_AVX512VL;
        if (probe_has(l, "avx512vbmi"))
            f |= UNILANE_CPU_AVX512VBMI;
        if (probe_has(l, "avx512_vbmi2"))
            f |= UNILANE_CPU_AVX512VBMI2;
        snprintf(desc, sizeof desc, "/proc/cpuinfo flags:%s%s%s%s%s%s",
                 f & UNILANE_CPU_AVX2 ? " avx2" : "", f & UNILANE_CPU_BMI1 ? " bmi1" : "",
                 f & UNILANE_CPU_BMI2 ? " bmi2" : "", f & UNILANE_CPU_LZCNT ? " abm" : "",
                 f & UNILANE_CPU_POPCNT ? " popcnt" : "",
                 (f & UNILANE_CPU_AVX512_SET) == UNILANE_CPU_AVX512_SET
                     ? " avx512f avx512bw avx512vl avx512vbmi avx512_vbmi2"
                     : "");
    }
#elif defined(__aarch64__) && defined(__linux__)
    unsigned long hw = getauxval(AT_HWCAP);
    if (hw & HWCAP_ASIMD)
        f |= UNILANE_CPU_NEON;
    snprintf(desc, sizeof desc, "getauxval(AT_HWCAP) = 0x%lx: %s", hw,
             hw & HWCAP_ASIMD ? "asimd" : "no asimd");
#elif defined(__arm__) && defined(__linux__)
    /* ARMv7: the kernel's HWCAP_NEON (from its header), and the "neon"
       word of /proc/cpuinfo's Features line where there is one (not under
       qemu-user, which shows the host's file): both must say the same. */
    static char line[1024];
    unsigned long hw = getauxval(AT_HWCAP);
    FILE *fp = fopen("/proc/cpuinfo", "r");
    int feat = -1; /* -1: no Features line */
    if (fp) {
        while (fgets(line, sizeof line, fp))
            if (strncmp(line, "Features", 8) == 0 && strchr(line, ':')) {
                feat = probe_has(strchr(line, ':') + 1, "neon");
                break;
            }
        fclose(fp);
    }
    if ((hw & HWCAP_NEON) && feat != 0)
        f |= UNILANE_CPU_NEON;
    snprintf(desc, sizeof desc, "getauxval(AT_HWCAP) = 0x%lx: %s; /proc/cpuinfo Features: %s", hw,
             hw & HWCAP_NEON ? "neon" : "no neon",
             feat < 0 ? "none (emulated?)" : (feat ? "neon" : "no neon"));
#else
    snprintf(desc, sizeof desc, "no probe for this platform");
#endif
    if (how)
        *how = desc;
    return f;
}

int ut_kernel_built(const char *name)
{
    if (strcmp(name, "scalar") == 0)
        return 1;
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(UNILANE_NO_AVX2)
    if (strcmp(name, "avx2") == 0)
        return 1;
#  if !defined(UNILANE_NO_AVX512)
    if (strcmp(name, "avx512") == 0)
        return 1;
#  endif
#endif
#if defined(__aarch64__) && !defined(__AARCH64EB__) && !defined(UNILANE_NO_NEON)
    if (strcmp(name, "neon") == 0)
        return 1;
#endif
#if defined(__arm__) && !defined(__ARMEB__) && defined(__ARM_ARCH) && __ARM_ARCH >= 7 && \
    defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'A' && defined(__ARM_FP) &&     \
    !defined(UNILANE_NO_NEON) &&                                                         \
    (defined(__ARM_NEON) || (defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8))
    /* ARMv7-A, little-endian, with an FPU: the whole program compiled for
       NEON, or GCC 8+ (which can switch NEON on for the NEON files). */
    if (strcmp(name, "neon32") == 0)
        return 1;
#endif
    return 0;
}

int ut_kernel_expected(const char *name, uint32_t features)
{
    if (!ut_kernel_built(name))
        return 0;
    if (strcmp(name, "avx512") == 0)
        return (features & UNILANE_CPU_AVX512_SET) == UNILANE_CPU_AVX512_SET;
    if (strcmp(name, "avx2") == 0)
        return (features & UNILANE_CPU_AVX2_SET) == UNILANE_CPU_AVX2_SET;
    if (strcmp(name, "neon") == 0 || strcmp(name, "neon32") == 0)
        return (features & UNILANE_CPU_NEON) != 0;
    return strcmp(name, "scalar") == 0;
}

const char *ut_expected_best(uint32_t features)
{
    if (ut_kernel_expected("avx512", features))
        return "avx512";
    if (ut_kernel_expected("avx2", features))
        return "avx2";
    if (ut_kernel_expected("neon", features))
        return "neon";
    if (ut_kernel_expected("neon32", features))
        return "neon32";
    return "scalar";
}
