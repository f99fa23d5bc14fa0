/*
 * stream.c -- the streaming UTF-8 decoder and encoder, with bounded output.
 *
 * Both run the bulk of each chunk through the active kernel set's one-shot
 * converters, on regions that (a) end on a character boundary and (b) are
 * small enough that their output cannot overflow what is left of `cap`.
 * What remains -- the last few units of a chunk, a character that may not
 * fit, a sequence cut off by the end of the chunk, an error -- goes through a
 * one-character-at-a-time path. The one-shot converters and that path agree
 * on every input (the converters are tested against the same scalar code),
 * so the output never depends on where the regions are cut.
 */
#include "impl.h"
#include "../generic/generic.h"
#include "../generic/utf8_rules.h"

/* Below this many input units or free output units the per-character path
   is used: a call is not worth its setup there. Which kernel a region goes to
   is decided as for the one-shot functions (UNILANE_PICK, impl.h). */
#define STREAM_MIN_REGION 16

/* Regions sized from the rate of the region before (below) are used while
   the output left is at most this many units: the halving series of
   regions they replace costs nothing worth it on larger buffers, and
   stream_scale's products stay far from overflowing. */
#define STREAM_GUESS_MAX ((size_t)1 << 20)

/* ... and, in the decoder, while at least this many units are free: below,
   counting and cutting the region cost more than the lossy region of
   `room` bytes and the few characters it leaves (French, English). */
#define STREAM_GUESS_MIN 128

/* The encoder converts straight into the caller's buffer, in regions of a
   third of the free output, while more than this many bytes are free; the
   last part of an output that fills goes through a buffer of
   STREAM_ENC_TMP bytes on the stack (a UTF-16 unit writes at most 3), and
   what fits is copied. Each region converted straight costs a kernel call
   (50-130 instructions more than the one-shot call, callgrind), each byte
   copied a twentieth to a twelfth of an instruction: 2 KiB was the best
   of 1, 2 and 4 KiB (with a 12 KiB buffer) on English, French, Russian,
   Chinese and Emoji text with a 4 KiB output. */
#define STREAM_ENC_DIRECT 2048
#define STREAM_ENC_TMP    6144

/* A region sized from a rate is made this much longer than the rate says,
   then cut back to what fits exactly: sized to the rate, it would leave a
   few units of output free, each filled by the one-character path. */
#define STREAM_MARGIN(room) ((room) / 256 + 4)

/* x * num / den, rounded down, without overflow for x, num < 2^32 (den > 0).
   Regions are sized with it from the rate of the region before. */
static size_t stream_scale(size_t x, size_t num, size_t den)
{
    return (size_t)((uint64_t)x * num / den);
}

static unilane_result stream_result(unilane_status status, size_t read, size_t written)
{
    unilane_result r;
    r.status = status;
    r.read = read;
    r.written = written;
    return r;
}

/* ------------------------------------------------------------------------ */
/* UTF-8 -> UTF-16                                                          */
/* ------------------------------------------------------------------------ */

void unilane_utf8_decoder_init(unilane_utf8_decoder *d, int mode)
{
    memset(d, 0, sizeof *d);
    d->mode_ = (unsigned char)mode;
}

static size_t stream_put_utf16(uint16_t *dst, uint32_t cp)
{
    if (cp < 0x10000) {
        dst[0] = (uint16_t)cp;
        return 1;
    }
    cp -= 0x10000;
    dst[0] = (uint16_t)(0xD800 + (cp >> 10));
    dst[1] = (uint16_t)(0xDC00 + (cp & 0x3FF));
    return 2;
}

