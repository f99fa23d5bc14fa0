/*
 * test_kernel_env.c -- run by ctest with UNILANE_KERNEL set. argv[1] is what
 * the first automatic choice must be: a kernel name, "best" (the best kernel
 * for this CPU and build: the override must have been ignored), or
 * "<name>-if-available" (the name when this CPU and build have it, else
 * best). "Best" and "available" come from an independent probe of the CPU
 * (cpu_probe.c: /proc/cpuinfo or getauxval, and the build's options), never
 * from the library; the library's answers are then checked against it.
 * Also checks the unilane_use_kernel name rules.
 */
#include <stdio.h>
#include <string.h>

#include "unilane.h"
#include "cpu_probe.h"

static int env_fails;

static void env_expect(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok)
        env_fails++;
}

int main(int argc, char **argv)
{
    static const char *const names[] = { "scalar", "avx2", "neon", "neon32" };
    char first[32], want[64], msg[160];
    const char *expect = argc > 1 ? argv[1] : "best";
    const char *suffix = "-if-available";
    size_t el = strlen(expect), sl = strlen(suffix), i;
    const char *how, *best;
    uint32_t feats;

    /* The very first call of the library: the choice honours UNILANE_KERNEL. */
    snprintf(first, sizeof first, "%s", unilane_kernel());

    feats = ut_probe_cpu(&how);
    best = ut_expected_best(feats);
    if (el > sl && strcmp(expect + el - sl, suffix) == 0) {
        snprintf(want, sizeof want, "%.*s", (int)(el - sl), expect);
        if (!ut_kernel_expected(want, feats))
            snprintf(want, sizeof want, "%s", best);
    } else if (strcmp(expect, "best") == 0) {
        snprintf(want, sizeof want, "%s", best);
    } else {
        snprintf(want, sizeof want, "%s", expect);
    }
    printf(
        "CPU probe: %s\nUNILANE_KERNEL selected '%s' first; best for this CPU and build is '%s'; "
        "expected '%s'\n",
        how, first, best, want);
    env_expect(strcmp(first, want) == 0, "first choice matches the expectation");

    /* Every kernel is selectable exactly when the probe and the build say so. */
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        int exp = ut_kernel_expected(names[i], feats) ? 0 : -1;
        snprintf(msg, sizeof msg, "use_kernel(\"%s\") == %d (from the CPU probe and the build)",
                 names[i], exp);
        env_expect(unilane_use_kernel(names[i]) == exp, msg);
        if (exp == 0) {
            snprintf(msg, sizeof msg, "kernel() == \"%s\" after selecting it", names[i]);
            env_expect(strcmp(unilane_kernel(), names[i]) == 0, msg);
        }
    }
    env_expect(unilane_use_kernel("auto") == 0, "use_kernel(\"auto\") == 0");
    snprintf(msg, sizeof msg, "auto selects the best kernel for this CPU and build, '%s'", best);
    env_expect(strcmp(unilane_kernel(), best) == 0, msg);

    /* Name rules. */
    env_expect(unilane_use_kernel("scalar") == 0, "use_kernel(\"scalar\") == 0");
    env_expect(strcmp(unilane_kernel(), "scalar") == 0, "kernel() == \"scalar\"");
    env_expect(unilane_use_kernel("SCALAR") == -1, "use_kernel(\"SCALAR\") == -1");
    env_expect(unilane_use_kernel("bogus") == -1, "use_kernel(\"bogus\") == -1");
    env_expect(unilane_use_kernel("") == -1, "use_kernel(\"\") == -1");
    env_expect(strcmp(unilane_kernel(), "scalar") == 0,
               "a failed use_kernel leaves the choice unchanged");
    env_expect(unilane_use_kernel("auto") == 0, "use_kernel(\"auto\") == 0");
    env_expect(strcmp(unilane_kernel(), best) == 0, "auto returns to the best kernel");
#if defined(__x86_64__) || defined(__i386__)
    env_expect(unilane_use_kernel("neon") == -1, "use_kernel(\"neon\") == -1 on x86");
#endif
#if defined(__aarch64__)
    env_expect(unilane_use_kernel("avx2") == -1, "use_kernel(\"avx2\") == -1 on aarch64");
    env_expect(unilane_use_kernel("neon32") == -1, "use_kernel(\"neon32\") == -1 on aarch64");
#endif
#if defined(__arm__)
    env_expect(unilane_use_kernel("neon") == -1, "use_kernel(\"neon\") == -1 on armv7");
#endif
    env_expect(strcmp(unilane_kernel(), best) == 0, "still the best kernel");
    return env_fails ? 1 : 0;
}
