/*
 * utf16_neon.c -- NEON kernels with UTF-16 input: the ASCII and Latin-1
 * prefixes, validation, make_well_formed, UTF-16 to UTF-8 (strict and
 * lossy), UTF-16 to Latin-1 and the UTF-8 length of UTF-16 text.
 *
 * Shape (after Lemire & Mula, "Transcoding Billions of Unicode Characters
 * per Second with SIMD Instructions", arXiv 2109.10433): vector code walks
 * whole blocks and proves them plain; a block that needs attention (an
 * unpaired surrogate, a mix of surrogates the vector paths do not handle)
 * goes to the scalar kernel (src/generic) from a boundary that is never
 * inside a surrogate pair, and the scalar code decides status and position.
 * (utf16_to_latin1 is the exception: its only error, TOO_LARGE at the
 * first unit > 0xFF, is found by the vector mask.) A block that ends on a
 * high surrogate is consumed one unit short, so that its pair is seen whole
 * by the next block.
 *
 * Short inputs take paths without loops (overlapping loads of the first and
 * last 4, 8 or 16 units), so that no length costs more instructions than
 * the scalar kernel; the big loops live in separate functions so that short
 * calls do not pay for their stack frames.
 *
 * Output: no function writes outside dst[0 .. written), also on error.
 * Where a block's output is built with whole 16-byte stores past its end,
 * the following input is certain to overwrite them (see neon_u16_to_utf8);
 * otherwise the block is built in a stack buffer and copied exactly.
 *
 * Surrogates: u is one iff (u & 0xF800) == 0xD800, that is iff
 * (u + 0x2800) mod 2^16 < 0x800; a high one iff (u & 0xFC00) == 0xD800, a
 * low one iff (u & 0xFC00) == 0xDC00.
 */
#include "neon.h"
#include "../generic/generic.h"

#if UNILANE_HAVE_NEON
UNILANE_SPEED_BEGIN

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* (u + 0x2800) mod 2^16: surrogates become 0x0000..0x07FF, nothing else does. */
static UNILANE_ALWAYS_INLINE uint16x8_t neon_u16_rot(uint16x8_t v)
{
    return vaddq_u16(v, vdupq_n_u16(0x2800));
}

/*
 * Unpaired surrogates among 16 units (v0: lanes 0..7, v1: 8..15), given that
 * the unit before lane 0 is not a high surrogate. A high surrogate in lane 15
 * is not judged (its low unit is in the next block: the caller consumes one
 * unit less). Lane j is wrong iff "lane j is low" differs from "lane j-1 is
 * high". Returns a nonzero lane mask iff something is wrong.
 */
static UNILANE_ALWAYS_INLINE uint16x8_t neon_u16_pair_errors(uint16x8_t prev_high, uint16x8_t v0,
                                                             uint16x8_t v1, uint16x8_t *high1)
{
    uint16x8_t fc = vdupq_n_u16(0xFC00);
    uint16x8_t a0 = vandq_u16(v0, fc), a1 = vandq_u16(v1, fc);
    uint16x8_t h0 = vceqq_u16(a0, vdupq_n_u16(0xD800)), h1 = vceqq_u16(a1, vdupq_n_u16(0xD800));
    uint16x8_t l0 = vceqq_u16(a0, vdupq_n_u16(0xDC00)), l1 = vceqq_u16(a1, vdupq_n_u16(0xDC00));
    /* vextq(a, b, 7) = a[7], b[0], ..., b[6]: lane j holds "lane j-1 is high". */
    uint16x8_t p0 = vextq_u16(prev_high, h0, 7), p1 = vextq_u16(h0, h1, 7);
    *high1 = h1;
    return vorrq_u16(veorq_u16(p0, l0), veorq_u16(p1, l1));
}

/* ------------------------------------------------------------------------ */
/* Prefixes                                                                 */
/* ------------------------------------------------------------------------ */

/* 64 bits, byte k 0xFF iff lane k of the 8-lane mask is set (SHRN by 4
   keeps one byte per 16-bit lane). */
static UNILANE_ALWAYS_INLINE uint64_t neon_u16_mask_bits(uint16x8_t mask)
{
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(mask, 4)), 0);
}

/* Index of the first unit > limit among the 16 units a (0..7), b (8..15),
   which must hold one. */
static UNILANE_ALWAYS_INLINE size_t neon_u16_first_above16(uint16x8_t a, uint16x8_t b,
                                                           uint16x8_t lim)
{
    uint64_t bits = neon_u16_mask_bits(vcgtq_u16(a, lim));
    if (bits)
        return (size_t)__builtin_ctzll(bits) >> 3;
    bits = neon_u16_mask_bits(vcgtq_u16(b, lim));
    return 8 + ((size_t)__builtin_ctzll(bits) >> 3);
}

/*
 * Units before the first one > limit (limit 0x7F or 0xFF): the first 8
 * units alone (an early stop is cheap), then 32 and 16 at a time, then the
 * last 16 (or 8) units, overlapping ones known to be <= limit.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_prefix(const uint16_t *src, size_t len, uint16_t limit)
{
    uint16x8_t lim, a, b;
    uint64_t bits;
    size_t i = 0;

    if (len < 8) {
        while (i < len && src[i] <= limit)
            i++;
        return i;
    }
    lim = vdupq_n_u16(limit);
    bits = neon_u16_mask_bits(vcgtq_u16(vld1q_u16(src), lim));
    if (bits)
        return (size_t)__builtin_ctzll(bits) >> 3;
    if (len <= 16) {
        bits = neon_u16_mask_bits(vcgtq_u16(vld1q_u16(src + len - 8), lim));
        if (bits)
            return len - 8 + ((size_t)__builtin_ctzll(bits) >> 3);
        return len;
    }
    i = 8;
    while (len - i >= 32) {
        uint16x8x4_t v = vld1q_u16_x4(src + i);
        if (vmaxvq_u16(vorrq_u16(vorrq_u16(v.val[0], v.val[1]), vorrq_u16(v.val[2], v.val[3]))) >
            limit)
            break;
        i += 32;
    }
    while (len - i > 16) {
        a = vld1q_u16(src + i);
        b = vld1q_u16(src + i + 8);
        if (vmaxvq_u16(vorrq_u16(a, b)) > limit)
            return i + neon_u16_first_above16(a, b, lim);
        i += 16;
    }
    /* 0 < len - i <= 16, len > 16: the last 16 units. */
    a = vld1q_u16(src + len - 16);
    b = vld1q_u16(src + len - 8);
    if (vmaxvq_u16(vorrq_u16(a, b)) > limit)
        return len - 16 + neon_u16_first_above16(a, b, lim);
    return len;
}

size_t unilane_neon_utf16_ascii_prefix(const uint16_t *src, size_t len)
{
    return neon_u16_prefix(src, len, 0x7F);
}

size_t unilane_neon_utf16_latin1_prefix(const uint16_t *src, size_t len)
{
    return neon_u16_prefix(src, len, 0xFF);
}

/* ------------------------------------------------------------------------ */
/* Validation and make_well_formed                                          */
/* ------------------------------------------------------------------------ */

/*
 * Both walk 32 units at a time. A block without surrogates is plain. A block
 * with surrogates is checked pair by pair in vectors; when that finds an
 * unpaired one, the scalar kernel takes over at the block start. A block
 * whose last unit is a high surrogate is consumed one unit short.
 * `fix` selects make_well_formed (store the units, scalar fixes a bad
 * block) over validation. Returns the index where the scalar kernel must
 * take over (everything before it is done), or len.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_wellformed_run(const uint16_t *src, size_t len,
                                                            uint16_t *dst, int fix,
                                                            size_t *replaced)
{
    /* dst is src for validation (fix == 0): never written. */
    const uint16_t *p = src;
    uint16_t *q = dst;
    const uint16x8_t zero = vdupq_n_u16(0), rot = vdupq_n_u16(0x2800);

    /* (the loops test at the bottom, so that GCC at -Os, which does not
       copy loop headers, gives the one branch a block of -O3) */
    if (len >= 32) {
        const uint16_t *last = src + len - 32;
        do {
            uint16x8x4_t v = vld1q_u16_x4(p);
            uint16x8_t m = vminq_u16(vminq_u16(vaddq_u16(v.val[0], rot), vaddq_u16(v.val[1], rot)),
                                     vminq_u16(vaddq_u16(v.val[2], rot), vaddq_u16(v.val[3], rot)));
            if (UNILANE_LIKELY(vminvq_u16(m) >= 0x800)) {
                if (fix)
                    vst1q_u16_x4(q, v);
                p += 32;
                q += 32;
            } else {
                uint16x8_t h1, h3, e;
                size_t n;
                e = neon_u16_pair_errors(zero, v.val[0], v.val[1], &h1);
                e = vorrq_u16(e, neon_u16_pair_errors(h1, v.val[2], v.val[3], &h3));
                /* Lane 15 of units 0..15 is judged by the second call; the
                   block's last unit, if high, is left for the next block. */
                n = 32 - (size_t)(vgetq_lane_u16(h3, 7) & 1);
                if (vmaxvq_u16(e)) {
                    if (!fix)
                        return (size_t)(p - src);
                    *replaced += unilane_scalar_utf16_make_well_formed(p, n, q);
                } else if (fix) {
                    /* When n == 31 this also stores the high surrogate the
                       next block starts with; that block stores it again. */
                    vst1q_u16_x4(q, v);
                }
                p += n;
                q += n;
            }
        } while (p <= last);
    }
    /* 0 <= src + len - p < 32 */
    while (src + len - p >= 8) {
        uint16x8_t a = vld1q_u16(p);
        if (vminvq_u16(vaddq_u16(a, rot)) < 0x800)
            return (size_t)(p - src);
        if (fix)
            vst1q_u16(q, a);
        p += 8;
        q += 8;
    }
    if (p < src + len && len >= 8) {
        /* 1..7 units left: the last 8 units. If none is a surrogate, the
           overlap holds no replaced unit, so storing it again is exact. */
        uint16x8_t a = vld1q_u16(src + len - 8);
        if (vminvq_u16(vaddq_u16(a, rot)) < 0x800)
            return (size_t)(p - src);
        if (fix)
            vst1q_u16(dst + len - 8, a);
        return len;
    }
    return (size_t)(p - src);
}

