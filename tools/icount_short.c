/*
 * icount_short.c -- calls one public one-shot function on S different slices
 * of each length of a range, for instruction counts of short calls
 * (scripts/icount_short.sh).
 *
 *   icount_short FUNCTION FILE KERNEL S LO HI K
 *
 * FILE     the input in the function's input encoding: *.utf16.txt is
 *          UTF-16LE (a leading BOM is skipped), *.latin1.txt Latin-1 (every
 *          byte a character), anything else UTF-8.
 * KERNEL   "scalar", "avx2", "neon", ... or "auto" (unilane_use_kernel).
 * S        how many slices per length: slice j of length n starts at the
 *          first position at or after j * (units - n) / S where both it and
 *          its end are character starts (UTF-8: no continuation byte;
 *          UTF-16: no low surrogate), so a slice holds whole characters;
 *          each is copied to its own 64-byte-aligned slot.
 * LO HI    the lengths, LO..HI units.
 * K        rounds over the slices per length (0: set-up only).
 *
 * Built with -DICS_TIME, it times instead: K rounds per length, each
 * timing S calls with the scalar set and S calls with KERNEL, alternately
 * (thread CPU time), independent calls and chained ones (the next slice
 * depends on the previous call's result, through a zero the compiler cannot
 * see), and prints per length the medians in ns per call:
 * "len N indep SCALAR KERNEL chained SCALAR KERNEL".
 *
 * Built with -DICS_CALLGRIND (x86 under valgrind --tool=callgrind): after
 * the calls of each length it dumps callgrind's counters, with the length as
 * the dump's reason ("len N"); scripts/icount_short.sh runs it with
 * --collect-atstart=no --toggle-collect=unilane_FUNCTION, so a dump holds
 * the instructions of the public call alone. Without it (qemu icount) the
 * script runs it with K = 0 and K = 1 per length and divides the
 * difference by S.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unilane.h"
#include "op_call.h"
#ifdef ICS_CALLGRIND
#  include <valgrind/callgrind.h>
#endif
#ifdef ICS_TIME
#  include <time.h>
#endif
#ifdef ICS_FORK
#  include <sys/wait.h>
#  include <unistd.h>
#endif

#define ICS_SLOT_ALIGN 64

static int ics_latin1;

static int ics_is_start(const unsigned char *b, size_t unit, size_t i, size_t units)
{
    if (i >= units || ics_latin1)
        return 1;
    if (unit == 2) {
        unsigned u = b[2 * i] | (unsigned)b[2 * i + 1] << 8;
        return u < 0xDC00 || u > 0xDFFF;
    }
    return (b[i] & 0xC0) != 0x80;
}

#ifdef ICS_TIME
#  define ICS_ROUNDS_MAX 1001
static double ics_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int ics_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* S calls over the slices: independent, or chained through `zero`. */
static double ics_run(int op, const unsigned char *slots, size_t slot, size_t s, size_t n,
                      void *dst, int chained, size_t zero, volatile size_t *sink)
{
    size_t j = 0, c, acc = 0;
    double t0 = ics_now();
    for (c = 0; c < s; c++) {
        op_res r = op_call(op, slots + j * slot, n, dst);
        size_t dep = r.read ^ r.written ^ r.value;
        acc += dep;
        j += 1 + (chained ? dep & zero : 0);
        if (j >= s)
            j = 0;
    }
    *sink += acc;
    return (ics_now() - t0) / (double)s;
}
#endif

