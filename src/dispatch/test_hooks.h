/*
 * test_hooks.h -- hooks for unilane's own tests, compiled only into test
 * builds (UNILANE_TEST_SUPPORT=1: CMake's unilane_testlib target). Not part
 * of the public API; a release build has none of them, so neither the
 * static nor the shared library a user links carries them.
 */
#ifndef UNILANE_TEST_HOOKS_H
#define UNILANE_TEST_HOOKS_H

#include <stddef.h>
#include <stdint.h>

#include "../dispatch/config.h"
#include "../dispatch/atomic.h"

#if !UNILANE_TEST_SUPPORT
#  error "test_hooks.h is for test builds (UNILANE_TEST_SUPPORT=1)"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Features in `mask` (UNILANE_CPU_* bits, cpu.h) are treated as absent from
   now on (0 restores detection); then the best kernel is chosen again. */
UNILANE_INTERNAL void unilane_test_mask_cpu_features(uint32_t mask);

/* on != 0: every public call goes to the active kernel set's entry, whatever
   its length (the short-input rule of impl.h is suspended), so that tests
   reach a kernel's code with short inputs. */
UNILANE_INTERNAL void unilane_test_set_direct(int on);

/* Counts kept by the thunks UNILANE_DEFINE_KERNEL (impl.h) puts in front of
   every entry of a kernel set in test builds. */
typedef struct unilane_test_counter {
    unilane_atomic_u64 entered; /* calls that entered one of the set's entries */
    unilane_atomic_u64 ops;     /* bit UNILANE_OP_<name> (ops.h): that entry was entered */
} unilane_test_counter;

/* The counter of the kernel set named `kernel` (compiled in, whether or not
   this CPU supports it), or NULL for a name this build lacks. Read its fields
   with UNILANE_ATOMIC_LOAD64 (atomic.h). */
UNILANE_INTERNAL const unilane_test_counter *unilane_test_counter_of(const char *kernel);

/* The number of calls of public functions (one-shot and streaming) so far;
   read with UNILANE_ATOMIC_LOAD64. */
UNILANE_INTERNAL const unilane_atomic_u64 *unilane_test_calls(void);

/* The kernel's short-input threshold for a family (enum unilane_family);
   0 for a kernel this build or CPU lacks. */
UNILANE_INTERNAL size_t unilane_test_scalar_below(const char *kernel, int family);

#ifdef __cplusplus
}
#endif

#endif /* UNILANE_TEST_HOOKS_H */
