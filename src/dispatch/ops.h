/*
 * ops.h -- the registry: every one-shot operation of unilane, once.
 *
 * UNILANE_OPS(X, a) calls X(a, name, in, out, ret, family, bound) for each
 * operation, in a fixed order (`a` is passed through, e.g. a kernel set's
 * name; pass anything, such as `_`, where it is not needed). From this one list come
 *   - the fields of struct unilane_impl (impl.h), one pointer per operation,
 *   - the prototypes of every kernel set's entries (UNILANE_DECLARE_KERNEL),
 *   - each kernel set's table, with designated initialisers, so that a
 *     missing entry is a compile error and a misplaced one is impossible
 *     (UNILANE_DEFINE_KERNEL in impl.h),
 *   - the public entry points (dispatch.c),
 *   - the operation lists that the tests, the fuzzers, the benchmark and the
 *     instruction-count tool iterate over (they include this header).
 *
 * Adding an operation: one line here, its prototype and documentation in
 * include/unilane.h, its scalar kernel in src/generic/, one entry per SIMD
 * kernel set (src/<isa>/), and its tests.
 *
 * The columns:
 *   name    the public function is unilane_<name>; kernel set K's entry is
 *           unilane_<K>_<name>.
 *   in      the input: U8 (const char *: UTF-8, Latin-1 or ASCII bytes) or
 *           U16 (const uint16_t *: UTF-16 units).
 *   out     the output: NONE, U8 (char *dst), U16 (uint16_t *dst) or
 *           U8CAP (char *dst, size_t cap: at most cap bytes; a bounded
 *           converter, which returns RESULT with OUTPUT_FULL when it stops
 *           for lack of room).
 *   ret     what it returns: RESULT (unilane_result), SIZE (size_t: the
 *           units written by a converter, or the value of a prefix or
 *           length function), COUNT (size_t, from a converter that writes
 *           bound * len units and returns a count of something else:
 *           utf16_make_well_formed, the surrogates it replaced), INFO8
 *           (unilane_utf8_info) or INFO16 (unilane_utf16_info): an
 *           inspection, status/read plus a length and a width.
 *   family  which short-input threshold of the kernel set applies (the
 *           dispatcher alone owns that decision, impl.h): UTF8, ASCII,
 *           UTF16 or LATIN1 (the kind of input, and ascii_prefix alone).
 *   bound   the documented destination bound in units of dst per unit of
 *           src (include/unilane.h): dst must hold bound * len units; 0 for
 *           an operation without output. For U8CAP, the capacity at which
 *           the output is never cut short.
 *
 * Every operation takes (src, len[, dst[, cap]]); len counts units of src.
 */
#ifndef UNILANE_OPS_H
#define UNILANE_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "unilane.h"

/* clang-format off */
#define UNILANE_OPS(X, a)                                                       \
    X(a, ascii_prefix,                 U8,  NONE, SIZE,   ASCII,  0)            \
    X(a, utf16_ascii_prefix,           U16, NONE, SIZE,   UTF16,  0)            \
    X(a, utf16_latin1_prefix,          U16, NONE, SIZE,   UTF16,  0)            \
    X(a, validate_utf8,                U8,  NONE, RESULT, UTF8,   0)            \
    X(a, validate_utf16,               U16, NONE, RESULT, UTF16,  0)            \
    X(a, latin1_to_utf16,              U8,  U16,  SIZE,   LATIN1, 1)            \
    X(a, utf16_to_latin1,              U16, U8,   RESULT, UTF16,  1)            \
    X(a, latin1_to_utf8,               U8,  U8,   SIZE,   LATIN1, 2)            \
    X(a, utf8_to_latin1,               U8,  U8,   RESULT, UTF8,   1)            \
    X(a, utf8_to_utf16,                U8,  U16,  RESULT, UTF8,   1)            \
    X(a, utf8_to_utf16_lossy,          U8,  U16,  SIZE,   UTF8,   1)            \
    X(a, utf16_to_utf8,                U16, U8,   RESULT, UTF16,  3)            \
    X(a, utf16_to_utf8_lossy,          U16, U8,   SIZE,   UTF16,  3)            \
    X(a, utf16_make_well_formed,       U16, U16,  COUNT,  UTF16,  1)            \
    X(a, utf8_length_from_latin1,      U8,  NONE, SIZE,   LATIN1, 0)            \
    X(a, utf8_length_from_utf16,       U16, NONE, SIZE,   UTF16,  0)            \
    X(a, utf16_length_from_utf8,       U8,  NONE, SIZE,   UTF8,   0)            \
    X(a, utf16_length_from_utf8_lossy, U8,  NONE, SIZE,   UTF8,   0)            \
    X(a, utf16_to_wtf8,                U16, U8,   SIZE,   UTF16,  3)            \
    X(a, validate_wtf8,                U8,  NONE, RESULT, UTF8,   0)            \
    X(a, wtf8_to_utf16,                U8,  U16,  RESULT, UTF8,   1)            \
    X(a, utf16_to_mutf8,               U16, U8,   SIZE,   UTF16,  3)            \
    X(a, mutf8_length_from_utf16,      U16, NONE, SIZE,   UTF16,  0)            \
    X(a, mutf8_to_utf16,               U8,  U16,  RESULT, UTF8,   1)            \
    X(a, utf8_inspect,                 U8,  NONE, INFO8,  UTF8,   0)            \
    X(a, utf8_inspect_lossy,           U8,  NONE, INFO8,  UTF8,   0)            \
    X(a, utf16_inspect,                U16, NONE, INFO16, UTF16,  0)            \
    X(a, latin1_to_utf8_bounded,       U8,  U8CAP, RESULT, LATIN1, 2)
