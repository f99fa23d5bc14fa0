/*
 * unilane_jni.h -- Java strings <-> UTF-8 through unilane, for JNI code
 * (examples/jni/unilane_bridge.c). Copy both files.
 */
#ifndef UNILANE_JNI_H
#define UNILANE_JNI_H

#include <jni.h>
#include <stddef.h>

/* A Java string from UTF-8 in a C buffer. Strict (lossy == 0): NULL with an
   IllegalArgumentException pending at the first ill-formed sequence; lossy:
   each maximal ill-formed subpart becomes U+FFFD. NULL also when out of
   memory (OutOfMemoryError pending, or none for a C allocation failure). */
jstring unilane_jni_string_from_utf8(JNIEnv *env, const char *src, size_t len, int lossy);

/* A Java string's UTF-8 as a new byte[]. Strict: NULL with an
   IllegalArgumentException pending at an unpaired surrogate; lossy: each
   unpaired surrogate becomes U+FFFD (EF BF BD). */
jbyteArray unilane_jni_utf8_of_string(JNIEnv *env, jstring str, int lossy);

#endif /* UNILANE_JNI_H */