static UNILANE_NOINLINE unilane_result neon_u16_validate_big(const uint16_t *src, size_t len)
{
    size_t replaced = 0;
    size_t i = neon_u16_wellformed_run(src, len, (uint16_t *)(uintptr_t)src, 0, &replaced);
    if (i == len)
        return neon_result(UNILANE_OK, len, 0);
    return gen_finish(unilane_scalar_validate_utf16(src + i, len - i), i, 0);
}

static UNILANE_NOINLINE size_t neon_u16_mwf_big(const uint16_t *src, size_t len, uint16_t *dst)
{
    size_t replaced = 0;
    size_t i = neon_u16_wellformed_run(src, len, dst, 1, &replaced);
    if (i < len)
        replaced += unilane_scalar_utf16_make_well_formed(src + i, len - i, dst + i);
    return replaced;
}

/* 1 iff one of the 4..7 units at src is a surrogate (two overlapping
   4-unit halves). */
static UNILANE_ALWAYS_INLINE int neon_u16_any_surrogate_4to7(const uint16_t *src, size_t len)
{
    uint16x4_t rot = vdup_n_u16(0x2800);
    uint16x4_t m = vmin_u16(vadd_u16(vld1_u16(src), rot), vadd_u16(vld1_u16(src + len - 4), rot));
    return vminv_u16(m) < 0x800;
}

unilane_result unilane_neon_validate_utf16(const uint16_t *src, size_t len)
{
    size_t i;
    if (len == 0)
        return neon_result(UNILANE_OK, 0, 0);
    if (len < 4) {
        /* No surrogate: valid; else the scalar kernel decides. */
        for (i = 0; i < len; i++)
            if ((uint16_t)(src[i] + 0x2800) < 0x800)
                return unilane_scalar_validate_utf16(src, len);
    } else if (len < 8) {
        if (neon_u16_any_surrogate_4to7(src, len))
            return unilane_scalar_validate_utf16(src, len);
    } else if (len < 16) {
        /* 8..15 units: two overlapping vectors, no loop set-up */
        uint16x8_t m =
            vminq_u16(neon_u16_rot(vld1q_u16(src)), neon_u16_rot(vld1q_u16(src + len - 8)));
        if (vminvq_u16(m) < 0x800)
            return unilane_scalar_validate_utf16(src, len);
    } else {
        return neon_u16_validate_big(src, len);
    }
    return neon_result(UNILANE_OK, len, 0);
}

/* 1..7 units. */
static UNILANE_NOINLINE size_t neon_u16_mwf_short(const uint16_t *src, size_t len, uint16_t *dst)
{
    size_t i;
    /* Copy; at a surrogate the scalar kernel does it all (in place too:
       nothing was changed yet). */
    if (len >= 4) {
        uint16x4_t a, b;
        if (neon_u16_any_surrogate_4to7(src, len))
            return unilane_scalar_utf16_make_well_formed(src, len, dst);
        a = vld1_u16(src);
        b = vld1_u16(src + len - 4);
        vst1_u16(dst, a);
        vst1_u16(dst + len - 4, b);
        return 0;
    }
    for (i = 0; i < len; i++) {
        uint16_t u = src[i];
        if ((uint16_t)(u + 0x2800) < 0x800)
            return unilane_scalar_utf16_make_well_formed(src, len, dst);
        dst[i] = u;
    }
    return 0;
}

size_t unilane_neon_utf16_make_well_formed(const uint16_t *src, size_t len, uint16_t *dst)
{
    if (len == 0)
        return 0;
    if (len >= 8)
        return neon_u16_mwf_big(src, len, dst);
    return neon_u16_mwf_short(src, len, dst);
}

/* ------------------------------------------------------------------------ */
/* UTF-16 -> Latin-1                                                        */
/* ------------------------------------------------------------------------ */

/*
 * TOO_LARGE at the first unit > 0xFF, after writing the ones before it.
 * Vectors prove blocks of 32, 16 or 8 units <= 0xFF and narrow them, then
 * the last 16 or 8 units (overlapping done ones, stored again the same);
 * from the first block that fails, units go one by one (the unit > 0xFF is
 * within that block, so this is short).
 */
unilane_result unilane_neon_utf16_to_latin1(const uint16_t *src, size_t len, char *dst)
{
    uint8_t *d = (uint8_t *)dst;
    size_t i = 0;

    if (len < 8)
        goto units;
    if (len >= 16) {
        uint16x8_t a = vld1q_u16(src), b = vld1q_u16(src + 8);
        if (vmaxvq_u16(vorrq_u16(a, b)) > 0xFF)
            goto units;
        vst1q_u8(d, vuzp1q_u8(vreinterpretq_u8_u16(a), vreinterpretq_u8_u16(b)));
        i = 16;
        /* (tested at the bottom: see neon_u16_wellformed_run) */
        if (len - i >= 32) {
#  if UNILANE_NEON_A64
            do {
                uint16x8x4_t v = vld1q_u16_x4(src + i);
                if (vmaxvq_u16(vorrq_u16(vorrq_u16(v.val[0], v.val[1]),
                                         vorrq_u16(v.val[2], v.val[3]))) > 0xFF)
                    goto units;
                /* UZP1 on bytes keeps the even bytes: the low byte of each unit. */
                vst1q_u8(d + i,
                         vuzp1q_u8(vreinterpretq_u8_u16(v.val[0]), vreinterpretq_u8_u16(v.val[1])));
                vst1q_u8(d + i + 16,
                         vuzp1q_u8(vreinterpretq_u8_u16(v.val[2]), vreinterpretq_u8_u16(v.val[3])));
                i += 32;
            } while (len - i >= 32);
#  else
            /* ARMv7: VLD2 parts the low bytes (the output) from the high
               ones, which must be 0 (the emulated UZP1 costs two VMOVN
               and, with GCC, moves of D registers); each pointer step
               hidden, so that GCC post-increments as clang does. */
            const uint16_t *s = src + i;
            uint8_t *o = d + i;
            size_t steps = (len - i) / 32;
            do {
                uint8x16x2_t x, y;
                x = vld2q_u8((const uint8_t *)s);
                s += 16;
                NEON_OPAQUE_PTR(s);
                y = vld2q_u8((const uint8_t *)s);
                s += 16;
                NEON_OPAQUE_PTR(s);
                if (neon_any_above_u16(vreinterpretq_u16_u8(vorrq_u8(x.val[1], y.val[1])), 0)) {
                    i = (size_t)(s - src) - 32;
                    goto units;
                }
                vst1q_u8(o, x.val[0]);
                o += 16;
                NEON_OPAQUE_PTR(o);
                vst1q_u8(o, y.val[0]);
                o += 16;
                NEON_OPAQUE_PTR(o);
            } while (--steps);
            i = (size_t)(s - src);
#  endif
        }
        if (len - i >= 16) {
            a = vld1q_u16(src + i);
            b = vld1q_u16(src + i + 8);
            if (vmaxvq_u16(vorrq_u16(a, b)) > 0xFF)
                goto units;
            vst1q_u8(d + i, vuzp1q_u8(vreinterpretq_u8_u16(a), vreinterpretq_u8_u16(b)));
            i += 16;
        }
        if (i < len) {
            /* 1..15 units left, len >= 16: the last 16 units. */
            a = vld1q_u16(src + len - 16);
            b = vld1q_u16(src + len - 8);
            if (vmaxvq_u16(vorrq_u16(a, b)) > 0xFF)
                goto units;
            vst1q_u8(d + len - 16, vuzp1q_u8(vreinterpretq_u8_u16(a), vreinterpretq_u8_u16(b)));
            i = len;
        }
    } else {
        /* 8..15 units: the first 8 and the last 8. */
        uint16x8_t a = vld1q_u16(src);
        if (vmaxvq_u16(a) > 0xFF)
            goto units;
        vst1_u8(d, vmovn_u16(a));
        i = 8;
        if (len - i > 1) {
            /* 2..7 units left: the last 8 units. */
            a = vld1q_u16(src + len - 8);
            if (vmaxvq_u16(a) > 0xFF)
                goto units;
            vst1_u8(d + len - 8, vmovn_u16(a));
            i = len;
        }
    }
units:
    for (; i < len; i++) {
        if (src[i] > 0xFF)
            return neon_result(UNILANE_TOO_LARGE, i, i);
        d[i] = (uint8_t)src[i];
    }
    return neon_result(UNILANE_OK, len, len);
}

/* ------------------------------------------------------------------------ */
/* UTF-8 length                                                             */
/* ------------------------------------------------------------------------ */

/*
 * Each unit counts 1 + (u >= 0x80) + (u >= 0x800): 3 for any surrogate,
 * which is right for an unpaired one (U+FFFD); a pair is 4 bytes, so 2 are
 * taken off for each high surrogate followed by a low one. Pairs are
 * counted only in chunks that hold a surrogate: the high bytes h of the
 * units are folded into min(h ^ 0xD8), below 8 iff one is D8..DF.
 */
/* High surrogates at j in [from, to) followed by a low one (j + 1 < len);
   8 at a time while the 8 next units are inside the input. */
static size_t neon_u16_pairs(const uint16_t *src, size_t from, size_t to, size_t len)
{
    size_t j = from, pairs = 0;
    const uint16x8_t fc = vdupq_n_u16(0xFC00), d8 = vdupq_n_u16(0xD800), dc = vdupq_n_u16(0xDC00);
    uint16x8_t acc = vdupq_n_u16(0);
    while (to - j >= 8 && len - j >= 9) {
        uint16x8_t h = vceqq_u16(vandq_u16(vld1q_u16(src + j), fc), d8);
        uint16x8_t l = vceqq_u16(vandq_u16(vld1q_u16(src + j + 1), fc), dc);
        acc = vsubq_u16(acc, vandq_u16(h, l)); /* at most 1 per lane per step */
        j += 8;
        if ((j - from) % (8 * 0x8000) == 0) {
            pairs += vaddlvq_u16(acc);
            acc = vdupq_n_u16(0);
        }
    }
    pairs += vaddlvq_u16(acc);
    for (; j < to && j + 1 < len; j++)
        pairs += (size_t)((src[j] & 0xFC00) == 0xD800 && (src[j + 1] & 0xFC00) == 0xDC00);
    return pairs;
}

