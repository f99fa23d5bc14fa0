/*
 * atomic.h -- the library's only atomics: relaxed loads, stores and (test
 * builds) counter updates, on one of three implementations, chosen here and
 * nowhere else:
 *
 *  - C11 <stdatomic.h> when the compiler is in C11 mode or later and has it
 *    (not __STDC_NO_ATOMICS__): objects are _Atomic(T);
 *  - MSVC (cl, and clang with an MSVC target), in C99/C89 mode: Interlocked
 *    intrinsics for read-modify-writes, volatile accesses for loads and
 *    stores of pointer-sized and smaller objects (a naturally aligned access
 *    of those is single-copy atomic on every Windows target), a
 *    compare-exchange for 64-bit loads on 32-bit targets;
 *  - gcc/clang in C99 mode: the __atomic builtins.
 *
 * Every use is relaxed: the values are either computed identically by every
 * racing thread (the kernel choice, the CPU features) or plain counters read
 * by the tests. No ordering with other memory is ever needed.
 *
 *   UNILANE_ATOMIC(T)             the type of an object accessed atomically
 *                                 (T a scalar type; a pointer type is fine)
 *   UNILANE_ATOMIC_LOAD(p)        *p, for objects of at most pointer size
 *   UNILANE_ATOMIC_STORE(p, v)    *p = v, same sizes
 *   UNILANE_ATOMIC_LOAD64(p)      *p for a UNILANE_ATOMIC(uint64_t)
 *   UNILANE_ATOMIC_ADD64(p, v)    *p += v for a UNILANE_ATOMIC(uint64_t)
 *   UNILANE_ATOMIC_OR64(p, v)     *p |= v for a UNILANE_ATOMIC(uint64_t)
 *
 * File-scope objects are declared with the typedefs at the end (or a typedef
 * of the file's own), never as `static UNILANE_ATOMIC(T) x;`: that reads as a
 * function to scripts/amalgamate.py's check of static names.
 */
#ifndef UNILANE_ATOMIC_H
#define UNILANE_ATOMIC_H

#include "config.h" /* UNILANE_MAYBE_UNUSED */

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__STDC_NO_ATOMICS__)
#  include <stdatomic.h>
#  define UNILANE_ATOMIC(T)          _Atomic(T)
#  define UNILANE_ATOMIC_LOAD(p)     atomic_load_explicit((p), memory_order_relaxed)
#  define UNILANE_ATOMIC_STORE(p, v) atomic_store_explicit((p), (v), memory_order_relaxed)
#  define UNILANE_ATOMIC_LOAD64(p)   UNILANE_ATOMIC_LOAD(p)
#  define UNILANE_ATOMIC_ADD64(p, v) \
    ((void)atomic_fetch_add_explicit((p), (v), memory_order_relaxed))
#  define UNILANE_ATOMIC_OR64(p, v) ((void)atomic_fetch_or_explicit((p), (v), memory_order_relaxed))

#elif defined(_MSC_VER)
#  include <intrin.h>
/* `T volatile`, not `volatile T`: for T = `const X *` the pointer itself is
   the volatile object. */
#  define UNILANE_ATOMIC(T)          T volatile
#  define UNILANE_ATOMIC_LOAD(p)     (*(p))
#  define UNILANE_ATOMIC_STORE(p, v) ((void)(*(p) = (v)))

/* 64-bit read-modify-writes through a compare-exchange loop, which every
   Windows target has (the 64-bit add and or intrinsics are missing on x86). */
UNILANE_MAYBE_UNUSED static __inline uint64_t
unilane_atomic_cas64_(uint64_t volatile *p, uint64_t expect, uint64_t desired)
{
    return (uint64_t)_InterlockedCompareExchange64((long long volatile *)p, (long long)desired,
                                                   (long long)expect);
}

UNILANE_MAYBE_UNUSED static __inline uint64_t unilane_atomic_load64_(const uint64_t volatile *p)
{
#  if defined(_M_X64) || defined(_M_ARM64)
    return *p;
#  else
    /* No 64-bit plain load is atomic here: compare-exchange 0 with 0 reads
       the value whole (and writes back what is there). */
    return unilane_atomic_cas64_((uint64_t volatile *)p, 0, 0);
#  endif
}

UNILANE_MAYBE_UNUSED static __inline void unilane_atomic_add64_(uint64_t volatile *p, uint64_t v)
{
    uint64_t old = unilane_atomic_load64_(p), seen;
    while ((seen = unilane_atomic_cas64_(p, old, old + v)) != old)
        old = seen;
}

UNILANE_MAYBE_UNUSED static __inline void unilane_atomic_or64_(uint64_t volatile *p, uint64_t v)
{
    uint64_t old = unilane_atomic_load64_(p), seen;
    while ((seen = unilane_atomic_cas64_(p, old, old | v)) != old)
        old = seen;
}

#  define UNILANE_ATOMIC_LOAD64(p)   unilane_atomic_load64_(p)
#  define UNILANE_ATOMIC_ADD64(p, v) unilane_atomic_add64_((p), (v))
#  define UNILANE_ATOMIC_OR64(p, v)  unilane_atomic_or64_((p), (v))

#elif defined(__GNUC__) || defined(__clang__)
#  define UNILANE_ATOMIC(T)          T
#  define UNILANE_ATOMIC_LOAD(p)     __atomic_load_n((p), __ATOMIC_RELAXED)
#  define UNILANE_ATOMIC_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#  define UNILANE_ATOMIC_LOAD64(p)   UNILANE_ATOMIC_LOAD(p)
#  define UNILANE_ATOMIC_ADD64(p, v) ((void)__atomic_fetch_add((p), (v), __ATOMIC_RELAXED))
#  define UNILANE_ATOMIC_OR64(p, v)  ((void)__atomic_fetch_or((p), (v), __ATOMIC_RELAXED))

#else
#  error "unilane: no atomics for this compiler (C11 <stdatomic.h>, MSVC or gcc/clang needed)"
#endif

/* 64-bit atomics are 8-byte aligned even where the ABI aligns uint64_t to 4
   (i386, in structs): a locked read-modify-write that straddles a cache
   line is a split lock, which current kernels trap and throttle (measured
   on the i386 build: the test thunks' counters of one kernel set crossed a
   line and its suite ran ~100x slower, in the kernel's #DB handler). */
#if defined(_MSC_VER)
#  define UNILANE_ALIGN8_ __declspec(align(8))
#elif defined(__GNUC__) || defined(__clang__)
#  define UNILANE_ALIGN8_ __attribute__((aligned(8)))
#else
#  define UNILANE_ALIGN8_
#endif

typedef UNILANE_ATOMIC(int) unilane_atomic_int;
typedef UNILANE_ATOMIC(uint32_t) unilane_atomic_u32;
typedef UNILANE_ALIGN8_ UNILANE_ATOMIC(uint64_t) unilane_atomic_u64;

#endif /* UNILANE_ATOMIC_H */
