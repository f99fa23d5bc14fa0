/*
 * impl.h -- a kernel set: a name, the CPU features it needs, and one pointer
 * per operation. Every kernel set implements every operation with exactly the
 * semantics of the public function of the same name (include/unilane.h), so
 * the dispatcher forwards calls without adapting anything. The streaming
 * calls are built on top of these operations (src/dispatch/stream.c).
 */
#ifndef UNILANE_IMPL_H
#define UNILANE_IMPL_H

#include "config.h"

typedef struct unilane_impl {
    const char *name;
    uint32_t required;  /* UNILANE_CPU_* bits (cpu.h) */
    /* Inputs shorter than these go from the dispatcher straight to the
       scalar kernel, per family of operations: UTF-8 input (validate_utf8,
       utf8_to_*, utf16_length_from_utf8*), ascii_prefix, UTF-16 input
       (utf16_*_prefix, validate_utf16, make_well_formed, utf16_to_*,
       utf8_length_from_utf16) and Latin-1 input (latin1_to_*,
       utf8_length_from_latin1). A kernel whose entries would only forward
       such inputs to scalar (or do no better) sets them, and short calls
       then cost exactly what the scalar kernel costs: forwarding a function
       that returns unilane_result cannot be a tail call and pays for a
       stack frame. */
    size_t utf8_scalar_below;
    size_t ascii_scalar_below;
    size_t utf16_scalar_below;
    size_t latin1_scalar_below;

    size_t (*ascii_prefix)(const char *src, size_t len);
    size_t (*utf16_ascii_prefix)(const uint16_t *src, size_t len);
    size_t (*utf16_latin1_prefix)(const uint16_t *src, size_t len);
    unilane_result (*validate_utf8)(const char *src, size_t len);
    unilane_result (*validate_utf16)(const uint16_t *src, size_t len);

    size_t (*latin1_to_utf16)(const char *src, size_t len, uint16_t *dst);
    unilane_result (*utf16_to_latin1)(const uint16_t *src, size_t len, char *dst);
    size_t (*latin1_to_utf8)(const char *src, size_t len, char *dst);
    unilane_result (*utf8_to_latin1)(const char *src, size_t len, char *dst);
    unilane_result (*utf8_to_utf16)(const char *src, size_t len, uint16_t *dst);
    size_t (*utf8_to_utf16_lossy)(const char *src, size_t len, uint16_t *dst);
    unilane_result (*utf16_to_utf8)(const uint16_t *src, size_t len, char *dst);
    size_t (*utf16_to_utf8_lossy)(const uint16_t *src, size_t len, char *dst);
    size_t (*utf16_make_well_formed)(const uint16_t *src, size_t len, uint16_t *dst);

    size_t (*utf8_length_from_latin1)(const char *src, size_t len);
    size_t (*utf8_length_from_utf16)(const uint16_t *src, size_t len);
    size_t (*utf16_length_from_utf8)(const char *src, size_t len);
    size_t (*utf16_length_from_utf8_lossy)(const char *src, size_t len);
} unilane_impl;

/* The kernel sets compiled into this build. */
UNILANE_INTERNAL extern const unilane_impl unilane_impl_scalar;
#if UNILANE_HAVE_AVX2
UNILANE_INTERNAL extern const unilane_impl unilane_impl_avx2;
#endif
#if UNILANE_HAVE_NEON
UNILANE_INTERNAL extern const unilane_impl unilane_impl_neon;
#endif

/* The kernel set in use (chosen on first call). */
UNILANE_INTERNAL const unilane_impl *unilane_active_impl(void);

#endif /* UNILANE_IMPL_H */