/*
 * neon_u16_pairs for utf16_inspect, which must also know whether the
 * stretch has an unpaired surrogate: in the same pass (no branch depends
 * on the data) every unit j must be a high iff unit j + 1 is a low (then
 * the highs are the pairs: they are counted, and the lane-wise XOR of the
 * two masks is folded into `bad`), a high at to - 1 too (its low is the
 * unit after the stretch; a final high of the input has none), and a low
 * at `from` must follow a high. Else the pairs are counted again by
 * neon_u16_pairs and *bad is 1 (also for a stretch without an error of its
 * own but a lone low just after it, which the next stretch finds: the
 * caller then only looks closer).
 */
static size_t neon_u16_pairs_check(const uint16_t *src, size_t from, size_t to, size_t len,
                                   int *bad)
{
    size_t j = from, highs = 0;
    unsigned odd = 0;
    const uint16x8_t fc = vdupq_n_u16(0xFC00), d8 = vdupq_n_u16(0xD800), dc = vdupq_n_u16(0xDC00);
    uint16x8_t acc = vdupq_n_u16(0), x = vdupq_n_u16(0);
    while (to - j >= 8 && len - j >= 9) {
        uint16x8_t h = vceqq_u16(vandq_u16(vld1q_u16(src + j), fc), d8);
        uint16x8_t l = vceqq_u16(vandq_u16(vld1q_u16(src + j + 1), fc), dc);
        acc = vsubq_u16(acc, h);
        x = vorrq_u16(x, veorq_u16(h, l));
        j += 8;
        if ((j - from) % (8 * 0x8000) == 0) {
            highs += vaddlvq_u16(acc);
            acc = vdupq_n_u16(0);
        }
    }
    highs += vaddlvq_u16(acc);
    for (; j < to && j + 1 < len; j++) {
        unsigned h = (src[j] & 0xFC00) == 0xD800, l = (src[j + 1] & 0xFC00) == 0xDC00;
        highs += h;
        odd |= h ^ l;
    }
    /* j == to, or j == len - 1 < to: the input's last unit, a high without
       a low if it is one */
    odd |= (unsigned)(j < to && (src[j] & 0xFC00) == 0xD800);
    odd |= (unsigned)((src[from] & 0xFC00) == 0xDC00 &&
                      (from == 0 || (src[from - 1] & 0xFC00) != 0xD800));
    *bad = odd || vmaxvq_u16(x) != 0;
    return *bad ? neon_u16_pairs(src, from, to, len) : highs;
}

/*
 * What utf16_inspect keeps besides the count (neon_u16_utf8_len): where the
 * first unpaired surrogate is, the largest high byte of the units, and the
 * pairs.
 */
typedef struct neon_u16_insp {
    size_t err;   /* len, or the index of the first unpaired surrogate */
    unsigned top; /* the largest high byte of the units              */
    size_t pairs; /* surrogate pairs                                  */
} neon_u16_insp;

/* With a surrogate in src[from .. to) (a stretch the length loop just
   counted): the first unpaired surrogate there, found by the validation
   kernel on that stretch widened to whole pairs (a high before `from`
   joins it; the unit after a high at to - 1 too), if none was found
   before. Its blocks without surrogates cost little. */
static UNILANE_NOINLINE void neon_u16_insp_check(const uint16_t *src, size_t from, size_t to,
                                                 size_t len, neon_u16_insp *q)
{
    unilane_result v;
    if (q->err != len)
        return;
    if (from > 0 && (src[from - 1] & 0xFC00) == 0xD800)
        from--;
    if (to < len && (src[to - 1] & 0xFC00) == 0xD800)
        to++;
    v = unilane_neon_validate_utf16(src + from, to - from);
    if (v.status != UNILANE_OK)
        q->err = from + v.read;
}

/* The pairs of src[from .. to), a stretch with a surrogate, into q; the
   first unpaired surrogate there too. Returns the pairs. */
static UNILANE_ALWAYS_INLINE size_t neon_u16_insp_pairs(const uint16_t *src, size_t from, size_t to,
                                                        size_t len, neon_u16_insp *q)
{
    int bad = 0;
    size_t p = neon_u16_pairs_check(src, from, to, len, &bad);
    q->pairs += p;
    if (bad)
        neon_u16_insp_check(src, from, to, len, q);
    return p;
}

/*
 * utf16_inspect's rounds of 32 units take each unit u as one byte, the
 * signed shift u >> 7 saturated to a signed byte (two narrowing shifts per
 * 16 units, in order). Each class the inspection needs is then a byte test:
 *   00         u < 0x80 (ASCII)        01       0x80 <= u < 0x100
 *   0x (& F0)  u < 0x800               Bx       a surrogate (D800..DFFF)
 *   >= 02      u >= 0x100
 * (0x800..0x3F7F give 10..7F, 0x8000..0xD7FF 80..AF, 0xE000..0xFFFF C0..FF:
 * the signed shift keeps the surrogates off the saturated ends).
 */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u16_insp_bytes(uint16x8_t a, uint16x8_t b)
{
    return vreinterpretq_u8_s8(vcombine_s8(vqshrn_n_s16(vreinterpretq_s16_u16(a), 7),
                                           vqshrn_n_s16(vreinterpretq_s16_u16(b), 7)));
}

/* By class byte 0..15: 2 - the bytes a unit adds beyond one (ASCII 2,
   0x80..0x7FF 1); the look-up gives 0 for the bytes >= 16 (the units of
   3 bytes and the surrogates, 3 each as in the count). */
static const uint8_t neon_u16_insp_less[16] = { 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };

/*
 * utf16_inspect's part of neon_u16_utf8_len while 32 units are left: the
 * count, one table look-up per 16 units (summed in bytes, at most 4 per
 * round: 63 rounds, then into *count); the surrogates, whose class bytes
 * XOR B0 are the only ones below 16 (folded into their minimum); the
 * largest class byte into *hmax as the high-byte maximum would say it
 * (0: every unit < 0x100). Stretches with a surrogate are checked by
 * neon_u16_insp_pairs. Returns where it stopped.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_insp_rounds(const uint16_t *src, size_t len,
                                                         size_t *count, uint8x16_t *hmax,
                                                         neon_u16_insp *q)
{
    size_t i = 0;
    const uint8x16_t less = vld1q_u8(neon_u16_insp_less), b0 = vdupq_n_u8(0xB0);
    uint8x16_t cmax = vdupq_n_u8(0);
    while (len - i >= 32) {
        size_t rounds = (len - i) / 32, start = i;
        uint8x16_t acc = vdupq_n_u8(0), smin = vdupq_n_u8(0xFF);
        if (rounds > 63)
            rounds = 63;
        while (rounds--) {
            uint16x8x4_t v = vld1q_u16_x4(src + i);
            uint8x16_t c0 = neon_u16_insp_bytes(v.val[0], v.val[1]);
            uint8x16_t c1 = neon_u16_insp_bytes(v.val[2], v.val[3]);
            acc = vaddq_u8(acc, vaddq_u8(vqtbl1q_u8(less, c0), vqtbl1q_u8(less, c1)));
            smin = vminq_u8(smin, vminq_u8(veorq_u8(c0, b0), veorq_u8(c1, b0)));
            cmax = vmaxq_u8(cmax, vmaxq_u8(c0, c1));
            i += 32;
        }
        *count += 2 * (i - start) - vaddlvq_u8(acc);
        if (vminvq_u8(smin) < 0x10)
            *count -= 2 * neon_u16_insp_pairs(src, start, i, len, q);
    }
    /* class bytes 00 and 01 (units < 0x100) give 0 */
    *hmax = vshrq_n_u8(cmax, 1);
    return i;
}

/*
 * neon_u16_pairs of rounds of 32 units (to - from a multiple of 32) for
 * utf8_length_from_utf16, over the high bytes of the units and of the
 * units after them (loaded): a pair where both, & FC, are D8 and DC. The
 * pairs are summed in bytes (at most 2 a round: 63 rounds, as the length
 * loop's).
 */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u16_len_pairs16(uint8x16_t acc, uint16x8_t a,
                                                             uint16x8_t b, uint16x8_t na,
                                                             uint16x8_t nb)
{
    const uint8x16_t fc = vdupq_n_u8(0xFC);
    uint8x16_t h = vuzp2q_u8(vreinterpretq_u8_u16(a), vreinterpretq_u8_u16(b));
    uint8x16_t n = vuzp2q_u8(vreinterpretq_u8_u16(na), vreinterpretq_u8_u16(nb));
    uint8x16_t high = vceqq_u8(vandq_u8(h, fc), vdupq_n_u8(0xD8));
    uint8x16_t low = vceqq_u8(vandq_u8(n, fc), vdupq_n_u8(0xDC));
    return vsubq_u8(acc, vandq_u8(high, low));
}

static UNILANE_NOINLINE size_t neon_u16_len_pairs(const uint16_t *src, size_t from, size_t to,
                                                  size_t len)
{
    uint8x16_t acc = vdupq_n_u8(0);
    size_t j = from, last = 0;
    if (to == len) {
        /* the input's last round, whose unit after is none */
        last = neon_u16_pairs(src, to - 32, to, len);
        to -= 32;
    }
    for (; j != to; j += 32) {
        uint16x8x4_t v = vld1q_u16_x4(src + j), n = vld1q_u16_x4(src + j + 1);
        acc = neon_u16_len_pairs16(acc, v.val[0], v.val[1], n.val[0], n.val[1]);
        acc = neon_u16_len_pairs16(acc, v.val[2], v.val[3], n.val[2], n.val[3]);
    }
    return vaddlvq_u8(acc) + last;
}