unilane_result unilane_utf8_decode(unilane_utf8_decoder *d, const char *src_, size_t len,
                                   uint16_t *dst, size_t cap, int last)
{
    const unsigned char *src = (const unsigned char *)src_;
    const unilane_impl *impl = unilane_active_impl();
    const int lossy = d->mode_ == UNILANE_LOSSY;
    size_t i = 0, w = 0;
    uint32_t cp;
    unilane_status st;
    size_t maximal, rate_in = 0, rate_out = 0;
    int no_guess = 0;

    UNILANE_COUNT_CALL_();

    /* 1. Complete a sequence left over from the previous chunk. */
    if (d->npending_) {
        unsigned char tmp[4];
        size_t np = d->npending_;
        size_t take = len < 4 - np ? len : 4 - np;
        size_t n = np + take, k;

        memcpy(tmp, d->pending_, np);
        if (take)
            memcpy(tmp + np, src, take);
        k = unilane_scalar_utf8_decode_one(tmp, n, &cp, &st, &maximal);
        if (k) {
            /* k > np: the pending bytes were a proper prefix. */
            if (cap < (cp >= 0x10000 ? 2u : 1u))
                return stream_result(UNILANE_OUTPUT_FULL, 0, 0);
            w = stream_put_utf16(dst, cp);
            i = k - np;
            d->npending_ = 0;
        } else if (st == UNILANE_TOO_SHORT && maximal == n) {
            /* Still cut off: the whole chunk (fewer than 4 - np bytes) joins it. */
            if (!last) {
                if (take)
                    memcpy(d->pending_ + np, src, take);
                d->npending_ = (unsigned char)n;
                return stream_result(UNILANE_OK, len, 0);
            }
            if (!lossy)
                return stream_result(UNILANE_TOO_SHORT, 0, 0);
            if (cap < 1)
                return stream_result(UNILANE_OUTPUT_FULL, 0, 0);
            dst[0] = 0xFFFD;
            d->npending_ = 0;
            return stream_result(UNILANE_OK, len, 1);
        } else {
            /* Ill-formed; its maximal subpart holds all np pending bytes. */
            if (!lossy)
                return stream_result(st, 0, 0);
            if (cap < 1)
                return stream_result(UNILANE_OUTPUT_FULL, 0, 0);
            dst[0] = 0xFFFD;
            w = 1;
            i = maximal - np;
            d->npending_ = 0;
        }
    }

    /* 2. The rest of the chunk. */
    for (;;) {
        size_t n = len - i, room = cap - w, k;

        if (n >= STREAM_MIN_REGION && room >= STREAM_MIN_REGION) {
            size_t m;
            if (n > room && rate_out && !no_guess && room >= STREAM_GUESS_MIN &&
                room <= STREAM_GUESS_MAX) {
                /* The output may fill up in this chunk. Where the region
                   before wrote rate_out units from rate_in bytes, `room`
                   units take about g bytes at the same rate. The region's
                   unit count (exact for valid input) says whether it fits;
                   a strict conversion of a region whose count fits writes
                   that count, or stops at an error having written less. So
                   one call fills the output, where regions of `room` bytes
                   would take a halving series of calls. */
                size_t g = stream_scale(room, rate_in, rate_out) + STREAM_MARGIN(room), c;
                if (g > n)
                    g = n;
                c = UNILANE_PICK(impl, utf16_length_from_utf8, UTF8, g)((const char *)src + i, g);
                if (c > room + 32) {
                    g = stream_scale(g, room, c);
                    c = UNILANE_PICK(impl, utf16_length_from_utf8, UTF8, g)((const char *)src + i,
                                                                            g);
                }
                /* Drop characters from the end until the count fits: the
                   region then ends before a lead byte, where any sequence
                   before it has ended, and fills the output to the unit. */
                while (c > room) {
                    unsigned char b = src[i + --g];
                    if (!gen_utf8_is_cont(b))
                        c -= b >= 0xF0 ? 2 : 1;
                }
                g = gen_utf8_trim(src + i, 0, g);
                if (c <= room && g > room) {
                    unilane_result r = UNILANE_PICK(impl, utf8_to_utf16, UTF8,
                                                    g)((const char *)src + i, g, dst + w);
                    i += r.read;
                    w += r.written;
                    if (r.status != UNILANE_OK) {
                        if (!lossy)
                            return stream_result(r.status, i, w);
                        no_guess = 1; /* lossy regions from here on */
                    }
                    continue;
                }
            }
            /* A region of at most `room` bytes writes at most `room` units. */
            m = gen_utf8_trim(src + i, 0, n < room ? n : room);
            if (lossy) {
                k = UNILANE_PICK(impl, utf8_to_utf16_lossy, UTF8, m)((const char *)src + i, m,
                                                                     dst + w);
            } else {
                unilane_result r =
                    UNILANE_PICK(impl, utf8_to_utf16, UTF8, m)((const char *)src + i, m, dst + w);
                if (r.status != UNILANE_OK)
                    return stream_result(r.status, i + r.read, w + r.written);
                k = r.written;
            }
            w += k;
            i += m;
            rate_in = m;
            rate_out = k;
            continue;
        }
        if (n == 0)
            break;
        if (src[i] < 0x80) {
            /* ASCII, the common case of the last few units of an output
               that fills: copied here, without a call per character */
            size_t e = i + (n < room ? n : room);
            if (!room)
                return stream_result(UNILANE_OUTPUT_FULL, i, w);
            do
                dst[w++] = src[i++];
            while (i < e && src[i] < 0x80);
            continue;
        }

        k = unilane_scalar_utf8_decode_one(src + i, n, &cp, &st, &maximal);
        if (k) {
            if (room < (cp >= 0x10000 ? 2u : 1u))
                return stream_result(UNILANE_OUTPUT_FULL, i, w);
            w += stream_put_utf16(dst + w, cp);
            i += k;
            continue;
        }
        if (st == UNILANE_TOO_SHORT && maximal == n) {
            /* A proper prefix cut off by the end of the chunk (n <= 3). */
            if (!last) {
                memcpy(d->pending_, src + i, n);
                d->npending_ = (unsigned char)n;
                i = len;
                break;
            }
            if (!lossy)
                return stream_result(UNILANE_TOO_SHORT, i, w);
            maximal = n;
        } else if (!lossy) {
            return stream_result(st, i, w);
        }
        if (room < 1)
            return stream_result(UNILANE_OUTPUT_FULL, i, w);
        dst[w++] = 0xFFFD;
        i += maximal;
    }
    return stream_result(UNILANE_OK, i, w);
}

