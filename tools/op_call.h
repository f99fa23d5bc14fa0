/*
 * op_call.h -- call unilane's public one-shot functions by operation index.
 *
 * For test, fuzz, benchmark and tool code that iterates over every
 * operation: everything here comes from the registry, UNILANE_OPS
 * (src/dispatch/ops.h); there is no list of operations of its own, so an
 * operation added to the registry is known here at once. Header-only
 * (static inline), C99, and also valid C++.
 *
 *   op_name(op)           "validate_utf8" (the public name minus "unilane_")
 *   op_find(name)         the index of an operation by that name, or -1
 *   op_in_unit(op)        bytes per source unit: 1 (char) or 2 (uint16_t)
 *   op_out_unit(op)       bytes per destination unit: 0 (no dst), 1 or 2
 *   op_returns_result(op) 1 if it returns a status (unilane_result or an
 *                         inspection's info struct), 0 if a size_t
 *   op_family(op)         its short-input family (enum unilane_family)
 *   op_bound(op)          documented dst units per src unit (0: no dst)
 *   op_dst_units(op, len) op_bound(op) * len
 *   op_kind(op)           OP_KIND_RESULT, _VALUE, _WRITTEN, _COUNT or _INFO
 *   op_has_cap(op)        1 if it takes a capacity after dst (U8CAP)
 *   op_call(op, src, len, dst)  calls unilane_<name>(src, len[, dst[, cap]])
 *                         with cap = op_dst_units(op, len), the full bound
 *   op_call_cap(op, src, len, dst, cap)  the same with a given cap (ignored
 *                         by operations without one)
 *
 * op_call returns an op_res that has one shape for every operation:
 *   RESULT functions     status/read/written of the unilane_result; value 0.
 *   SIZE, no dst         (prefix and length functions, OP_KIND_VALUE):
 *                        status OK, read = len, written = 0, value = the
 *                        returned size.
 *   SIZE with a dst      (converters returning the units written,
 *                        OP_KIND_WRITTEN): status OK, read = len,
 *                        written = value = the returned size.
 *   OP_KIND_COUNT        a SIZE function with a dst whose value is not the
 *                        units written: it writes bound * len units and
 *                        returns a count (utf16_make_well_formed: the
 *                        unpaired surrogates replaced). status OK,
 *                        read = len, written = bound * len, value = count.
 *   OP_KIND_INFO         an inspection (INFO8, INFO16): status and read of
 *                        the info, written 0, value = its length
 *                        (utf16_length or utf8_length), width = its width.
 *   width is -1 for every other kind.
 *
 * An out-of-range op returns status -1 (and calls nothing).
 * OP_CALL_TYPED(name, in, out, src, len, dst, cap) is the typed call itself, for
 * code that wants the plain call in a loop (tools/icount_kernel.c).
 */
#ifndef UNILANE_OP_CALL_H
#define UNILANE_OP_CALL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../src/dispatch/ops.h"

typedef struct op_res {
    int status;     /* unilane_status (UNILANE_OK for SIZE functions), -1 for a bad op */
    size_t read;    /* source units consumed */
    size_t written; /* destination units written */
    size_t value;   /* the returned size_t of a SIZE function; 0 for RESULT */
    int width;      /* an inspection's unilane_width, else -1 */
} op_res;

enum op_kind {
    OP_KIND_RESULT,  /* returns unilane_result */
    OP_KIND_VALUE,   /* returns a size_t value and has no dst */
    OP_KIND_WRITTEN, /* returns the number of dst units written */
    OP_KIND_COUNT,   /* writes bound * len units, returns a count */
    OP_KIND_INFO     /* an inspection: returns unilane_utf8_info / _utf16_info */
};

/* The registry's columns as C. */
#define OP_CALL_IN_U8  const char *
#define OP_CALL_IN_U16 const uint16_t *
#define OP_CALL_DST_NONE(dst, cap)
#define OP_CALL_DST_U8(dst, cap)    , (char *)(dst)
#define OP_CALL_DST_U16(dst, cap)   , (uint16_t *)(dst)
#define OP_CALL_DST_U8CAP(dst, cap) , (char *)(dst), (size_t)(cap)
#define OP_CALL_INUNIT_U8           1
#define OP_CALL_INUNIT_U16          2
#define OP_CALL_OUTUNIT_NONE        0
#define OP_CALL_OUTUNIT_U8          1
#define OP_CALL_OUTUNIT_U16         2
#define OP_CALL_OUTUNIT_U8CAP       1
#define OP_CALL_HASCAP_NONE         0
#define OP_CALL_HASCAP_U8           0
#define OP_CALL_HASCAP_U16          0
#define OP_CALL_HASCAP_U8CAP        1
#define OP_CALL_ISRESULT_SIZE       0
#define OP_CALL_ISRESULT_COUNT      0
#define OP_CALL_ISRESULT_RESULT     1
#define OP_CALL_ISRESULT_INFO8      1
#define OP_CALL_ISRESULT_INFO16     1