/*
 * len >= 8: the UTF-8 length of utf8_length_from_utf16, and with mutf8 (0
 * or 1, a constant) the length of Java's modified UTF-8: a unit counts
 * 1 + (u - 1 >= 0x7F, mod 2^16) + (u >= 0x800), U+0000 two bytes, and no
 * pairs (every surrogate is 3 bytes). The mode only changes values (m1 =
 * mutf8 is subtracted from every unit before the first compare, and the
 * pair tests are made to fail), not the branches. With `insp` (a
 * constant after inlining; without it the additions are dead code) it
 * also fills *q: the largest high byte of the units (of the last < 32
 * units; neon_u16_insp_rounds, which takes the rounds of 32 then, says it
 * for the others), the pairs it counts, and, in stretches that hold a
 * surrogate, the first unpaired one.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_utf8_len(const uint16_t *src, size_t len, int insp,
                                                      neon_u16_insp *q, unsigned mutf8)
{
    size_t i = 0, count = len;
    const uint16x8_t c7f = vdupq_n_u16((uint16_t)(0x7F - mutf8)), c7ff = vdupq_n_u16(0x7FF);
    const uint16x8_t m1 = vdupq_n_u16((uint16_t)mutf8);
    /* all ones for mutf8: no lane looks like a surrogate */
    const uint16x8_t nosur = vdupq_n_u16((uint16_t)(0u - mutf8));
    uint8x16_t hmax = vdupq_n_u8(0);

    if (insp)
        i = neon_u16_insp_rounds(src, len, &count, &hmax, q);
    while (!insp && len - i >= 32) {
        /* As neon_u16_insp_rounds: per 16 units a table look-up of their
           class bytes (at most 4 a byte per round: 63 rounds), the
           surrogates (B0..BF, the only bytes below 16 after ^ B0) folded
           into their minimum; mutf8: one more per zero unit (its class
           byte is 00: 1 byte counted, less 2), from the units narrowed
           with saturation, min 1 (the units other than zero), and no
           pairs. No compare mask is summed: clang makes sum - mask an
           add of mask & 1, one more instruction a vector. */
        size_t rounds = (len - i) / 32, start = i;
        const uint8x16_t less = vld1q_u8(neon_u16_insp_less), b0 = vdupq_n_u8(0xB0);
        uint8x16_t acc = vdupq_n_u8(0), smin = vdupq_n_u8(0xFF), nonzero = vdupq_n_u8(0);
        if (rounds > 63)
            rounds = 63;
        while (rounds--) {
            uint16x8x4_t v = vld1q_u16_x4(src + i);
            uint8x16_t c0 = neon_u16_insp_bytes(v.val[0], v.val[1]);
            uint8x16_t c1 = neon_u16_insp_bytes(v.val[2], v.val[3]);
            acc = vaddq_u8(acc, vaddq_u8(vqtbl1q_u8(less, c0), vqtbl1q_u8(less, c1)));
            if (mutf8) {
                uint8x16_t z0 = vcombine_u8(vqmovn_u16(v.val[0]), vqmovn_u16(v.val[1]));
                uint8x16_t z1 = vcombine_u8(vqmovn_u16(v.val[2]), vqmovn_u16(v.val[3]));
                nonzero = vaddq_u8(
                    nonzero, vaddq_u8(vminq_u8(z0, vdupq_n_u8(1)), vminq_u8(z1, vdupq_n_u8(1))));
            } else {
                smin = vminq_u8(smin, vminq_u8(veorq_u8(c0, b0), veorq_u8(c1, b0)));
            }
            i += 32;
        }
        count += 2 * (i - start) - vaddlvq_u8(acc);
        if (mutf8)
            count += i - start - vaddlvq_u8(nonzero);
        else if (vminvq_u8(smin) < 0x10)
            count -= 2 * neon_u16_len_pairs(src, start, i, len);
    }
    {
        /* 0 <= len - i < 32: each unit counts (u >= 0x80) + (u >= 0x800),
           3 in all for any surrogate; pairs are taken off twice. */
        uint16x8_t acc = vdupq_n_u16(0), sur = vdupq_n_u16(0xFFFF), umax = vdupq_n_u16(0);
        size_t start = i;
        while (len - i >= 8) {
            uint16x8_t a = vld1q_u16(src + i);
            acc = vsubq_u16(acc, vcgtq_u16(vsubq_u16(a, m1), c7f));
            acc = vsubq_u16(acc, vcgtq_u16(a, c7ff));
            sur = vminq_u16(sur, vorrq_u16(neon_u16_rot(a), nosur));
            if (insp)
                umax = vmaxq_u16(umax, a);
            i += 8;
        }
        if (i < len) {
            /* 0 < len - i < 8, len >= 8: the last 8 units, with the lanes
               already counted replaced by zero units. */
            static const uint16_t keep[16] = { 0,      0,      0,      0,      0,      0,
                                               0,      0,      0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF,
                                               0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF };
            uint16x8_t kp = vld1q_u16(keep + (len - i));
            uint16x8_t a = vandq_u16(vld1q_u16(src + len - 8), kp);
            /* mutf8: the lanes replaced are units 1 (one byte each) */
            a = vorrq_u16(a, vbicq_u16(m1, kp));
            acc = vsubq_u16(acc, vcgtq_u16(vsubq_u16(a, m1), c7f));
            acc = vsubq_u16(acc, vcgtq_u16(a, c7ff));
            sur = vminq_u16(sur, vorrq_u16(neon_u16_rot(a), nosur));
            if (insp)
                umax = vmaxq_u16(umax, a);
        }
        count += vaddlvq_u16(acc);
        if (vminvq_u16(sur) < 0x800)
            count -= 2 * (insp ? neon_u16_insp_pairs(src, start, len, len, q)
                               : neon_u16_pairs(src, start, len, len));
        if (insp) {
            unsigned h = vmaxvq_u8(hmax), t = vmaxvq_u16(umax) >> 8;
            q->top = h > t ? h : t;
        }
    }
    return count;
}

/* utf8_length_from_utf16 (mutf8 == 0) or mutf8_length_from_utf16 of any
   input: under 8 units unit by unit, else neon_u16_utf8_len. */
static UNILANE_ALWAYS_INLINE size_t neon_u16_utf8_length(const uint16_t *src, size_t len,
                                                         unsigned mutf8)
{
    size_t i = 0, count = len;

    if (len == 0)
        return 0;
    if (len < 8) {
        /* Unit by unit; a low surrogate after a high one ends a pair. */
        for (; i < len; i++) {
            uint32_t u = src[i];
            count += (size_t)((uint32_t)(u - mutf8) >= 0x80 - mutf8) + (size_t)(u >= 0x800);
            if ((u & 0xFC00) == 0xDC00 + 0x10000 * mutf8 && i > 0 &&
                (src[i - 1] & 0xFC00) == 0xD800)
                count -= 2;
        }
        return count;
    }
    return neon_u16_utf8_len(src, len, 0, NULL, mutf8);
}

size_t unilane_neon_utf8_length_from_utf16(const uint16_t *src, size_t len)
{
    return neon_u16_utf8_length(src, len, 0);
}

/*
 * One pass: the UTF-8 length of utf8_length_from_utf16, and from the same
 * loads the width (gen_width of the largest high byte's value, of 0x80 if
 * some unit is >= 0x80, which is iff the UTF-8 is longer than len, and of
 * 0x10000 if there is a pair) and the first unpaired surrogate (searched
 * only in stretches that hold a surrogate). Under 8 units: scalar.
 */
unilane_utf16_info unilane_neon_utf16_inspect(const uint16_t *src, size_t len)
{
    unilane_utf16_info r;
    neon_u16_insp q;
    if (len < 8)
        return unilane_scalar_utf16_inspect(src, len);
    q.err = len;
    q.top = 0;
    q.pairs = 0;
    r.utf8_length = neon_u16_utf8_len(src, len, 1, &q, 0);
    r.width = gen_width(((uint32_t)q.top << 8) | (r.utf8_length > len ? 0x80u : 0) |
                        (q.pairs ? 0x10000u : 0));
    r.status = q.err == len ? UNILANE_OK : UNILANE_SURROGATE;
    r.read = q.err;
    return r;
}

/* ------------------------------------------------------------------------ */
/* UTF-16 -> UTF-8                                                          */
/* ------------------------------------------------------------------------ */

/*
 * Constants of the UTF-16 -> UTF-8 loop, loaded once from memory before the
 * loop so that they stay in registers (compilers rematerialize immediates
 * inside the loop otherwise).
 */
static const uint8_t neon_u16_k[9][16] = {
    /* bit weights: movemask of 8 byte lanes per half */
    { 1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128 },
    /* gather bytes 0, 4, 8, 12 */
    { 0, 4, 8, 12, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF },
    { 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0,
      0xC0 },
    { 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 },
    { 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0, 0xE0,
      0xE0 },
    { 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8, 0xF8,
      0xF8 },
    { 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8, 0xD8,
      0xD8 },
    { 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7 },
    { 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3 },
};

typedef struct neon_u16_consts {
    uint8x16_t bitw, gather, c0, two, e0, f8, d8, seven, three;
    const uint8_t (*shuf2)[16], *len2, (*shuf3)[16], *len3;
} neon_u16_consts;

/*
 * Modified UTF-8 (the encoders' mutf8 mode): U+0000 is two bytes, C0 80.
 * x is the byte-count code of block2/block3 (0 or 1: one byte; 2: two or
 * more); where the unit is zero (or_lh, the OR of its low and high bytes,
 * is 0) it becomes 2, which gives exactly C0 80 (lead C0 | 0, tail
 * 80 | 0).
 */
static UNILANE_ALWAYS_INLINE uint8x16_t neon_u16_mutf8_zero(uint8x16_t x, uint8x16_t or_lh,
                                                            const neon_u16_consts *k)
{
    return vmaxq_u8(x, vandq_u8(vceqzq_u8(or_lh), k->two));
}

/*
 * 16 units all < 0x800, some >= 0x80: 1 or 2 bytes each. lead = C0|(u>>6),
 * tail = the ASCII byte or 80|(u&3F); interleaved per unit, one table
 * shuffle per 8 units keeps the lead bytes of 2-byte units. Returns the
 * length T (16..32); writes two 16-byte registers, so up to 8 bytes past
 * out + T.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_block2(uint16x8_t v0, uint16x8_t v1, uint8_t *out,
                                                    const neon_u16_consts *k, int mutf8)
{
    /* u >> 6 < 0x20 fits a byte: UZP1 keeps the low bytes. */
    uint8x16_t t = vuzp1q_u8(vreinterpretq_u8_u16(vshrq_n_u16(v0, 6)),
                             vreinterpretq_u8_u16(vshrq_n_u16(v1, 6)));
    uint8x16_t lo = vuzp1q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1));
    uint8x16_t x = vminq_u8(t, k->two); /* 0 or 1: ASCII (bit 6 of u); 2: two bytes */
    uint8x16_t lead = vorrq_u8(t, k->c0);
    uint8x16_t tail;
    if (mutf8)
        x = neon_u16_mutf8_zero(x, vorrq_u8(t, lo), k);
    /* SLI puts x into bits 6..7: for ASCII that is bit 6 of lo again (no
       change), for the others 10 (a continuation byte). */
    tail = vsliq_n_u8(lo, x, 6);
    /* the pattern keeps the lead bytes of 2-byte units (x == 2) */
    return neon_zip_pack_store(vandq_u8(vceqq_u8(x, k->two), k->bitw), lead, tail, out,
                               &k->shuf2[0][0], k->len2);
}

