/*
 * fuzz_stream.c -- the streaming decoder (UTF-8 -> UTF-16) and encoder
 * (UTF-16 -> UTF-8) against the one-shot functions, with chunk sizes and
 * output capacities derived from the input.
 *
 * Input layout: byte 0 chooses the regimes (bits 0-1 chunk sizes: 0..4,
 * 0..33, 0..300, whole input; bits 2-3 capacities: 0..5, 0..40, 0..300,
 * unbounded; bit 4 lossy), bytes 1..7 seed the generator, the rest is the
 * text: bytes for the decoder, native-order units for the encoder.
 *
 * Checked, for every kernel:
 *  - each call: read <= chunk, written <= cap, nothing written outside
 *    dst[0 .. written) (guarded, exact-capacity buffers), and on
 *    OUTPUT_FULL the next character of the one-shot output does not fit in
 *    what is left of cap;
 *  - lossy, and strict on valid input: the concatenated output equals the
 *    one-shot output, and an empty final call afterwards returns {OK, 0, 0};
 *  - strict on invalid input: same status and output as the one-shot call,
 *    and the error position (chunk start + read) is the one-shot read, or,
 *    when read is 0, at most 3 bytes (1 unit) after it;
 *  - the sequence of (status, read, written) of every call and the output
 *    are identical to scalar's.
 * The library is a test build with direct calls on (fz_init), so short
 * chunks reach the SIMD kernels' entries as well.
 */
#include <string.h>

#include "fuzz_common.h"

typedef struct stream_params {
    unsigned chunk_regime, cap_regime;
    int mode;
    uint64_t seed;
} stream_params;

typedef struct stream_outcome {
    int status;      /* OK or the strict error */
    size_t err_at;   /* chunk start + read of the error call */
    size_t err_read; /* read of the error call */
    size_t out;      /* units written in total */
    uint64_t hash;   /* of every call's (status, read, written) */
    size_t calls;
} stream_outcome;

static size_t stream_chunk(const stream_params *p, fz_rng *r, size_t left)
{
    static const uint32_t max[4] = { 4, 33, 300, 0 };
    size_t c;
    if (p->chunk_regime == 3)
        return left;
    c = fz_next(r) % (max[p->chunk_regime] + 1);
    return c < left ? c : left;
}

static size_t stream_cap(const stream_params *p, fz_rng *r, size_t unbounded)
{
    static const uint32_t max[4] = { 5, 40, 300, 0 };
    if (p->cap_regime == 3)
        return unbounded;
    return fz_next(r) % (max[p->cap_regime] + 1);
}

static uint64_t stream_mix(uint64_t h, size_t v)
{
    h ^= (uint64_t)v;
    return h * UINT64_C(0x100000001B3);
}

/* Size in units of the character that starts at ref[i] (UTF-16 output). */
static size_t stream_next16(const uint16_t *ref, size_t i)
{
    return ref[i] >= 0xD800 && ref[i] <= 0xDBFF ? 2 : 1;
}

/* Size in bytes of the character that starts at ref[i] (UTF-8 output). */
static size_t stream_next8(const unsigned char *ref, size_t i)
{
    return ref[i] < 0x80 ? 1 : ref[i] < 0xE0 ? 2 : ref[i] < 0xF0 ? 3 : 4;
}

#define STREAM_ACC (3 * FZ_MAX_IN)

/*
 * Feeds src[0..len) (units of `unit` bytes) to the decoder (unit 1) or the
 * encoder (unit 2). `ref`/`ref_len` is the one-shot output, used to check
 * OUTPUT_FULL. Output goes to acc.
 */
