/*
 * mutf8_jni.c -- the natives of tests/jvm/JvmMutf8Test.java: unilane's
 * modified-UTF-8 functions and the JVM's own JNI string functions, side by
 * side, so that the Java test can compare them on the same strings.
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unilane.h>

#include "JvmMutf8Test.h" /* written by javac -h */

#define CANARY_UNITS 8
#define CANARY_BYTE  0xA5
#define CANARY_UNIT  0xA5A5

/* The string's UTF-16 units in a malloc'd buffer (NULL on failure; an
   exception is then pending). */
static uint16_t *units_of(JNIEnv *env, jstring s, jsize *len)
{
    jsize n = (*env)->GetStringLength(env, s);
    uint16_t *u = malloc(((size_t)n + 1) * sizeof *u);
    if (u == NULL) {
        (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/OutOfMemoryError"), "units_of");
        return NULL;
    }
    (*env)->GetStringRegion(env, s, 0, n, (jchar *)u);
    *len = n;
    return u;
}

static jbyteArray bytes_of(JNIEnv *env, const char *p, size_t n)
{
    jbyteArray a = (*env)->NewByteArray(env, (jsize)n);
    if (a != NULL)
        (*env)->SetByteArrayRegion(env, a, 0, (jsize)n, (const jbyte *)p);
    return a;
}

/* unilane_utf16_to_mutf8 into a 3*len buffer with canaries after it; null
   if the canaries were touched or the return value is above 3*len. */
JNIEXPORT jbyteArray JNICALL Java_JvmMutf8Test_toMutf8(JNIEnv *env, jclass cls, jstring s)
{
    jsize n;
    uint16_t *u = units_of(env, s, &n);
    size_t cap = 3 * (size_t)n, w, i;
    char *out;
    jbyteArray r = NULL;
    (void)cls;
    if (u == NULL)
        return NULL;
    out = malloc(cap + CANARY_UNITS);
    if (out != NULL) {
        memset(out, CANARY_BYTE, cap + CANARY_UNITS);
        w = unilane_utf16_to_mutf8(u, (size_t)n, out);
        for (i = w; i < cap + CANARY_UNITS && w <= cap; i++)
            if ((unsigned char)out[i] != CANARY_BYTE)
                break;
        if (w <= cap && i == cap + CANARY_UNITS)
            r = bytes_of(env, out, w);
        free(out);
    }
    free(u);
    return r;
}

JNIEXPORT jlong JNICALL Java_JvmMutf8Test_mutf8Length(JNIEnv *env, jclass cls, jstring s)
{
    jsize n;
    uint16_t *u = units_of(env, s, &n);
    jlong r;
    (void)cls;
    if (u == NULL)
        return -1;
    r = (jlong)unilane_mutf8_length_from_utf16(u, (size_t)n);
    free(u);
    return r;
}

/* unilane_mutf8_to_utf16 of b into out (out.length >= b.length); returns
   the status, info[0] = read, info[1] = written; -1 if a unit past
   `written` (up to b.length plus canaries) was touched. */
JNIEXPORT jint JNICALL Java_JvmMutf8Test_fromMutf8(JNIEnv *env, jclass cls, jbyteArray b,
                                                   jcharArray out, jlongArray info)
{
    jsize n = (*env)->GetArrayLength(env, b);
    char *src = malloc((size_t)n + 1);
    uint16_t *dst = malloc(((size_t)n + CANARY_UNITS) * sizeof *dst);
    unilane_result r;
    jlong inf[2];
    size_t i;
    jint status = -1;
    (void)cls;
    if (src == NULL || dst == NULL)
        goto done;
    (*env)->GetByteArrayRegion(env, b, 0, n, (jbyte *)src);
    for (i = 0; i < (size_t)n + CANARY_UNITS; i++)
        dst[i] = CANARY_UNIT;
    r = unilane_mutf8_to_utf16(src, (size_t)n, dst);
    if (r.written > (size_t)n)
        goto done;
    for (i = r.written; i < (size_t)n + CANARY_UNITS; i++)
        if (dst[i] != CANARY_UNIT)
            goto done;
    (*env)->SetCharArrayRegion(env, out, 0, (jsize)r.written, (const jchar *)dst);
    inf[0] = (jlong)r.read;
    inf[1] = (jlong)r.written;
    (*env)->SetLongArrayRegion(env, info, 0, 2, inf);
    status = (jint)r.status;
done:
    free(src);
    free(dst);
    return status;
}

/* The JVM's own: GetStringUTFChars, its length by strlen (modified UTF-8
   holds no zero byte), so that it is independent of GetStringUTFLength. */
JNIEXPORT jbyteArray JNICALL Java_JvmMutf8Test_jniUtfChars(JNIEnv *env, jclass cls, jstring s)
{
    const char *c = (*env)->GetStringUTFChars(env, s, NULL);
    jbyteArray r;
    (void)cls;
    if (c == NULL)
        return NULL;
    r = bytes_of(env, c, strlen(c));
    (*env)->ReleaseStringUTFChars(env, s, c);
    return r;
}

JNIEXPORT jint JNICALL Java_JvmMutf8Test_jniUtfLength(JNIEnv *env, jclass cls, jstring s)
{
    (void)cls;
    return (*env)->GetStringUTFLength(env, s);
}

/* NewStringUTF of b (given without its terminating zero). */
JNIEXPORT jstring JNICALL Java_JvmMutf8Test_jniNewStringUtf(JNIEnv *env, jclass cls, jbyteArray b)
{
    jsize n = (*env)->GetArrayLength(env, b);
    char *c = malloc((size_t)n + 1);
    jstring r;
    (void)cls;
    if (c == NULL)
        return NULL;
    (*env)->GetByteArrayRegion(env, b, 0, n, (jbyte *)c);
    c[n] = 0;
    r = (*env)->NewStringUTF(env, c);
    free(c);
    return r;
}