/*
 * 16 units without surrogates, some >= 0x800: 1, 2 or 3 bytes each, from
 * the low (lo) and high (hi) byte planes. Three candidate bytes per unit:
 *   A = E0|(u>>12)                  first byte of 3
 *   B = C0|(u>>6) or 80|((u>>6)&3F) first of 2, or second of 3
 *   C = the ASCII byte or 80|(u&3F) last byte
 * interleaved as A B C C per unit (4 units per register), and one table
 * shuffle per 4 units (2 bits each: 0, 1 or 2 extra bytes) keeps the right
 * ones. Returns T (16..48); writes up to 12 bytes past out + T.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_block3(uint8x16_t lo, uint8x16_t hi, uint8_t *out,
                                                    const neon_u16_consts *k, int mutf8)
{
    uint8x16_t is3 = vcgtq_u8(hi, k->seven);              /* u >= 0x800 */
    uint8x16_t bp = vsliq_n_u8(vshrq_n_u8(lo, 6), hi, 2); /* (u >> 6) mod 256 */
    /* x: 0 or 1 for ASCII (bit 6 of u), 2 for the others. */
    uint8x16_t x =
        mutf8 ? neon_u16_mutf8_zero(vminq_u8(vorrq_u8(bp, is3), k->two), vorrq_u8(lo, hi), k)
              : vminq_u8(vorrq_u8(bp, is3), k->two);
    uint8x16_t code = vsubq_u8(vshrq_n_u8(x, 1), is3); /* 0, 1, 2 */
    uint8x16_t a = vorrq_u8(vshrq_n_u8(hi, 4), k->e0);
    /* SLI puts 3 (2-byte lead 11) or 2 (continuation 10) into bits 6..7:
       is3 + 3 is 2 for 3-byte units, 3 for the others. */
    uint8x16_t b = vsliq_n_u8(bp, vaddq_u8(is3, k->three), 6);
    uint8x16_t c = vsliq_n_u8(lo, x, 6);
    uint8x16_t ab0 = vzip1q_u8(a, b), ab1 = vzip2q_u8(a, b);
    uint8x16_t cc0 = vzip1q_u8(c, c), cc1 = vzip2q_u8(c, c);
    uint16x8_t c16;
    uint32x4_t c32;
    uint64_t idx, i0, i1, i2, i3;
    size_t off;
    /* Four 2-bit codes per byte: lanes 4g..4g+3 into byte g of idx. */
    c16 = vsraq_n_u16(vreinterpretq_u16_u8(code), vreinterpretq_u16_u8(code), 6);
    c32 = vsraq_n_u32(vreinterpretq_u32_u16(c16), vreinterpretq_u32_u16(c16), 12);
    idx = vgetq_lane_u32(vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(c32), k->gather)), 0);
    i0 = idx & 0xFF;
    i1 = (idx >> 8) & 0xFF;
    i2 = (idx >> 16) & 0xFF;
    i3 = idx >> 24;
    vst1q_u8(out, vqtbl1q_u8(vreinterpretq_u8_u16(
                                 vzip1q_u16(vreinterpretq_u16_u8(ab0), vreinterpretq_u16_u8(cc0))),
                             vld1q_u8(k->shuf3[i0])));
    off = k->len3[i0];
    vst1q_u8(out + off, vqtbl1q_u8(vreinterpretq_u8_u16(vzip2q_u16(vreinterpretq_u16_u8(ab0),
                                                                   vreinterpretq_u16_u8(cc0))),
                                   vld1q_u8(k->shuf3[i1])));
    off += k->len3[i1];
    vst1q_u8(out + off, vqtbl1q_u8(vreinterpretq_u8_u16(vzip1q_u16(vreinterpretq_u16_u8(ab1),
                                                                   vreinterpretq_u16_u8(cc1))),
                                   vld1q_u8(k->shuf3[i2])));
    off += k->len3[i2];
    vst1q_u8(out + off, vqtbl1q_u8(vreinterpretq_u8_u16(vzip2q_u16(vreinterpretq_u16_u8(ab1),
                                                                   vreinterpretq_u16_u8(cc1))),
                                   vld1q_u8(k->shuf3[i3])));
    return off + k->len3[i3];
}

/*
 * A run of blocks of 16 units that are all 3-byte units (0x0800..0xFFFF;
 * without mutf8 no surrogate among them), from p, whose first block v0, v1
 * is one: A = E0|(u>>12), B = 80|((u>>6)&3F), C = 80|(u&3F) stored
 * interleaved by ST3, exactly 48 bytes a block (no shuffle, no table, no
 * write past the output). Used for modified UTF-8, where every surrogate
 * is its own 3-byte unit (emoji text). Returns the units consumed (a
 * multiple of 16, at least 16).
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_run3(const uint16_t *p, const uint16_t *end,
                                                  uint16x8_t v0, uint16x8_t v1, uint8_t *d,
                                                  const neon_u16_consts *k, int mutf8)
{
    size_t n = 0;
    for (;;) {
        uint8x16_t lo = vuzp1q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1));
        uint8x16_t hi = vuzp2q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1));
        uint8x16x3_t o;
        if (!mutf8 && vmaxvq_u8(vceqq_u8(vandq_u8(hi, k->f8), k->d8)))
            break;
        o.val[0] = vorrq_u8(vshrq_n_u8(hi, 4), k->e0);
        /* SLI puts 2 (10, a continuation) into bits 6..7 */
        o.val[1] = vsliq_n_u8(vsliq_n_u8(vshrq_n_u8(lo, 6), hi, 2), k->two, 6);
        o.val[2] = vsliq_n_u8(lo, k->two, 6);
        vst3q_u8(d + 3 * n, o);
        n += 16;
        if (end - (p + n) < 16)
            break;
        v0 = vld1q_u16(p + n);
        v1 = vld1q_u16(p + n + 8);
        if (vminvq_u16(vminq_u16(v0, v1)) < 0x800)
            break;
    }
    return n;
}

#  if !UNILANE_NEON_A64
/* neon_u16_run3 in mutf8 mode out of line, with its own constants (ARMv7,
   where the general loop has no registers to spare for it). */
static UNILANE_NOINLINE size_t neon_u16_mutf8_run3_call(const uint16_t *p, const uint16_t *end,
                                                        uint8_t *d)
{
    neon_u16_consts k;
    k.e0 = vdupq_n_u8(0xE0);
    k.two = vdupq_n_u8(2);
    return neon_u16_run3(p, end, vld1q_u16(p), vld1q_u16(p + 8), d, &k, 1);
}
#  endif

/* Up to 5 units one by one; (size_t)-1 at a surrogate (the output written
   so far is then rewritten by the scalar kernel). With mutf8 (a constant):
   modified UTF-8, U+0000 as C0 80 and surrogates as 3 bytes, so no unit
   fails. */
static UNILANE_ALWAYS_INLINE size_t neon_u16_tiny(const uint16_t *src, size_t len, uint8_t *d,
                                                  int mutf8)
{
    size_t i, w = 0;
    for (i = 0; i < len; i++) {
        uint32_t u = src[i];
        if (mutf8 ? u - 1 < 0x7F : u < 0x80) {
            d[w++] = (uint8_t)u;
        } else if (u < 0x800) {
            d[w] = (uint8_t)(0xC0 | (u >> 6));
            d[w + 1] = (uint8_t)(0x80 | (u & 0x3F));
            w += 2;
        } else if (mutf8 || (u & 0xF800) != 0xD800) {
            d[w] = (uint8_t)(0xE0 | (u >> 12));
            d[w + 1] = (uint8_t)(0x80 | ((u >> 6) & 0x3F));
            d[w + 2] = (uint8_t)(0x80 | (u & 0x3F));
            w += 3;
        } else {
            return (size_t)-1;
        }
    }
    return w;
}

/* 1 iff one of the 16 units at p is a surrogate. */
static UNILANE_ALWAYS_INLINE int neon_u16_any_surrogate16(const uint16_t *p)
{
    uint16x8_t m = vminq_u16(neon_u16_rot(vld1q_u16(p)), neon_u16_rot(vld1q_u16(p + 8)));
    return vminvq_u16(m) < 0x800;
}

/* r = 4..7 units loaded as units 0..3 (bytes 0..7) and units r-4..r-1
   (bytes 8..15): byte indices that put unit m in lane m, zeros from r on. */
static const uint8_t neon_u16_part4[4][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF },
    { 0, 1, 2, 3, 4, 5, 6, 7, 14, 15, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF },
    { 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 0xFF, 0xFF, 0xFF, 0xFF },
    { 0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 0xFF, 0xFF }
};

/* Declared in neon.h: the shift window of TBL (byte j is j below 16 and
   0xFF from 16 on), shared with latin1_neon.c. */
const uint8_t unilane_neon_shift_window[32] = { 0,    1,    2,    3,    4,    5,    6,    7,
                                                8,    9,    10,   11,   12,   13,   14,   15,
                                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };

/* The r units at p (0 < r <= 16) into v0 (units 0..7) and v1 (8..15),
   padded with zero units; reads only p[0..r). */
static UNILANE_ALWAYS_INLINE void neon_u16_load_partial(const uint16_t *p, size_t r, uint16x8_t *v0,
                                                        uint16x8_t *v1)
{
    if (r >= 8) {
        /* units r-8..r-1, moved down so that unit 8 lands in lane 0 */
        uint8x16_t b = vreinterpretq_u8_u16(vld1q_u16(p + r - 8));
        *v0 = vld1q_u16(p);
        *v1 =
            vreinterpretq_u16_u8(vqtbl1q_u8(b, vld1q_u8(unilane_neon_shift_window + 2 * (16 - r))));
    } else if (r >= 4) {
        uint8x16_t c = vreinterpretq_u8_u16(vcombine_u16(vld1_u16(p), vld1_u16(p + r - 4)));
        *v0 = vreinterpretq_u16_u8(vqtbl1q_u8(c, vld1q_u8(neon_u16_part4[r - 4])));
        *v1 = vdupq_n_u16(0);
    } else {
        uint16x8_t v = vld1q_lane_u16(p, vdupq_n_u16(0), 0);
        if (r > 1)
            v = vld1q_lane_u16(p + 1, v, 1);
        if (r > 2)
            v = vld1q_lane_u16(p + 2, v, 2);
        *v0 = v;
        *v1 = vdupq_n_u16(0);
    }
}

