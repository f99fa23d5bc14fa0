/*
 * latin1_neon.c -- NEON kernels with Latin-1 input: Latin-1 to UTF-16,
 * Latin-1 to UTF-8, and the UTF-8 length of Latin-1 text.
 *
 * Latin-1 byte b is U+00b: in UTF-16 the unit b, in UTF-8 the byte b below
 * 0x80, else the two bytes C0|(b>>6), 80|(b&3F) (that is C2 or C3, then
 * 80..BF). No input is ill-formed, so there is no error path.
 */
#include "neon.h"
#include "../generic/generic.h"

#if UNILANE_HAVE_NEON
UNILANE_SPEED_BEGIN

/* 16 zero bytes then 16 0xFF bytes: the 16 bytes at &neon_l1_ones[r]
   (0 <= r <= 16) are 0xFF exactly in the last r lanes. */
static const uint8_t neon_l1_ones[32] = { 0,    0,    0,    0,    0,    0,    0,    0,
                                          0,    0,    0,    0,    0,    0,    0,    0,
                                          0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                          0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };

/* One 16-byte block of latin1_to_utf16 at *s to *d, both stepped. ST2
   with a zero second register interleaves b, 0, b, 0...: the
   little-endian UTF-16 units of 16 Latin-1 bytes in one store. The steps
   are hidden (NEON_OPAQUE_PTR), so that GCC post-increments both pointers
   as clang does: a load and a store a block (and on AArch64 one move of
   the zero). */
static UNILANE_ALWAYS_INLINE void neon_l1_u16_block(const uint8_t **s, uint8_t **d, uint8x16x2_t *p)
{
    p->val[0] = vld1q_u8(*s);
    vst2q_u8(*d, *p);
    *s += 16;
    *d += 32;
    NEON_OPAQUE_PTR(*s);
    NEON_OPAQUE_PTR(*d);
}

size_t unilane_neon_latin1_to_utf16(const char *src, size_t len, uint16_t *dst)
{
    const uint8_t *s = (const uint8_t *)src, *end = s + len;
    uint8_t *d = (uint8_t *)dst;
    uint8x16x2_t p;

    p.val[1] = vdupq_n_u8(0);
    if (len < 16) {
        size_t i;
        /* 0 <= len < 16: two overlapping 8-unit widenings, or single bytes. */
        if (len >= 8) {
            vst1q_u16(dst, vmovl_u8(vld1_u8(s)));
            vst1q_u16(dst + len - 8, vmovl_u8(vld1_u8(s + len - 8)));
            return len;
        }
        for (i = 0; i < len; i++)
            dst[i] = s[i];
        return len;
    }
    /* 8 blocks a round on AArch64 (GCC copies the zero register before
       each ST2, clang before each but the first: 27 and 26 instructions a
       round), 2 on ARMv7 (where GCC copies none, clang one: 7 and 8). */
#  if UNILANE_NEON_A64
    while (end - s >= 128) {
        neon_l1_u16_block(&s, &d, &p);
        neon_l1_u16_block(&s, &d, &p);
        neon_l1_u16_block(&s, &d, &p);
        neon_l1_u16_block(&s, &d, &p);
        neon_l1_u16_block(&s, &d, &p);
        neon_l1_u16_block(&s, &d, &p);
        neon_l1_u16_block(&s, &d, &p);
        neon_l1_u16_block(&s, &d, &p);
    }
#  else
    while (end - s >= 32) {
        neon_l1_u16_block(&s, &d, &p);
        neon_l1_u16_block(&s, &d, &p);
    }
#  endif
    while (end - s >= 16) {
        p.val[0] = vld1q_u8(s);
        vst2q_u8(d, p);
        s += 16;
        d += 32;
    }
    if (s < end) {
        /* 0 < end - s < 16 and len >= 16: redo the last 16 bytes; the
           overlap is written again with the same units. */
        p.val[0] = vld1q_u8(end - 16);
        vst2q_u8((uint8_t *)(dst + len - 16), p);
    }
    return len;
}

/* The UTF-8 of 16 Latin-1 bytes with at least one >= 0x80, into out:
   two 16-byte stores, the second at out + L1; returns the total length
   (16..32). Writes up to 8 bytes past the returned length. bitw holds the
   bit weights 1, 2, ..., 128 in each half, c0 0xC0 and two 2 in each lane. */
