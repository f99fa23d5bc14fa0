/*
 * jni_hooks.c -- the counting side of the JVM tests (Java class
 * UnilaneTestHooks). Linked into the test JNI libraries together with the
 * test build of unilane (UNILANE_TEST_SUPPORT=1), whose thunks count every
 * entry into a kernel set's code: a check passed from Java is counted for
 * the kernel under test only when the unilane calls made since the previous
 * check entered that kernel's entries (the rule of tests/common.c).
 */
#include <jni.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <unilane.h>

#include "../../src/dispatch/atomic.h"
#include "../../src/dispatch/ops.h"
#include "../../src/dispatch/test_hooks.h"

#include "UnilaneTestHooks.h" /* written by javac -h */

static const unilane_test_counter *hk_counter;
static uint64_t hk_last_calls, hk_last_entered, hk_ops;
static int hk_last_reached;
static jlong hk_reached, hk_unreached;

static const char *const hk_op_names[UNILANE_NOPS] = {
#define HK_NAME_(a, name, in, out, ret, family, bound) #name,
    UNILANE_OPS(HK_NAME_, _)
#undef HK_NAME_
};

/* Makes `kernel` the active set (every call goes to its entries, whatever
   the length) and starts its counts; false if this machine lacks it. */
JNIEXPORT jboolean JNICALL Java_UnilaneTestHooks_select(JNIEnv *env, jclass cls, jstring kernel)
{
    const char *k = (*env)->GetStringUTFChars(env, kernel, NULL);
    int ok;
    (void)cls;
    if (k == NULL)
        return JNI_FALSE;
    ok = unilane_use_kernel(k) == 0 && strcmp(unilane_kernel(), k) == 0;
    hk_counter = ok ? unilane_test_counter_of(k) : NULL;
    (*env)->ReleaseStringUTFChars(env, kernel, k);
    if (hk_counter == NULL)
        return JNI_FALSE;
    unilane_test_set_direct(1);
    hk_last_calls = UNILANE_ATOMIC_LOAD64(unilane_test_calls());
    hk_last_entered = UNILANE_ATOMIC_LOAD64(&hk_counter->entered);
    hk_ops = UNILANE_ATOMIC_LOAD64(&hk_counter->ops);
    hk_last_reached = 0;
    hk_reached = hk_unreached = 0;
    return JNI_TRUE;
}

/* unilane_kernel(): the set the library says is active. */
JNIEXPORT jstring JNICALL Java_UnilaneTestHooks_kernel(JNIEnv *env, jclass cls)
{
    (void)cls;
    return (*env)->NewStringUTF(env, unilane_kernel());
}

/* One check passed: counted as reached when the calls since the previous
   check entered the selected kernel's entries. */
JNIEXPORT void JNICALL Java_UnilaneTestHooks_pass(JNIEnv *env, jclass cls)
{
    uint64_t calls = UNILANE_ATOMIC_LOAD64(unilane_test_calls()), entered;
    (void)env;
    (void)cls;
    if (calls != hk_last_calls) {
        entered = UNILANE_ATOMIC_LOAD64(&hk_counter->entered);
        hk_last_reached = entered != hk_last_entered;
        hk_last_calls = calls;
        hk_last_entered = entered;
    }
    if (hk_last_reached)
        hk_reached++;
    else
        hk_unreached++;
}

JNIEXPORT jlong JNICALL Java_UnilaneTestHooks_reached(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return hk_reached;
}

JNIEXPORT jlong JNICALL Java_UnilaneTestHooks_unreached(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return hk_unreached;
}

/* Whether the selected kernel's entry for operation `op` (a registry name)
   was entered since select(); false for a name the registry lacks. */
JNIEXPORT jboolean JNICALL Java_UnilaneTestHooks_entered(JNIEnv *env, jclass cls, jstring op)
{
    const char *name = (*env)->GetStringUTFChars(env, op, NULL);
    uint64_t now;
    int i, found = -1;
    (void)cls;
    if (name == NULL)
        return JNI_FALSE;
    for (i = 0; i < UNILANE_NOPS; i++)
        if (strcmp(hk_op_names[i], name) == 0)
            found = i;
    (*env)->ReleaseStringUTFChars(env, op, name);
    if (found < 0 || hk_counter == NULL)
        return JNI_FALSE;
    /* Only a bit that was clear at select() proves an entry since then. */
    now = UNILANE_ATOMIC_LOAD64(&hk_counter->ops) & ~hk_ops;
    return (now >> found) & 1 ? JNI_TRUE : JNI_FALSE;
}