/* ------------------------------------------------------------------------ */
/* UTF-16 -> UTF-8                                                          */
/* ------------------------------------------------------------------------ */

void unilane_utf8_encoder_init(unilane_utf8_encoder *e, int mode)
{
    memset(e, 0, sizeof *e);
    e->mode_ = (unsigned char)mode;
}

static int stream_is_high(uint16_t u)
{
    return u >= 0xD800 && u <= 0xDBFF;
}

static int stream_is_low(uint16_t u)
{
    return u >= 0xDC00 && u <= 0xDFFF;
}

/* Writes one code point as UTF-8 (cp is never a surrogate). */
static size_t stream_put_utf8(unsigned char *dst, uint32_t cp)
{
    if (cp < 0x80) {
        dst[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        dst[0] = (unsigned char)(0xC0 | (cp >> 6));
        dst[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        dst[0] = (unsigned char)(0xE0 | (cp >> 12));
        dst[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        dst[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    dst[0] = (unsigned char)(0xF0 | (cp >> 18));
    dst[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    dst[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    dst[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

static size_t stream_utf8_size(uint32_t cp)
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

static uint32_t stream_pair(uint16_t hi, uint16_t lo)
{
    return 0x10000 + (((uint32_t)hi - 0xD800) << 10) + ((uint32_t)lo - 0xDC00);
}

/*
 * The encoder's regions (lossy or strict) over kernel set impl's one-shot
 * converters: src[0..len) into at most cap bytes, a final high surrogate
 * unpaired (the caller holds back one whose pair may follow). Returns OK
 * with read len, or OUTPUT_FULL, or (strict) the first error. The strict
 * encoder's path, and the lossy one of a set without a bounded kernel of
 * its own (utf16_to_utf8_lossy_bounded, ops.h).
 */
unilane_result unilane_stream_utf16_to_utf8_regions(const unilane_impl *impl, int lossy,
                                                    const uint16_t *src, size_t len, char *dst_,
                                                    size_t cap)
{
    unsigned char *dst = (unsigned char *)dst_;
    size_t i = 0, w = 0, rate_in = 0, rate_out = 0;

    for (;;) {
        size_t n = len - i, room = cap - w;
        uint16_t u;
        uint32_t cp;
        size_t k;

        if (n >= STREAM_MIN_REGION && room >= 3 * STREAM_MIN_REGION &&
            (n <= room / 3 || !rate_in || room > STREAM_ENC_DIRECT)) {
            /* A region of at most room / 3 units writes at most `room` bytes.
               It must not end on a high surrogate, whose pair may follow. */
            size_t m = n < room / 3 ? n : room / 3;
            if (stream_is_high(src[i + m - 1]))
                m--;
            if (lossy) {
                k = UNILANE_PICK(impl, utf16_to_utf8_lossy, UTF16, m)(src + i, m, (char *)dst + w);
            } else {
                unilane_result r =
                    UNILANE_PICK(impl, utf16_to_utf8, UTF16, m)(src + i, m, (char *)dst + w);
                if (r.status != UNILANE_OK)
                    return stream_result(r.status, i + r.read, w + r.written);
                k = r.written;
            }
            w += k;
            i += m;
            rate_in = m;
            rate_out = k;
            continue;
        }
        if (n >= STREAM_MIN_REGION && room >= STREAM_MIN_REGION && rate_out) {
            /* The output may fill up in this chunk, and at most
               STREAM_ENC_DIRECT bytes of it are free. Where the region
               before wrote rate_out bytes from rate_in units, `room` bytes
               take about g units at the same rate. They are converted into
               tmp; what fits is copied, cut at a character boundary, and
               the units of what the cut leaves out are taken off the units
               read. So one call fills the output, where regions of room / 3
               units would take a series of calls that shrinks by a third at
               a time; the copy is of the last STREAM_ENC_DIRECT bytes of
               the output at most. */
            unsigned char tmp[STREAM_ENC_TMP];
            size_t g = stream_scale(room, rate_in, rate_out) + STREAM_MARGIN(room), c;
            unilane_result r;
            if (g > n)
                g = n;
            if (g > sizeof tmp / 3)
                g = sizeof tmp / 3;
            if (g > 1 && stream_is_high(src[i + g - 1]))
                g--;
            if (lossy) {
                r = stream_result(
                    UNILANE_OK, g,
                    UNILANE_PICK(impl, utf16_to_utf8_lossy, UTF16, g)(src + i, g, (char *)tmp));
            } else {
                r = UNILANE_PICK(impl, utf16_to_utf8, UTF16, g)(src + i, g, (char *)tmp);
            }
            if (r.written <= room) {
                memcpy(dst + w, tmp, r.written);
                i += r.read;
                w += r.written;
                if (r.status != UNILANE_OK)
                    return stream_result(r.status, i, w);
                rate_in = g;
                rate_out = r.written;
                continue;
            }
            /* the longest prefix that fits and ends on a character */
            for (c = room; (tmp[c] & 0xC0) == 0x80; c--) {
            }
            memcpy(dst + w, tmp, c);
            w += c;
            i += r.read - UNILANE_PICK(impl, utf16_length_from_utf8, UTF8,
                                       r.written - c)((const char *)tmp + c, r.written - c);
            continue;
        }
        if (n == 0)
            break;

        u = src[i];
        k = 1;
        cp = u;
        if (stream_is_high(u) && n >= 2 && stream_is_low(src[i + 1])) {
            cp = stream_pair(u, src[i + 1]);
            k = 2;
        } else if (u >= 0xD800 && u <= 0xDFFF) {
            if (!lossy)
                return stream_result(UNILANE_SURROGATE, i, w);
            cp = 0xFFFD;
        }
        if (room < stream_utf8_size(cp))
            return stream_result(UNILANE_OUTPUT_FULL, i, w);
        w += stream_put_utf8(dst + w, cp);
        i += k;
    }
    return stream_result(UNILANE_OK, i, w);
}

unilane_result unilane_utf8_encode(unilane_utf8_encoder *e, const uint16_t *src, size_t len,
                                   char *dst_, size_t cap, int last)
{
    unsigned char *dst = (unsigned char *)dst_;
    const unilane_impl *impl = unilane_active_impl();
    const int lossy = e->mode_ == UNILANE_LOSSY;
    size_t i = 0, w = 0, m;
    int hold;
    unilane_result r;

    UNILANE_COUNT_CALL_();

    /* 1. A high surrogate left over from the previous chunk. */
    if (e->high_) {
        if (len > 0 && stream_is_low(src[0])) {
            if (cap < 4)
                return stream_result(UNILANE_OUTPUT_FULL, 0, 0);
            w = stream_put_utf8(dst, stream_pair(e->high_, src[0]));
            i = 1;
        } else if (len == 0 && !last) {
            return stream_result(UNILANE_OK, 0, 0);
        } else {
            /* Unpaired: followed by a non-low unit, or flushed by `last`. */
            if (!lossy)
                return stream_result(UNILANE_SURROGATE, 0, 0);
            if (cap < 3)
                return stream_result(UNILANE_OUTPUT_FULL, 0, 0);
            w = stream_put_utf8(dst, 0xFFFD);
        }
        e->high_ = 0;
    }

    /* 2. The rest of the chunk, less a final high surrogate whose pair may
       come with the next chunk. */
    m = len - i;
    hold = !last && m > 0 && stream_is_high(src[len - 1]);
    m -= (size_t)hold;
    if (m == 0) {
        /* nothing to convert (src may be NULL, dst NULL with cap 0: no
           pointer arithmetic on them) */
        r = stream_result(UNILANE_OK, 0, 0);
    } else {
        char *out = (char *)dst;
        if (w)
            out += w; /* w > 0: dst is a buffer */
        if (lossy)
            r = UNILANE_PICK(impl, utf16_to_utf8_lossy_bounded, UTF16, m)(src + i, m, out, cap - w);
        else
            r = unilane_stream_utf16_to_utf8_regions(impl, 0, src + i, m, out, cap - w);
    }
    if (r.status != UNILANE_OK)
        return stream_result(r.status, i + r.read, w + r.written);
    if (hold)
        e->high_ = src[len - 1];
    return stream_result(UNILANE_OK, len, w + r.written);
}

#undef STREAM_MIN_REGION
#undef STREAM_GUESS_MAX
#undef STREAM_GUESS_MIN
#undef STREAM_ENC_TMP
#undef STREAM_ENC_DIRECT
#undef STREAM_MARGIN
#undef STREAM_MAGIC