static void stream_run(int unit, const void *src_, size_t len, const stream_params *p,
                       const void *ref, size_t ref_len, void *acc_, stream_outcome *o)
{
    const unsigned char *src = (const unsigned char *)src_;
    unsigned char *acc = (unsigned char *)acc_;
    const char *what = unit == 1 ? "utf8_decode" : "utf8_encode";
    const size_t ounit = unit == 1 ? 2 : 1;   /* output unit size in bytes */
    const size_t maxchar = unit == 1 ? 2 : 4; /* largest character, in output units */
    unilane_utf8_decoder d;
    unilane_utf8_encoder e;
    fz_rng rc, rk;
    size_t pos = 0;
    int last = 0, stuck = 0;
    unilane_result r;

    rc.s = p->seed;
    rk.s = p->seed ^ UINT64_C(0x5DEECE66D);
    memset(o, 0, sizeof *o);
    o->hash = UINT64_C(0xCBF29CE484222325);
    if (unit == 1)
        unilane_utf8_decoder_init(&d, p->mode);
    else
        unilane_utf8_encoder_init(&e, p->mode);

    while (!last) {
        size_t clen = stream_chunk(p, &rc, len - pos), cpos = 0;
        last = pos + clen == len;
        for (;;) {
            size_t rem = clen - cpos, room = STREAM_ACC / ounit - o->out;
            size_t cap = stream_cap(p, &rk, rem * 3 + 4);
            const void *in = fz_input(src + (pos + cpos) * unit, rem * unit);
            void *dst;

            if (stuck && cap < maxchar)
                cap = maxchar;
            if (cap > room)
                cap = room;
            dst = fz_output(cap * ounit);
            if (unit == 1)
                r = unilane_utf8_decode(&d, (const char *)in, rem, (uint16_t *)dst, cap, last);
            else
                r = unilane_utf8_encode(&e, (const uint16_t *)in, rem, (char *)dst, cap, last);
            if (++o->calls > 8 * (len + 16))
                fz_fail(what, "no progress after %zu calls", o->calls);
            if (r.read > rem || r.written > cap)
                fz_fail(what, "read %zu of %zu, written %zu of cap %zu", r.read, rem, r.written,
                        cap);
            fz_check_canary(dst, cap * ounit, r.written * ounit, what);
            memcpy(acc + o->out * ounit, dst, r.written * ounit);
            o->hash =
                stream_mix(stream_mix(stream_mix(o->hash, (size_t)r.status), r.read), r.written);
            o->out += r.written;
            cpos += r.read;

            if (r.status == UNILANE_OUTPUT_FULL) {
                size_t need;
                if (o->out >= ref_len)
                    fz_fail(what,
                            "OUTPUT_FULL at output %zu, but the one-shot output has %zu units",
                            o->out, ref_len);
                need = unit == 1 ? stream_next16((const uint16_t *)ref, o->out)
                                 : stream_next8((const unsigned char *)ref, o->out);
                if (need <= cap - r.written)
                    fz_fail(what, "OUTPUT_FULL with %zu units free, next character needs %zu",
                            cap - r.written, need);
                stuck = r.read == 0 && r.written == 0;
                continue;
            }
            stuck = 0;
            if (r.status == UNILANE_OK) {
                if (cpos != clen)
                    fz_fail(what, "OK after reading %zu of a %zu-unit chunk", cpos, clen);
                break;
            }
            if (p->mode == UNILANE_LOSSY)
                fz_fail(what, "lossy mode returned status %d", (int)r.status);
            o->status = (int)r.status;
            o->err_read = r.read;
            o->err_at = pos + cpos; /* cpos already includes r.read */
            return;
        }
        pos += clen;
    }

    /* Back in the initial state: an empty final call has nothing to do. */
    {
        unsigned char *dst = (unsigned char *)fz_output(0);
        if (unit == 1)
            r = unilane_utf8_decode(&d, NULL, 0, (uint16_t *)dst, 0, 1);
        else
            r = unilane_utf8_encode(&e, NULL, 0, (char *)dst, 0, 1);
        if (r.status != UNILANE_OK || r.read != 0 || r.written != 0)
            fz_fail(what, "after the final call, an empty call returns {%d,%zu,%zu}", (int)r.status,
                    r.read, r.written);
    }
}

