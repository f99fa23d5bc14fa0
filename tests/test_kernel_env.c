/*
 * test_kernel_env.c -- run by ctest with UNILANE_KERNEL set. argv[1] is what
 * the first automatic choice must be: a kernel name, "best" (the kernel
 * "auto" selects: the override must have been ignored), or
 * "<name>-if-available" (the name when this machine has it, else best).
 * Also checks the unilane_use_kernel name rules.
 */
#include <stdio.h>
#include <string.h>

#include "unilane.h"

static int env_fails;

static void env_expect(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok)
        env_fails++;
}

int main(int argc, char **argv)
{
    char first[32], best[32], want[32];
    const char *expect = argc > 1 ? argv[1] : "best";
    const char *suffix = "-if-available";
    size_t el = strlen(expect), sl = strlen(suffix);
    int avail = 1;

    /* The very first call of the library: the choice honours UNILANE_KERNEL. */
    snprintf(first, sizeof first, "%s", unilane_kernel());
    env_expect(unilane_use_kernel("auto") == 0, "use_kernel(\"auto\") == 0");
    snprintf(best, sizeof best, "%s", unilane_kernel());

    if (el > sl && strcmp(expect + el - sl, suffix) == 0) {
        snprintf(want, sizeof want, "%.*s", (int)(el - sl), expect);
        avail = unilane_use_kernel(want) == 0;
        if (!avail)
            snprintf(want, sizeof want, "%s", best);
    } else if (strcmp(expect, "best") == 0) {
        snprintf(want, sizeof want, "%s", best);
    } else {
        snprintf(want, sizeof want, "%s", expect);
    }
    printf("UNILANE_KERNEL selected '%s' first; best is '%s'; expected '%s'\n", first, best, want);
    env_expect(strcmp(first, want) == 0, "first choice matches the expectation");

    /* Name rules. */
    env_expect(unilane_use_kernel("scalar") == 0, "use_kernel(\"scalar\") == 0");
    env_expect(strcmp(unilane_kernel(), "scalar") == 0, "kernel() == \"scalar\"");
    env_expect(unilane_use_kernel("SCALAR") == -1, "use_kernel(\"SCALAR\") == -1");
    env_expect(unilane_use_kernel("bogus") == -1, "use_kernel(\"bogus\") == -1");
    env_expect(strcmp(unilane_kernel(), "scalar") == 0, "a failed use_kernel leaves the choice unchanged");
    env_expect(unilane_use_kernel("auto") == 0, "use_kernel(\"auto\") == 0");
    env_expect(strcmp(unilane_kernel(), best) == 0, "auto returns to the best kernel");
#if defined(__x86_64__)
    env_expect(unilane_use_kernel("neon") == -1, "use_kernel(\"neon\") == -1 on x86-64");
#endif
#if defined(__aarch64__)
    env_expect(unilane_use_kernel("avx2") == -1, "use_kernel(\"avx2\") == -1 on aarch64");
#endif
    env_expect(strcmp(unilane_kernel(), best) == 0, "still the best kernel");
    (void)avail;
    return env_fails ? 1 : 0;
}