/* 16 zero units, then 16 units of 1: the 8 units at neon_u16_ones_from +
   16 - r (+ 24 - r) are 1 exactly in the lanes at and after unit r. */
static const uint16_t neon_u16_ones_from[32] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };

/*
 * The 16 units a, b narrowed to bytes with unsigned saturation (units above
 * FF become FF), into *n; returns the smallest byte as a signed value, so
 * that the 32 units of two such calls are ASCII for modified UTF-8 (every
 * unit 1..7F) iff both minima are > 0: two UQXTN, SMIN, SMINV where UTF-8
 * has ORR, UMAXV and the two UZP1 of the stores, the same count. (AArch64:
 * on ARMv7 the loop reads the low and high bytes apart with VLD2 instead,
 * see neon_u16_to_utf8; the two VQMOVN there cost four register moves.)
 */
#  if UNILANE_NEON_A64
static UNILANE_ALWAYS_INLINE int8x16_t neon_u16_narrow_sat(uint16x8_t a, uint16x8_t b,
                                                           uint8x16_t *n)
{
    *n = vqmovn_high_u16(vqmovn_u16(a), b);
    return vreinterpretq_s8_u8(*n);
}
#  endif

/* 1 iff every byte of m is > 0 (signed). ARMv7 has no SMINV: SMIN of the
   halves, one SMINP, and the four bytes left tested as a word. */
static UNILANE_ALWAYS_INLINE int neon_u16_min_positive(int8x16_t m)
{
#  if UNILANE_NEON_A64
    return vminvq_s8(m) > 0;
#  else
    int8x8_t h = vmin_s8(vget_low_s8(m), vget_high_s8(m));
    uint32_t x = neon32_lane0(vreinterpret_u8_s8(vpmin_s8(h, h)));
    /* the 4 bytes of x all 1..7F: no bit 7 in x nor in x - 01010101 (the
       lowest byte that is 0 gives FF there; borrows start only at one) */
    return ((x | (x - 0x01010101u)) & 0x80808080u) == 0;
#  endif
}

/*
 * The key of the block choice of 16 units v0, v1: below 0x80 - mutf8 all
 * ASCII, below 0x800 - mutf8 all below U+0800 (block2), else block3. UTF-8
 * forms: the largest unit (ORR, UMAXV). mutf8: the largest unit - 1 mod
 * 2^16 (SUB, SUB, UMAX, UMAXV), so that U+0000 counts as FFFF and sends its
 * block to block3 with the zero fix-up (done only when the key is FFFF,
 * that is when a unit is zero), which writes it as C0 80; block2 then never
 * meets a zero.
 */
static UNILANE_ALWAYS_INLINE uint16_t neon_u16_block_key(uint16x8_t v0, uint16x8_t v1, int mutf8)
{
    if (mutf8) {
        const uint16x8_t one = vdupq_n_u16(1);
        return vmaxvq_u16(vmaxq_u16(vsubq_u16(v0, one), vsubq_u16(v1, one)));
    }
    return vmaxvq_u16(vorrq_u16(v0, v1));
}

/*
 * The last r units (0 < r <= 16) at p, converted exactly into d. The block
 * is padded with zero units (for modified UTF-8, mutf8, with units 1),
 * which become one byte each at the end of the output and are left out of
 * the copy. Returns the bytes written, or (size_t)-1 (nothing written)
 * when the units hold surrogates (never for mutf8, which encodes each unit
 * on its own): then the scalar kernel takes over at p.
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_tail(const uint16_t *p, size_t r, uint8_t *d,
                                                  const neon_u16_consts *k, int mutf8)
{
    uint16x8_t v0, v1;
    uint16_t max;
    uint8_t tmp[64];
    size_t T;
    neon_u16_load_partial(p, r, &v0, &v1);
    if (mutf8) {
        v0 = vorrq_u16(v0, vld1q_u16(neon_u16_ones_from + 16 - r));
        v1 = vorrq_u16(v1, vld1q_u16(neon_u16_ones_from + 24 - r));
    }
    max = neon_u16_block_key(v0, v1, mutf8);
    if (max < 0x80 - mutf8) {
        vst1q_u8(tmp, vuzp1q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1)));
        T = 16;
    } else if (max < 0x800 - mutf8) {
        T = neon_u16_block2(v0, v1, tmp, k, 0); /* (no zero unit: see max) */
    } else {
        uint8x16_t lo = vuzp1q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1));
        uint8x16_t hi = vuzp2q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1));
        if (!mutf8 && vmaxvq_u8(vceqq_u8(vandq_u8(hi, k->f8), k->d8)))
            return (size_t)-1;
        T = neon_u16_block3(lo, hi, tmp, k, mutf8 & (max == 0xFFFF));
    }
    T -= 16 - r;
    neon_copy_any(d, tmp, T);
    return T;
}

/* The constants as immediates, for the short-input path (the compiler
   materializes only those a path uses). */
static UNILANE_ALWAYS_INLINE neon_u16_consts neon_u16_consts_imm(void)
{
    neon_u16_consts k;
    k.bitw = vreinterpretq_u8_u64(vdupq_n_u64(UINT64_C(0x8040201008040201)));
    k.gather = vld1q_u8(neon_u16_k[1]);
    k.c0 = vdupq_n_u8(0xC0);
    k.two = vdupq_n_u8(2);
    k.e0 = vdupq_n_u8(0xE0);
    k.f8 = vdupq_n_u8(0xF8);
    k.d8 = vdupq_n_u8(0xD8);
    k.seven = vdupq_n_u8(7);
    k.three = vdupq_n_u8(3);
    k.shuf2 = unilane_neon_pack2_shuf;
    k.len2 = unilane_neon_pack2_len;
    k.shuf3 = unilane_neon_pack3_shuf;
    k.len3 = unilane_neon_pack3_len;
    return k;
}

/*
 * Runs of surrogate pairs (emoji text), 8 units = 4 pairs at a time: each
 * 32-bit lane holds a pair, high unit in the low half (little-endian). The
 * code point is ((high & 3FF) + 0x40) << 10 | (low & 3FF), and its UTF-8
 * is F0|cp>>18, 80|(cp>>12 & 3F), 80|(cp>>6 & 3F), 80|(cp & 3F): exactly 16
 * bytes for 8 units. Returns the units consumed (a multiple of 8, maybe 0).
 */
static UNILANE_ALWAYS_INLINE size_t neon_u16_pair_run(const uint16_t *p, const uint16_t *end,
                                                      uint8_t *d)
{
    const uint32x4_t fcfc = vdupq_n_u32(0xFC00FC00), pat = vdupq_n_u32(0xDC00D800);
    const uint32x4_t m3ff = vdupq_n_u32(0x3FF), m3f = vdupq_n_u32(0x3F);
    size_t n = 0;
    while (end - (p + n) >= 8) {
        uint32x4_t v = vreinterpretq_u32_u16(vld1q_u16(p + n));
        uint32x4_t cp, out;
        if (vminvq_u32(vceqq_u32(vandq_u32(v, fcfc), pat)) == 0)
            break;
        cp = vsliq_n_u32(vandq_u32(vshrq_n_u32(v, 16), m3ff),
                         vaddq_u32(vandq_u32(v, m3ff), vdupq_n_u32(0x40)), 10);
        out = vorrq_u32(vshrq_n_u32(cp, 18), vshlq_n_u32(vandq_u32(vshrq_n_u32(cp, 12), m3f), 8));
        out = vorrq_u32(out, vshlq_n_u32(vandq_u32(vshrq_n_u32(cp, 6), m3f), 16));
        out = vorrq_u32(out, vshlq_n_u32(vandq_u32(cp, m3f), 24));
        out = vorrq_u32(out, vdupq_n_u32(0x808080F0));
        vst1q_u8(d + 2 * n, vreinterpretq_u8_u32(out));
        n += 8;
    }
    return n;
}

/* src[0..len) to dst by the scalar kernel, strict or lossy. */
static UNILANE_ALWAYS_INLINE unilane_result neon_u16_scalar_utf8(const uint16_t *src, size_t len,
                                                                 char *dst, int lossy)
{
    if (lossy)
        return neon_result(UNILANE_OK, len, unilane_scalar_utf16_to_utf8_lossy(src, len, dst));
    return unilane_scalar_utf16_to_utf8(src, len, dst);
}

/* What the UTF-16 -> 8-bit encoders write (a compile-time `mode`): they
   differ only in what a surrogate becomes (and modified UTF-8 also in
   U+0000). STRICT stops at an unpaired surrogate, LOSSY writes U+FFFD for
   it, WTF8 its own 3-byte sequence; MUTF8 writes every unit on its own,
   surrogates (paired or not) as 3 bytes and U+0000 as C0 80. Only STRICT
   can fail. */
#  define NEON_U16_STRICT 0
#  define NEON_U16_LOSSY  1
#  define NEON_U16_WTF8   2
#  define NEON_U16_MUTF8  3

/* neon_u16_scalar_utf8 for every mode: the scalar kernel of that mode. */
static UNILANE_ALWAYS_INLINE unilane_result neon_u16_scalar_enc(const uint16_t *src, size_t len,
                                                                char *dst, int mode)
{
    if (mode == NEON_U16_WTF8)
        return neon_result(UNILANE_OK, len, unilane_scalar_utf16_to_wtf8(src, len, dst));
    if (mode == NEON_U16_MUTF8)
        return neon_result(UNILANE_OK, len, unilane_scalar_utf16_to_mutf8(src, len, dst));
    return neon_u16_scalar_utf8(src, len, dst, mode);
}