static UNILANE_ALWAYS_INLINE size_t neon_l1_block_utf8(uint8x16_t v, uint8_t *out, uint8x16_t bitw,
                                                       uint8x16_t c0, uint8x16_t two)
{
    uint8x16_t t = vshrq_n_u8(v, 6);   /* b >> 6: 0..3 */
    uint8x16_t x = vminq_u8(t, two);   /* 0 or 1: ASCII (bit 6 of b); 2: b >= 0x80 */
    uint8x16_t lead = vorrq_u8(t, c0); /* C0|(b>>6) */
    /* tail: inserting x into bits 6..7 leaves an ASCII byte as it is and
       makes 80|(b&3F) of the others. */
    uint8x16_t tail = vsliq_n_u8(v, x, 6);
    /* Lead and tail of unit k in lanes 2k, 2k+1 (see tools/gen_neon_tables.py);
       the pattern keeps the leads of the bytes >= 0x80. */
    return neon_zip_pack_store(vandq_u8(vcltzq_s8(vreinterpretq_s8_u8(v)), bitw), lead, tail, out,
                               &unilane_neon_pack2_shuf[0][0], unilane_neon_pack2_len);
}

/* Bit weights, 0xC0, 2: loaded before the loop so they stay in registers. */
static const uint8_t neon_l1_k[3][16] = { { 1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64,
                                            128 },
                                          { 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0,
                                            0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0 },
                                          { 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 } };

/*
 * The last r bytes (0 < r < 16) of the input, which ends at end
 * (end - 16 must be readable: the input has >= 16 bytes), exactly into d.
 * Returns the bytes written. The r bytes are moved to lanes 0..r-1 with
 * zeros after them; the zeros become one byte each at the end of the
 * output and are left out of the copy.
 */
static UNILANE_ALWAYS_INLINE size_t neon_l1_tail16(const uint8_t *end, size_t r, uint8_t *d,
                                                   uint8x16_t bitw, uint8x16_t c0, uint8x16_t two)
{
    uint8x16_t last = vld1q_u8(end - 16);
    uint8_t tmp[48];
    size_t T;
    if (vmaxvq_u8(last) < 0x80) {
        /* All of the last 16 bytes are ASCII: the bytes before the r
           ones were copied one for one, so storing all 16 is exact. */
        vst1q_u8(d + r - 16, last);
        return r;
    }
    T = neon_l1_block_utf8(vqtbl1q_u8(last, vld1q_u8(unilane_neon_shift_window + 16 - r)), tmp,
                           bitw, c0, two) -
        (16 - r);
    neon_copy_any(d, tmp, T);
    return T;
}

/* len >= 16; src[0..start) is ASCII and already copied. */
static UNILANE_NOINLINE size_t neon_l1_to_utf8_big(const uint8_t *src, size_t len, uint8_t *dst,
                                                   size_t start)
{
    const uint8_t *p = src + start, *end = src + len;
    uint8_t *d = dst + start;
    uint8x16_t bitw = vld1q_u8(neon_l1_k[0]), c0 = vld1q_u8(neon_l1_k[1]),
               two = vld1q_u8(neon_l1_k[2]);

    for (;;) {
        uint8x16_t v;
        /* 64 ASCII bytes at a time. */
        while (end - p >= 64) {
            uint8x16x4_t a = vld1q_u8_x4(p);
            if (vmaxvq_u8(vorrq_u8(vorrq_u8(a.val[0], a.val[1]), vorrq_u8(a.val[2], a.val[3]))) >=
                0x80)
                break;
            vst1q_u8_x4(d, a);
            p += 64;
            d += 64;
        }
        if (end - p < 16)
            break;
        v = vld1q_u8(p);
        /* (p moved on first: every path then ends in the one loop branch,
           also at -Os, where GCC merges the tails into one more jump) */
        p += 16;
        if (vmaxvq_u8(v) < 0x80) {
            vst1q_u8(d, v);
            d += 16;
        } else if (end - p >= 8) {
            /* The up to 8 bytes written past this block's end are
               overwritten by the >= 8 bytes of the following input. */
            d += neon_l1_block_utf8(v, d, bitw, c0, two);
        } else {
            uint8_t tmp[48];
            size_t T = neon_l1_block_utf8(v, tmp, bitw, c0, two);
            neon_copy_exact(d, tmp, T);
            d += T;
        }
    }
    /* 0 <= end - p < 16, and len >= 16 */
    if (p < end)
        d += neon_l1_tail16(end, (size_t)(end - p), d, bitw, c0, two);
    return (size_t)(d - dst);
}

/* The UTF-8 of the n bytes at p at d, one by one; returns its length.
   (The same steps as the first two cases of neon_u16_tiny in utf16_neon.c,
   on purpose not one shared helper: with one, GCC compiled utf16_to_utf8
   of 1..5 units to 4..30 more instructions per call, and latin1_to_utf8
   to up to 9 more.) */
