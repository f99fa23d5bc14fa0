/*
 * utf16.c -- scalar UTF-16 kernels: validation, make_well_formed, UTF-16 to
 * UTF-8 (strict and lossy), to WTF-8 and to Java's modified UTF-8, UTF-16 to
 * Latin-1, the UTF-8 and modified-UTF-8 lengths of UTF-16 text, and the
 * one-pass inspection.
 *
 * A high surrogate (D800..DBFF) followed by a low surrogate (DC00..DFFF) is
 * a pair; any other surrogate is unpaired. A unit is a surrogate iff
 * (u & 0xF800) == 0xD800, a high one iff (u & 0xFC00) == 0xD800, a low one
 * iff (u & 0xFC00) == 0xDC00.
 */
#include "generic.h"

/* Four units at a time: zero iff no lane is a surrogate. Per lane,
   (u & 0xF800) ^ 0xD800 is 0 exactly for surrogates; the classic
   "has a zero lane" test (x - 1) & ~x & 0x8000 per lane is exact for the
   question "is any lane zero" (a borrow only propagates past a zero lane). */
static inline int gen_any_surrogate_16x4(uint64_t v)
{
    uint64_t x = (v & UINT64_C(0xF800F800F800F800)) ^ UINT64_C(0xD800D800D800D800);
    return ((x - UINT64_C(0x0001000100010001)) & ~x & UINT64_C(0x8000800080008000)) != 0;
}

static inline int gen_is_high(uint32_t u)
{
    return (u & 0xFC00) == 0xD800;
}
static inline int gen_is_low(uint32_t u)
{
    return (u & 0xFC00) == 0xDC00;
}

/* Units taken by the character at src[i] (i < len): 1, 2 for a pair, or 0
   for an unpaired surrogate. */
static inline size_t gen_utf16_char_units(const uint16_t *src, size_t len, size_t i)
{
    uint32_t u = src[i];
    if ((u & 0xF800) != 0xD800)
        return 1;
    if (gen_is_high(u) && i + 1 < len && gen_is_low(src[i + 1]))
        return 2;
    return 0;
}

unilane_result unilane_scalar_validate_utf16(const uint16_t *src, size_t len)
{
    unilane_result r;
    size_t i = 0, n, end;

    r.status = UNILANE_SURROGATE;
    r.written = 0;
    while (len - i >= 4) {
        if (!gen_any_surrogate_16x4(gen_load64(src + i))) {
            i += 4;
            continue;
        }
        /* These four units one by one (a pair may end one unit later). */
        for (end = i + 4; i < end; i += n) {
            n = gen_utf16_char_units(src, len, i);
            if (n == 0) {
                r.read = i;
                return r;
            }
        }
    }
    for (; i < len; i += n) {
        n = gen_utf16_char_units(src, len, i);
        if (n == 0) {
            r.read = i;
            return r;
        }
    }
    r.status = UNILANE_OK;
    r.read = len;
    return r;
}

/* dst == src is allowed: every unit is read before the same index of dst is
   written, and a pair's low unit is read before its high unit is stored. */
size_t unilane_scalar_utf16_make_well_formed(const uint16_t *src, size_t len, uint16_t *dst)
{
    size_t i = 0, replaced = 0;

    while (i < len) {
        uint32_t u;
        if (len - i >= 4) {
            /* Four units without a surrogate are copied as they are; the
               store is from a local, so dst == src is no overlapping copy. */
            uint64_t v = gen_load64(src + i);
            if (!gen_any_surrogate_16x4(v)) {
                memcpy(dst + i, &v, sizeof v);
                i += 4;
                continue;
            }
        }
        u = src[i];
        if ((u & 0xF800) != 0xD800) {
            dst[i] = (uint16_t)u;
            i++;
        } else if (gen_is_high(u) && i + 1 < len && gen_is_low(src[i + 1])) {
            uint16_t lo = src[i + 1];
            dst[i] = (uint16_t)u;
            dst[i + 1] = lo;
            i += 2;
        } else {
            dst[i] = 0xFFFD;
            replaced++;
            i++;
        }
    }
    return replaced;
}

/* What gen_utf16_to_utf8 does with an unpaired surrogate. */
enum gen_lone { GEN_LONE_STOP, GEN_LONE_FFFD, GEN_LONE_WTF8 };

/*
 * Shared body of the UTF-16 -> UTF-8 conversions: strict, lossy and WTF-8
 * differ only in what an unpaired surrogate becomes. With GEN_LONE_STOP it
 * stops at the first one and stores its index in *err (else *err = len);
 * GEN_LONE_FFFD writes EF BF BD (U+FFFD) for each, GEN_LONE_WTF8 the 3-byte
 * sequence of the surrogate's own value (ED A0..BF 80..BF). Returns the
 * number of bytes written. `lone` is a constant at each call site, so the
 * compiler specializes the inlined body.
 */
