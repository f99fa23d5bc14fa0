/*
 * fuzz_common.h -- shared machinery of the libFuzzer targets.
 *
 * Every target runs each operation once per kernel set this machine has
 * (probed with unilane_use_kernel), scalar first, and abort()s when another
 * kernel differs from scalar in status, read, written or output bytes, or
 * when an invariant of the API fails.
 *
 * Buffers are guarded: the input is copied so that it ends flush against a
 * PROT_NONE page, and an output buffer ends flush against another one, so
 * that a read past src + len or a write past the end of dst faults at once.
 * A conversion runs twice per kernel: with a destination of the documented
 * bound (bytes between `written` and the bound must stay untouched: the API
 * promises no write outside dst[0 .. written)), then with a destination of
 * exactly `written` units. 64 canary bytes before dst catch writes below it.
 */
#ifndef UNILANE_FUZZ_COMMON_H
#define UNILANE_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "unilane.h"

/* Inputs longer than this many bytes are truncated (libFuzzer's default
   -max_len is 4096; scripts/fuzz.sh uses 8192). */
#define FZ_MAX_IN ((size_t)1 << 16)
/* Largest output in bytes: 3 UTF-8 bytes per UTF-16 unit, 2 bytes per unit
   from UTF-8/Latin-1. */
#define FZ_MAX_OUT (3 * FZ_MAX_IN)

/* status -1 marks a function that returns a plain size_t (in `written`). */
typedef struct fz_res {
    int status;
    size_t read;
    size_t written;
} fz_res;

static inline fz_res fz_from_result(unilane_result r)
{
    fz_res f;
    f.status = (int)r.status;
    f.read = r.read;
    f.written = r.written;
    return f;
}

/* For a function returning the number of units written (read = len). */
static inline fz_res fz_from_size(size_t written, size_t len)
{
    fz_res f;
    f.status = -1;
    f.read = len;
    f.written = written;
    return f;
}

/* A conversion in the common shape; `dst` has the unit size given to
   fz_conv. Wrappers of the public functions are in the targets. */
typedef fz_res (*fz_fn)(const void *src, size_t len, void *dst);

extern int fz_nkernels;
extern const char *fz_kernels[4];
extern int fz_kernel;  /* index into fz_kernels of the kernel running now */

/* Maps the guarded buffers and probes the kernels (idempotent). */
void fz_init(void);
/* Selects kernel k (0 = scalar) for every following call; aborts on failure. */
void fz_select(int k);

/* Copies n bytes to the guarded input area, ending at its guard page. */
const void *fz_input(const void *data, size_t n);
/* An output buffer of n bytes ending at a guard page, filled with a canary
   pattern, with 64 canary bytes before it. */
void *fz_output(size_t n);
/* Checks the canaries around a buffer from fz_output(n): the 64 bytes before
   it and bytes [used, n) inside it. */
void fz_check_canary(const void *dst, size_t n, size_t used, const char *what);

/*
 * Runs f on src[0..len) (already in the guarded input) under the current
 * kernel: with a destination of `bound` units of `unit` bytes, then with
 * exactly `written` units; checks canaries and that both runs agree; copies
 * the output to `out` (if not NULL). Then compares result and output with
 * what scalar produced in the same `slot` (0 <= slot < 32) for this input.
 */
fz_res fz_conv(int slot, const char *what, fz_fn f, const void *src, size_t len,
               size_t bound, size_t unit, void *out);
/* Compares a plain value with scalar's value in the same slot. */
size_t fz_value(int slot, const char *what, size_t v);

/* Prints kernel, length and the message, then aborts. */
void fz_fail(const char *what, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3), noreturn))
#endif
    ;
/* Length of the input being checked (for messages). */
extern size_t fz_len;

/* Independent well-formedness checks (not the library's code). */
int fz_utf8_ok(const unsigned char *s, size_t n);
int fz_utf16_ok(const uint16_t *s, size_t n);

/* A small deterministic generator for chunk sizes and capacities. */
typedef struct fz_rng {
    uint64_t s;
} fz_rng;
uint32_t fz_next(fz_rng *r);

#endif /* UNILANE_FUZZ_COMMON_H */