/*
 * ASCII runs go 32 units at a time; then one block of 16 units: ASCII is
 * narrowed; other blocks without surrogates go through block2/block3,
 * which write whole registers past the block's output. That is allowed only
 * where later output is certain to cover it: at least 16 more units follow
 * and, in strict mode, none of the next 16 is a surrogate (an unpaired one
 * would end the output there). Otherwise the block is built in a buffer
 * and copied exactly. A block with surrogates first tries runs of whole
 * pairs (neon_u16_pair_run); otherwise the scalar kernel converts a window
 * from the block start (16 units, doubling up to 256 while blocks keep
 * holding surrogates). The last < 16 units are one padded block
 * (neon_u16_tail).
 */
static UNILANE_ALWAYS_INLINE unilane_result neon_u16_to_utf8(const uint16_t *src, size_t len,
                                                             char *dst, size_t start, int mode)
{
    const int mutf8 = mode == NEON_U16_MUTF8;
    /* src[0..start) is ASCII and already converted. */
    uint8_t *d = (uint8_t *)dst + start;
    const uint16_t *p = src + start, *end = src + len;
    unilane_result r;
    neon_u16_consts k;
    size_t win = 16; /* units the scalar kernel takes at a surrogate */

    k.bitw = vld1q_u8(neon_u16_k[0]);
    k.gather = vld1q_u8(neon_u16_k[1]);
    k.c0 = vld1q_u8(neon_u16_k[2]);
    k.two = vld1q_u8(neon_u16_k[3]);
    k.e0 = vld1q_u8(neon_u16_k[4]);
    k.f8 = vld1q_u8(neon_u16_k[5]);
    k.d8 = vld1q_u8(neon_u16_k[6]);
    k.seven = vld1q_u8(neon_u16_k[7]);
    k.three = vld1q_u8(neon_u16_k[8]);
    NEON_OPAQUE(k.bitw);
    NEON_OPAQUE(k.gather);
    NEON_OPAQUE(k.c0);
    NEON_OPAQUE(k.two);
    NEON_OPAQUE(k.e0);
    NEON_OPAQUE(k.f8);
    NEON_OPAQUE(k.d8);
    NEON_OPAQUE(k.seven);
    NEON_OPAQUE(k.three);
    k.shuf2 = unilane_neon_pack2_shuf;
    k.len2 = unilane_neon_pack2_len;
    k.shuf3 = unilane_neon_pack3_shuf;
    k.len3 = unilane_neon_pack3_len;
    NEON_OPAQUE_PTR(k.shuf2);
    NEON_OPAQUE_PTR(k.len2);
    NEON_OPAQUE_PTR(k.shuf3);
    NEON_OPAQUE_PTR(k.len3);
    for (;;) {
        uint16x8_t v0, v1;
        uint16_t max;
        uint8_t tmp[64];
        uint8_t *out;
        size_t T;
        int direct;
        while (end - p >= 32) {
            uint16x8x4_t v = vld1q_u16_x4(p);
            uint16x8_t o;
            if (mutf8) {
                /* a zero unit is two bytes: ASCII is 1..7F */
                uint8x16_t n0, n1;
#  if UNILANE_NEON_A64
                int8x16_t m0 = neon_u16_narrow_sat(v.val[0], v.val[1], &n0);
                int8x16_t m1 = neon_u16_narrow_sat(v.val[2], v.val[3], &n1);
                if (!neon_u16_min_positive(vminq_s8(m0, m1)))
                    break;
#  else
                /* ARMv7: the low and high bytes apart (VLD2); a unit with
                   a high byte makes its lane negative (VTST) */
                uint8x16x2_t a = vld2q_u8((const uint8_t *)p);
                uint8x16x2_t b = vld2q_u8((const uint8_t *)(p + 16));
                uint8x16_t h = vorrq_u8(a.val[1], b.val[1]);
                int8x16_t m =
                    vminq_s8(vreinterpretq_s8_u8(a.val[0]), vreinterpretq_s8_u8(b.val[0]));
                (void)v;
                if (!neon_u16_min_positive(vorrq_s8(m, vreinterpretq_s8_u8(vtstq_u8(h, h)))))
                    break;
                n0 = a.val[0];
                n1 = b.val[0];
#  endif
                vst1q_u8(d, n0);
                vst1q_u8(d + 16, n1);
                p += 32;
                d += 32;
                continue;
            }
            o = vorrq_u16(vorrq_u16(v.val[0], v.val[1]), vorrq_u16(v.val[2], v.val[3]));
            if (vmaxvq_u16(o) >= 0x80)
                break;
            vst1q_u8(d, vuzp1q_u8(vreinterpretq_u8_u16(v.val[0]), vreinterpretq_u8_u16(v.val[1])));
            vst1q_u8(d + 16,
                     vuzp1q_u8(vreinterpretq_u8_u16(v.val[2]), vreinterpretq_u8_u16(v.val[3])));
            p += 32;
            d += 32;
        }
        /* (modified UTF-8: the last two blocks go to neon_u16_tail, so
           that every block here is written directly) */
        if (end - p < 16)
            break;
        if (mutf8 && end - p < 32)
            break;
        v0 = vld1q_u16(p);
        v1 = vld1q_u16(p + 8);
        max = neon_u16_block_key(v0, v1, mutf8);
        if (max < 0x80 - mutf8) {
            vst1q_u8(d, vuzp1q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1)));
            p += 16;
            d += 16;
            continue;
        }
        direct = end - p >= 32 && (mode != NEON_U16_STRICT || !neon_u16_any_surrogate16(p + 16));
        out = direct ? d : tmp;
        if (max < 0x800 - mutf8) {
            T = neon_u16_block2(v0, v1, out, &k, 0); /* (no zero unit: see max) */
            win = 16;
        } else {
            uint8x16_t lo = vuzp1q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1));
            uint8x16_t hi = vuzp2q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1));
            /* (hi & F8) == D8: a surrogate */
            if (!mutf8 && UNILANE_UNLIKELY(vmaxvq_u8(vceqq_u8(vandq_u8(hi, k.f8), k.d8)))) {
                size_t n = neon_u16_pair_run(p, end, d);
                if (n) {
                    p += n;
                    d += 2 * n;
                    continue;
                }
                /* Surrogates: the scalar kernel converts the next `win`
                   units (fewer at the end), one short if they end on a
                   high surrogate. The window doubles (up to 256) while
                   blocks keep having surrogates, so that text made of
                   them pays the call rarely, and is 16 again after a
                   block without. */
                n = (size_t)(end - p) >= win ? win : (size_t)(end - p);
                n -= (size_t)((p[n - 1] & 0xFC00) == 0xD800);
                if (win < 256)
                    win *= 2;
                r = neon_u16_scalar_enc(p, n, (char *)d, mode);
                if (mode == NEON_U16_STRICT && r.status != UNILANE_OK)
                    return gen_finish(r, (size_t)(p - src), (size_t)(d - (uint8_t *)dst));
                d += r.written;
                p += n;
                continue;
            }
            win = 16;
            /* (modified UTF-8 blocks with surrogates: elsewhere the test
               costs more than it saves. On ARMv7 the run is a call: inline,
               its loop made the whole modified-UTF-8 loop 10-18% dearer on
               CJK text, even where it is not taken) */
            if (mutf8 && max >= 0xD7FF && vminvq_u16(vminq_u16(v0, v1)) >= 0x800) {
#  if UNILANE_NEON_A64
                size_t n = neon_u16_run3(p, end, v0, v1, d, &k, mutf8);
#  else
                size_t n = neon_u16_mutf8_run3_call(p, end, d);
#  endif
                p += n;
                d += 3 * n;
                continue;
            }
            T = neon_u16_block3(lo, hi, out, &k, mutf8 & (max == 0xFFFF));
        }
        if (!direct)
            neon_copy_exact(d, tmp, T);
        p += 16;
        d += T;
    }
    /* 0 <= end - p < 16; for mutf8 < 32 (its loop writes every block
       directly, so it leaves the last two blocks to neon_u16_tail) */
    if (mutf8) {
        while (end - p > 5) {
            size_t rest = end - p < 16 ? (size_t)(end - p) : 16;
            d += neon_u16_tail(p, rest, d, &k, 1);
            p += rest;
        }
        /* (cheaper than a padded block) */
        d += neon_u16_tiny(p, (size_t)(end - p), d, 1);
    } else if (p < end) {
        size_t n = neon_u16_tail(p, (size_t)(end - p), d, &k, mutf8);
        if (n == (size_t)-1)
            goto scalar;
        d += n;
    }
    return neon_result(UNILANE_OK, len, (size_t)(d - (uint8_t *)dst));
scalar : {
    size_t i = (size_t)(p - src), w = (size_t)(d - (uint8_t *)dst);
    /* (not gen_finish(neon_u16_scalar_utf8(...)) for lossy output: its
       register barrier costs the common return an instruction) */
    if (mode == NEON_U16_LOSSY)
        return neon_result(UNILANE_OK, len,
                           w + unilane_scalar_utf16_to_utf8_lossy(p, len - i, (char *)d));
    if (mode != NEON_U16_STRICT)
        return neon_result(UNILANE_OK, len,
                           w + neon_u16_scalar_enc(p, len - i, (char *)d, mode).written);
    return gen_finish(unilane_scalar_utf16_to_utf8(p, len - i, (char *)d), i, w);
}
}

static UNILANE_NOINLINE unilane_result neon_u16_to_utf8_strict_big(const uint16_t *src, size_t len,
                                                                   char *dst, size_t start)
{
    return neon_u16_to_utf8(src, len, dst, start, 0);
}

static UNILANE_NOINLINE unilane_result neon_u16_to_utf8_lossy_big(const uint16_t *src, size_t len,
                                                                  char *dst, size_t start)
{
    return neon_u16_to_utf8(src, len, dst, start, 1);
}

/* The big loops of the 0.2 encoders are external functions (hidden,
   declared here), not static ones: the compiler emits them after the
   other functions of this file, whose placement and alignment padding
   they then leave as they were. */
UNILANE_INTERNAL size_t unilane_neon_u16_wtf8_big(const uint16_t *src, size_t len, char *dst,
                                                  size_t start);
UNILANE_INTERNAL size_t unilane_neon_u16_mutf8_big(const uint16_t *src, size_t len, char *dst,
                                                   size_t start);

/*
 * What the entry leaves of a short input, src[start..len) (src[0..start) is
 * ASCII and already converted), with the constants as immediates: a whole
 * input of 6..15 units that are not all ASCII (start 0) as one padded
 * block; the last partial block of a longer input whose other units are
 * ASCII (0 < len - start < 16) one by one up to 5 units, else as the last
 * 16 units. The general loop's set-up would cost more than its work there.
 */
