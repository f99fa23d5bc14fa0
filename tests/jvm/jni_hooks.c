/*
 * jni_hooks.c -- the counting side of the JVM tests (Java class
 * UnilaneTestHooks). Linked into the test JNI libraries together with the
 * test build of unilane (UNILANE_TEST_SUPPORT=1) and tests/reach_hooks.c,
 * the counting rule: a check passed from Java is counted for the kernel
 * under test only when the unilane calls made since the previous check
 * entered that kernel's entries.
 */
#include <jni.h>

#include <unilane.h>

#include "../reach_hooks.h"

#include "UnilaneTestHooks.h" /* written by javac -h */

/* Makes `kernel` the active set (every call goes to its entries, whatever
   the length) and starts its counts; false if this machine lacks it. */
JNIEXPORT jboolean JNICALL Java_UnilaneTestHooks_select(JNIEnv *env, jclass cls, jstring kernel)
{
    const char *k = (*env)->GetStringUTFChars(env, kernel, NULL);
    int ok;
    (void)cls;
    if (k == NULL)
        return JNI_FALSE;
    ok = reach_select(k);
    (*env)->ReleaseStringUTFChars(env, kernel, k);
    return ok ? JNI_TRUE : JNI_FALSE;
}

/* unilane_kernel(): the set the library says is active. */
JNIEXPORT jstring JNICALL Java_UnilaneTestHooks_kernel(JNIEnv *env, jclass cls)
{
    (void)cls;
    return (*env)->NewStringUTF(env, unilane_kernel());
}

/* One check passed. */
JNIEXPORT void JNICALL Java_UnilaneTestHooks_pass(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    reach_pass();
}

JNIEXPORT jlong JNICALL Java_UnilaneTestHooks_reached(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return (jlong)reach_reached();
}

JNIEXPORT jlong JNICALL Java_UnilaneTestHooks_unreached(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return (jlong)reach_unreached();
}

/* Whether the selected kernel's entry for operation `op` (a registry name)
   was entered since select(); false for a name the registry lacks. */
JNIEXPORT jboolean JNICALL Java_UnilaneTestHooks_entered(JNIEnv *env, jclass cls, jstring op)
{
    const char *name = (*env)->GetStringUTFChars(env, op, NULL);
    int i;
    (void)cls;
    if (name == NULL)
        return JNI_FALSE;
    i = reach_op_index(name);
    (*env)->ReleaseStringUTFChars(env, op, name);
    return reach_entered(i) ? JNI_TRUE : JNI_FALSE;
}
