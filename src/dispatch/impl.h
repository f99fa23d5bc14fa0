/*
 * impl.h -- a kernel set: a name, the CPU features it needs, its short-input
 * thresholds and one pointer per operation of the registry (ops.h). Every
 * kernel set implements every operation with exactly the semantics of the
 * public function of the same name (include/unilane.h), for every length, so
 * the dispatcher forwards calls without adapting anything. The streaming
 * calls are built on top of these operations (src/dispatch/stream.c).
 */
#ifndef UNILANE_IMPL_H
#define UNILANE_IMPL_H

#include "config.h"
#include "ops.h"
#include "atomic.h"

#if UNILANE_TEST_SUPPORT
#  include "test_hooks.h" /* unilane_test_counter */
#endif

typedef struct unilane_impl {
    const char *name;
    uint32_t required; /* UNILANE_CPU_* bits (cpu.h) */
    /*
     * The one owner of "a short input goes to scalar": an input shorter than
     * scalar_below[family] units goes from the dispatcher (and the streaming
     * layer, through unilane_pick) straight to the scalar kernel; the kernel
     * entries themselves take every length. A set sets a threshold where its
     * vector code does no better than scalar on shorter inputs: forwarding a
     * function that returns unilane_result cannot be a tail call and pays
     * for a stack frame, so short calls then cost what scalar costs.
     */
    size_t scalar_below[UNILANE_NFAMILIES];
#define UNILANE_IMPL_FIELD_(a, op, in, out, ret, family, bound) \
  UNILANE_OP_RET(ret)(*op) UNILANE_OP_PARAMS(in, out);
    UNILANE_ALL_OPS(UNILANE_IMPL_FIELD_, _)
#undef UNILANE_IMPL_FIELD_
#if UNILANE_TEST_SUPPORT
    unilane_test_counter *counter;
#endif
} unilane_impl;

/* UNILANE_DECLARE_KERNEL(isa): the prototypes of kernel set `isa`'s entries,
   unilane_<isa>_<op> for every operation. */
#define UNILANE_KERNEL_PROTO_(isa, op, in, out, ret, family, bound) \
  UNILANE_INTERNAL UNILANE_OP_RET(ret) unilane_##isa##_##op UNILANE_OP_PARAMS(in, out);
#define UNILANE_DECLARE_KERNEL(isa) UNILANE_ALL_OPS(UNILANE_KERNEL_PROTO_, isa)

/*
 * UNILANE_DEFINE_KERNEL(isa, required, utf8, ascii, utf16, latin1) defines
 * the table unilane_impl_<isa>, named "<isa>", from the entries
 * unilane_<isa>_<op> of every operation (a missing one does not compile),
 * with the four short-input thresholds in family order (enum
 * unilane_family). In test builds each entry is reached through a thunk
 * that counts the call first, so that a test can tell whether a call it
 * checks entered this set's code (tests/common.c).
 *
 * UNILANE_DEFINE_KERNEL_AS(isa, src, required, ...) is the same for a set
 * whose entries are named after their sources, unilane_<src>_<op>: the set
 * "neon32" is the src/neon/ code compiled for ARMv7, and its entries keep
 * the names unilane_neon_<op> (src/neon/impl_neon.c). The thunks and the
 * counter are named after src too (one src per build).
 */
#define UNILANE_DEFINE_KERNEL(isa, required_, utf8, ascii, utf16, latin1) \
  UNILANE_DEFINE_KERNEL_AS(isa, isa, required_, utf8, ascii, utf16, latin1)
#if UNILANE_TEST_SUPPORT
#  define UNILANE_IMPL_THUNK_(src, op, in, out, ret, family, bound)                    \
    static UNILANE_OP_RET(ret) unilane_counted_##src##_##op UNILANE_OP_PARAMS(in, out) \
    {                                                                                  \
      UNILANE_ATOMIC_ADD64(&unilane_counter_##src.entered, 1);                         \
      UNILANE_ATOMIC_OR64(&unilane_counter_##src.ops, UINT64_C(1) << UNILANE_OP_##op); \
      return unilane_##src##_##op UNILANE_OP_ARGS(out);                                \
    }
#  define UNILANE_IMPL_INIT_(src, op, in, out, ret, family, bound) \
    .op = unilane_counted_##src##_##op,
#  define UNILANE_DEFINE_KERNEL_AS(isa, src, required_, utf8, ascii, utf16, latin1) \
    static unilane_test_counter unilane_counter_##src;                              \
    UNILANE_ALL_OPS(UNILANE_IMPL_THUNK_, src)                                       \
    const unilane_impl unilane_impl_##isa = {                                       \
        .name = #isa,                                                               \
        .required = (required_),                                                    \
        .scalar_below = { (utf8), (ascii), (utf16), (latin1) },                     \
        UNILANE_ALL_OPS(UNILANE_IMPL_INIT_, src).counter = &unilane_counter_##src   \
    }
#else
#  define UNILANE_IMPL_INIT_(src, op, in, out, ret, family, bound) .op = unilane_##src##_##op,
#  define UNILANE_DEFINE_KERNEL_AS(isa, src, required_, utf8, ascii, utf16, latin1)       \
    const unilane_impl unilane_impl_##isa = { .name = #isa,                               \
                                              .required = (required_),                    \
                                              .scalar_below = { (utf8), (ascii), (utf16), \
                                                                (latin1) },               \
                                              UNILANE_ALL_OPS(UNILANE_IMPL_INIT_, src) }
