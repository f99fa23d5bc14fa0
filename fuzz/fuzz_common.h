/*
 * fuzz_common.h -- shared machinery of the libFuzzer targets.
 *
 * The one-shot operations are not called through per-function wrappers:
 * fz_run() takes every operation of the registry (src/dispatch/ops.h) whose
 * input has the target's unit size (1: UTF-8/Latin-1/ASCII bytes, 2: UTF-16
 * units) and calls it through tools/op_call.h, once per kernel set this
 * machine has (probed with unilane_use_kernel), scalar first. It abort()s
 * when another kernel differs from scalar in status, read, written, the
 * returned value or the output bytes; a target's own checks of the API's
 * invariants then run on each kernel's results (fz_res_of, fz_out_of).
 *
 * Buffers are guarded: the input is copied so that it ends flush against a
 * PROT_NONE page, and an output buffer ends flush against another one, so
 * that a read past src + len or a write past the end of dst faults at once.
 * An operation with a destination runs twice per kernel: with a destination
 * of the documented bound (op_bound(op) * len units; bytes between `written`
 * and the bound must stay untouched: the API promises no write outside
 * dst[0 .. written)), then with a destination of exactly `written` units.
 * 64 canary bytes before dst catch writes below it.
 *
 * The library is a test build (UNILANE_TEST_SUPPORT=1): fz_init() sends
 * every call straight to the selected kernel's entry whatever its length
 * (unilane_test_set_direct(1); UNILANE_FUZZ_DIRECT=0 keeps the dispatcher's
 * short-input rule), and at exit prints, per kernel, how many calls entered
 * its entries (the test build's counters), so that a log shows that the
 * SIMD code was reached.
 */
#ifndef UNILANE_FUZZ_COMMON_H
#define UNILANE_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "unilane.h"
#include "../tools/op_call.h"

/* Inputs longer than this many bytes are truncated (libFuzzer's default
   -max_len is 4096; scripts/fuzz.sh uses 8192). */
#define FZ_MAX_IN  ((size_t)1 << 16)
/* Largest output in bytes (checked against op_bound * len * unit size):
   3 UTF-8 bytes per UTF-16 unit, 2 bytes per byte from UTF-8/Latin-1. */
#define FZ_MAX_OUT (3 * FZ_MAX_IN)

extern int fz_nkernels;
extern const char *fz_kernels[5];
extern int fz_kernel; /* index into fz_kernels of the kernel running now */

/* Called first for every input: counts it; the first call maps the guarded
   buffers, probes the kernels, turns on direct calls and registers the exit
   report. */
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

/* Checks of a target's invariants on the current kernel's results. */
typedef void (*fz_check_fn)(const void *src, size_t len);

/*
 * For every kernel (scalar first): selects it, runs every operation whose
 * source unit is `in_unit` bytes on src[0..len) (already in the guarded
 * input; len in units) as described above, then calls check (if not NULL).
 */
void fz_run(int in_unit, const void *src, size_t len, fz_check_fn check);
/* The current kernel's result of operation op in this fz_run, and its
   output (fz_res_of(op).written units). */
op_res fz_res_of(int op);
const void *fz_out_of(int op);

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
