/*
 * fuzz_common.c -- guarded buffers, kernel probing and the cross-kernel
 * comparison used by every fuzz target (see fuzz_common.h).
 */
#define _GNU_SOURCE 1
#include "fuzz_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FZ_CANARY 0xCC
#define FZ_PRE 64
#define FZ_SLOTS 32

int fz_nkernels;
const char *fz_kernels[4];
int fz_kernel;
size_t fz_len;

static unsigned char *fz_in_end;   /* first byte of the guard page after the input area */
static unsigned char *fz_out_end;  /* first byte of the guard page after the output area */

static fz_res fz_ref_res[FZ_SLOTS];
static unsigned char fz_ref_out[FZ_SLOTS][FZ_MAX_OUT];
static unsigned char fz_tmp[FZ_MAX_OUT];

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

void fz_init(void)
{
    static const char *const names[] = {"scalar", "avx2", "neon"};
    size_t page, in_size, out_size, total;
    unsigned char *base;
    const char *only;
    size_t i;

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

static int fz_same(fz_res a, fz_res b)
{
    return a.status == b.status && a.read == b.read && a.written == b.written;
}

fz_res fz_conv(int slot, const char *what, fz_fn f, const void *src, size_t len,
               size_t bound, size_t unit, void *out)
{
    unsigned char *dst;
    fz_res r, r2;
    size_t nbytes;

    /* 1. A destination of the documented bound. */
    dst = fz_output(bound * unit);
    r = f(src, len, dst);
    if (r.written > bound)
        fz_fail(what, "written %zu > bound %zu", r.written, bound);
    if (r.read > len)
        fz_fail(what, "read %zu > len %zu", r.read, len);
    nbytes = r.written * unit;
    fz_check_canary(dst, bound * unit, nbytes, what);
    memcpy(fz_tmp, dst, nbytes);

    /* 2. A destination of exactly `written` units, against the guard page. */
    dst = fz_output(nbytes);
    r2 = f(src, len, dst);
    if (!fz_same(r, r2))
        fz_fail(what, "exact-size destination changes the result: {%d,%zu,%zu} vs {%d,%zu,%zu}",
                r.status, r.read, r.written, r2.status, r2.read, r2.written);
    fz_check_canary(dst, nbytes, nbytes, what);
    if (memcmp(dst, fz_tmp, nbytes) != 0)
        fz_fail(what, "exact-size destination changes the output");
    if (out)
        memcpy(out, fz_tmp, nbytes);

    /* 3. Against scalar. */
    if (slot < 0 || slot >= FZ_SLOTS)
        fz_fail(what, "bad slot %d", slot);
    if (fz_kernel == 0) {
        fz_ref_res[slot] = r;
        memcpy(fz_ref_out[slot], fz_tmp, nbytes);
    } else {
        fz_res s = fz_ref_res[slot];
        size_t i;
        if (!fz_same(r, s))
            fz_fail(what, "{status %d, read %zu, written %zu}, scalar {status %d, read %zu, written %zu}",
                    r.status, r.read, r.written, s.status, s.read, s.written);
        for (i = 0; i < nbytes; i++)
            if (fz_tmp[i] != fz_ref_out[slot][i])
                fz_fail(what, "output byte %zu is 0x%02X, scalar wrote 0x%02X", i, fz_tmp[i],
                        fz_ref_out[slot][i]);
    }
    return r;
}

size_t fz_value(int slot, const char *what, size_t v)
{
    if (slot < 0 || slot >= FZ_SLOTS)
        fz_fail(what, "bad slot %d", slot);
    if (fz_kernel == 0) {
        fz_ref_res[slot].written = v;
    } else if (fz_ref_res[slot].written != v) {
        fz_fail(what, "returns %zu, scalar %zu", v, fz_ref_res[slot].written);
    }
    return v;
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
