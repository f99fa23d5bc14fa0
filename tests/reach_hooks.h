/*
 * reach_hooks.h -- the counting rule of the tests that run inside another
 * runtime (the JVM's JNI libraries, tests/jvm/jni_hooks.c; the Node-API
 * addon, tests/node/addon_test.c), over the test build of unilane
 * (UNILANE_TEST_SUPPORT=1, whose thunks count every entry into a kernel
 * set's code): a passed check counts for the selected kernel only when the
 * unilane calls made since the previous check entered that kernel's entries
 * (the rule of tests/common.c). One state per process; not thread-safe.
 */
#ifndef UNILANE_REACH_HOOKS_H
#define UNILANE_REACH_HOOKS_H

#include <stdint.h>

/* Makes `kernel` the active set (every call goes to its entries, whatever
   the length) and starts its counts; 0 if this machine lacks it. */
int reach_select(const char *kernel);
/* One check passed. */
void reach_pass(void);
/* Checks passed on calls that entered the kernel's code, and the others. */
double reach_reached(void);
double reach_unreached(void);
/* Whether the kernel's entry of registry operation i (UNILANE_OP_<name>)
   was entered since reach_select; its name; the registry's size. */
int reach_entered(int i);
const char *reach_op_name(int i);
int reach_nops(void);
/* The registry index of operation `name`, -1 if none. */
int reach_op_index(const char *name);

#endif
