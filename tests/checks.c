/*
 * checks.c -- see checks.h.
 *
 * One comparison core per input type (ut_run_bytes, ut_run_units) takes the
 * expected values in a struct; ut_check_bytes/_units fill it from the
 * reference on the whole input, the _ctx variants from the reference on the
 * input and on the two paddings (cached per kind and length), composed.
 */
#include "checks.h"
#include "../tools/op_call.h" /* the operations by registry index (src/dispatch/ops.h) */

#if defined(__GNUC__)
#  define UT_ALIGN64 __attribute__((aligned(64)))
#else
#  define UT_ALIGN64
#endif

#define UT_SLACK   32
#define UT_CANARY8 0xA5
#define UT_PRE8    UT_PRE_CANARY /* canary bytes before every dst */
#define UT_PRE16   (UT_PRE8 / 2) /* the same in UTF-16 units */
#define UT_OUT8    (3 * UT_CHECK_MAX + UT_SLACK)
#define UT_OUT16   (UT_CHECK_MAX + UT_SLACK)

/* Outputs: [canary before][dst ...][canary past the output]. dst stays
   32-byte aligned. */
static unsigned char ut_o8[UT_PRE8 + UT_OUT8] UT_ALIGN64;
static uint16_t ut_o16[UT_PRE16 + UT_OUT16] UT_ALIGN64;
static uint16_t ut_inplace[UT_PRE16 + UT_CHECK_MAX + UT_SLACK] UT_ALIGN64;
#define UT_D8  (ut_o8 + UT_PRE8)
#define UT_D16 (ut_o16 + UT_PRE16)
#define UT_DIP (ut_inplace + UT_PRE16)
/* Canary bytes, for memcmp. */
static unsigned char ut_canary[UT_PRE8 + UT_OUT8 + 2 * UT_SLACK];
static int ut_canary_ready;

