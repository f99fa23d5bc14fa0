/*
 * fuzz_common.c -- guarded buffers, kernel probing, the registry-driven
 * cross-kernel comparison used by every fuzz target and the exit report of
 * the kernel entry counters (see fuzz_common.h).
 */
#define _GNU_SOURCE 1
#include "fuzz_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../src/dispatch/test_hooks.h" /* the test build's hooks and counters */

#define FZ_CANARY 0xCC
#define FZ_PRE    64

int fz_nkernels;
const char *fz_kernels[5];
int fz_kernel;
size_t fz_len;

static unsigned char *fz_in_end;  /* first byte of the guard page after the input area */
static unsigned char *fz_out_end; /* first byte of the guard page after the output area */

/* Per operation: scalar's result and output, the current kernel's. */
static op_res fz_ref_res[UNILANE_NOPS];
static unsigned char fz_ref_out[UNILANE_NOPS][FZ_MAX_OUT];
static op_res fz_cur_res[UNILANE_NOPS];
static unsigned char fz_cur_out[UNILANE_NOPS][FZ_MAX_OUT];
/* Operations with a capacity (U8CAP): scalar's results at FZ_NCAPS smaller
   capacities. */
#define FZ_NCAPS 3
static op_res fz_ref_cap_res[UNILANE_NOPS][FZ_NCAPS];

/* For the exit report: inputs (calls of fz_init), and which operations
   fz_run called. */
static unsigned long long fz_inputs;
static uint64_t fz_ops_run;
static int fz_direct = 1;
/* fz_ops_run and the counters' ops masks have one bit per operation. */
typedef char fz_ops_fit_in_64_bits[UNILANE_NOPS <= 64 ? 1 : -1];

void fz_fail(const char *what, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\nunilane fuzz FAILURE in %s: kernel %s, input length %zu: ", what,
            fz_nkernels ? fz_kernels[fz_kernel] : "?", fz_len);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

static size_t fz_round_up(size_t n, size_t page)
{
    return (n + page - 1) / page * page;
}

/* Whether `name` is an item of the comma-separated `list`. */
static int fz_listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    const char *p = list;
    while ((p = strstr(p, name)) != NULL) {
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
        p += n;
    }
    return 0;
}

/*
 * At exit (libFuzzer's end of -max_total_time or -runs, the standalone
 * driver's return from main): per kernel, the calls that entered its
 * entries, and which of the operations this target runs were entered.
 */
static void fz_report(void)
{
    int k, op;

    fprintf(stderr, "unilane fuzz: %llu inputs; direct calls %s\n", fz_inputs,
            fz_direct ? "on" : "off (UNILANE_FUZZ_DIRECT=0)");
    for (k = 0; k < fz_nkernels; k++) {
        const unilane_test_counter *c = unilane_test_counter_of(fz_kernels[k]);
        uint64_t entered, ops;
        int run = 0, hit = 0;
        if (!c)
            continue;
        entered = UNILANE_ATOMIC_LOAD64(&c->entered);
        ops = UNILANE_ATOMIC_LOAD64(&c->ops);
        for (op = 0; op < UNILANE_NOPS; op++) {
            if (fz_ops_run >> op & 1) {
                run++;
                hit += (int)(ops >> op & 1);
            }
        }
        fprintf(stderr, "unilane fuzz: kernel %s: %llu calls entered its entries", fz_kernels[k],
                (unsigned long long)entered);
        if (run)
            fprintf(stderr, "; %d of the %d operations fz_run calls entered", hit, run);
        if (hit < run) {
            const char *sep = " (not: ";
            for (op = 0; op < UNILANE_NOPS; op++) {
                if ((fz_ops_run >> op & 1) && !(ops >> op & 1)) {
                    fprintf(stderr, "%s%s", sep, op_name(op));
                    sep = ", ";
                }
            }
            fputc(')', stderr);
        }
        fputc('\n', stderr);
    }
}

