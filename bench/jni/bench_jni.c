/*
 * bench_jni.c -- the natives of bench/jni/JniBench.java: unilane's modified
 * UTF-8 next to the JVM's own JNI functions, each timed in a loop over many
 * distinct strings (fresh inputs, not one string repeated):
 *
 *   encode  unilane: GetStringCritical + unilane_utf16_to_mutf8 into a
 *                    caller buffer + ReleaseStringCritical
 *           JVM:     GetStringUTFChars + ReleaseStringUTFChars
 *   decode  unilane: unilane_mutf8_to_utf16 + NewString
 *           JVM:     NewStringUTF
 *
 * Built against the release library (no test hooks); the kernel is chosen
 * with UNILANE_KERNEL (scripts/bench_jni.sh runs one JVM per kernel).
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unilane.h>

#include "JniBench.h" /* written by javac -h */

static jobject *strs; /* global refs */
static char **mutf8;  /* NUL-terminated modified UTF-8 of each */
static size_t *mlen;  /* its length */
static jsize *ulen;   /* UTF-16 length of each */
static jsize nstrs;
static char *out8;      /* room for the longest encoding */
static uint16_t *out16; /* room for the longest decoding */
static volatile uint64_t sink;

static void release_all(JNIEnv *env)
{
    jsize i;
    for (i = 0; i < nstrs; i++) {
        (*env)->DeleteGlobalRef(env, strs[i]);
        free(mutf8[i]);
    }
    free(strs);
    free(mutf8);
    free(mlen);
    free(ulen);
    free(out8);
    free(out16);
    strs = NULL;
    mutf8 = NULL;
    mlen = NULL;
    ulen = NULL;
    out8 = NULL;
    out16 = NULL;
    nstrs = 0;
}

/* Takes the strings of the next measurements; their modified UTF-8 is made
   once here (with unilane; checked below against GetStringUTFChars). */
JNIEXPORT jboolean JNICALL Java_JniBench_prepare(JNIEnv *env, jclass cls, jobjectArray a)
{
    jsize i, n = (*env)->GetArrayLength(env, a), maxu = 0;
    (void)cls;
    release_all(env);
    strs = calloc((size_t)n, sizeof *strs);
    mutf8 = calloc((size_t)n, sizeof *mutf8);
    mlen = calloc((size_t)n, sizeof *mlen);
    ulen = calloc((size_t)n, sizeof *ulen);
    if (!strs || !mutf8 || !mlen || !ulen)
        return JNI_FALSE;
    nstrs = n;
    for (i = 0; i < n; i++) {
        jstring s = (*env)->GetObjectArrayElement(env, a, i);
        jsize len = (*env)->GetStringLength(env, s);
        uint16_t *u = malloc(((size_t)len + 1) * sizeof *u);
        const char *jvm;
        if (u == NULL)
            return JNI_FALSE;
        (*env)->GetStringRegion(env, s, 0, len, (jchar *)u);
        mutf8[i] = malloc(3 * (size_t)len + 1);
        if (mutf8[i] == NULL)
            return JNI_FALSE;
        mlen[i] = unilane_utf16_to_mutf8(u, (size_t)len, mutf8[i]);
        mutf8[i][mlen[i]] = 0;
        free(u);
        jvm = (*env)->GetStringUTFChars(env, s, NULL);
        if (jvm == NULL || strlen(jvm) != mlen[i] || memcmp(jvm, mutf8[i], mlen[i]) != 0)
            return JNI_FALSE;
        (*env)->ReleaseStringUTFChars(env, s, jvm);
        strs[i] = (*env)->NewGlobalRef(env, s);
        ulen[i] = len;
        if (len > maxu)
            maxu = len;
        (*env)->DeleteLocalRef(env, s);
    }
    out8 = malloc(3 * (size_t)maxu + 1);
    out16 = malloc(((size_t)maxu + 1) * 3 * sizeof *out16);
    return out8 && out16 ? JNI_TRUE : JNI_FALSE;
}

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* `calls` conversions, string i % n each; returns the nanoseconds taken.
   which: 0 unilane encode, 1 JVM encode, 2 unilane decode, 3 JVM decode. */
JNIEXPORT jlong JNICALL Java_JniBench_run(JNIEnv *env, jclass cls, jint which, jint calls)
{
    uint64_t t0, acc = 0;
    jint c;
    jsize i = 0;
    (void)cls;
    t0 = now_ns();
    for (c = 0; c < calls; c++, i = i + 1 == nstrs ? 0 : i + 1) {
        if (which == 0) {
            const jchar *u = (*env)->GetStringCritical(env, strs[i], NULL);
            acc += unilane_utf16_to_mutf8((const uint16_t *)u, (size_t)ulen[i], out8);
            (*env)->ReleaseStringCritical(env, strs[i], u);
            acc += (unsigned char)out8[0];
        } else if (which == 1) {
            const char *m = (*env)->GetStringUTFChars(env, strs[i], NULL);
            acc += (unsigned char)m[0];
            (*env)->ReleaseStringUTFChars(env, strs[i], m);
        } else if (which == 2) {
            unilane_result r = unilane_mutf8_to_utf16(mutf8[i], mlen[i], out16);
            jstring s = (*env)->NewString(env, (const jchar *)out16, (jsize)r.written);
            acc += r.written;
            (*env)->DeleteLocalRef(env, s);
        } else {
            jstring s = (*env)->NewStringUTF(env, mutf8[i]);
            acc += (uintptr_t)s & 1;
            (*env)->DeleteLocalRef(env, s);
        }
    }
    sink += acc;
    return (jlong)(now_ns() - t0);
}

/* unilane_kernel(): the kernel set in use. */
JNIEXPORT jstring JNICALL Java_JniBench_kernel(JNIEnv *env, jclass cls)
{
    (void)cls;
    return (*env)->NewStringUTF(env, unilane_kernel());
}