/* Expected outputs. */
static uint16_t ut_x_st16[UT_CHECK_MAX + UT_SLACK], ut_x_lo16[UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_x_fl16[UT_CHECK_MAX + UT_SLACK], ut_x_wf16[UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_x_l18[UT_CHECK_MAX + UT_SLACK], ut_x_fl8[2 * UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_x_st8[3 * UT_CHECK_MAX + UT_SLACK], ut_x_lo8[3 * UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_x_w16[UT_CHECK_MAX + UT_SLACK], ut_x_m16[UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_x_w8[3 * UT_CHECK_MAX + UT_SLACK], ut_x_m8[3 * UT_CHECK_MAX + UT_SLACK];
static unsigned char ut_x_bd8[2 * UT_CHECK_MAX + UT_SLACK];
/* The kernel's own output, kept for a round trip. */
static unsigned char ut_rt8[3 * UT_CHECK_MAX + UT_SLACK];
static uint16_t ut_rt16[UT_CHECK_MAX + UT_SLACK];

#define UT_NCAPS 5

/* What the functions on an input must return: for each operation, what
   op_call (tools/op_call.h) must give (the expected outputs are in the
   ut_x_* buffers; only the entries of the functions the mask selects are
   set); latin1_to_utf8_bounded at caps[i] must return bd[i] and write
   ut_x_bd8[0 .. bd[i].written). */
typedef struct ut_exp {
    op_res w[UNILANE_NOPS];
    size_t ncaps;
    size_t caps[UT_NCAPS];
    op_res bd[UT_NCAPS];
} ut_exp;

/* ------------------------------------------------------------------------ */
/* Descriptions for failure messages                                        */
/* ------------------------------------------------------------------------ */

const char *const ut_pad_names[UT_PAD_KINDS] = { "ASCII", "2-byte", "3-byte", "4-byte" };

/* The context of the current check, for messages (on while a _ctx check runs). */
static struct {
    int on;
    const void *inner;
    size_t n;
    ut_ctx c;
} ut_cur_ctx;

static char ut_descbuf[4200];

static const char *ut_desc(const void *s, size_t n, int unit)
{
    if (!ut_cur_ctx.on)
        return unit == 1 ? ut_hex8(s, n) : ut_hex16((const uint16_t *)s, n);
    snprintf(ut_descbuf, sizeof ut_descbuf,
             "input %s at lane offset %zu, after %zu units of %s padding and before %zu of %s "
             "padding (%zu units in all): %s",
             unit == 1 ? ut_hex8(ut_cur_ctx.inner, ut_cur_ctx.n)
                       : ut_hex16((const uint16_t *)ut_cur_ctx.inner, ut_cur_ctx.n),
             ut_cur_ctx.c.pre % 64, ut_cur_ctx.c.pre, ut_pad_names[ut_cur_ctx.c.pre_kind],
             ut_cur_ctx.c.total - ut_cur_ctx.c.pre - ut_cur_ctx.n,
             ut_pad_names[ut_cur_ctx.c.post_kind], ut_cur_ctx.c.total,
             unit == 1 ? ut_hex8(s, n) : ut_hex16((const uint16_t *)s, n));
    return ut_descbuf;
}
#define UT_D8S(s, n)  ut_desc((s), (n), 1)
#define UT_D16S(s, n) ut_desc((s), (n), 2)

/* ------------------------------------------------------------------------ */
/* Canaries                                                                 */
/* ------------------------------------------------------------------------ */

static void ut_canary_init(void)
{
    if (!ut_canary_ready) {
        memset(ut_canary, UT_CANARY8, sizeof ut_canary);
        ut_canary_ready = 1;
    }
}

/* Index of the first byte in p[from, to) that is not the canary, or to. */
static size_t ut_canary_first(const unsigned char *p, size_t from, size_t to)
{
    size_t i;
    if (to <= from || memcmp(p + from, ut_canary, to - from) == 0)
        return to;
    for (i = from; i < to; i++)
        if (p[i] != UT_CANARY8)
            return i;
    return to;
}

/* Byte index (counted back from dst, 1 = dst[-1]) of the farthest changed
   canary byte before dst, or 0. */
static size_t ut_canary_before(const unsigned char *base, size_t pre)
{
    size_t i = ut_canary_first(base, 0, pre);
    return i == pre ? 0 : pre - i;
}

/* ------------------------------------------------------------------------ */
/* The comparison core: one checked call of an operation of the registry    */
/* ------------------------------------------------------------------------ */

/* The input the checks of a ut_run_* call describe in their messages. */
static const void *ut_msg_in;
static size_t ut_msg_n;
static int ut_msg_unit;

/* What op_call returns (tools/op_call.h), expected: from a unilane_result,
   from the size_t a function returns (`written`: the units it wrote; 0
   without a dst), from an inspection. */
static op_res ut_want_res(unilane_result r)
{
    op_res o;
    o.status = (int)r.status;
    o.read = r.read;
    o.written = r.written;
    o.value = 0;
    o.width = -1;
    return o;
}

static op_res ut_want_size(size_t n, size_t written, size_t value)
{
    op_res o;
    o.status = UNILANE_OK;
    o.read = n;
    o.written = written;
    o.value = value;
    o.width = -1;
    return o;
}

static op_res ut_want_info8(unilane_utf8_info i)
{
    op_res o = ut_want_size(i.read, 0, i.utf16_length);
    o.status = (int)i.status;
    o.width = (int)i.width;
    return o;
}

static op_res ut_want_info16(unilane_utf16_info i)
{
    op_res o = ut_want_size(i.read, 0, i.utf8_length);
    o.status = (int)i.status;
    o.width = (int)i.width;
    return o;
}

static int ut_same(op_res a, op_res b)
{
    return a.status == b.status && a.read == b.read && a.written == b.written &&
           a.value == b.value && a.width == b.width;
}

/* op_res as its kind of operation shows it, in one of 4 rotating buffers. */
static const char *ut_res_str(int op, op_res r)
{
    static char buf[4][96];
    static int next;
    char *b = buf[next++ & 3];
    switch (op_kind(op)) {
    case OP_KIND_RESULT:
        snprintf(b, sizeof buf[0], "{%s, read %zu, written %zu}",
                 unilane_status_string((unilane_status)r.status), r.read, r.written);
        break;
    case OP_KIND_INFO:
        snprintf(b, sizeof buf[0], "{%s, read %zu, length %zu, width %d}",
                 unilane_status_string((unilane_status)r.status), r.read, r.value, r.width);
        break;
    default: snprintf(b, sizeof buf[0], "%zu", r.value); break;
    }
    return b;
}

static const char *ut_hex_units(const void *p, size_t n, int unit)
{
    return unit == 1 ? ut_hex8(p, n) : ut_hex16((const uint16_t *)p, n);
}

/* "name(input)", "name(via(input))", "name(input, cap N)" for messages. */
static const char *ut_call_desc(int op, const char *via, size_t cap)
{
    static char buf[4400];
    const char *in = ut_desc(ut_msg_in, ut_msg_n, ut_msg_unit);
    char capbuf[40] = "";
    if (op_has_cap(op))
        snprintf(capbuf, sizeof capbuf, ", cap %zu", cap);
    if (via)
        snprintf(buf, sizeof buf, "%s(%s(%s)%s)", op_name(op), via, in, capbuf);
    else
        snprintf(buf, sizeof buf, "%s(%s%s)", op_name(op), in, capbuf);
    return buf;
}

/* After a call that wrote `written` units of `unit` bytes into its dst
   (room + UT_SLACK units filled with the canary): nothing before dst or
   past written changed. Two checks. */
static void ut_canaries(int op, const char *via, size_t cap, int unit, size_t written, size_t room)
{
    const unsigned char *base = unit == 1 ? ut_o8 : (const unsigned char *)ut_o16;
    size_t end = unit * (room + UT_SLACK);
    size_t k = ut_canary_first(base + UT_PRE8, unit * written, end) / (size_t)unit;
    size_t b = ut_canary_before(base, UT_PRE8);
    UT_CHECK(k == room + UT_SLACK, "%s: wrote unit %zu past written %zu",
             ut_call_desc(op, via, cap), k, written);
    UT_CHECK(b == 0, "%s: wrote unit dst[-%zu] before dst", ut_call_desc(op, via, cap),
             (b + (size_t)unit - 1) / (size_t)unit);
}

/*
 * One checked call: operation `op` of the registry on src[0..len) (cap: the
 * capacity of an operation that takes one) must return `want` (op_call's
 * shape) and, with a dst, write want.written units equal to `out` and
 * nothing else in the room it has: its bound for len, or cap if larger,
 * filled with the canary up to UT_SLACK units past it.
 *
 * Checks: one on the return value; with a dst, one on the output (for an
 * operation returning a unilane_result; a size_t converter's return value
 * is its output's length, so both are one check, as is a round trip's "it
 * gives back the input": `via` names the function the input went through
 * first), then the two canary checks. `of` names, for a length function, the
 * converter whose output length it must return (or NULL). Returns what the
 * call returned.
 */
static op_res ut_expect(int op, const void *src, size_t len, size_t cap, const op_res *wantp,
                        const void *out, const char *via, const char *of)
{
    const op_res want = *wantp;
    int unit = op_out_unit(op);
    size_t room = op_dst_units(op, len);
    void *dst = unit == 0 ? NULL : unit == 1 ? (void *)UT_D8 : (void *)UT_D16;
    op_res got;

    if (cap > room && op_has_cap(op))
        room = cap;
    if (unit)
        memset(unit == 1 ? ut_o8 : (unsigned char *)ut_o16, UT_CANARY8,
               UT_PRE8 + unit * (room + UT_SLACK));
    got = op_call_cap(op, src, len, dst, cap);
    if (unit == 0) {
        UT_CHECK(ut_same(got, want), "%s: expected %s%s%s%s, got %s", ut_call_desc(op, via, cap),
                 ut_res_str(op, want), of ? " (what " : "", of ? of : "", of ? " writes)" : "",
                 ut_res_str(op, got));
        return got;
    }
    if (op_kind(op) == OP_KIND_RESULT && !via) {
        UT_CHECK(ut_same(got, want), "%s: expected %s, got %s", ut_call_desc(op, via, cap),
                 ut_res_str(op, want), ut_res_str(op, got));
        UT_CHECK(memcmp(dst, out, want.written * (size_t)unit) == 0,
                 "%s: output expected %s, got %s", ut_call_desc(op, via, cap),
                 ut_hex_units(out, want.written, unit), ut_hex_units(dst, want.written, unit));
    } else {
        UT_CHECK(ut_same(got, want) && memcmp(dst, out, want.written * (size_t)unit) == 0,
                 "%s: expected %s %s, got %s %s", ut_call_desc(op, via, cap), ut_res_str(op, want),
                 ut_hex_units(out, want.written, unit), ut_res_str(op, got),
                 ut_hex_units(dst, got.written, unit));
    }
    ut_canaries(op, via, cap, unit, want.written, room);
    return got;
}

static unilane_result ut_ok(size_t read, size_t written)
{
    unilane_result r;
    r.status = UNILANE_OK;
    r.read = read;
    r.written = written;
    return r;
}

/* The registry's index of unilane_<name>. */
#define UT_OP(name) UNILANE_OP_##name

/* ------------------------------------------------------------------------ */
/* The checks of each input type, as tables                                 */
/* ------------------------------------------------------------------------ */

/*
 * One row: when the mask has all of `mask`, `op` is called on the input and
 * must return what the reference gave, e->w[op] (and write `out`, the
 * expected output), or, with `of` set (a length function), the units
 * operation `of` writes, when the reference says `of` succeeds. With `back`
 * set, the kernel's output is converted back by `back` (a round trip) when
 * the call succeeded and returned what was expected, and must give the
 * input again.
 */
typedef struct ut_row {
    int mask, op;
    const void *out;
    int of, back;
} ut_row;

#define UT_NONE (-1)
#define UT_ROW(mask, name, out, of, back) \
  {                                       \
    mask, UT_OP(name), out, of, back      \
  }
#define UT_SELF(mask, name, out) UT_ROW(mask, name, out, UT_NONE, UT_NONE)
#define UT_LEN(mask, name, of)   UT_ROW(mask, name, NULL, UT_OP(of), UT_NONE)

static const ut_row ut_rows8[] = {
    UT_SELF(UT_F_PREFIX, ascii_prefix, NULL),
    UT_SELF(UT_F_VALIDATE, validate_utf8, NULL),
    UT_SELF(UT_F_STRICT, utf8_to_utf16, ut_x_st16),
    UT_LEN(UT_F_STRICT | UT_F_LENGTHS, utf16_length_from_utf8, utf8_to_utf16),
    UT_SELF(UT_F_LOSSY, utf8_to_utf16_lossy, ut_x_lo16),
    UT_LEN(UT_F_LOSSY | UT_F_LENGTHS, utf16_length_from_utf8_lossy, utf8_to_utf16_lossy),
    UT_SELF(UT_F_LATIN1, utf8_to_latin1, ut_x_l18),
    UT_LEN(UT_F_LATIN1 | UT_F_LENGTHS, utf16_length_from_utf8, utf8_to_latin1),
    UT_SELF(UT_F_LENGTHS, utf16_length_from_utf8, NULL), /* API.md formula */
    UT_SELF(UT_F_FROM_LATIN1, latin1_to_utf8, ut_x_fl8),
    UT_LEN(UT_F_FROM_LATIN1, utf8_length_from_latin1, latin1_to_utf8),
    UT_SELF(UT_F_FROM_LATIN1, latin1_to_utf16, ut_x_fl16),
    UT_SELF(UT_F_WTF8, validate_wtf8, NULL),
    /* well-formed WTF-8 b: utf16_to_wtf8(wtf8_to_utf16(b)) == b */
    UT_ROW(UT_F_WTF8, wtf8_to_utf16, ut_x_w16, UT_NONE, UT_OP(utf16_to_wtf8)),
    UT_LEN(UT_F_WTF8 | UT_F_LENGTHS, utf16_length_from_utf8, wtf8_to_utf16),
    UT_SELF(UT_F_MUTF8, mutf8_to_utf16, ut_x_m16),
    UT_LEN(UT_F_MUTF8 | UT_F_LENGTHS, utf16_length_from_utf8, mutf8_to_utf16),
    UT_SELF(UT_F_INSPECT, utf8_inspect, NULL),
    UT_SELF(UT_F_INSPECT, utf8_inspect_lossy, NULL),
};

static const ut_row ut_rows16[] = {
    UT_SELF(UT_F_PREFIX, utf16_ascii_prefix, NULL),
    UT_SELF(UT_F_PREFIX, utf16_latin1_prefix, NULL),
    UT_SELF(UT_F_VALIDATE, validate_utf16, NULL),
    UT_SELF(UT_F_STRICT, utf16_to_utf8, ut_x_st8),
    UT_LEN(UT_F_STRICT | UT_F_LENGTHS, utf8_length_from_utf16, utf16_to_utf8),
    UT_SELF(UT_F_LOSSY, utf16_to_utf8_lossy, ut_x_lo8),
    UT_LEN(UT_F_LOSSY | UT_F_LENGTHS, utf8_length_from_utf16, utf16_to_utf8_lossy),
    UT_SELF(UT_F_LATIN1, utf16_to_latin1, ut_x_l18),
    UT_SELF(UT_F_WELLFORMED, utf16_make_well_formed, ut_x_wf16),
    /* every UTF-16 s: wtf8_to_utf16(utf16_to_wtf8(s)) == s; likewise modified UTF-8 */
    UT_ROW(UT_F_WTF8, utf16_to_wtf8, ut_x_w8, UT_NONE, UT_OP(wtf8_to_utf16)),
    UT_LEN(UT_F_WTF8 | UT_F_LENGTHS, utf8_length_from_utf16, utf16_to_wtf8),
    UT_ROW(UT_F_MUTF8, utf16_to_mutf8, ut_x_m8, UT_NONE, UT_OP(mutf8_to_utf16)),
    UT_LEN(UT_F_MUTF8, mutf8_length_from_utf16, utf16_to_mutf8),
    UT_SELF(UT_F_INSPECT, utf16_inspect, NULL),
};

/* The rows of one input type on s[0..n) (unit: 1 for bytes, 2 for UTF-16). */
static void ut_run_rows(const void *s, size_t n, int unit, int mask, const ut_exp *e,
                        const ut_row *rows, size_t nrows)
{
    const ut_row *r;
    op_res g, want;

    ut_canary_init();
    ut_msg_in = s;
    ut_msg_n = n;
    ut_msg_unit = unit;
    for (r = rows; r < rows + nrows; r++) {
        if ((mask & r->mask) != r->mask)
            continue;
        if (r->of == UT_NONE) {
            g = ut_expect(r->op, s, n, 0, &e->w[r->op], r->out, NULL, NULL);
        } else if (e->w[r->of].status == UNILANE_OK) {
            want = ut_want_size(n, 0, e->w[r->of].written);
            ut_expect(r->op, s, n, 0, &want, NULL, NULL, op_name(r->of));
            continue;
        } else {
            continue;
        }
        if (r->back != UT_NONE && g.status == UNILANE_OK && ut_same(g, e->w[r->op])) {
            /* the kernel's own output, converted back: the input again */
            void *rt = op_out_unit(r->op) == 1 ? (void *)ut_rt8 : (void *)ut_rt16;
            memcpy(rt, op_out_unit(r->op) == 1 ? (void *)UT_D8 : (void *)UT_D16,
                   g.written * (size_t)op_out_unit(r->op));
            want = ut_want_size(g.written, n, op_kind(r->back) == OP_KIND_WRITTEN ? n : 0);
            ut_expect(r->back, rt, g.written, 0, &want, s, op_name(r->op), NULL);
        }
    }
}

static void ut_run_bytes(const unsigned char *s, size_t n, int mask, const ut_exp *e)
{
    size_t k;
    ut_run_rows(s, n, 1, mask, e, ut_rows8, sizeof ut_rows8 / sizeof ut_rows8[0]);
    if (mask & UT_F_BOUNDED)
        for (k = 0; k < e->ncaps; k++)
            ut_expect(UT_OP(latin1_to_utf8_bounded), s, n, e->caps[k], &e->bd[k], ut_x_bd8, NULL,
                      NULL);
}

static void ut_run_units(const uint16_t *s, size_t n, int mask, const ut_exp *e)
{
    size_t k, gn, wf_n;
    ut_run_rows(s, n, 2, mask, e, ut_rows16, sizeof ut_rows16 / sizeof ut_rows16[0]);
    if (mask & UT_F_WELLFORMED) {
        wf_n = e->w[UT_OP(utf16_make_well_formed)].value;
        /* in place, with the same canaries around the buffer */
        memset(ut_inplace, UT_CANARY8, sizeof ut_inplace);
        if (n)
            memcpy(UT_DIP, s, n * 2);
        gn = unilane_utf16_make_well_formed(UT_DIP, n, UT_DIP);
        UT_CHECK(gn == wf_n && memcmp(UT_DIP, ut_x_wf16, n * 2) == 0,
                 "utf16_make_well_formed(%s) in place: expected %zu %s, got %zu %s", UT_D16S(s, n),
                 wf_n, ut_hex16(ut_x_wf16, n), gn, ut_hex16(UT_DIP, n));
        k = ut_canary_first((const unsigned char *)UT_DIP, 2 * n, 2 * (n + UT_SLACK));
        gn = ut_canary_before((const unsigned char *)ut_inplace, 2 * UT_PRE16);
        UT_CHECK(
            k == 2 * (n + UT_SLACK) && gn == 0,
            "utf16_make_well_formed(%s) in place: wrote outside the buffer (byte %zu past it, or "
            "byte dst[-%zu])",
            UT_D16S(s, n), k - 2 * n, gn);
    }
}

/* ------------------------------------------------------------------------ */
/* Expected values from the reference on the whole input                    */
/* ------------------------------------------------------------------------ */

static size_t ut_prefix8(const unsigned char *s, size_t n)
{
    size_t k;
    for (k = 0; k < n && s[k] < 0x80; k++)
        ;
    return k;
}

static size_t ut_prefix16(const uint16_t *s, size_t n, unsigned max)
{
    size_t k;
    for (k = 0; k < n && s[k] <= max; k++)
        ;
    return k;
}

/* The expectation of unilane_<name> in e. */
#define UT_W(e, name) ((e)->w[UT_OP(name)])

static void ut_ref_bytes(const unsigned char *s, size_t n, int mask, ut_exp *e)
{
    size_t k;
    unilane_result r;
    e->ncaps = 0;
    if (mask & UT_F_PREFIX)
        UT_W(e, ascii_prefix) = ut_want_size(n, 0, ut_prefix8(s, n));
    if (mask & UT_F_VALIDATE)
        UT_W(e, validate_utf8) = ut_want_res(ref_validate_utf8(s, n));
    if (mask & UT_F_STRICT)
        UT_W(e, utf8_to_utf16) = ut_want_res(ref_utf8_to_utf16(s, n, ut_x_st16));
    if (mask & UT_F_LOSSY) {
        k = ref_utf8_to_utf16_lossy(s, n, ut_x_lo16);
        UT_W(e, utf8_to_utf16_lossy) = ut_want_size(n, k, k);
    }
    if (mask & UT_F_LATIN1)
        UT_W(e, utf8_to_latin1) = ut_want_res(ref_utf8_to_latin1(s, n, ut_x_l18));
    if (mask & UT_F_LENGTHS)
        UT_W(e, utf16_length_from_utf8) =
            ut_want_size(n, 0, ref_utf16_length_from_utf8_formula(s, n));
    if (mask & UT_F_FROM_LATIN1) {
        k = ref_latin1_to_utf8(s, n, ut_x_fl8);
        UT_W(e, latin1_to_utf8) = ut_want_size(n, k, k);
        ref_latin1_to_utf16(s, n, ut_x_fl16);
        UT_W(e, latin1_to_utf16) = ut_want_size(n, n, n);
    }
    if (mask & UT_F_WTF8) {
        /* the reference validates and converts in one body: its validation is
           the conversion's status and read */
        r = ref_wtf8_to_utf16(s, n, ut_x_w16);
        UT_W(e, wtf8_to_utf16) = ut_want_res(r);
        r.written = 0;
        UT_W(e, validate_wtf8) = ut_want_res(r);
    }
    if (mask & UT_F_MUTF8)
        UT_W(e, mutf8_to_utf16) = ut_want_res(ref_mutf8_to_utf16(s, n, ut_x_m16));
    if (mask & UT_F_INSPECT) {
        UT_W(e, utf8_inspect) = ut_want_info8(ref_utf8_inspect(s, n, 0));
        UT_W(e, utf8_inspect_lossy) = ut_want_info8(ref_utf8_inspect(s, n, 1));
    }
}

/* The capacities latin1_to_utf8_bounded is called with, and its expected
   results (the reference on the whole input s[0..n)): the bound, the exact
   length less one, one from a hash, and `edge`, `edge2` (in a context: the
   input's edges; (size_t)-1 for none: then 0 and 1). */
static void ut_ref_bounded(const unsigned char *s, size_t n, ut_exp *e, size_t edge, size_t edge2)
{
    static unsigned char scratch[2 * UT_CHECK_MAX + UT_SLACK];
    size_t full = ref_latin1_to_utf8(s, n, ut_x_bd8), k;
    size_t h = (size_t)(ut_hash(n * 977 + (n ? s[n - 1] : 0)) % (full + 1));
    e->ncaps = 0;
    e->caps[e->ncaps++] = 2 * n; /* the bound: all of it */
    if (full > 0)
        e->caps[e->ncaps++] = full - 1; /* one byte short: the last character stays out */
    e->caps[e->ncaps++] = h;
    if (edge <= 2 * n)
        e->caps[e->ncaps++] = edge;
    else if (n > 0)
        e->caps[e->ncaps++] = 0;
    if (edge2 <= 2 * n)
        e->caps[e->ncaps++] = edge2;
    else if (full > 1)
        e->caps[e->ncaps++] = 1;
    for (k = 0; k < e->ncaps; k++)
        e->bd[k] = ut_want_res(ref_latin1_to_utf8_bounded(s, n, scratch, e->caps[k]));
}

static void ut_ref_units(const uint16_t *s, size_t n, int mask, ut_exp *e)
{
    size_t k;
    e->ncaps = 0;
    if (mask & UT_F_PREFIX) {
        UT_W(e, utf16_ascii_prefix) = ut_want_size(n, 0, ut_prefix16(s, n, 0x7F));
        UT_W(e, utf16_latin1_prefix) = ut_want_size(n, 0, ut_prefix16(s, n, 0xFF));
    }
    if (mask & UT_F_VALIDATE)
        UT_W(e, validate_utf16) = ut_want_res(ref_validate_utf16(s, n));
    if (mask & UT_F_STRICT)
        UT_W(e, utf16_to_utf8) = ut_want_res(ref_utf16_to_utf8(s, n, ut_x_st8));
    if (mask & UT_F_LOSSY) {
        k = ref_utf16_to_utf8_lossy(s, n, ut_x_lo8);
        UT_W(e, utf16_to_utf8_lossy) = ut_want_size(n, k, k);
    }
    if (mask & UT_F_LATIN1)
        UT_W(e, utf16_to_latin1) = ut_want_res(ref_utf16_to_latin1(s, n, ut_x_l18));
    if (mask & UT_F_WELLFORMED)
        UT_W(e, utf16_make_well_formed) =
            ut_want_size(n, n, ref_utf16_make_well_formed(s, n, ut_x_wf16));
    if (mask & UT_F_WTF8) {
        k = ref_utf16_to_wtf8(s, n, ut_x_w8);
        UT_W(e, utf16_to_wtf8) = ut_want_size(n, k, k);
    }
    if (mask & UT_F_MUTF8) {
        k = ref_utf16_to_mutf8(s, n, ut_x_m8);
        UT_W(e, utf16_to_mutf8) = ut_want_size(n, k, k);
    }
    if (mask & UT_F_INSPECT)
        UT_W(e, utf16_inspect) = ut_want_info16(ref_utf16_inspect(s, n));
}

void ut_check_bytes(const unsigned char *s, size_t n, int mask)
{
    ut_exp e;
    if (n > UT_CHECK_MAX)
        ck_abort_msg("input too long for the check helpers: %zu", n);
    ut_cur_ctx.on = 0;
    ut_ref_bytes(s, n, mask, &e);
    if (mask & UT_F_BOUNDED)
        ut_ref_bounded(s, n, &e, (size_t)-1, (size_t)-1);
    ut_run_bytes(s, n, mask, &e);
}

void ut_check_units(const uint16_t *s, size_t n, int mask)
{
    ut_exp e;
    if (n > UT_CHECK_MAX)
        ck_abort_msg("input too long for the check helpers: %zu", n);
    ut_cur_ctx.on = 0;
    ut_ref_units(s, n, mask, &e);
    ut_run_units(s, n, mask, &e);
}

/* ------------------------------------------------------------------------ */
/* Contexts                                                                 */
/* ------------------------------------------------------------------------ */

uint64_t ut_hash(uint64_t x)
{
    uint64_t z = x + ut_seed() * UINT64_C(0x9E3779B97F4A7C15) + UINT64_C(0x632BE59BD9B4E019);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

ut_ctx ut_ctx_nth(unsigned k, size_t total)
{
    ut_ctx c;
    k %= UT_PAD_KINDS * UT_PAD_KINDS * 64;
    c.pre_kind = (int)(k % UT_PAD_KINDS);
    c.post_kind = (int)(k / UT_PAD_KINDS % UT_PAD_KINDS);
    c.pre = k / (UT_PAD_KINDS * UT_PAD_KINDS);
    c.total = total;
    return c;
}

ut_ctx ut_ctx_hash(uint64_t h, size_t total)
{
    return ut_ctx_nth((unsigned)(h >> 40), total);
}

/*
 * The character number j of a padding, counted from the input outward
 * (j = 0 touches it), of the given kind; side 0 is before the input. The
 * period 251 (prime) keeps it from lining up with any block size. Edge
 * values come first: the ends of each UTF-8 length and of the ranges the
 * second byte limits (E0 A0, ED 9F, F0 90, F4 8F).
 */
static uint32_t ut_pad_cp(int kind, int side, size_t j)
{
    static const uint32_t e3[] = { 0x0800, 0xD7FF, 0xFFFF, 0xE000, 0x4E2D,
                                   0xFFFD, 0x0FFF, 0x1000, 0xFEFF };
    static const uint32_t e4[] = {
        0x10000, 0x10FFFF, 0x1F600, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000
    };
    size_t t = j % 251;
    uint32_t cp;
    switch (kind) {
    case UT_PAD_ASCII: return (uint32_t)(t % 128);
    case UT_PAD_2BYTE:
        return side == 0 ? (uint32_t)(0x80 + t % 128) : (uint32_t)(0x80 + (t * 37) % 0x780);
    case UT_PAD_3BYTE:
        if (t < sizeof e3 / sizeof e3[0])
            return e3[t];
        cp = (uint32_t)(0x800 + (t * 263) % 0xF800);
        return cp >= 0xD800 && cp <= 0xDFFF ? cp + 0x800 : cp;
    default:
        if (t < sizeof e4 / sizeof e4[0])
            return e4[t];
        return (uint32_t)(0x10000 + (t * 4177) % 0x100000);
    }
}

/* A byte padding and the reference's results on it. */
typedef struct ut_pad8 {
    int ready;
    unsigned char b[UT_PAD_MAX];
    size_t n16; /* UTF-16 units (strict = lossy: it is valid) */
    uint16_t u16[UT_PAD_MAX];
    unilane_result l1; /* utf8_to_latin1 */
    unsigned char l1o[UT_PAD_MAX];
    size_t ascii, len16; /* ascii_prefix, formula */
    size_t fl8_n;        /* the bytes as Latin-1, in UTF-8 */
    unsigned char fl8[2 * UT_PAD_MAX];
    unilane_result m; /* mutf8_to_utf16 (the 4-byte padding is not modified UTF-8) */
    uint16_t mo[UT_PAD_MAX];
    unilane_width w; /* the width of its characters */
} ut_pad8;

typedef struct ut_pad16 {
    int ready;
    uint16_t u[UT_PAD_MAX];
    size_t n8; /* UTF-8 bytes (strict = lossy) */
    unsigned char u8[3 * UT_PAD_MAX];
    unilane_result l1; /* utf16_to_latin1 */
    unsigned char l1o[UT_PAD_MAX];
    size_t ascii, latin1p;
    size_t m8n; /* modified UTF-8 bytes */
    unsigned char m8[3 * UT_PAD_MAX];
    unilane_width w; /* the width of its characters */
} ut_pad16;

static ut_pad8 ut_pads8[2][UT_PAD_KINDS][UT_PAD_MAX + 1];
static ut_pad16 ut_pads16[2][UT_PAD_KINDS][UT_PAD_MAX + 1];

/* The code points of a padding of `len` units whose characters take cs
   units each, in order: ASCII digits fill what is not whole characters
   (first before the input, side 0; last after it). Returns their number. */
static size_t ut_pad_seq(int side, int kind, size_t len, size_t cs, uint32_t *cp)
{
    size_t nch = len / cs, j, k, m = 0;
    if (side == 0) {
        /* ASCII filler first, then the characters, j = nch - 1 .. 0 */
        for (k = 0; k < len % cs; k++)
            cp[m++] = (uint32_t)('0' + k % 10);
        for (j = nch; j-- > 0;)
            cp[m++] = ut_pad_cp(kind, side, j);
    } else {
        for (j = 0; j < nch; j++)
            cp[m++] = ut_pad_cp(kind, side, j);
        for (k = nch * cs; k < len; k++)
            cp[m++] = (uint32_t)('0' + k % 10);
    }
    return m;
}

static const ut_pad8 *ut_pad8_get(int side, int kind, size_t len)
{
    ut_pad8 *p = &ut_pads8[side][kind][len];
    uint32_t cp[UT_PAD_MAX];
    unsigned char tmp[4];
    size_t cs = (size_t)kind + 1, m, i, w, k = 0;
    unilane_result r;

    if (p->ready)
        return p;
    m = ut_pad_seq(side, kind, len, cs, cp);
    for (i = 0; i < m; i++, k += w) {
        w = ref_encode_utf8(cp[i], tmp);
        if (w != (cp[i] < 0x80 ? 1 : cs))
            ck_abort_msg("padding character of the wrong length");
        memcpy(p->b + k, tmp, w);
    }
    r = ref_utf8_to_utf16(p->b, len, p->u16);
    if (r.status != UNILANE_OK || r.read != len)
        ck_abort_msg("padding is not valid UTF-8");
    p->n16 = r.written;
    p->l1 = ref_utf8_to_latin1(p->b, len, p->l1o);
    p->ascii = ut_prefix8(p->b, len);
    p->len16 = ref_utf16_length_from_utf8_formula(p->b, len);
    p->fl8_n = ref_latin1_to_utf8(p->b, len, p->fl8);
    p->m = ref_mutf8_to_utf16(p->b, len, p->mo);
    p->w = ref_utf8_inspect(p->b, len, 0).width;
    p->ready = 1;
    return p;
}

static const ut_pad16 *ut_pad16_get(int side, int kind, size_t len)
{
    ut_pad16 *p = &ut_pads16[side][kind][len];
    uint32_t cp[UT_PAD_MAX];
    uint16_t tmp[2];
    size_t cs = kind == UT_PAD_4BYTE ? 2 : 1, m, i, w, k = 0;
    unilane_result r;

    if (p->ready)
        return p;
    m = ut_pad_seq(side, kind, len, cs, cp);
    for (i = 0; i < m; i++, k += w) {
        w = ref_encode_utf16(cp[i], tmp);
        if (w != (cp[i] < 0x80 ? 1 : cs))
            ck_abort_msg("padding character of the wrong length");
        memcpy(p->u + k, tmp, w * 2);
    }
    r = ref_utf16_to_utf8(p->u, len, p->u8);
    if (r.status != UNILANE_OK || r.read != len)
        ck_abort_msg("padding is not valid UTF-16");
    p->n8 = r.written;
    p->l1 = ref_utf16_to_latin1(p->u, len, p->l1o);
    p->ascii = ut_prefix16(p->u, len, 0x7F);
    p->latin1p = ut_prefix16(p->u, len, 0xFF);
    p->m8n = ref_utf16_to_mutf8(p->u, len, p->m8);
    p->w = ref_utf16_inspect(p->u, len).width;
    p->ready = 1;
    return p;
}

/* Writes a[0..na) b[0..nb) c[0..nc) (units of `size` bytes) to dst; returns
   na + nb + nc. */
static size_t ut_cat3(void *dst, size_t size, const void *a, size_t na, const void *b, size_t nb,
                      const void *c, size_t nc)
{
    unsigned char *d = (unsigned char *)dst;
    memcpy(d, a, na * size);
    if (nb)
        memcpy(d + na * size, b, nb * size);
    memcpy(d + (na + nb) * size, c, nc * size);
    return na + nb + nc;
}

static void ut_ctx_sizes(size_t n, ut_ctx *cp, size_t *post)
{
    ut_ctx c;
    if (cp->total == UT_CTX_AUTO)
        cp->total = (cp->pre + n + 63) / 64 * 64 + 17;
    c = *cp;
    if (c.pre > UT_PAD_MAX || c.total < c.pre + n || c.total - c.pre - n > UT_PAD_MAX ||
        c.total > UT_CHECK_MAX || c.pre_kind < 0 || c.pre_kind >= UT_PAD_KINDS || c.post_kind < 0 ||
        c.post_kind >= UT_PAD_KINDS)
        ck_abort_msg("bad context: pre %zu, input %zu, total %zu", c.pre, n, c.total);
    *post = c.total - c.pre - n;
}

size_t ut_ctx_build_bytes(unsigned char *out, const unsigned char *s, size_t n, ut_ctx c)
{
    size_t post;
    ut_ctx_sizes(n, &c, &post);
    return ut_cat3(out, 1, ut_pad8_get(0, c.pre_kind, c.pre)->b, c.pre, s, n,
                   ut_pad8_get(1, c.post_kind, post)->b, post);
}

size_t ut_ctx_build_units(uint16_t *out, const uint16_t *s, size_t n, ut_ctx c)
{
    size_t post;
    ut_ctx_sizes(n, &c, &post);
    return ut_cat3(out, 2, ut_pad16_get(0, c.pre_kind, c.pre)->u, c.pre, s, n,
                   ut_pad16_get(1, c.post_kind, post)->u, post);
}

/* The result of a function that stops at the first error on A B C, from
   its results on the pieces (na, nb: their lengths). */
static unilane_result ut_compose(unilane_result a, size_t na, unilane_result b, size_t nb,
                                 unilane_result c)
{
    unilane_result r;
    if (a.status != UNILANE_OK)
        return a;
    if (b.status != UNILANE_OK) {
        r = b;
        r.read += na;
        r.written += a.written;
        return r;
    }
    r = c;
    r.read += na + nb;
    r.written += a.written + b.written;
    return r;
}

/* The output of such a function: each piece's output while no earlier piece
   failed. `size` is the unit size in bytes. */
static void ut_compose_out(void *dst, size_t size, const void *ao, unilane_result a, const void *bo,
                           unilane_result b, const void *co, unilane_result c)
{
    unsigned char *d = (unsigned char *)dst;
    memcpy(d, ao, a.written * size);
    if (a.status != UNILANE_OK)
        return;
    d += a.written * size;
    memcpy(d, bo, b.written * size);
    if (b.status != UNILANE_OK)
        return;
    d += b.written * size;
    memcpy(d, co, c.written * size);
}

static unilane_width ut_wider3(unilane_width a, unilane_width b, unilane_width c)
{
    unilane_width m = a > b ? a : b;
    return m > c ? m : c;
}

/* An inspection of A B C (B: info, A and C valid with na / nc units, la /
   lc output units, widths wa / wc). Strict: B's error ends the description;
   lossy (or B valid): the whole. */
static unilane_utf8_info ut_compose_info8(unilane_utf8_info b, int lossy, size_t na, size_t la,
                                          unilane_width wa, size_t nb, size_t nc, size_t lc,
                                          unilane_width wc)
{
    unilane_utf8_info r = b;
    if (b.status != UNILANE_OK) {
        r.read = na + b.read;
        if (!lossy) {
            r.utf16_length = la + b.utf16_length;
            r.width = wa > b.width ? wa : b.width;
            return r;
        }
    } else {
        r.read = na + nb + nc;
    }
    r.utf16_length = la + b.utf16_length + lc;
    r.width = ut_wider3(wa, b.width, wc);
    return r;
}

static unsigned char ut_ctxbuf8[UT_CHECK_MAX + 64] UT_ALIGN64;
static uint16_t ut_ctxbuf16[UT_CHECK_MAX + 64] UT_ALIGN64;
/* The reference's outputs on the input alone. */
static uint16_t ut_i16a[UT_CHECK_MAX + 8], ut_i16b[UT_CHECK_MAX + 8];
static unsigned char ut_i8a[3 * UT_CHECK_MAX + 8], ut_i8b[3 * UT_CHECK_MAX + 8];

/* A prefix function's result on A B C (lengths na, n; the prefix lengths
   pa, pb, pc of each): where the first piece with a non-ASCII (or non-Latin-1)
   unit ends it. T is the whole length. */
static op_res ut_prefix_ctx(size_t pa, size_t na, size_t pb, size_t n, size_t pc, size_t T)
{
    return ut_want_size(T, 0, pa < na ? pa : pb < n ? na + pb : na + n + pc);
}

void ut_check_bytes_ctx(const unsigned char *s, size_t n, int mask, ut_ctx c)
{
    const ut_pad8 *A, *C;
    size_t post, na = c.pre, k, T;
    unilane_result rb;
    ut_exp e;

    ut_ctx_sizes(n, &c, &post);
    T = c.total;
    A = ut_pad8_get(0, c.pre_kind, c.pre);
    C = ut_pad8_get(1, c.post_kind, post);
    ut_ctx_build_bytes(ut_ctxbuf8, s, n, c);
    e.ncaps = 0;
    if (mask & UT_F_PREFIX) {
        UT_W(&e, ascii_prefix) = ut_prefix_ctx(A->ascii, na, ut_prefix8(s, n), n, C->ascii, T);
    }
    if (mask & UT_F_VALIDATE) {
        rb = ref_validate_utf8(s, n);
        UT_W(&e, validate_utf8) = ut_want_res(ut_compose(ut_ok(na, 0), na, rb, n, ut_ok(post, 0)));
    }
    if (mask & UT_F_STRICT) {
        rb = ref_utf8_to_utf16(s, n, ut_i16a);
        UT_W(&e, utf8_to_utf16) =
            ut_want_res(ut_compose(ut_ok(na, A->n16), na, rb, n, ut_ok(post, C->n16)));
        ut_compose_out(ut_x_st16, 2, A->u16, ut_ok(na, A->n16), ut_i16a, rb, C->u16,
                       ut_ok(post, C->n16));
    }
    if (mask & UT_F_LOSSY) {
        k = ref_utf8_to_utf16_lossy(s, n, ut_i16b);
        k = ut_cat3(ut_x_lo16, 2, A->u16, A->n16, ut_i16b, k, C->u16, C->n16);
        UT_W(&e, utf8_to_utf16_lossy) = ut_want_size(T, k, k);
    }
    if (mask & UT_F_LATIN1) {
        rb = ref_utf8_to_latin1(s, n, ut_i8a);
        UT_W(&e, utf8_to_latin1) = ut_want_res(ut_compose(A->l1, na, rb, n, C->l1));
        ut_compose_out(ut_x_l18, 1, A->l1o, A->l1, ut_i8a, rb, C->l1o, C->l1);
    }
    if (mask & UT_F_LENGTHS)
        UT_W(&e, utf16_length_from_utf8) =
            ut_want_size(T, 0, A->len16 + ref_utf16_length_from_utf8_formula(s, n) + C->len16);
    if (mask & UT_F_WTF8) {
        rb = ref_validate_wtf8(s, n);
        UT_W(&e, validate_wtf8) = ut_want_res(ut_compose(ut_ok(na, 0), na, rb, n, ut_ok(post, 0)));
        rb = ref_wtf8_to_utf16(s, n, ut_i16a);
        UT_W(&e, wtf8_to_utf16) =
            ut_want_res(ut_compose(ut_ok(na, A->n16), na, rb, n, ut_ok(post, C->n16)));
        ut_compose_out(ut_x_w16, 2, A->u16, ut_ok(na, A->n16), ut_i16a, rb, C->u16,
                       ut_ok(post, C->n16));
    }
    if (mask & UT_F_MUTF8) {
        rb = ref_mutf8_to_utf16(s, n, ut_i16a);
        UT_W(&e, mutf8_to_utf16) = ut_want_res(ut_compose(A->m, na, rb, n, C->m));
        ut_compose_out(ut_x_m16, 2, A->mo, A->m, ut_i16a, rb, C->mo, C->m);
    }
    if (mask & UT_F_INSPECT) {
        UT_W(&e, utf8_inspect) = ut_want_info8(ut_compose_info8(
            ref_utf8_inspect(s, n, 0), 0, na, A->n16, A->w, n, post, C->n16, C->w));
        UT_W(&e, utf8_inspect_lossy) = ut_want_info8(ut_compose_info8(
            ref_utf8_inspect(s, n, 1), 1, na, A->n16, A->w, n, post, C->n16, C->w));
    }
    if (mask & UT_F_BOUNDED) {
        /* the reference on the whole buffer; capacities also at the input's edges */
        k = ref_latin1_to_utf8(s, n, ut_i8b);
        ut_ref_bounded(ut_ctxbuf8, c.total, &e, A->fl8_n + k, A->fl8_n + k - (k > 0));
    }
    if (mask & UT_F_FROM_LATIN1) {
        k = ref_latin1_to_utf8(s, n, ut_i8b);
        k = ut_cat3(ut_x_fl8, 1, A->fl8, A->fl8_n, ut_i8b, k, C->fl8, C->fl8_n);
        UT_W(&e, latin1_to_utf8) = ut_want_size(T, k, k);
        UT_W(&e, latin1_to_utf16) = ut_want_size(T, T, T);
        ref_latin1_to_utf16(A->b, na, ut_x_fl16);
        ref_latin1_to_utf16(s, n, ut_x_fl16 + na);
        ref_latin1_to_utf16(C->b, post, ut_x_fl16 + na + n);
    }
    ut_cur_ctx.on = 1;
    ut_cur_ctx.inner = s;
    ut_cur_ctx.n = n;
    ut_cur_ctx.c = c;
    ut_run_bytes(ut_ctxbuf8, c.total, mask, &e);
    ut_cur_ctx.on = 0;
}

void ut_check_units_ctx(const uint16_t *s, size_t n, int mask, ut_ctx c)
{
    const ut_pad16 *A, *C;
    size_t post, na = c.pre, k, T;
    unilane_result rb;
    ut_exp e;

    ut_ctx_sizes(n, &c, &post);
    T = c.total;
    A = ut_pad16_get(0, c.pre_kind, c.pre);
    C = ut_pad16_get(1, c.post_kind, post);
    ut_ctx_build_units(ut_ctxbuf16, s, n, c);
    e.ncaps = 0;
    if (mask & UT_F_PREFIX) {
        UT_W(&e, utf16_ascii_prefix) =
            ut_prefix_ctx(A->ascii, na, ut_prefix16(s, n, 0x7F), n, C->ascii, T);
        UT_W(&e, utf16_latin1_prefix) =
            ut_prefix_ctx(A->latin1p, na, ut_prefix16(s, n, 0xFF), n, C->latin1p, T);
    }
    if (mask & UT_F_VALIDATE) {
        rb = ref_validate_utf16(s, n);
        UT_W(&e, validate_utf16) = ut_want_res(ut_compose(ut_ok(na, 0), na, rb, n, ut_ok(post, 0)));
    }
    if (mask & UT_F_STRICT) {
        rb = ref_utf16_to_utf8(s, n, ut_i8a);
        UT_W(&e, utf16_to_utf8) =
            ut_want_res(ut_compose(ut_ok(na, A->n8), na, rb, n, ut_ok(post, C->n8)));
        ut_compose_out(ut_x_st8, 1, A->u8, ut_ok(na, A->n8), ut_i8a, rb, C->u8, ut_ok(post, C->n8));
    }
    if (mask & UT_F_LOSSY) {
        k = ref_utf16_to_utf8_lossy(s, n, ut_i8b);
        k = ut_cat3(ut_x_lo8, 1, A->u8, A->n8, ut_i8b, k, C->u8, C->n8);
        UT_W(&e, utf16_to_utf8_lossy) = ut_want_size(T, k, k);
    }
    if (mask & UT_F_LATIN1) {
        rb = ref_utf16_to_latin1(s, n, ut_i8a);
        UT_W(&e, utf16_to_latin1) = ut_want_res(ut_compose(A->l1, na, rb, n, C->l1));
        ut_compose_out(ut_x_l18, 1, A->l1o, A->l1, ut_i8a, rb, C->l1o, C->l1);
    }
    if (mask & UT_F_WELLFORMED) {
        /* The paddings are well-formed: copied unchanged, nothing replaced. */
        UT_W(&e, utf16_make_well_formed) =
            ut_want_size(T, T, ref_utf16_make_well_formed(s, n, ut_i16a));
        ut_cat3(ut_x_wf16, 2, A->u, na, ut_i16a, n, C->u, post);
    }
    if (mask & UT_F_WTF8) {
        k = ref_utf16_to_wtf8(s, n, ut_i8b);
        k = ut_cat3(ut_x_w8, 1, A->u8, A->n8, ut_i8b, k, C->u8, C->n8);
        UT_W(&e, utf16_to_wtf8) = ut_want_size(T, k, k);
    }
    if (mask & UT_F_MUTF8) {
        k = ref_utf16_to_mutf8(s, n, ut_i8b);
        k = ut_cat3(ut_x_m8, 1, A->m8, A->m8n, ut_i8b, k, C->m8, C->m8n);
        UT_W(&e, utf16_to_mutf8) = ut_want_size(T, k, k);
    }
    if (mask & UT_F_INSPECT) {
        unilane_utf16_info ib = ref_utf16_inspect(s, n), i = ib;
        i.read = ib.status != UNILANE_OK ? na + ib.read : na + n + post;
        i.utf8_length = A->n8 + ib.utf8_length + C->n8;
        i.width = ut_wider3(A->w, ib.width, C->w);
        UT_W(&e, utf16_inspect) = ut_want_info16(i);
    }
    ut_cur_ctx.on = 1;
    ut_cur_ctx.inner = s;
    ut_cur_ctx.n = n;
    ut_cur_ctx.c = c;
    ut_run_units(ut_ctxbuf16, c.total, mask, &e);
    ut_cur_ctx.on = 0;
}
