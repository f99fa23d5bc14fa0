/*
 * unilane_bridge.c -- a JNI bridge between Java strings and UTF-8 through
 * unilane, one conversion each way (the natives of UnilaneBridge.java):
 *
 *   jstring -> UTF-8: GetStringCritical hands over the string's UTF-16 in
 *   place (HotSpot copies only a compact Latin-1 string); unilane converts
 *   it straight into the Java byte[] (GetPrimitiveArrayCritical). Unlike
 *   GetStringUTFChars this is standard UTF-8 (a supplementary character is
 *   4 bytes, U+0000 is 00), and an unpaired surrogate is an error (strict)
 *   or U+FFFD (lossy) instead of a CESU-style 3-byte sequence.
 *
 *   UTF-8 -> jstring: unilane converts the bytes (read in place) to UTF-16
 *   and NewString makes the string. NewStringUTF would need modified UTF-8.
 *
 * The two helpers of unilane_jni.h are the part to reuse in any JNI code that
 * holds UTF-8 in a C buffer. Inside a critical region no other JNI call is
 * made and nothing blocks; unilane neither allocates nor locks.
 *
 * Build: javac -h . UnilaneBridge.java &&
 *   cc -shared -fPIC -I$JAVA_HOME/include -I$JAVA_HOME/include/linux \
 *      unilane_bridge.c -lunilane -o libunilane_bridge.so
 */
#include <jni.h>
#include <stdio.h>
#include <stdlib.h>

#include <unilane.h>

#include "UnilaneBridge.h" /* written by javac -h */
#include "unilane_jni.h"

static void throw_iae(JNIEnv *env, const char *what, size_t at, unilane_status st)
{
    char msg[128];
    jclass c = (*env)->FindClass(env, "java/lang/IllegalArgumentException");
    snprintf(msg, sizeof msg, "%s at %zu: %s", what, at, unilane_status_string(st));
    if (c != NULL)
        (*env)->ThrowNew(env, c, msg);
}

/* Strict or lossy UTF-8 -> UTF-16 (u: room for len units). */
static unilane_result decode_utf8(const char *src, size_t len, uint16_t *u, int lossy)
{
    unilane_result r = { UNILANE_OK, len, 0 };
    if (lossy)
        r.written = unilane_utf8_to_utf16_lossy(src, len, u);
    else
        r = unilane_utf8_to_utf16(src, len, u);
    return r;
}

/* NewString of the conversion r, or the exception for its error. */
static jstring new_string(JNIEnv *env, unilane_result r, const uint16_t *u)
{
    if (r.status == UNILANE_OK)
        return (*env)->NewString(env, (const jchar *)u, (jsize)r.written);
    throw_iae(env, "ill-formed UTF-8", r.read, r.status);
    return NULL;
}

#define SMALL_UNITS 512 /* short strings convert through the stack */

/*
 * A Java string from UTF-8 in a C buffer: strict (NULL and an
 * IllegalArgumentException pending at an ill-formed sequence) or lossy.
 * UTF-16 needs at most len units.
 */
jstring unilane_jni_string_from_utf8(JNIEnv *env, const char *src, size_t len, int lossy)
{
    uint16_t small[SMALL_UNITS], *u = small;
    jstring s;
    if (len > (size_t)INT32_MAX) /* a jstring holds at most 2^31-1 units */
        return NULL;
    if (len > SMALL_UNITS && (u = malloc(len * sizeof *u)) == NULL)
        return NULL;
    s = new_string(env, decode_utf8(src, len, u, lossy), u);
    if (u != small)
        free(u);
    return s;
}

/*
 * A Java string's UTF-8 as a new byte[]: strict (NULL and an
 * IllegalArgumentException pending at an unpaired surrogate) or lossy. The
 * exact length first (lossy length: a valid string's length too), then the
 * conversion straight into the array.
 */
