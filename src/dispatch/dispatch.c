/*
 * dispatch.c -- the choice of kernel set and the public entry points.
 *
 * Kernel sets are listed best-first. The first call of any public function
 * finds `dispatch_active` still at `dispatch_unresolved`, a table whose
 * entries pick the first set whose required CPU bits the CPU has (or the one
 * UNILANE_KERNEL names, when available), then go on as the public entry does;
 * so the entry points load one table pointer and test nothing before the
 * short-input rule.
 *
 * Thread safety without a lock: `dispatch_active` is read and written with
 * atomic loads and stores. Threads racing through the first call each compute
 * a choice from the same inputs (CPU bits, environment) and store the same
 * pointer, so whichever store lands last, every thread uses a valid table.
 * The tables are constant data, initialised at compile time, so a relaxed
 * load is enough to read them through the pointer. unilane_use_kernel()
 * stores another table at any time; a call already running keeps the table
 * it loaded on entry.
 */
#include <stdlib.h>

#include "impl.h"
#include "atomic.h"
#include "cpu.h"
#include "../generic/generic.h"

static const unilane_impl *const dispatch_candidates[] = {
#if UNILANE_HAVE_AVX512
    &unilane_impl_avx512,
#endif
#if UNILANE_HAVE_AVX2
    &unilane_impl_avx2,
#endif
#if UNILANE_HAVE_NEON32
    &unilane_impl_neon32,
#elif UNILANE_HAVE_NEON
    &unilane_impl_neon,
#endif
    &unilane_impl_scalar,
};

#define DISPATCH_NCANDIDATES (sizeof dispatch_candidates / sizeof dispatch_candidates[0])

/* The table in place before the first choice: no CPU bits required, every
   threshold 0 (every call reaches an entry), entries that choose (below). */
#define DISPATCH_RESOLVE_PROTO_(a, op, in, out, ret, family, bound) \
  static UNILANE_OP_RET(ret) dispatch_resolve_##op UNILANE_OP_PARAMS(in, out);
UNILANE_ALL_OPS(DISPATCH_RESOLVE_PROTO_, _)
#undef DISPATCH_RESOLVE_PROTO_
#define DISPATCH_RESOLVE_INIT_(a, op, in, out, ret, family, bound) .op = dispatch_resolve_##op,
static const unilane_impl dispatch_unresolved = { .name = "unresolved",
                                                  .required = 0,
                                                  .scalar_below = { 0 },
                                                  UNILANE_ALL_OPS(DISPATCH_RESOLVE_INIT_, _) };
#undef DISPATCH_RESOLVE_INIT_

typedef UNILANE_ATOMIC(const unilane_impl *) dispatch_atomic_impl;
static dispatch_atomic_impl dispatch_active = &dispatch_unresolved;

static int dispatch_supported(const unilane_impl *impl)
{
    return (impl->required & unilane_cpu_features()) == impl->required;
}

static const unilane_impl *dispatch_best(void)
{
    size_t i;
    for (i = 0; i < DISPATCH_NCANDIDATES; i++)
        if (dispatch_supported(dispatch_candidates[i]))
            return dispatch_candidates[i];
    return &unilane_impl_scalar; /* not reached: scalar requires nothing */
}

/* The set named `name` if it is compiled in and this CPU supports it. */
static const unilane_impl *dispatch_find(const char *name)
{
    size_t i;
    for (i = 0; i < DISPATCH_NCANDIDATES; i++)
        if (strcmp(dispatch_candidates[i]->name, name) == 0)
            return dispatch_supported(dispatch_candidates[i]) ? dispatch_candidates[i] : NULL;
    return NULL;
}

static const unilane_impl *dispatch_choose(void)
{
    const unilane_impl *impl = NULL;
    const char *env = getenv("UNILANE_KERNEL");

    if (env && env[0] && strcmp(env, "auto") != 0)
        impl = dispatch_find(env); /* an unavailable name is ignored */
    if (!impl)
        impl = dispatch_best();
    UNILANE_ATOMIC_STORE(&dispatch_active, impl);
    return impl;
}

static UNILANE_ALWAYS_INLINE const unilane_impl *dispatch_get(void)
{
    const unilane_impl *impl = UNILANE_ATOMIC_LOAD(&dispatch_active);
    if (UNILANE_UNLIKELY(impl == &dispatch_unresolved))
        impl = dispatch_choose();
    return impl;
}

const unilane_impl *unilane_active_impl(void)
{
    return dispatch_get();
}

const char *unilane_kernel(void)
{
    return dispatch_get()->name;
}

int unilane_use_kernel(const char *name)
{
    const unilane_impl *impl;

    if (name == NULL)
        return -1;
    impl = strcmp(name, "auto") == 0 ? dispatch_best() : dispatch_find(name);
    if (impl == NULL)
        return -1;
    UNILANE_ATOMIC_STORE(&dispatch_active, impl);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Public entry points, one per operation of the registry (ops.h): the       */
/* short-input rule of impl.h, then one indirect call.                       */
/* ------------------------------------------------------------------------ */

#define DISPATCH_ENTRY_(a, op, in, out, ret, family, bound)           \
  UNILANE_OP_RET(ret) unilane_##op UNILANE_OP_PARAMS(in, out)         \
  {                                                                   \
    const unilane_impl *impl = UNILANE_ATOMIC_LOAD(&dispatch_active); \
    UNILANE_COUNT_CALL_();                                            \
    return UNILANE_PICK(impl, op, family, len) UNILANE_OP_ARGS(out);  \
  }
UNILANE_OPS(DISPATCH_ENTRY_, _)
#undef DISPATCH_ENTRY_

/* The entries of dispatch_unresolved, reached by the first call: choose, then
   the rule and the chosen set's entry. */
#define DISPATCH_RESOLVE_(a, op, in, out, ret, family, bound)                 \
  static UNILANE_OP_RET(ret) dispatch_resolve_##op UNILANE_OP_PARAMS(in, out) \
  {                                                                           \
    const unilane_impl *impl = dispatch_choose();                             \
    return UNILANE_PICK(impl, op, family, len) UNILANE_OP_ARGS(out);          \
  }
UNILANE_ALL_OPS(DISPATCH_RESOLVE_, _)
#undef DISPATCH_RESOLVE_

#if UNILANE_TEST_SUPPORT
/* ------------------------------------------------------------------------ */
/* Test hooks (test builds only; declared in test_hooks.h).                 */
/* ------------------------------------------------------------------------ */

unilane_atomic_int unilane_dispatch_direct;
unilane_atomic_u64 unilane_dispatch_calls;

void unilane_test_mask_cpu_features(uint32_t mask)
{
    unilane_cpu_set_mask(mask);
    dispatch_choose();
}

void unilane_test_set_direct(int on)
{
    UNILANE_ATOMIC_STORE(&unilane_dispatch_direct, on != 0);
}

const unilane_atomic_u64 *unilane_test_calls(void)
{
    return &unilane_dispatch_calls;
}

const unilane_test_counter *unilane_test_counter_of(const char *kernel)
{
    size_t i;
    for (i = 0; i < DISPATCH_NCANDIDATES; i++)
        if (strcmp(dispatch_candidates[i]->name, kernel) == 0)
            return dispatch_candidates[i]->counter;
    return NULL;
}

size_t unilane_test_scalar_below(const char *kernel, int family)
{
    const unilane_impl *impl = dispatch_find(kernel);
    if (impl == NULL || family < 0 || family >= UNILANE_NFAMILIES)
        return 0;
    return impl->scalar_below[family];
}
#endif /* UNILANE_TEST_SUPPORT */

#undef DISPATCH_NCANDIDATES
