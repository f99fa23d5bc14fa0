/*
 * common.h -- shared test infrastructure: the kernel list, per-kernel check
 * counters, the UT_CHECK macro, the random generators, guard-page buffers and
 * the main() runner every test executable uses.
 */
#ifndef UNILANE_TEST_COMMON_H
#define UNILANE_TEST_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <check.h>

#include "unilane.h"
#include "reference.h"

#define UT_MAX_KERNELS 5
#define UT_REF_SLOT    UT_MAX_KERNELS /* counter slot for kernel-independent checks */

/* Kernels this machine and build have, scalar first (index 0). */
extern int ut_nkernels;
/* The kernel "auto" must pick: from an independent CPU probe (cpu_probe.h)
   and the build's options, less the features UNILANE_TEST_MASK_CPU masks. */
extern const char *ut_widest;
extern const char *ut_kernels[UT_MAX_KERNELS];
/* Index of the kernel under test (or UT_REF_SLOT). */
extern int ut_cur;
/* Passed checks per kernel, in memory shared with forked test children. */
extern unsigned long long *ut_counts;
/* Counts a passing check: for the kernel under test if the calls made since
   the previous check entered its code, else as "not reached" (common.c). */
void ut_pass(void);
/* Set by a suite that calls every operation: the run then fails when a
   required kernel (UNILANE_TEST_REQUIRE) has an entry no checked call entered. */
extern int ut_require_all_ops;
/* Set by a suite that calls every streaming entry (UNILANE_KERNEL_OPS,
   ops.h; test_stream): the same for those. */
extern int ut_require_kernel_ops;
/* Set by a suite whose inputs are all shorter than the SIMD kernels'
   short-input thresholds (test_exhaustive): under UNILANE_TEST_DIRECT=0 the
   dispatcher sends all of them to scalar by design, so "no checked call
   entered kernel K" is then reported, not a failure (test_exhaustive_ctx
   runs the same inputs in vector-sized contexts, above the thresholds). */
extern int ut_short_inputs;
/* The operations of the registry by index (src/dispatch/ops.h). */
extern const char *const ut_op_names[];
/* Message of the last failure (for ck_assert_msg). */
extern char ut_msg[8192];

/* Selects kernel i (an index into ut_kernels) for the rest of the test and
   resets the failure count. Call first in every looped test. */
void ut_select(int i);
/* For a kernel-independent test: counts go to the "reference" slot. */
void ut_select_ref(void);
/* Reports a failure: prints it to stderr with the kernel name; returns 1 when
   the test must stop now (after UNILANE_TEST_MAX_FAILS failures, default 1). */
int ut_report(const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Failures reported (and not yet fatal) in this test. */
extern int ut_fails;

/* One check: counts a pass for the current kernel; on failure prints the
   message and fails the Check test. */
#define UT_CHECK(cond, ...)                              \
  do {                                                   \
    if (cond)                                            \
      ut_pass();                                         \
    else if (ut_report(__FILE__, __LINE__, __VA_ARGS__)) \
      ck_assert_msg(0, "%s", ut_msg);                    \
  } while (0)
/* At the end of a test: fails it when earlier failures were not fatal. */
#define UT_DONE() ck_assert_msg(ut_fails == 0, "%d failure(s), see stderr", ut_fails)

/* UNILANE_TEST_SCALE (default 1). */
double ut_scale(void);
/* n scaled, at least 1. */
size_t ut_iters(size_t n);
/* Base seed (UNILANE_TEST_SEED, default fixed); printed at start. */
uint64_t ut_seed(void);
/* 1 when not running under an emulator-sized scale (scale >= 0.5). */
int ut_full(void);

/* splitmix64 */
typedef struct ut_rng {
    uint64_t s;
} ut_rng;
void ut_rng_init(ut_rng *r, const char *tag, uint64_t extra);
uint64_t ut_rand(ut_rng *r);
/* Uniform in [0, n) (n > 0). */
size_t ut_below(ut_rng *r, size_t n);

/* Random text generators; return the length written (<= cap). `bad` is the
   per-character probability in 1/1000 of an ill-formed element; `ascii` the
   probability in 1/1000 of switching into a run of ASCII. */
size_t ut_gen_utf8(ut_rng *r, unsigned char *buf, size_t cap, int bad, int ascii);
size_t ut_gen_utf16(ut_rng *r, uint16_t *buf, size_t cap, int bad, int ascii);
size_t ut_gen_latin1(ut_rng *r, unsigned char *buf, size_t cap, int ascii);
/* Mutates buf[0..len) in place (flip, insert, delete, truncate); returns the
   new length (<= cap). */
size_t ut_mutate_bytes(ut_rng *r, unsigned char *buf, size_t len, size_t cap);
size_t ut_mutate_units(ut_rng *r, uint16_t *buf, size_t len, size_t cap);

/* Hex dump of up to 384 units into one of 4 rotating static buffers. */
const char *ut_hex8(const void *p, size_t n);
const char *ut_hex16(const uint16_t *p, size_t n);
/* Index of the first difference of two byte arrays, or n. */
size_t ut_first_diff(const void *a, const void *b, size_t n);

/* Guard-page buffers: `size` usable bytes placed flush against a PROT_NONE
   page after them (at_end = 1) or right after one (at_end = 0). */
typedef struct ut_guard {
    unsigned char *map;
    size_t maplen;
    unsigned char *ptr;
} ut_guard;
void ut_guard_alloc(ut_guard *g, size_t size, int at_end);
void ut_guard_free(ut_guard *g);

/* Runs the suite `make` builds, with every test looping over the kernels;
   prints per-kernel pass counts; honours UNILANE_TEST_REQUIRE. */
int ut_main(Suite *(*make)(void));

/* A TCase with timeout disabled (ctest keeps its own timeout). */
TCase *ut_tcase(const char *name);

#endif