static UNILANE_ALWAYS_INLINE size_t gen_utf16_to_utf8(const uint16_t *src, size_t len, char *dst,
                                                      enum gen_lone lone, size_t *err)
{
    unsigned char *d = (unsigned char *)dst;
    size_t i = 0, w = 0;

    while (i < len) {
        uint32_t u = src[i];
        if (u < 0x80) {
            /* ASCII run: 8 units at a time, then one by one. */
            while (len - i >= 8) {
                if ((gen_load64(src + i) | gen_load64(src + i + 4)) & GEN_NOT_ASCII_16x4)
                    break;
                gen_narrow8(src + i, d + w);
                i += 8;
                w += 8;
            }
            while (i < len && src[i] < 0x80)
                d[w++] = (unsigned char)src[i++];
            continue;
        }
        if (u < 0x800) {
            d[w] = (unsigned char)(0xC0 | (u >> 6));
            d[w + 1] = (unsigned char)(0x80 | (u & 0x3F));
            w += 2;
            i += 1;
        } else if ((u & 0xF800) != 0xD800) {
            d[w] = (unsigned char)(0xE0 | (u >> 12));
            d[w + 1] = (unsigned char)(0x80 | ((u >> 6) & 0x3F));
            d[w + 2] = (unsigned char)(0x80 | (u & 0x3F));
            w += 3;
            i += 1;
        } else if (gen_is_high(u) && i + 1 < len && gen_is_low(src[i + 1])) {
            uint32_t cp = 0x10000 + ((u - 0xD800) << 10) + ((uint32_t)src[i + 1] - 0xDC00);
            d[w] = (unsigned char)(0xF0 | (cp >> 18));
            d[w + 1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
            d[w + 2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
            d[w + 3] = (unsigned char)(0x80 | (cp & 0x3F));
            w += 4;
            i += 2;
        } else if (lone == GEN_LONE_FFFD) {
            d[w] = 0xEF; /* U+FFFD */
            d[w + 1] = 0xBF;
            d[w + 2] = 0xBD;
            w += 3;
            i += 1;
        } else if (lone == GEN_LONE_WTF8) {
            d[w] = 0xED; /* (u >> 12) == 0xD for every surrogate */
            d[w + 1] = (unsigned char)(0x80 | ((u >> 6) & 0x3F));
            d[w + 2] = (unsigned char)(0x80 | (u & 0x3F));
            w += 3;
            i += 1;
        } else {
            *err = i;
            return w;
        }
    }
    *err = len;
    return w;
}

unilane_result unilane_scalar_utf16_to_utf8(const uint16_t *src, size_t len, char *dst)
{
    unilane_result r;
    size_t err;
    r.written = gen_utf16_to_utf8(src, len, dst, GEN_LONE_STOP, &err);
    r.read = err;
    r.status = err == len ? UNILANE_OK : UNILANE_SURROGATE;
    return r;
}

size_t unilane_scalar_utf16_to_utf8_lossy(const uint16_t *src, size_t len, char *dst)
{
    size_t err;
    return gen_utf16_to_utf8(src, len, dst, GEN_LONE_FFFD, &err);
}

/*
 * The lossy conversion into at most cap bytes (ops.h, UNILANE_KERNEL_OPS):
 * runs of units that fit whatever they hold (a third of the room, not
 * ending between the units of a pair) go through gen_utf16_to_utf8 at
 * once; when fewer than 3 bytes are free, one character at a time, until
 * one does not fit whole. Also the finisher of the SIMD versions.
 */
unilane_result unilane_scalar_utf16_to_utf8_lossy_bounded(const uint16_t *src, size_t len,
                                                          char *dst, size_t cap)
{
    unilane_result r;
    size_t i = 0, w = 0, err, m, need;

    while (i < len) {
        m = (cap - w) / 3;
        if (m >= len - i) {
            w += gen_utf16_to_utf8(src + i, len - i, dst + w, GEN_LONE_FFFD, &err);
            i = len;
            break;
        }
        m -= m > 0 && gen_is_high(src[i + m - 1]); /* its low may follow */
        if (m == 0) {
            m = gen_utf16_char_units(src, len, i);
            need = m == 2 ? 4 : src[i] < 0x80 ? 1 : src[i] < 0x800 ? 2 : 3;
            if (cap - w < need)
                break;
            m += m == 0; /* an unpaired surrogate, U+FFFD */
        }
        w += gen_utf16_to_utf8(src + i, m, dst + w, GEN_LONE_FFFD, &err);
        i += m;
    }
    r.status = i == len ? UNILANE_OK : UNILANE_OUTPUT_FULL;
    r.read = i;
    r.written = w;
    return r;
}

size_t unilane_scalar_utf16_to_wtf8(const uint16_t *src, size_t len, char *dst)
{
    size_t err;
    return gen_utf16_to_utf8(src, len, dst, GEN_LONE_WTF8, &err);
}

/* Four 16-bit lanes: bit 15 of a lane is set iff the lane is 0 (exact for
   "is any lane zero" and, as used below, for lanes that are all below
   0x8000, where no borrow crosses a nonzero lane). */
static inline uint64_t gen_zero_16x4(uint64_t v)
{
    return (v - UINT64_C(0x0001000100010001)) & ~v & UINT64_C(0x8000800080008000);
}

/*
 * Java's modified UTF-8: every unit on its own, 0x0001..0x007F one byte,
 * 0x0000 and 0x0080..0x07FF two (0x0000 is C0 80), 0x0800..0xFFFF three,
 * surrogates included.
 */
size_t unilane_scalar_utf16_to_mutf8(const uint16_t *src, size_t len, char *dst)
{
    unsigned char *d = (unsigned char *)dst;
    size_t i = 0, w = 0;

    while (i < len) {
        uint32_t u = src[i];
        if (u - 1 < 0x7F) { /* 0x0001..0x007F */
            /* A run of them: 8 units at a time while all are 1..7F. */
            while (len - i >= 8) {
                uint64_t a = gen_load64(src + i), b = gen_load64(src + i + 4);
                if (((a | b) & GEN_NOT_ASCII_16x4) || gen_zero_16x4(a) || gen_zero_16x4(b))
                    break;
                gen_narrow8(src + i, d + w);
                i += 8;
                w += 8;
            }
            while (i < len && src[i] - 1u < 0x7F)
                d[w++] = (unsigned char)src[i++];
            continue;
        }
        if (u < 0x800) { /* 0x0000, 0x0080..0x07FF */
            d[w] = (unsigned char)(0xC0 | (u >> 6));
            d[w + 1] = (unsigned char)(0x80 | (u & 0x3F));
            w += 2;
        } else {
            d[w] = (unsigned char)(0xE0 | (u >> 12));
            d[w + 1] = (unsigned char)(0x80 | ((u >> 6) & 0x3F));
            d[w + 2] = (unsigned char)(0x80 | (u & 0x3F));
            w += 3;
        }
        i++;
    }
    return w;
}

unilane_result unilane_scalar_utf16_to_latin1(const uint16_t *src, size_t len, char *dst)
{
    unsigned char *d = (unsigned char *)dst;
    unilane_result r;
    size_t i = 0;

    /* 8 units at a time while all are <= 0xFF, then one by one. */
    while (len - i >= 8) {
        if ((gen_load64(src + i) | gen_load64(src + i + 4)) & GEN_NOT_LATIN1_16x4)
            break;
        gen_narrow8(src + i, d + i);
        i += 8;
    }
    for (; i < len; i++) {
        if (src[i] > 0xFF) {
            r.status = UNILANE_TOO_LARGE;
            r.read = i;
            r.written = i;
            return r;
        }
        d[i] = (unsigned char)src[i];
    }
    r.status = UNILANE_OK;
    r.read = len;
    r.written = len;
    return r;
}

/*
 * Each unit counts 1 + (u >= 0x80) + (u >= 0x800): 1, 2 or 3 bytes, which
 * is right for every BMP character and for an unpaired surrogate (3, the
 * length of U+FFFD); a surrogate pair is 4 bytes.
 *
 * Four units without a surrogate at a time (SWAR): per 16-bit lane,
 * bit 15 of ((x & 0x7FFF) + 0x7FFF) | x is set iff x != 0 (the sum stays
 * below 0x10000, so nothing carries into the next lane); x is u & 0xFF80
 * for u >= 0x80 and u & 0xF800 for u >= 0x800.
 */
static inline uint64_t gen_nonzero_16x4(uint64_t x)
{
    return ((((x & UINT64_C(0x7FFF7FFF7FFF7FFF)) + UINT64_C(0x7FFF7FFF7FFF7FFF)) | x) &
            UINT64_C(0x8000800080008000)) >>
           15;
}

/* UTF-8 length of the character at src[i] (i < len); advances *i past it. */
static inline size_t gen_utf8_len_at(const uint16_t *src, size_t len, size_t *i)
{
    uint32_t u = src[*i];
    if ((u & 0xF800) != 0xD800) {
        *i += 1;
        return 1 + (size_t)(u >= 0x80) + (size_t)(u >= 0x800);
    }
    if (gen_is_high(u) && *i + 1 < len && gen_is_low(src[*i + 1])) {
        *i += 2;
        return 4;
    }
    *i += 1;
    return 3; /* U+FFFD */
}

size_t unilane_scalar_utf8_length_from_utf16(const uint16_t *src, size_t len)
{
    size_t i = 0, count = 0, words = 0;
    uint64_t acc = 0;

    while (len - i >= 4) {
        uint64_t v = gen_load64(src + i);
        if (!gen_any_surrogate_16x4(v)) {
            /* Four units, no surrogate: 4 plus lanes of 0..2 added to a
               16-bit-lane accumulator, summed (top lane of the product)
               every 8191 words, before a lane can pass 0x3FFF and the
               lane sum 0xFFFF. */
            acc += gen_nonzero_16x4(v & UINT64_C(0xFF80FF80FF80FF80)) +
                   gen_nonzero_16x4(v & UINT64_C(0xF800F800F800F800));
            i += 4;
            if (++words == 8191) {
                count += 4 * words + (size_t)((acc * UINT64_C(0x0001000100010001)) >> 48);
                acc = 0;
                words = 0;
            }
        } else {
            /* These four units one by one (a pair may end one unit later). */
            size_t end = i + 4;
            while (i < end)
                count += gen_utf8_len_at(src, len, &i);
        }
    }
    count += 4 * words + (size_t)((acc * UINT64_C(0x0001000100010001)) >> 48);
    while (i < len)
        count += gen_utf8_len_at(src, len, &i);
    return count;
}

/*
 * Each unit counts 1 + (u >= 0x80) + (u >= 0x800) + (u == 0). Four units at
 * a time (SWAR): lanes of 0..2 from gen_nonzero_16x4 as above, plus 1 for a
 * zero lane, into a 16-bit-lane accumulator summed every 4096 words (a lane
 * then holds at most 3 * 4096 and the four lanes at most 0xC000).
 */
size_t unilane_scalar_mutf8_length_from_utf16(const uint16_t *src, size_t len)
{
    size_t i = 0, count = 0;

    while (len - i >= 4) {
        uint64_t acc = 0;
        size_t words = (len - i) / 4, k;
        if (words > 4096)
            words = 4096;
        for (k = 0; k < words; k++, i += 4) {
            uint64_t v = gen_load64(src + i);
            acc += gen_nonzero_16x4(v & UINT64_C(0xFF80FF80FF80FF80)) +
                   gen_nonzero_16x4(v & UINT64_C(0xF800F800F800F800)) +
                   (gen_nonzero_16x4(v) ^ UINT64_C(0x0001000100010001));
        }
        count += 4 * words + (size_t)((acc * UINT64_C(0x0001000100010001)) >> 48);
    }
    for (; i < len; i++) {
        uint32_t u = src[i];
        count += 1 + (size_t)(u >= 0x80) + (size_t)(u >= 0x800) + (size_t)(u == 0);
    }
    return count;
}

/*
 * One pass: the first unpaired surrogate, the UTF-8 length of the whole
 * input (an unpaired surrogate counts 3, as in
 * unilane_scalar_utf8_length_from_utf16) and the OR of every unit, with
 * 0x10000 for a pair; gen_width turns that into the width.
 */
unilane_utf16_info unilane_scalar_utf16_inspect(const uint16_t *src, size_t len)
{
    unilane_utf16_info r;
    size_t i = 0, count = 0, err = len;
    uint64_t any = 0; /* OR of the units seen four at a time */
    uint32_t bits = 0;

    while (i < len) {
        uint32_t u;
        if (len - i >= 4) {
            uint64_t v = gen_load64(src + i);
            if (!gen_any_surrogate_16x4(v)) {
                count += 4 + (size_t)(((gen_nonzero_16x4(v & UINT64_C(0xFF80FF80FF80FF80)) +
                                        gen_nonzero_16x4(v & UINT64_C(0xF800F800F800F800))) *
                                       UINT64_C(0x0001000100010001)) >>
                                      48);
                any |= v;
                i += 4;
                continue;
            }
        }
        u = src[i];
        if ((u & 0xF800) != 0xD800) {
            count += 1 + (size_t)(u >= 0x80) + (size_t)(u >= 0x800);
            bits |= u;
            i += 1;
        } else if (gen_is_high(u) && i + 1 < len && gen_is_low(src[i + 1])) {
            count += 4;
            bits |= 0x10000;
            i += 2;
        } else {
            count += 3;
            bits |= u;
            if (err == len)
                err = i;
            i += 1;
        }
    }
    bits |= (uint32_t)(any | (any >> 16) | (any >> 32) | (any >> 48)) & 0xFFFF;
    r.status = err == len ? UNILANE_OK : UNILANE_SURROGATE;
    r.read = err;
    r.utf8_length = count;
    r.width = gen_width(bits);
    return r;
}
