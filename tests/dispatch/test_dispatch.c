/*
 * test_dispatch.c -- the kernel choice: the first call racing in many
 * threads (run under ThreadSanitizer by scripts/test.sh), the CPU-feature
 * mask hook, unilane_use_kernel's rules. No Check: this program must be the
 * first user of the library in its process, so it stays minimal.
 * Prints "N passed, M failed" and exits non-zero on a failure.
 */
#define _POSIX_C_SOURCE 200112L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unilane.h"
#include "../../src/dispatch/cpu.h"
#include "../../src/dispatch/test_hooks.h"
/* The CPU probe, in this translation unit: scripts/test.sh's TSan stage
   compiles this file alone with the library's sources. */
#include "../cpu_probe.c"

#define NTHREADS 16

static int passed, failed;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (cond) {                                                                \
      passed++;                                                                \
    } else {                                                                   \
      failed++;                                                                \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

static pthread_barrier_t barrier;
static const char *seen[NTHREADS];
static size_t seen_len[NTHREADS];

static void *racer(void *arg)
{
    size_t id = (size_t)arg;
    static const char text[] = "na\xc3\xafve caf\xc3\xa9 \xe2\x82\xac 100";
    uint16_t out[sizeof text];
    pthread_barrier_wait(&barrier);
    /* Half the threads start with a conversion, half with unilane_kernel(). */
    if (id & 1) {
        unilane_result r = unilane_utf8_to_utf16(text, sizeof text - 1, out);
        seen_len[id] = r.status == UNILANE_OK ? r.written : (size_t)-1;
        seen[id] = unilane_kernel();
    } else {
        seen[id] = unilane_kernel();
        seen_len[id] = unilane_utf16_length_from_utf8(text, sizeof text - 1);
    }
    return NULL;
}

/* The best kernel for this CPU and build, from an independent probe of the
   CPU (tests/cpu_probe.c: /proc/cpuinfo or getauxval), not from the
   library's own detection. */
static uint32_t probe_features;

static const char *best_expected(void)
{
    return ut_expected_best(probe_features);
}

int main(void)
{
    pthread_t t[NTHREADS];
    size_t i;
    const char *best;
    const char *env = getenv("UNILANE_KERNEL");

    const char *how;

    probe_features = ut_probe_cpu(&how); /* reads /proc: no library call */
    /* 1. The first call, from many threads at once. */
    pthread_barrier_init(&barrier, NULL, NTHREADS);
    for (i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, racer, (void *)i);
    for (i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&barrier);

    best = best_expected();
    for (i = 0; i < NTHREADS; i++) {
        CHECK(seen[i] != NULL && strcmp(seen[i], seen[0]) == 0);
        CHECK(seen_len[i] == 16); /* n a ï v e _ c a f é _ € _ 1 0 0 */
    }
    /* UNILANE_KERNEL names the first choice when it is available here
       (by the probe and the build), else it is ignored. */
    if (env != NULL && env[0] != 0 && strcmp(env, "auto") != 0 &&
        ut_kernel_expected(env, probe_features))
        CHECK(strcmp(seen[0], env) == 0);
    else
        CHECK(strcmp(seen[0], best) == 0);
    printf("first call: %d threads chose \"%s\" (best here by the CPU probe, %s: \"%s\")\n",
           NTHREADS, seen[0], how, best);

    /* 2. unilane_use_kernel's rules. */
    CHECK(unilane_use_kernel("scalar") == 0);
    CHECK(strcmp(unilane_kernel(), "scalar") == 0);
    CHECK(unilane_use_kernel("SCALAR") == -1);
    CHECK(unilane_use_kernel("") == -1);
    CHECK(unilane_use_kernel(NULL) == -1);
    CHECK(unilane_use_kernel("sse2") == -1);
    CHECK(strcmp(unilane_kernel(), "scalar") == 0); /* unchanged by failures */
    CHECK(unilane_use_kernel("auto") == 0);
    CHECK(strcmp(unilane_kernel(), best) == 0);

    /* 3. The feature-mask hook: with every feature masked off the automatic
       choice and every explicit SIMD choice fall back to scalar. */
    unilane_test_mask_cpu_features(0xFFFFFFFFu);
    CHECK(strcmp(unilane_kernel(), "scalar") == 0);
    CHECK(unilane_use_kernel("avx2") == -1);
    CHECK(unilane_use_kernel("avx512") == -1);
    CHECK(unilane_use_kernel("neon") == -1);
    CHECK(unilane_use_kernel("auto") == 0);
    CHECK(strcmp(unilane_kernel(), "scalar") == 0);
    {
        uint16_t out[4];
        unilane_result r = unilane_utf8_to_utf16("\xc3\xa9t\xc3\xa9", 5, out);
        CHECK(r.status == UNILANE_OK && r.written == 3 && out[0] == 0xE9 && out[1] == 't');
    }
    unilane_test_mask_cpu_features(0);
    CHECK(unilane_use_kernel("auto") == 0);
    CHECK(strcmp(unilane_kernel(), best) == 0);
    if (strcmp(best, "avx512") == 0) {
        /* Without VBMI2 the next best is AVX2; without BMI2 neither. */
        unilane_test_mask_cpu_features(UNILANE_CPU_AVX512VBMI2);
        /* "auto": the best the CPU supports (UNILANE_KERNEL may name another) */
        CHECK(unilane_use_kernel("auto") == 0);
        CHECK(strcmp(unilane_kernel(), "avx2") == 0);
        CHECK(unilane_use_kernel("avx512") == -1);
        unilane_test_mask_cpu_features(UNILANE_CPU_BMI2);
        CHECK(strcmp(unilane_kernel(), "scalar") == 0);
        unilane_test_mask_cpu_features(0);
        CHECK(unilane_use_kernel("avx512") == 0);
    }
    if (strcmp(best, "avx2") == 0) {
        /* Masking one feature the AVX2 kernel needs is enough. */
        unilane_test_mask_cpu_features(UNILANE_CPU_BMI2);
        CHECK(strcmp(unilane_kernel(), "scalar") == 0);
        CHECK(unilane_use_kernel("avx2") == -1);
        unilane_test_mask_cpu_features(0);
        CHECK(unilane_use_kernel("avx2") == 0);
    }

    printf("dispatch: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