/* unilane_<name>(src, len[, dst[, cap]]) with src and dst (any pointer
   type) cast to the operation's types. */
#define OP_CALL_TYPED(name, in, out, src, len, dst, cap) \
  unilane_##name((OP_CALL_IN_##in)(src), (len)OP_CALL_DST_##out(dst, cap))

#define OP_CALL_KIND_RESULT_(name, out) OP_KIND_RESULT
#define OP_CALL_KIND_COUNT_(name, out)  OP_KIND_COUNT
#define OP_CALL_KIND_INFO8_(name, out)  OP_KIND_INFO
#define OP_CALL_KIND_INFO16_(name, out) OP_KIND_INFO
#define OP_CALL_KIND_SIZE_(name, out)   (OP_CALL_OUTUNIT_##out == 0 ? OP_KIND_VALUE : OP_KIND_WRITTEN)

static inline const char *op_name(int op)
{
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound) \
case UNILANE_OP_##name: return #name;
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default: return NULL;
    }
}

static inline int op_find(const char *name)
{
    int op;
    for (op = 0; op < UNILANE_NOPS; op++)
        if (strcmp(op_name(op), name) == 0)
            return op;
    return -1;
}

static inline int op_in_unit(int op)
{
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound) \
case UNILANE_OP_##name: return OP_CALL_INUNIT_##in;
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default: return 0;
    }
}

static inline int op_out_unit(int op)
{
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound) \
case UNILANE_OP_##name: return OP_CALL_OUTUNIT_##out;
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default: return 0;
    }
}

static inline int op_has_cap(int op)
{
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound) \
case UNILANE_OP_##name: return OP_CALL_HASCAP_##out;
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default: return 0;
    }
}

static inline int op_returns_result(int op)
{
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound) \
case UNILANE_OP_##name: return OP_CALL_ISRESULT_##ret;
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default: return 0;
    }
}

static inline int op_family(int op)
{
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound) \
case UNILANE_OP_##name: return UNILANE_FAMILY_##family;
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default: return -1;
    }
}

static inline size_t op_bound(int op)
{
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound) \
case UNILANE_OP_##name: return (size_t)(bound);
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default: return 0;
    }
}

static inline size_t op_dst_units(int op, size_t len)
{
    return op_bound(op) * len;
}

static inline int op_kind(int op)
{
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound) \
case UNILANE_OP_##name: return OP_CALL_KIND_##ret##_(name, out);
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default: return -1;
    }
}

/* Stores a call's return value in r: a unilane_result or a size_t. */
static inline void op_call_store_result_(op_res *r, unilane_result u)
{
    r->status = (int)u.status;
    r->read = u.read;
    r->written = u.written;
}

static inline void op_call_store_size_(op_res *r, size_t v)
{
    r->value = v;
}

static inline void op_call_store_info8_(op_res *r, unilane_utf8_info u)
{
    r->status = (int)u.status;
    r->read = u.read;
    r->value = u.utf16_length;
    r->width = (int)u.width;
}

static inline void op_call_store_info16_(op_res *r, unilane_utf16_info u)
{
    r->status = (int)u.status;
    r->read = u.read;
    r->value = u.utf8_length;
    r->width = (int)u.width;
}

#define OP_CALL_STORE_RESULT op_call_store_result_
#define OP_CALL_STORE_SIZE   op_call_store_size_
#define OP_CALL_STORE_COUNT  op_call_store_size_
#define OP_CALL_STORE_INFO8  op_call_store_info8_
#define OP_CALL_STORE_INFO16 op_call_store_info16_

static inline op_res op_call_cap(int op, const void *src, size_t len, void *dst, size_t cap)
{
    op_res r;
    int kind = op_kind(op);

    r.status = UNILANE_OK;
    r.read = len;
    r.written = 0;
    r.value = 0;
    r.width = -1;
    (void)cap;
    switch (op) {
#define OP_CALL_CASE_(a, name, in, out, ret, family, bound)                  \
case UNILANE_OP_##name:                                                      \
  OP_CALL_STORE_##ret(&r, OP_CALL_TYPED(name, in, out, src, len, dst, cap)); \
  break;
        UNILANE_OPS(OP_CALL_CASE_, _)
#undef OP_CALL_CASE_
    default:
        r.status = -1;
        r.read = 0;
        return r;
    }
    if (kind == OP_KIND_WRITTEN)
        r.written = r.value;
    else if (kind == OP_KIND_COUNT)
        r.written = op_bound(op) * len;
    return r;
}

static inline op_res op_call(int op, const void *src, size_t len, void *dst)
{
    return op_call_cap(op, src, len, dst, op_dst_units(op, len));
}

#endif /* UNILANE_OP_CALL_H */