#endif

/* The kernel sets compiled into this build. */
UNILANE_INTERNAL extern const unilane_impl unilane_impl_scalar;
#if UNILANE_HAVE_AVX2
UNILANE_INTERNAL extern const unilane_impl unilane_impl_avx2;
#endif
#if UNILANE_HAVE_AVX512
UNILANE_INTERNAL extern const unilane_impl unilane_impl_avx512;
#endif
#if UNILANE_HAVE_NEON32
UNILANE_INTERNAL extern const unilane_impl unilane_impl_neon32;
#elif UNILANE_HAVE_NEON
UNILANE_INTERNAL extern const unilane_impl unilane_impl_neon;
#endif

/* The kernel set in use (chosen on first call). */
UNILANE_INTERNAL const unilane_impl *unilane_active_impl(void);

/* The streaming encoder's regions over impl's one-shot converters,
   `lossy` or strict, with the contract of utf16_to_utf8_lossy_bounded
   (ops.h) plus strict errors (stream.c). The utf16_to_utf8_lossy_bounded
   entry of a set without a bounded kernel of its own. */
UNILANE_INTERNAL unilane_result unilane_stream_utf16_to_utf8_regions(const unilane_impl *impl,
                                                                     int lossy, const uint16_t *src,
                                                                     size_t len, char *dst,
                                                                     size_t cap);

#if UNILANE_TEST_SUPPORT
/* Test builds: nonzero while unilane_test_set_direct() asks every call to go
   to the kernel entry whatever its length (dispatch.c); and the number of
   calls of public functions so far. */
UNILANE_INTERNAL extern unilane_atomic_int unilane_dispatch_direct;
UNILANE_INTERNAL extern unilane_atomic_u64 unilane_dispatch_calls;
#  define UNILANE_COUNT_CALL_() UNILANE_ATOMIC_ADD64(&unilane_dispatch_calls, 1)
#  define UNILANE_DIRECT_()     UNILANE_ATOMIC_LOAD(&unilane_dispatch_direct)
#else
#  define UNILANE_COUNT_CALL_() ((void)0)
#  define UNILANE_DIRECT_()     0
#endif

/*
 * The rule, written once: an input of len units of an operation of `family`
 * (UTF8, ASCII, UTF16, LATIN1) goes to the scalar kernel instead of kernel
 * set impl's entry when it is shorter than the set's threshold. The public
 * entry points (dispatch.c) and the streaming layer (stream.c) both decide
 * with it, and nothing else does.
 */
#define UNILANE_GOES_SCALAR(impl, family, len) \
  ((len) < (impl)->scalar_below[UNILANE_FAMILY_##family] && !UNILANE_DIRECT_())

/*
 * The function that handles such an input: the scalar set's entry or
 * impl->op, as one load from one of two tables and one indirect call. On
 * x86 the table is chosen with a mask: gcc compiles `scalar ? a : b` there
 * into a branch around one of the two (so that either the scalar set's own
 * calls or a SIMD set's short calls take one taken branch more: 3-6% of a
 * call of ascii_prefix at 0..31 bytes); elsewhere the ternary is one csel.
 */
static UNILANE_ALWAYS_INLINE const unilane_impl *unilane_pick_set_(const unilane_impl *impl,
                                                                   int scalar)
{
#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
    uintptr_t m = (uintptr_t)0 - (uintptr_t)(scalar != 0);
    return (const unilane_impl *)(((uintptr_t)impl & ~m) | ((uintptr_t)&unilane_impl_scalar & m));
#else
    return scalar ? &unilane_impl_scalar : impl;
#endif
}
#define UNILANE_PICK(impl, op, family, len) \
  (unilane_pick_set_((impl), UNILANE_GOES_SCALAR(impl, family, len))->op)

#endif /* UNILANE_IMPL_H */
