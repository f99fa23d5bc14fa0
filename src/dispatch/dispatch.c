/*
 * dispatch.c -- the choice of kernel set and the public entry points.
 *
 * Kernel sets are listed best-first. The first call of any public function
 * finds `dispatch_active` still NULL and picks the first set whose required
 * CPU bits the CPU has (or the one UNILANE_KERNEL names, when available).
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
#include "cpu.h"
#include "../generic/generic.h"

static const unilane_impl *const dispatch_candidates[] = {
#if UNILANE_HAVE_AVX2
    &unilane_impl_avx2,
#endif
#if UNILANE_HAVE_NEON
    &unilane_impl_neon,
#endif
    &unilane_impl_scalar,
};

#define DISPATCH_NCANDIDATES (sizeof dispatch_candidates / sizeof dispatch_candidates[0])

static const unilane_impl *dispatch_active;

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
    __atomic_store_n(&dispatch_active, impl, __ATOMIC_RELAXED);
    return impl;
}

static UNILANE_ALWAYS_INLINE const unilane_impl *dispatch_get(void)
{
    const unilane_impl *impl = __atomic_load_n(&dispatch_active, __ATOMIC_RELAXED);
    if (UNILANE_UNLIKELY(impl == NULL))
        impl = dispatch_choose();
    return impl;
}

const unilane_impl *unilane_active_impl(void)
{
    return dispatch_get();
}

void unilane_test_mask_cpu_features(uint32_t mask)
{
    unilane_cpu_set_mask(mask);
    dispatch_choose();
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
    __atomic_store_n(&dispatch_active, impl, __ATOMIC_RELAXED);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Public entry points: one indirect call each.                             */
/* ------------------------------------------------------------------------ */

size_t unilane_ascii_prefix(const char *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->ascii_scalar_below)
        return unilane_scalar_ascii_prefix(src, len);
    return impl->ascii_prefix(src, len);
}

size_t unilane_utf16_ascii_prefix(const uint16_t *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf16_scalar_below)
        return unilane_scalar_utf16_ascii_prefix(src, len);
    return impl->utf16_ascii_prefix(src, len);
}

size_t unilane_utf16_latin1_prefix(const uint16_t *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf16_scalar_below)
        return unilane_scalar_utf16_latin1_prefix(src, len);
    return impl->utf16_latin1_prefix(src, len);
}

unilane_result unilane_validate_utf8(const char *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf8_scalar_below)
        return unilane_scalar_validate_utf8(src, len);
    return impl->validate_utf8(src, len);
}

unilane_result unilane_validate_utf16(const uint16_t *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf16_scalar_below)
        return unilane_scalar_validate_utf16(src, len);
    return impl->validate_utf16(src, len);
}

size_t unilane_latin1_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->latin1_scalar_below)
        return unilane_scalar_latin1_to_utf16(src, len, dst);
    return impl->latin1_to_utf16(src, len, dst);
}

unilane_result unilane_utf16_to_latin1(const uint16_t *src, size_t len, char *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf16_scalar_below)
        return unilane_scalar_utf16_to_latin1(src, len, dst);
    return impl->utf16_to_latin1(src, len, dst);
}

size_t unilane_latin1_to_utf8(const char *src, size_t len, char *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->latin1_scalar_below)
        return unilane_scalar_latin1_to_utf8(src, len, dst);
    return impl->latin1_to_utf8(src, len, dst);
}

unilane_result unilane_utf8_to_latin1(const char *src, size_t len, char *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf8_scalar_below)
        return unilane_scalar_utf8_to_latin1(src, len, dst);
    return impl->utf8_to_latin1(src, len, dst);
}

unilane_result unilane_utf8_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf8_scalar_below)
        return unilane_scalar_utf8_to_utf16(src, len, dst);
    return impl->utf8_to_utf16(src, len, dst);
}

size_t unilane_utf8_to_utf16_lossy(const char *src, size_t len, uint16_t *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf8_scalar_below)
        return unilane_scalar_utf8_to_utf16_lossy(src, len, dst);
    return impl->utf8_to_utf16_lossy(src, len, dst);
}

unilane_result unilane_utf16_to_utf8(const uint16_t *src, size_t len, char *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf16_scalar_below)
        return unilane_scalar_utf16_to_utf8(src, len, dst);
    return impl->utf16_to_utf8(src, len, dst);
}

size_t unilane_utf16_to_utf8_lossy(const uint16_t *src, size_t len, char *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf16_scalar_below)
        return unilane_scalar_utf16_to_utf8_lossy(src, len, dst);
    return impl->utf16_to_utf8_lossy(src, len, dst);
}

size_t unilane_utf16_make_well_formed(const uint16_t *src, size_t len, uint16_t *dst)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf16_scalar_below)
        return unilane_scalar_utf16_make_well_formed(src, len, dst);
    return impl->utf16_make_well_formed(src, len, dst);
}

size_t unilane_utf8_length_from_latin1(const char *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->latin1_scalar_below)
        return unilane_scalar_utf8_length_from_latin1(src, len);
    return impl->utf8_length_from_latin1(src, len);
}

size_t unilane_utf8_length_from_utf16(const uint16_t *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf16_scalar_below)
        return unilane_scalar_utf8_length_from_utf16(src, len);
    return impl->utf8_length_from_utf16(src, len);
}

size_t unilane_utf16_length_from_utf8(const char *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf8_scalar_below)
        return unilane_scalar_utf16_length_from_utf8(src, len);
    return impl->utf16_length_from_utf8(src, len);
}

size_t unilane_utf16_length_from_utf8_lossy(const char *src, size_t len)
{
    const unilane_impl *impl = dispatch_get();
    if (len < impl->utf8_scalar_below)
        return unilane_scalar_utf16_length_from_utf8_lossy(src, len);
    return impl->utf16_length_from_utf8_lossy(src, len);
}

#undef DISPATCH_NCANDIDATES