void fz_init(void)
{
    static const char *const names[] = { "scalar", "avx2", "avx512", "neon", "neon32" };
    size_t page, in_size, out_size, total;
    unsigned char *base;
    const char *only, *direct;
    size_t i;

    fz_inputs++; /* every target calls fz_init first for every input */
    if (fz_in_end)
        return;
    page = (size_t)sysconf(_SC_PAGESIZE);
    in_size = fz_round_up(FZ_MAX_IN, page);
    out_size = fz_round_up(FZ_MAX_OUT + FZ_PRE, page);
    /* guard | input | guard | output | guard */
    total = page + in_size + page + out_size + page;
    base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) {
        perror("mmap");
        abort();
    }
    if (mprotect(base, page, PROT_NONE) != 0 ||
        mprotect(base + page + in_size, page, PROT_NONE) != 0 ||
        mprotect(base + 2 * page + in_size + out_size, page, PROT_NONE) != 0) {
        perror("mprotect");
        abort();
    }
    fz_in_end = base + page + in_size;
    fz_out_end = base + 2 * page + in_size + out_size;

    /* UNILANE_FUZZ_KERNELS=scalar,avx2 limits the comparison (scalar is
       always first); by default every kernel this CPU has takes part. */
    only = getenv("UNILANE_FUZZ_KERNELS");
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (i > 0 && only && only[0] && !fz_listed(only, names[i]))
            continue;
        if (unilane_use_kernel(names[i]) == 0)
            fz_kernels[fz_nkernels++] = names[i];
    }
    if (fz_nkernels == 0 || strcmp(fz_kernels[0], "scalar") != 0) {
        fprintf(stderr, "unilane fuzz: the scalar kernel is not available\n");
        abort();
    }
    /* Every call to the selected kernel's entry, whatever its length. */
    direct = getenv("UNILANE_FUZZ_DIRECT");
    fz_direct = !(direct && strcmp(direct, "0") == 0);
    unilane_test_set_direct(fz_direct);
    atexit(fz_report);

    /* Say once which kernels are compared (libFuzzer prints to stderr too). */
    fprintf(stderr, "unilane fuzz: kernels:");
    for (i = 0; i < (size_t)fz_nkernels; i++)
        fprintf(stderr, " %s", fz_kernels[i]);
    fprintf(stderr, "\n");
}

void fz_select(int k)
{
    fz_kernel = k;
    if (unilane_use_kernel(fz_kernels[k]) != 0 || strcmp(unilane_kernel(), fz_kernels[k]) != 0)
        fz_fail("fz_select", "cannot select kernel");
}

const void *fz_input(const void *data, size_t n)
{
    unsigned char *p = fz_in_end - n;
    if (n)
        memcpy(p, data, n);
    return p;
}

void *fz_output(size_t n)
{
    unsigned char *p = fz_out_end - n;
    memset(p - FZ_PRE, FZ_CANARY, n + FZ_PRE);
    return p;
}

void fz_check_canary(const void *dst, size_t n, size_t used, const char *what)
{
    const unsigned char *p = (const unsigned char *)dst;
    size_t i;
    for (i = 1; i <= FZ_PRE; i++)
        if (p[-(ptrdiff_t)i] != FZ_CANARY)
            fz_fail(what, "write %zu bytes before dst", i);
    for (i = used; i < n; i++)
        if (p[i] != FZ_CANARY)
            fz_fail(what, "write at byte %zu of dst, past the %zu bytes of output", i, used);
}

static int fz_same(op_res a, op_res b)
{
    return a.status == b.status && a.read == b.read && a.written == b.written &&
           a.value == b.value && a.width == b.width;
}

#define FZ_RES_FMT     "{status %d, read %zu, written %zu, value %zu}"
#define FZ_RES_ARGS(r) (r).status, (r).read, (r).written, (r).value

/* Checks every operation's result must pass, whatever the operation. */
static void fz_check_shape(int op, op_res r, size_t len, size_t bound)
{
    const char *what = op_name(op);
    if (r.read > len)
        fz_fail(what, "read %zu > len %zu", r.read, len);
    if (r.written > bound)
        fz_fail(what, "written %zu > the documented bound %zu", r.written, bound);
    if (op_returns_result(op)) {
        if (r.status < UNILANE_OK || r.status > UNILANE_OUTPUT_FULL ||
            (r.status == UNILANE_OUTPUT_FULL && !op_has_cap(op)))
            fz_fail(what, "status %d from a one-shot call", r.status);
        if (r.status == UNILANE_OK && r.read != len)
            fz_fail(what, "status OK but read %zu of %zu", r.read, len);
        if (op_out_unit(op) == 0 && r.written != 0)
            fz_fail(what, "written %zu without a destination", r.written);
    }
}