/* clang-format on */

/*
 * UNILANE_KERNEL_OPS(X, a): entries that every kernel set has besides the
 * operations above, in the same columns, for the streaming layer
 * (stream.c): no public function, and not in the operation lists of the
 * tests, fuzzers and benchmark (tests/test_stream.c reaches them through
 * unilane_utf8_encode). Their indices follow UNILANE_NOPS.
 *   utf16_to_utf8_lossy_bounded  utf16_to_utf8_lossy into at most cap
 *       bytes: converts src[0..len) while each character fits whole and
 *       returns OK, read len; else OUTPUT_FULL, read and written up to the
 *       first character that does not fit. The output never depends on
 *       cap beyond where it stops: it is a prefix of utf16_to_utf8_lossy's.
 */
/* clang-format off */
#define UNILANE_KERNEL_OPS(X, a)                                                \
    X(a, utf16_to_utf8_lossy_bounded,  U16, U8CAP, RESULT, UTF16,  3)
/* clang-format on */

/* Both lists: what a kernel set's table holds. */
#define UNILANE_ALL_OPS(X, a) UNILANE_OPS(X, a) UNILANE_KERNEL_OPS(X, a)

/* The C types and parameter lists the columns stand for. */
#define UNILANE_OP_IN_U8  const char *
#define UNILANE_OP_IN_U16 const uint16_t *
#define UNILANE_OP_DST_NONE
#define UNILANE_OP_DST_U8    , char *dst
#define UNILANE_OP_DST_U16   , uint16_t *dst
#define UNILANE_OP_DST_U8CAP , char *dst, size_t cap
#define UNILANE_OP_ARG_NONE
#define UNILANE_OP_ARG_U8     , dst
#define UNILANE_OP_ARG_U16    , dst
#define UNILANE_OP_ARG_U8CAP  , dst, cap
#define UNILANE_OP_RET_SIZE   size_t
#define UNILANE_OP_RET_RESULT unilane_result
#define UNILANE_OP_RET_COUNT  size_t
#define UNILANE_OP_RET_INFO8  unilane_utf8_info
#define UNILANE_OP_RET_INFO16 unilane_utf16_info

/* (src, len[, dst]) with types, and the matching argument list. */
#define UNILANE_OP_PARAMS(in, out) (UNILANE_OP_IN_##in src, size_t len UNILANE_OP_DST_##out)
#define UNILANE_OP_ARGS(out)       (src, len UNILANE_OP_ARG_##out)
#define UNILANE_OP_RET(ret)        UNILANE_OP_RET_##ret

/* UNILANE_OP_<name>: the index of each operation, in registry order. */
#define UNILANE_OP_ENUM_(a, name, in, out, ret, family, bound) UNILANE_OP_##name,
enum unilane_op { UNILANE_OPS(UNILANE_OP_ENUM_, _) UNILANE_NOPS };
enum unilane_kernel_op {
    UNILANE_KERNEL_OP_BASE_ = UNILANE_NOPS - 1,
    UNILANE_KERNEL_OPS(UNILANE_OP_ENUM_, _) UNILANE_NALL_OPS
};
#undef UNILANE_OP_ENUM_

/* The short-input families, indices into unilane_impl.scalar_below. */
enum unilane_family {
    UNILANE_FAMILY_UTF8,   /* UTF-8 input */
    UNILANE_FAMILY_ASCII,  /* ascii_prefix */
    UNILANE_FAMILY_UTF16,  /* UTF-16 input */
    UNILANE_FAMILY_LATIN1, /* Latin-1 input */
    UNILANE_NFAMILIES
};

#endif /* UNILANE_OPS_H */