jbyteArray unilane_jni_utf8_of_string(JNIEnv *env, jstring str, int lossy)
{
    jsize n = (*env)->GetStringLength(env, str);
    const jchar *u;
    size_t len8;
    jbyteArray a;
    void *p;
    unilane_result r = { UNILANE_OK, 0, 0 };

    u = (*env)->GetStringCritical(env, str, NULL);
    if (u == NULL)
        return NULL; /* OutOfMemoryError pending */
    len8 = unilane_utf8_length_from_utf16((const uint16_t *)u, (size_t)n);
    (*env)->ReleaseStringCritical(env, str, u);
    if (len8 > (size_t)INT32_MAX)
        return NULL;
    a = (*env)->NewByteArray(env, (jsize)len8);
    if (a == NULL)
        return NULL;
    u = (*env)->GetStringCritical(env, str, NULL);
    if (u == NULL)
        return NULL;
    p = (*env)->GetPrimitiveArrayCritical(env, a, NULL);
    if (p == NULL) {
        (*env)->ReleaseStringCritical(env, str, u);
        return NULL;
    }
    if (lossy)
        (void)unilane_utf16_to_utf8_lossy((const uint16_t *)u, (size_t)n, p);
    else
        r = unilane_utf16_to_utf8((const uint16_t *)u, (size_t)n, p);
    (*env)->ReleasePrimitiveArrayCritical(env, a, p, 0);
    (*env)->ReleaseStringCritical(env, str, u);
    if (r.status != UNILANE_OK) {
        (*env)->DeleteLocalRef(env, a);
        throw_iae(env, "unpaired surrogate", r.read, r.status);
        return NULL;
    }
    return a;
}

/* A string of the UTF-8 in a Java byte[], read in place. NewString is not
   allowed inside the critical region: convert, release, then create. */
static jstring jstring_from_bytes(JNIEnv *env, jbyteArray b, int lossy)
{
    jsize n = (*env)->GetArrayLength(env, b);
    uint16_t small[SMALL_UNITS], *u = small;
    unilane_result r;
    jstring s;
    void *p;
    if (n > SMALL_UNITS && (u = malloc((size_t)n * sizeof *u)) == NULL)
        return NULL;
    p = (*env)->GetPrimitiveArrayCritical(env, b, NULL);
    if (p == NULL) {
        s = NULL;
    } else {
        r = decode_utf8(p, (size_t)n, u, lossy);
        (*env)->ReleasePrimitiveArrayCritical(env, b, p, JNI_ABORT);
        s = new_string(env, r, u);
    }
    if (u != small)
        free(u);
    return s;
}

JNIEXPORT jbyteArray JNICALL Java_UnilaneBridge_toUtf8(JNIEnv *env, jclass cls, jstring s)
{
    (void)cls;
    return unilane_jni_utf8_of_string(env, s, 0);
}

JNIEXPORT jbyteArray JNICALL Java_UnilaneBridge_toUtf8Lossy(JNIEnv *env, jclass cls, jstring s)
{
    (void)cls;
    return unilane_jni_utf8_of_string(env, s, 1);
}

JNIEXPORT jstring JNICALL Java_UnilaneBridge_fromUtf8(JNIEnv *env, jclass cls, jbyteArray b)
{
    (void)cls;
    return jstring_from_bytes(env, b, 0);
}

/* Lossy: through a C copy of the bytes and unilane_jni_string_from_utf8, as
   for UTF-8 that comes from C code. */
JNIEXPORT jstring JNICALL Java_UnilaneBridge_fromUtf8Lossy(JNIEnv *env, jclass cls, jbyteArray b)
{
    jsize n = (*env)->GetArrayLength(env, b);
    char *c = malloc((size_t)n + 1);
    jstring s;
    (void)cls;
    if (c == NULL)
        return NULL;
    (*env)->GetByteArrayRegion(env, b, 0, n, (jbyte *)c);
    s = unilane_jni_string_from_utf8(env, c, (size_t)n, 1);
    free(c);
    return s;
}