static UNILANE_ALWAYS_INLINE size_t neon_l1_bytes(const uint8_t *p, size_t n, uint8_t *d)
{
    size_t i, w = 0;
    for (i = 0; i < n; i++) {
        unsigned b = p[i];
        if (b < 0x80) {
            d[w++] = (uint8_t)b;
        } else {
            d[w] = (uint8_t)(0xC0 | (b >> 6));
            d[w + 1] = (uint8_t)(0x80 | (b & 0x3F));
            w += 2;
        }
    }
    return w;
}

/*
 * An input of len >= 16 bytes whose only bytes >= 0x80 are in its last
 * partial block: src[0..start) is ASCII and copied, len - start < 16. Up to
 * 5 bytes one by one, more as the last 16 bytes, with the constants as
 * immediates (the ones before start are ASCII and give again the bytes
 * already there). The general loop's set-up would cost more than its work.
 */
static UNILANE_NOINLINE size_t neon_l1_to_utf8_last(const uint8_t *src, size_t len, uint8_t *dst,
                                                    size_t start)
{
    uint8_t tmp[48];
    size_t T;
    if (len - start <= 5)
        return start + neon_l1_bytes(src + start, len - start, dst + start);
    T = neon_l1_block_utf8(vld1q_u8(src + len - 16), tmp,
                           vreinterpretq_u8_u64(vdupq_n_u64(UINT64_C(0x8040201008040201))),
                           vdupq_n_u8(0xC0), vdupq_n_u8(2));
    neon_copy_exact(dst + len - 16, tmp, T);
    return len - 16 + T;
}

/*
 * The entry: short inputs without a loop; otherwise an ASCII prefix 16
 * bytes at a time (the last, partial block as the last 16 bytes, exact when
 * they are all ASCII, else by neon_l1_to_utf8_last) and the general loop
 * from the first whole block that is not.
 */
size_t unilane_neon_latin1_to_utf8(const char *src, size_t len, char *dst)
{
    const uint8_t *p = (const uint8_t *)src, *end = p + len;
    uint8_t *d = (uint8_t *)dst;
    uint8x16_t v;

    if (len == 0)
        return 0;
    if (len < 16) {
        if (len < 4)
            goto bytes;
        if (len >= 8) {
            /* ASCII: two overlapping 8-byte halves. */
            uint8x8_t a = vld1_u8(p), b = vld1_u8(end - 8);
            if (vmaxv_u8(vorr_u8(a, b)) < 0x80) {
                vst1_u8(d, a);
                vst1_u8(d + len - 8, b);
                return len;
            }
        } else if (len >= 4) {
            /* ASCII: two overlapping 4-byte halves. */
            uint32_t a, b;
            memcpy(&a, p, 4);
            memcpy(&b, end - 4, 4);
            if (!((a | b) & 0x80808080u)) {
                memcpy(d, &a, 4);
                memcpy(d + len - 4, &b, 4);
                return len;
            }
        }
    bytes:
        return neon_l1_bytes(p, len, d);
    }
    do {
        v = vld1q_u8(p);
        if (vmaxvq_u8(v) >= 0x80)
            return neon_l1_to_utf8_big((const uint8_t *)src, len, (uint8_t *)dst,
                                       (size_t)(p - (const uint8_t *)src));
        vst1q_u8(d, v);
        p += 16;
        d += 16;
    } while (end - p >= 16);
    if (p < end) {
        v = vld1q_u8(end - 16);
        if (vmaxvq_u8(v) >= 0x80)
            return neon_l1_to_utf8_last((const uint8_t *)src, len, (uint8_t *)dst,
                                        (size_t)(p - (const uint8_t *)src));
        vst1q_u8((uint8_t *)dst + len - 16, v);
    }
    return len;
}

/*
 * Latin-1 -> UTF-8 into at most cap bytes. When the output of the rest
 * cannot exceed the room left (2 bytes a byte), the rest is the unbounded
 * entry's work. Otherwise 16-byte blocks go while 48 bytes of room are left
 * and 8 input bytes follow the block: a block writes at most 32 bytes, and
 * its stores reach at most 8 bytes past its output, bytes that the output
 * of those 8 following input bytes (8 to 16 bytes, which fit in the room
 * left) overwrites; so every byte stored is below the final `written`. The
 * scalar kernel finishes at a character boundary (every byte is one) and
 * decides where the output stops.
 */