/* Operation op on src[0..len) under the current kernel: see fuzz_common.h. */
static void fz_op(int op, const void *src, size_t len)
{
    const char *what = op_name(op);
    size_t unit = (size_t)op_out_unit(op), bound = op_dst_units(op, len), nbytes = 0;
    unsigned char *out = fz_cur_out[op];
    op_res r;

    if (bound * unit > FZ_MAX_OUT)
        fz_fail(what, "harness: %zu output bytes exceed FZ_MAX_OUT", bound * unit);
    if (unit == 0) {
        r = op_call(op, src, len, NULL);
        fz_check_shape(op, r, len, 0);
    } else {
        unsigned char *dst;
        op_res r2;

        /* 1. A destination of the documented bound. */
        dst = (unsigned char *)fz_output(bound * unit);
        r = op_call(op, src, len, dst);
        fz_check_shape(op, r, len, bound);
        nbytes = r.written * unit;
        fz_check_canary(dst, bound * unit, nbytes, what);
        memcpy(out, dst, nbytes);

        /* 2. A destination of exactly `written` units, against the guard page. */
        dst = (unsigned char *)fz_output(nbytes);
        r2 = op_call(op, src, len, dst);
        if (!fz_same(r, r2))
            fz_fail(what,
                    "exact-size destination changes the result: " FZ_RES_FMT " vs " FZ_RES_FMT,
                    FZ_RES_ARGS(r), FZ_RES_ARGS(r2));
        fz_check_canary(dst, nbytes, nbytes, what);
        if (memcmp(dst, out, nbytes) != 0)
            fz_fail(what, "exact-size destination changes the output");
    }
    fz_cur_res[op] = r;

    /* 2b. A bounded converter at smaller capacities (0, one less than the
       full output, one drawn from the input), each destination exactly cap
       bytes against the guard page: a prefix of the full output, no byte
       past `written`, OUTPUT_FULL exactly when not all was read, and the
       same result as scalar. */
    if (op_has_cap(op)) {
        const unsigned char *in = (const unsigned char *)src;
        size_t caps[FZ_NCAPS], c;
        caps[0] = 0;
        caps[1] = r.written > 0 ? r.written - 1 : 0;
        caps[2] = (len * 2654435761u + (len ? in[len / 2] * 40503u : 0)) % (bound + 1);
        for (c = 0; c < FZ_NCAPS; c++) {
            unsigned char *dst = (unsigned char *)fz_output(caps[c] * unit);
            op_res rc = op_call_cap(op, src, len, dst, caps[c]);
            fz_check_shape(op, rc, len, caps[c]);
            fz_check_canary(dst, caps[c] * unit, rc.written * unit, what);
            if (memcmp(dst, out, rc.written * unit) != 0)
                fz_fail(what, "cap %zu: output is not a prefix of the full-capacity output",
                        caps[c]);
            if ((rc.status == UNILANE_OUTPUT_FULL) != (rc.read < len))
                fz_fail(what, "cap %zu: status %d with read %zu of %zu", caps[c], rc.status,
                        rc.read, len);
            if (fz_kernel == 0)
                fz_ref_cap_res[op][c] = rc;
            else if (!fz_same(rc, fz_ref_cap_res[op][c]))
                fz_fail(what, "cap %zu: " FZ_RES_FMT ", scalar " FZ_RES_FMT, caps[c],
                        FZ_RES_ARGS(rc), FZ_RES_ARGS(fz_ref_cap_res[op][c]));
        }
    }

    /* 3. Against scalar. */
    if (fz_kernel == 0) {
        fz_ref_res[op] = r;
        memcpy(fz_ref_out[op], out, nbytes);
    } else {
        op_res s = fz_ref_res[op];
        size_t i;
        if (!fz_same(r, s))
            fz_fail(what, FZ_RES_FMT ", scalar " FZ_RES_FMT, FZ_RES_ARGS(r), FZ_RES_ARGS(s));
        for (i = 0; i < nbytes; i++)
            if (out[i] != fz_ref_out[op][i])
                fz_fail(what, "output byte %zu is 0x%02X, scalar wrote 0x%02X", i, out[i],
                        fz_ref_out[op][i]);
    }
}

void fz_run(int in_unit, const void *src, size_t len, fz_check_fn check)
{
    int k, op;

    for (k = 0; k < fz_nkernels; k++) {
        fz_select(k);
        for (op = 0; op < UNILANE_NOPS; op++) {
            if (op_in_unit(op) != in_unit)
                continue;
            fz_ops_run |= UINT64_C(1) << op;
            fz_op(op, src, len);
        }
        if (check)
            check(src, len);
    }
}

op_res fz_res_of(int op)
{
    if (op < 0 || op >= UNILANE_NOPS)
        fz_fail("fz_res_of", "bad operation %d", op);
    return fz_cur_res[op];
}

const void *fz_out_of(int op)
{
    if (op < 0 || op >= UNILANE_NOPS)
        fz_fail("fz_out_of", "bad operation %d", op);
    return fz_cur_out[op];
}

int fz_utf8_ok(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned b = s[i], lo = 0x80, hi = 0xBF, k, j;
        if (b < 0x80) {
            i++;
            continue;
        }
        if (b >= 0xC2 && b <= 0xDF)
            k = 1;
        else if (b >= 0xE0 && b <= 0xEF)
            k = 2;
        else if (b >= 0xF0 && b <= 0xF4)
            k = 3;
        else
            return 0;
        if (b == 0xE0)
            lo = 0xA0;
        else if (b == 0xED)
            hi = 0x9F;
        else if (b == 0xF0)
            lo = 0x90;
        else if (b == 0xF4)
            hi = 0x8F;
        if (n - i <= k)
            return 0;
        if (s[i + 1] < lo || s[i + 1] > hi)
            return 0;
        for (j = 2; j <= k; j++)
            if ((s[i + j] & 0xC0) != 0x80)
                return 0;
        i += k + 1;
    }
    return 1;
}

int fz_utf16_ok(const uint16_t *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned u = s[i];
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 1 >= n || s[i + 1] < 0xDC00 || s[i + 1] > 0xDFFF)
                return 0;
            i++;
        } else if (u >= 0xDC00 && u <= 0xDFFF) {
            return 0;
        }
    }
    return 1;
}

uint32_t fz_next(fz_rng *r)
{
    /* splitmix64 */
    uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}
