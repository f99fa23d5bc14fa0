/*
 * cpu.c -- run-time CPU feature detection.
 *
 * This file is compiled for the baseline ISA only: it runs before any kernel
 * is chosen, so it must not contain a single AVX instruction.
 */
#include "cpu.h"
#include "atomic.h"

/* A build with a global -mavx2 (or -march=native) is allowed: the caller
   opted in to AVX everywhere, and detection still decides the kernel set. */

#if UNILANE_HAVE_AVX2
#  if defined(_MSC_VER)
/* MSVC (and clang with an MSVC target): the <intrin.h> intrinsics. */
#    include <intrin.h>

/* CPUID leaf `leaf`, subleaf `sub`: r[0..3] = EAX, EBX, ECX, EDX. */
static void cpu_cpuid(unsigned int leaf, unsigned int sub, unsigned int r[4])
{
    int v[4];
    __cpuidex(v, (int)leaf, (int)sub);
    r[0] = (unsigned int)v[0];
    r[1] = (unsigned int)v[1];
    r[2] = (unsigned int)v[2];
    r[3] = (unsigned int)v[3];
}

/* The highest leaf of the range that starts at `base` (0 or 0x80000000).
   Every CPU that runs Windows has CPUID. */
static unsigned int cpu_max_leaf(unsigned int base)
{
    unsigned int r[4];
    cpu_cpuid(base, 0, r);
    return r[0];
}

/* XCR0: which register states the OS saves on a context switch. */
static uint64_t cpu_xgetbv0(void)
{
    return (uint64_t)_xgetbv(0);
}
#  else
/* gcc and clang: <cpuid.h>. Its macros keep EBX intact where it is the PIC
   register (32-bit x86 with -fPIC), and __get_cpuid_max first checks that
   the CPU has CPUID at all (a 32-bit CPU may not). */
#    include <cpuid.h>

static void cpu_cpuid(unsigned int leaf, unsigned int sub, unsigned int r[4])
{
    __cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
}

static unsigned int cpu_max_leaf(unsigned int base)
{
    return (unsigned int)__get_cpuid_max(base, NULL);
}

/* XGETBV with ECX = 0 reads XCR0. Encoded as bytes so that no -mxsave is
   needed; it touches EAX, EDX and ECX only, so it is PIC-safe on i386. */
static uint64_t cpu_xgetbv0(void)
{
    uint32_t eax, edx;
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}
#  endif

static uint32_t cpu_detect(void)
{
    unsigned int r[4]; /* EAX, EBX, ECX, EDX */
    unsigned int max_leaf;
    uint32_t f = 0;

    max_leaf = cpu_max_leaf(0);
    if (max_leaf < 1)
        return 0;
    cpu_cpuid(1, 0, r);
    if (r[2] & (1u << 23))
        f |= UNILANE_CPU_POPCNT;
    /* AVX state is usable only if the CPU has OSXSAVE (ecx bit 27) and the
       OS enabled both XMM (bit 1) and YMM (bit 2) state in XCR0. */
    {
        uint64_t xcr0 = (r[2] & (1u << 27)) ? cpu_xgetbv0() : 0;
        int os_ymm = (xcr0 & 0x6) == 0x6;
        /* AVX-512 state: XMM, YMM (bits 1, 2), opmask (5), ZMM_Hi256 (6),
           Hi16_ZMM (7): 0xE6. */
        int os_zmm = (xcr0 & 0xE6) == 0xE6;
        int avx = (r[2] & (1u << 28)) != 0;
        if (max_leaf >= 7) {
            unsigned int ebx, ecx;
            cpu_cpuid(7, 0, r);
            ebx = r[1];
            ecx = r[2];
            if (os_ymm && avx && (ebx & (1u << 5)))
                f |= UNILANE_CPU_AVX2;
            if (os_zmm && avx) {
                if (ebx & (1u << 16))
                    f |= UNILANE_CPU_AVX512F;
                if (ebx & (1u << 30))
                    f |= UNILANE_CPU_AVX512BW;
                if (ebx & (1u << 31))
                    f |= UNILANE_CPU_AVX512VL;
                if (ecx & (1u << 1))
                    f |= UNILANE_CPU_AVX512VBMI;
                if (ecx & (1u << 6))
                    f |= UNILANE_CPU_AVX512VBMI2;
            }
            if (ebx & (1u << 3))
                f |= UNILANE_CPU_BMI1;
            if (ebx & (1u << 8))
                f |= UNILANE_CPU_BMI2;
        }
    }
    if (cpu_max_leaf(0x80000000u) >= 0x80000001u) {
        cpu_cpuid(0x80000001u, 0, r);
        if (r[2] & (1u << 5)) /* ABM: LZCNT */
            f |= UNILANE_CPU_LZCNT;
    }
    return f;
}

#elif UNILANE_HAVE_NEON32 && (defined(__linux__) || defined(__ANDROID__)) && \
    (!defined(__ANDROID__) || __ANDROID_API__ >= 18)
#  include <sys/auxv.h>

/* ARMv7 Linux and Android (getauxval: glibc 2.16, bionic API 18): the
   kernel's HWCAP_NEON bit, 1 << 12 (arch/arm/include/uapi/asm/hwcap.h;
   glibc calls it HWCAP_ARM_NEON). */
static uint32_t cpu_detect(void)
{
    return (getauxval(AT_HWCAP) & (1ul << 12)) ? UNILANE_CPU_NEON : 0;
}

#elif UNILANE_HAVE_NEON32

/* ARMv7 where the OS gives no way to ask (config.h): NEON only when the
   whole program is compiled for it, which asserts that the CPU has it. */
static uint32_t cpu_detect(void)
{
#  if defined(__ARM_NEON)
    return UNILANE_CPU_NEON;
#  else
    return 0;
#  endif
}

#elif UNILANE_HAVE_NEON

static uint32_t cpu_detect(void)
{
    return UNILANE_CPU_NEON; /* mandatory on AArch64 */
}

#else

static uint32_t cpu_detect(void)
{
    return 0;
}

#endif

/* Bit 31 marks "detected"; the features live in the low bits. Racing threads
   compute and store the same value, so relaxed atomics suffice. */
static unilane_atomic_u32 cpu_cache;
#if UNILANE_TEST_SUPPORT
static unilane_atomic_u32 cpu_mask; /* test builds: features treated as absent */
#  define CPU_MASK_() UNILANE_ATOMIC_LOAD(&cpu_mask)
#else
#  define CPU_MASK_() 0u
#endif

uint32_t unilane_cpu_features(void)
{
    uint32_t v = UNILANE_ATOMIC_LOAD(&cpu_cache);
    if (!(v & 0x80000000u)) {
        v = cpu_detect() | 0x80000000u;
        UNILANE_ATOMIC_STORE(&cpu_cache, v);
    }
    return v & ~0x80000000u & ~CPU_MASK_();
}

#if UNILANE_TEST_SUPPORT
void unilane_cpu_set_mask(uint32_t mask)
{
    UNILANE_ATOMIC_STORE(&cpu_mask, mask);
}
#endif
#undef CPU_MASK_