static UNILANE_NOINLINE unilane_result neon_l1_to_utf8_bounded_big(const char *src, size_t len,
                                                                   char *dst, size_t cap)
{
    const uint8_t *s = (const uint8_t *)src;
    uint8_t *d = (uint8_t *)dst;
    size_t i = 0, w = 0;
    uint8x16_t bitw = vld1q_u8(neon_l1_k[0]), c0 = vld1q_u8(neon_l1_k[1]),
               two = vld1q_u8(neon_l1_k[2]);
    /* src may be NULL when len is 0, and dst when cap is 0: no arithmetic
       on them then (NULL + 0 is undefined in C) */
    if (len == 0 || cap == 0)
        return unilane_scalar_latin1_to_utf8_bounded(src, len, dst, cap);
    for (;;) {
        uint8x16_t v;
        if ((cap - w) / 2 >= len - i) /* the rest fits */
            return gen_result(UNILANE_OK, len,
                              w + unilane_neon_latin1_to_utf8(src + i, len - i, dst + w));
        if (len - i < 24 || cap - w < 48)
            break;
        v = vld1q_u8(s + i);
        if (vmaxvq_u8(v) < 0x80) {
            vst1q_u8(d + w, v);
            w += 16;
        } else {
            w += neon_l1_block_utf8(v, d + w, bitw, c0, two);
        }
        i += 16;
    }
    return gen_finish(unilane_scalar_latin1_to_utf8_bounded(src + i, len - i, dst + w, cap - w), i,
                      w);
}

/* An input whose output fits whatever it holds (2 bytes a byte) is the
   unbounded entry's, up to 3 bytes one by one here (no frame, no call;
   also len 0: no pointer is touched then); the rest is
   neon_l1_to_utf8_bounded_big's. */
unilane_result unilane_neon_latin1_to_utf8_bounded(const char *src, size_t len, char *dst,
                                                   size_t cap)
{
    if (len < 4 && cap / 2 >= len)
        return gen_result(UNILANE_OK, len,
                          neon_l1_bytes((const uint8_t *)src, len, (uint8_t *)dst));
    if (cap / 2 >= len)
        return gen_result(UNILANE_OK, len, unilane_neon_latin1_to_utf8(src, len, dst));
    return neon_l1_to_utf8_bounded_big(src, len, dst, cap);
}

size_t unilane_neon_utf8_length_from_latin1(const char *src, size_t len)
{
    const uint8_t *s = (const uint8_t *)src;
    size_t i = 0, count = len;

    if (len < 8) {
        for (; i < len; i++)
            count += s[i] >> 7;
        return count;
    }
    if (len < 16) {
        /* 8..15 bytes: the first 8 and the last len - 8 (the lanes of the
           last 8 bytes that the first 8 covered are masked off). */
        uint8x8_t a = vshr_n_u8(vld1_u8(s), 7);
        uint8x8_t b = vand_u8(vld1_u8(s + len - 8), vld1_u8(neon_l1_ones + len));
        return count + vaddv_u8(vsra_n_u8(a, b, 7));
    }
    while (len - i >= 64) {
        /* Byte lanes count b >> 7: 4 per lane per round, at most 63 rounds
           (252 < 256) before the sum is widened. */
        uint8x16_t acc = vdupq_n_u8(0);
        size_t rounds = (len - i) / 64;
        if (rounds > 63)
            rounds = 63;
        while (rounds--) {
            acc = vsraq_n_u8(acc, vld1q_u8(s + i), 7);
            acc = vsraq_n_u8(acc, vld1q_u8(s + i + 16), 7);
            acc = vsraq_n_u8(acc, vld1q_u8(s + i + 32), 7);
            acc = vsraq_n_u8(acc, vld1q_u8(s + i + 48), 7);
            i += 64;
        }
        count += vaddlvq_u8(acc);
    }
    {
        uint8x16_t acc = vdupq_n_u8(0);
        while (len - i >= 16) {
            acc = vsraq_n_u8(acc, vld1q_u8(s + i), 7);
            i += 16;
        }
        if (i < len) {
            /* 0 < r < 16 bytes left, len >= 16: the last 16 bytes, with
               the lanes already counted masked off. */
            size_t r = len - i;
            uint8x16_t v = vandq_u8(vld1q_u8(s + len - 16), vld1q_u8(neon_l1_ones + r));
            acc = vsraq_n_u8(acc, v, 7);
        }
        count += vaddlvq_u8(acc);
    }
    return count;
}

UNILANE_SPEED_END
#else
typedef int unilane_neon_latin1_unused;
#endif