static UNILANE_ALWAYS_INLINE unilane_result neon_u16_mid(const uint16_t *src, size_t len, char *dst,
                                                         int lossy, size_t start, int wtf8,
                                                         int mutf8)
{
    neon_u16_consts k = neon_u16_consts_imm();
    size_t at, n;
    if (start && len - start <= 5) {
        at = start;
        if (mutf8)
            return neon_result(UNILANE_OK, len,
                               at + neon_u16_tiny(src + at, len - at, (uint8_t *)dst + at, 1));
        n = neon_u16_tiny(src + at, len - at, (uint8_t *)dst + at, 0);
    } else {
        /* start > 0: the last 16 units, of which those before start are
           ASCII and give again the bytes already there */
        at = start ? len - 16 : 0;
        n = neon_u16_tail(src + at, len - at, (uint8_t *)dst + at, &k, mutf8);
    }
    if (!mutf8 && n == (size_t)-1)
        return gen_finish(
            wtf8 ? neon_u16_scalar_enc(src + start, len - start, dst + start, NEON_U16_WTF8)
                 : neon_u16_scalar_utf8(src + start, len - start, dst + start, lossy),
            start, start);
    return neon_result(UNILANE_OK, len, at + n);
}

static UNILANE_NOINLINE unilane_result neon_u16_to_utf8_mid(const uint16_t *src, size_t len,
                                                            char *dst, int lossy, size_t start)
{
    return neon_u16_mid(src, len, dst, lossy, start, 0, 0);
}

/* neon_u16_to_utf8_mid for WTF-8: surrogates go to its scalar kernel. */
static UNILANE_NOINLINE unilane_result neon_u16_to_wtf8_mid(const uint16_t *src, size_t len,
                                                            char *dst, size_t start)
{
    return neon_u16_mid(src, len, dst, 1, start, 1, 0);
}

/* neon_u16_to_utf8_mid for modified UTF-8 (never fails). */
static UNILANE_NOINLINE unilane_result neon_u16_to_mutf8_mid(const uint16_t *src, size_t len,
                                                             char *dst, size_t start)
{
    return neon_u16_mid(src, len, dst, 1, start, 0, 1);
}

/* 1 iff one of the units of a, b is not ASCII: for modified UTF-8 (mutf8)
   not 1..7F. */
static UNILANE_ALWAYS_INLINE int neon_u16_high8(uint16x8_t a, uint16x8_t b, int mutf8)
{
    if (mutf8) {
        const uint16x8_t one = vdupq_n_u16(1);
        return vmaxvq_u16(vmaxq_u16(vsubq_u16(a, one), vsubq_u16(b, one))) >= 0x7F;
    }
    return vmaxvq_u16(vorrq_u16(a, b)) >= 0x80;
}

/* neon_u16_high8 of 4 + 4 units */
static UNILANE_ALWAYS_INLINE int neon_u16_high4(uint16x4_t a, uint16x4_t b, int mutf8)
{
    if (mutf8) {
        const uint16x4_t one = vdup_n_u16(1);
        return vmaxv_u16(vmax_u16(vsub_u16(a, one), vsub_u16(b, one))) >= 0x7F;
    }
    return vmaxv_u16(vorr_u16(a, b)) >= 0x80;
}

/*
 * The entry: up to 5 units one by one; fewer than 16 units as one padded
 * block (no loop, no big frame); otherwise an ASCII prefix 16 units at a
 * time (the last, partial block as the last 16 units, which is exact when
 * they are all ASCII, else by neon_u16_to_utf8_mid), and the general loop
 * from the first whole block that is not ASCII, or after 64 ASCII units
 * (its ASCII loop takes 32 units a step).
 */
static UNILANE_ALWAYS_INLINE unilane_result neon_u16_to_utf8_entry(const uint16_t *src, size_t len,
                                                                   char *dst, int lossy, int wtf8,
                                                                   int mutf8)
{
    size_t n;
    if (len == 0)
        return neon_result(UNILANE_OK, 0, 0);
    if (len < 16) {
        if (len <= 5 && mutf8) {
            n = neon_u16_tiny(src, len, (uint8_t *)dst, 1);
        } else if (len <= 5) {
            n = neon_u16_tiny(src, len, (uint8_t *)dst, 0);
            if (n == (size_t)-1)
                return wtf8 ? neon_u16_scalar_enc(src, len, dst, NEON_U16_WTF8)
                            : neon_u16_scalar_utf8(src, len, dst, lossy);
        } else if (len >= 8) {
            /* ASCII: two overlapping 8-unit halves. */
            uint16x8_t a = vld1q_u16(src), b = vld1q_u16(src + len - 8);
            if (neon_u16_high8(a, b, mutf8))
                return mutf8  ? neon_u16_to_mutf8_mid(src, len, dst, 0)
                       : wtf8 ? neon_u16_to_wtf8_mid(src, len, dst, 0)
                              : neon_u16_to_utf8_mid(src, len, dst, lossy, 0);
            vst1_u8((uint8_t *)dst, vmovn_u16(a));
            vst1_u8((uint8_t *)dst + len - 8, vmovn_u16(b));
            n = len;
        } else {
            /* 6 or 7 units, ASCII: two overlapping 4-unit halves. */
            uint16x4_t a = vld1_u16(src), b = vld1_u16(src + len - 4);
            uint32_t x, y;
            uint8x8_t na;
            if (neon_u16_high4(a, b, mutf8))
                return mutf8  ? neon_u16_to_mutf8_mid(src, len, dst, 0)
                       : wtf8 ? neon_u16_to_wtf8_mid(src, len, dst, 0)
                              : neon_u16_to_utf8_mid(src, len, dst, lossy, 0);
            na = vmovn_u16(vcombine_u16(a, b));
            x = vget_lane_u32(vreinterpret_u32_u8(na), 0);
            y = vget_lane_u32(vreinterpret_u32_u8(na), 1);
            memcpy(dst, &x, 4);
            memcpy(dst + len - 4, &y, 4);
            n = len;
        }
    } else {
        const uint16_t *p = src, *end = src + len;
        uint8_t *d = (uint8_t *)dst;
        uint16x8_t v0, v1;
        do {
            v0 = vld1q_u16(p);
            v1 = vld1q_u16(p + 8);
            if (neon_u16_high8(v0, v1, mutf8))
                goto general;
            vst1q_u8(d, vuzp1q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1)));
            p += 16;
            d += 16;
        } while (end - p >= 16 && p - src < 64);
        /* a longer ASCII run: the general loop's, 32 units a step */
        if (end - p >= 16)
            goto general;
        if (p < end) {
            v0 = vld1q_u16(end - 16);
            v1 = vld1q_u16(end - 8);
            if (neon_u16_high8(v0, v1, mutf8))
                return mutf8  ? neon_u16_to_mutf8_mid(src, len, dst, (size_t)(p - src))
                       : wtf8 ? neon_u16_to_wtf8_mid(src, len, dst, (size_t)(p - src))
                              : neon_u16_to_utf8_mid(src, len, dst, lossy, (size_t)(p - src));
            vst1q_u8((uint8_t *)dst + len - 16,
                     vuzp1q_u8(vreinterpretq_u8_u16(v0), vreinterpretq_u8_u16(v1)));
        }
        n = len;
        goto done;
    general:
        if (mutf8)
            return neon_result(UNILANE_OK, len,
                               unilane_neon_u16_mutf8_big(src, len, dst, (size_t)(p - src)));
        if (wtf8)
            return neon_result(UNILANE_OK, len,
                               unilane_neon_u16_wtf8_big(src, len, dst, (size_t)(p - src)));
        if (lossy)
            return neon_u16_to_utf8_lossy_big(src, len, dst, (size_t)(p - src));
        return neon_u16_to_utf8_strict_big(src, len, dst, (size_t)(p - src));
    }
done:
    return neon_result(UNILANE_OK, len, n);
}

unilane_result unilane_neon_utf16_to_utf8(const uint16_t *src, size_t len, char *dst)
{
    return neon_u16_to_utf8_entry(src, len, dst, 0, 0, 0);
}

size_t unilane_neon_utf16_to_utf8_lossy(const uint16_t *src, size_t len, char *dst)
{
    return neon_u16_to_utf8_entry(src, len, dst, 1, 0, 0).written;
}

/* The entry of utf16_to_utf8_lossy with each unpaired surrogate as its own
   3-byte sequence: its short paths and ASCII prefix (which give up at a
   surrogate, to the WTF-8 scalar kernel), then the general loop in WTF8
   mode (the scalar kernel writes the surrogates). wtf8 is a constant of
   the entry: the UTF-8 entries compile as without it. */
size_t unilane_neon_utf16_to_wtf8(const uint16_t *src, size_t len, char *dst)
{
    return neon_u16_to_utf8_entry(src, len, dst, 1, 1, 0).written;
}

UNILANE_NOINLINE size_t unilane_neon_u16_mutf8_big(const uint16_t *src, size_t len, char *dst,
                                                   size_t start)
{
    return neon_u16_to_utf8(src, len, dst, start, NEON_U16_MUTF8).written;
}

/* The entry of utf16_to_utf8_lossy in modified UTF-8 mode: its short
   paths and ASCII prefix with ASCII as 1..7F (U+0000 is two bytes), up to
   5 units one by one (neon_u16_tiny), no unit sends it to the scalar
   kernel; then the general loop in MUTF8 mode. */
size_t unilane_neon_utf16_to_mutf8(const uint16_t *src, size_t len, char *dst)
{
    return neon_u16_to_utf8_entry(src, len, dst, 1, 0, 1).written;
}

UNILANE_NOINLINE size_t unilane_neon_u16_wtf8_big(const uint16_t *src, size_t len, char *dst,
                                                  size_t start)
{
    return neon_u16_to_utf8(src, len, dst, start, NEON_U16_WTF8).written;
}

size_t unilane_neon_mutf8_length_from_utf16(const uint16_t *src, size_t len)
{
    return neon_u16_utf8_length(src, len, 1);
}

#  undef NEON_U16_STRICT
#  undef NEON_U16_LOSSY
#  undef NEON_U16_WTF8
#  undef NEON_U16_MUTF8

UNILANE_SPEED_END
#else
typedef int unilane_neon_utf16_unused;
#endif