static void stream_check(int unit, const stream_params *p, size_t len, const stream_outcome *o,
                         unilane_result oneshot, const void *ref, const void *acc)
{
    const char *what = unit == 1 ? "utf8_decode" : "utf8_encode";
    const size_t ounit = unit == 1 ? 2 : 1;
    const size_t carry = unit == 1 ? 3 : 1;

    if (o->status != (int)oneshot.status)
        fz_fail(what, "mode %d: stream status %d, one-shot status %d", p->mode, o->status,
                (int)oneshot.status);
    if (o->out != oneshot.written || memcmp(acc, ref, o->out * ounit) != 0)
        fz_fail(what, "mode %d: stream output (%zu units) differs from the one-shot output (%zu)",
                p->mode, o->out, oneshot.written);
    if (o->status != UNILANE_OK) {
        if (o->err_read > 0 ? o->err_at != oneshot.read
                            : (o->err_at < oneshot.read || o->err_at - oneshot.read > carry))
            fz_fail(what, "error reported at %zu (read %zu), one-shot read %zu", o->err_at,
                    o->err_read, oneshot.read);
    }
    (void)len;
}

/* The one-shot conversion (strict or lossy) the stream must reproduce. */
static unilane_result stream_oneshot(int op, const void *src, size_t len, void *dst)
{
    op_res o = op_call(op, src, len, dst);
    unilane_result r;
    r.status = (unilane_status)o.status;
    r.read = o.read;
    r.written = o.written;
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint16_t ref16[FZ_MAX_IN], acc16[STREAM_ACC / 2];
    static char ref8[3 * FZ_MAX_IN / 2], acc8[STREAM_ACC];
    static uint16_t units[FZ_MAX_IN / 2];
    static stream_outcome scalar_dec, scalar_enc;
    static uint16_t scalar_out16[FZ_MAX_IN];
    static char scalar_out8[3 * FZ_MAX_IN / 2];
    stream_params p;
    const unsigned char *text;
    size_t len, nunits, i;
    int k;

    fz_init();
    if (size < 8)
        return 0;
    if (size > FZ_MAX_IN)
        size = FZ_MAX_IN;
    p.chunk_regime = data[0] & 3;
    p.cap_regime = (data[0] >> 2) & 3;
    p.mode = (data[0] >> 4) & 1 ? UNILANE_LOSSY : UNILANE_STRICT;
    p.seed = 0;
    for (i = 1; i < 8; i++)
        p.seed = p.seed << 8 | data[i];
    text = data + 8;
    len = size - 8;
    nunits = len / 2;
    memcpy(units, text, 2 * nunits);
    fz_len = len;

    for (k = 0; k < fz_nkernels; k++) {
        stream_outcome o;
        unilane_result one;

        fz_select(k);

        /* Decoder. */
        one = stream_oneshot(p.mode == UNILANE_LOSSY ? UNILANE_OP_utf8_to_utf16_lossy
                                                     : UNILANE_OP_utf8_to_utf16,
                             text, len, ref16);
        stream_run(1, text, len, &p, ref16, one.written, acc16, &o);
        stream_check(1, &p, len, &o, one, ref16, acc16);
        if (k == 0) {
            scalar_dec = o;
            memcpy(scalar_out16, acc16, 2 * o.out);
        } else if (o.hash != scalar_dec.hash || o.calls != scalar_dec.calls ||
                   o.out != scalar_dec.out || memcmp(acc16, scalar_out16, 2 * o.out) != 0) {
            fz_fail("utf8_decode",
                    "the calls' results differ from scalar's (%zu calls, scalar %zu)", o.calls,
                    scalar_dec.calls);
        }

        /* Encoder. */
        one = stream_oneshot(p.mode == UNILANE_LOSSY ? UNILANE_OP_utf16_to_utf8_lossy
                                                     : UNILANE_OP_utf16_to_utf8,
                             units, nunits, ref8);
        fz_len = nunits;
        stream_run(2, units, nunits, &p, ref8, one.written, acc8, &o);
        stream_check(2, &p, nunits, &o, one, ref8, acc8);
        if (k == 0) {
            scalar_enc = o;
            memcpy(scalar_out8, acc8, o.out);
        } else if (o.hash != scalar_enc.hash || o.calls != scalar_enc.calls ||
                   o.out != scalar_enc.out || memcmp(acc8, scalar_out8, o.out) != 0) {
            fz_fail("utf8_encode",
                    "the calls' results differ from scalar's (%zu calls, scalar %zu)", o.calls,
                    scalar_enc.calls);
        }
        fz_len = len;
    }
    return 0;
}