int main(int argc, char **argv)
{
    const char *fname;
    int op;
    size_t unit, out_unit, bound, s, lo, hi, n, j, units, slot;
    long k, r;
    unsigned char *file, *text, *slots;
    size_t flen = 0, cap = 1 << 20;
    void *dst;
    FILE *f;
    volatile size_t sink = 0;

    if (argc != 8) {
        fprintf(stderr, "usage: icount_short FUNCTION FILE KERNEL S LO HI K\n");
        return 2;
    }
    fname = strncmp(argv[1], "unilane_", 8) == 0 ? argv[1] + 8 : argv[1];
    op = op_find(fname);
    if (op < 0 || unilane_use_kernel(argv[3]) != 0) {
        fprintf(stderr, "icount_short: unknown function '%s' or kernel '%s'\n", argv[1], argv[3]);
        return 2;
    }
    s = strtoul(argv[4], NULL, 10);
    lo = strtoul(argv[5], NULL, 10);
    hi = strtoul(argv[6], NULL, 10);
    k = strtol(argv[7], NULL, 10);
    unit = (size_t)op_in_unit(op);
    out_unit = (size_t)op_out_unit(op);
    bound = op_bound(op);

    file = (unsigned char *)malloc(cap);
    f = fopen(argv[2], "rb");
    if (!file || !f || s == 0 || hi < lo) {
        fprintf(stderr, "icount_short: cannot read %s (or bad S, LO, HI)\n", argv[2]);
        return 2;
    }
    flen = fread(file, 1, cap, f);
    fclose(f);
    text = file;
    n = strlen(argv[2]);
    ics_latin1 = n >= 10 && strcmp(argv[2] + n - 10, "latin1.txt") == 0;
    if (unit == 2 && flen >= 2 && file[0] == 0xFF && file[1] == 0xFE)
        text += 2;
    units = (size_t)(file + flen - text) / unit;
    if (units < hi + 8) {
        fprintf(stderr, "icount_short: %s is too short\n", argv[2]);
        return 2;
    }
    slot = (hi * unit + ICS_SLOT_ALIGN) / ICS_SLOT_ALIGN * ICS_SLOT_ALIGN;
    slots = (unsigned char *)malloc(s * slot + ICS_SLOT_ALIGN);
    dst = malloc((bound ? bound : 1) * (hi + 1) * (out_unit ? out_unit : 1) + 64);
    if (!slots || !dst)
        return 2;
    slots += ICS_SLOT_ALIGN - (uintptr_t)slots % ICS_SLOT_ALIGN;

    for (n = lo; n <= hi; n++) {
        for (j = 0; j < s; j++) {
            size_t p = j * (units - n) / s;
            while (p + n < units &&
                   !(ics_is_start(text, unit, p, units) && ics_is_start(text, unit, p + n, units)))
                p++;
            memcpy(slots + j * slot, text + p * unit, n * unit);
        }
#ifdef ICS_TIME
        {
            static double t[4][ICS_ROUNDS_MAX];
            volatile size_t vzero = 0;
            size_t zero = vzero, rounds = k < 1                ? 1
                                          : k > ICS_ROUNDS_MAX ? ICS_ROUNDS_MAX
                                                               : (size_t)k;
            int m;
            for (r = 0; r < (long)rounds; r++)
                for (m = 0; m < 4; m++) {
                    unilane_use_kernel(m & 1 ? argv[3] : "scalar");
                    t[m][r] = ics_run(op, slots, slot, s, n, dst, m >> 1, zero, &sink);
                }
            for (m = 0; m < 4; m++)
                qsort(t[m], rounds, sizeof t[m][0], ics_cmp);
            printf("len %zu indep %.2f %.2f chained %.2f %.2f\n", n, t[0][rounds / 2],
                   t[1][rounds / 2], t[2][rounds / 2], t[3][rounds / 2]);
            continue;
        }
#endif
#ifdef ICS_FORK
        {
            /* The child forks a grandchild, which exits at once, waits
               for it and makes the calls: the two exit counts differ by the
               calls and a constant (K = 0 measures it). */
            pid_t c = fork(), g;
            if (c < 0)
                return 2;
            if (c > 0) {
                waitpid(c, NULL, 0);
                continue;
            }
            g = fork();
            if (g == 0)
                _exit(0);
            waitpid(g, NULL, 0);
        }
#endif
        for (r = 0; r < k; r++)
            for (j = 0; j < s; j++) {
                op_res res = op_call(op, slots + j * slot, n, dst);
                sink += res.read + res.written + res.value;
            }
#ifdef ICS_FORK
        _exit(sink == 1);
#endif
#ifdef ICS_CALLGRIND
        {
            char reason[32];
            snprintf(reason, sizeof reason, "len %zu", n);
            CALLGRIND_DUMP_STATS_AT(reason);
        }
#endif
    }
    printf("kernel %s sum %zu\n", unilane_kernel(), (size_t)sink);
    return 0;
}
