/*
 * utf16_avx2.c -- AVX2 kernels whose input is UTF-16 (native order):
 * the prefix scans, validation, make_well_formed, narrowing to Latin-1,
 * the UTF-8 length and the conversion to UTF-8 (strict and lossy).
 *
 * Shape of every kernel: SIMD checks whole blocks and finds the block that
 * needs attention; the scalar kernel (src/generic) decides status and
 * position, called on a window that starts and ends on a character boundary.
 * A surrogate pair may straddle two blocks: a block whose last unit is a
 * high surrogate consumes one unit less, so the pair is seen whole next time.
 *
 * Unit classes, with u a 16-bit unit:
 *   u & 0xFF80 == 0       ASCII, 1 UTF-8 byte
 *   u & 0xF800 == 0       below U+0800, 1 or 2 UTF-8 bytes
 *   u & 0xF800 == 0xD800  surrogate (high: u & 0xFC00 == 0xD800,
 *                                    low:  u & 0xFC00 == 0xDC00)
 *   otherwise             3 UTF-8 bytes
 *
 * UTF-16 -> UTF-8 follows Lemire & Mula, "Transcoding billions of Unicode
 * characters per second with SIMD instructions" (arXiv 2109.10433): each
 * unit is expanded to a fixed-width slot (2 bytes, or 4 bytes when some unit
 * needs 3) and the slots are compacted with pshufb, the shuffle taken from a
 * table indexed by the per-unit byte counts. A surrogate pair gives 4 bytes,
 * 2 in the slot of each of its units, so blocks whose surrogates are all
 * paired take the same 4-byte-slot path (avx2_u16_utf8_pairs); only
 * unpaired surrogates go to the scalar kernel.
 *
 * Below 8 units there is no vector step: the entries hand such input to
 * the scalar kernel (the prefix scans go one unit at a time); the
 * dispatcher sends it there before it reaches them (impl_avx2.c).
 */
#include "avx2.h"
#include "../generic/generic.h"

#if UNILANE_HAVE_AVX2
UNILANE_SPEED_BEGIN

/* ---- small helpers ---------------------------------------------------- */

static inline unilane_result avx2_u16_ok(size_t read, size_t written)
{
    return gen_result(UNILANE_OK, read, written);
}

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_load(const uint16_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void avx2_u16_store(uint16_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* Two 128-bit table rows as one 256-bit shuffle: lo in lane 0, hi in lane 1. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_rows(const unsigned char *lo,
                                                                       const unsigned char *hi)
{
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)lo);
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)hi);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
}

/* 1 in every 16-bit lane of v that is a surrogate (0xD800..0xDFFF). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_surr(__m256i v)
{
    return _mm256_cmpeq_epi16(_mm256_and_si256(v, _mm256_set1_epi16((short)0xF800)),
                              _mm256_set1_epi16((short)0xD800));
}

/* 32-bit mask over the 32 units of (a, b), bit k for unit k: lanes where
   (unit & 0xFC00) == tag. packs interleaves the 128-bit lanes as
   a0-7 b0-7 a8-15 b8-15; permute4x64(0xD8) puts them back in order. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE uint32_t avx2_u16_mask32(__m256i a, __m256i b,
                                                                          uint16_t tag)
{
    const __m256i fc = _mm256_set1_epi16((short)0xFC00);
    const __m256i t = _mm256_set1_epi16((short)tag);
    __m256i ma = _mm256_cmpeq_epi16(_mm256_and_si256(a, fc), t);
    __m256i mb = _mm256_cmpeq_epi16(_mm256_and_si256(b, fc), t);
    __m256i p = _mm256_permute4x64_epi64(_mm256_packs_epi16(ma, mb), 0xD8);
    return (uint32_t)_mm256_movemask_epi8(p);
}

/* v, with the compiler no longer knowing its value: a constant passed
   through this is kept in a register or spilled once, instead of being
   rebuilt (movabs, vmovq, vpbroadcastq) inside the loop. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_opaque(__m256i v)
{
    __asm__("" : "+x"(v));
    return v;
}

/* Index of the first 16-bit lane of v with (v & bad) != 0, or 16. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_first(__m256i v, __m256i bad)
{
    __m256i ok = _mm256_cmpeq_epi16(_mm256_and_si256(v, bad), _mm256_setzero_si256());
    uint32_t m = ~(uint32_t)_mm256_movemask_epi8(ok);
    return m ? (size_t)(__builtin_ctz(m) >> 1) : 16;
}

/* 8..16 units as two overlapping 8-unit halves: units 0..7 and len-8..len-1. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m128i avx2_u16_head8(const uint16_t *src)
{
    return _mm_loadu_si128((const __m128i *)(const void *)src);
}

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m128i avx2_u16_tail8(const uint16_t *src,
                                                                        size_t len)
{
    return _mm_loadu_si128((const __m128i *)(const void *)(src + len - 8));
}

/* Nonzero iff a 16-bit lane of v is a surrogate. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int avx2_u16_any_surr8(__m128i v)
{
    __m128i s = _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xF800)),
                                _mm_set1_epi16((short)0xD800));
    return !_mm_testz_si128(s, s);
}

/* ---- prefixes ---------------------------------------------------------- */

/* Index of the first 16-bit lane of v with (v & bad) != 0, or 8. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_first8(__m128i v, uint16_t badbits)
{
    __m128i ok =
        _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)badbits)), _mm_setzero_si128());
    uint32_t m = ~(uint32_t)_mm_movemask_epi8(ok) & 0xFFFF;
    return m ? (size_t)(__builtin_ctz(m) >> 1) : 8;
}

/* The first of the 32 units at src with (u & bad) != 0, or 32: two loads,
   no branch. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_first32(const uint16_t *src,
                                                                         __m256i bad)
{
    const __m256i z = _mm256_setzero_si256();
    __m256i ok0 = _mm256_cmpeq_epi16(_mm256_and_si256(avx2_u16_load(src), bad), z);
    __m256i ok1 = _mm256_cmpeq_epi16(_mm256_and_si256(avx2_u16_load(src + 16), bad), z);
    uint64_t m = ~((uint64_t)(uint32_t)_mm256_movemask_epi8(ok0) |
                   (uint64_t)(uint32_t)_mm256_movemask_epi8(ok1) << 32);
    return m ? (size_t)(__builtin_ctzll(m) >> 1) : 32;
}

/* n <= len <= 2n units (n = 8, 16 or 32, a constant): the prefix from two
   overlapping halves of n units. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_prefix_short(const uint16_t *src,
                                                                              size_t len,
                                                                              uint16_t badbits,
                                                                              int n)
{
    const __m256i bad = _mm256_set1_epi16((short)badbits);
    size_t p = n == 32   ? avx2_u16_first32(src, bad)
               : n == 16 ? avx2_u16_first(avx2_u16_load(src), bad)
                         : avx2_u16_first8(avx2_u16_head8(src), badbits);
    if (p < (size_t)n)
        return p;
    return len - (size_t)n +
           (n == 32   ? avx2_u16_first32(src + len - 32, bad)
            : n == 16 ? avx2_u16_first(avx2_u16_load(src + len - 16), bad)
                      : avx2_u16_first8(avx2_u16_tail8(src, len), badbits));
}

/* Units before the first unit with (u & bad) != 0: bad = 0xFF80 gives the
   ASCII prefix, 0xFF00 the Latin-1 prefix. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_prefix(const uint16_t *src,
                                                                        size_t len,
                                                                        uint16_t badbits)
{
    const __m256i bad = _mm256_set1_epi16((short)badbits);
    size_t i = 0, p;

    while (len - i >= 64) {
        __m256i v0 = avx2_u16_load(src + i), v1 = avx2_u16_load(src + i + 16);
        __m256i v2 = avx2_u16_load(src + i + 32), v3 = avx2_u16_load(src + i + 48);
        __m256i o = _mm256_or_si256(_mm256_or_si256(v0, v1), _mm256_or_si256(v2, v3));
        if (!_mm256_testz_si256(o, bad))
            break;
        i += 64;
    }
    while (len - i >= 16) {
        p = avx2_u16_first(avx2_u16_load(src + i), bad);
        if (p < 16)
            return i + p;
        i += 16;
    }
    if (i == len)
        return len;
    /* 1..15 units remain and len >= 16: look at the last 16 units; the
       ones before i are known to pass. */
    p = avx2_u16_first(avx2_u16_load(src + len - 16), bad);
    return len - 16 + p;
}

/* Units before the first one with a bit of `high` set (0xFF80: >= 0x80;
   0xFF00: > 0xFF). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_prefix_any(const uint16_t *src,
                                                                            size_t len,
                                                                            uint16_t high)
{
    size_t k = 0;
    if (len < 8) {
        /* no vector step: one unit at a time */
        while (k < len && !(src[k] & high))
            k++;
    } else if (len < 16) {
        k = avx2_u16_prefix_short(src, len, high, 8);
    } else if (len <= 32) {
        k = avx2_u16_prefix_short(src, len, high, 16);
    } else if (len < 64) {
        /* two overlapping halves of 32 units, where the block loop of
           avx2_u16_prefix took its 16-unit steps and a last step (Latin-1
           prefix of French text at 33..58 units: 0.83x of scalar's speed; callgrind
           at 33..63 units: 87-46% of scalar's count, was 109-66%) */
        k = avx2_u16_prefix_short(src, len, high, 32);
    } else {
        k = avx2_u16_prefix(src, len, high);
    }
    AVX2_LEAVE();
    return k;
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_utf16_ascii_prefix(const uint16_t *src,
                                                                            size_t len)
{
    return avx2_u16_prefix_any(src, len, 0xFF80);
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_utf16_latin1_prefix(const uint16_t *src,
                                                                             size_t len)
{
    return avx2_u16_prefix_any(src, len, 0xFF00);
}

/* ---- validation and make_well_formed ---------------------------------- */

/* Nonzero iff one of the 32 units v0|v1 is a surrogate. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int avx2_u16_any_surr32(__m256i v0, __m256i v1)
{
    __m256i s = _mm256_or_si256(avx2_u16_surr(v0), avx2_u16_surr(v1));
    return !_mm256_testz_si256(s, s);
}

/*
 * A 32-unit block v0|v1 with high-surrogate mask h and low-surrogate mask l
 * is well-formed iff every low follows a high and every high precedes a
 * low: l == h << 1, when the block starts on a boundary and the high in
 * unit 31 (if any) is left for the next block (the 32-bit shift drops it).
 * carry = 1: the unit before the block is a high surrogate waiting for unit
 * 0. Sets *h to the high-surrogate mask (bit 31: unit 31, carried into the
 * next block).
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int avx2_u16_paired32(__m256i v0, __m256i v1,
                                                                       uint32_t carry, uint32_t *h)
{
    *h = avx2_u16_mask32(v0, v1, 0xD800);
    return (uint32_t)((*h << 1) | carry) == avx2_u16_mask32(v0, v1, 0xDC00);
}

/* The constants of the surrogate tests, set up once per call
   (avx2_u16_opaque: not rebuilt in the loops). */
typedef struct avx2_u16_tags {
    __m256i fc00, d800, dc00, f800;
} avx2_u16_tags;

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE avx2_u16_tags avx2_u16_tags_init(void)
{
    avx2_u16_tags t;
    t.fc00 = avx2_u16_opaque(_mm256_set1_epi16((short)0xFC00));
    t.d800 = avx2_u16_opaque(_mm256_set1_epi16((short)0xD800));
    t.dc00 = avx2_u16_opaque(_mm256_set1_epi16((short)0xDC00));
    t.f800 = avx2_u16_opaque(_mm256_set1_epi16((short)0xF800));
    return t;
}

/* avx2_u16_any_surr32 with the constants of *t (gcc -Os rebuilds the
   constants of avx2_u16_surr inside a loop). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int avx2_u16_any_surr32_t(__m256i v0, __m256i v1,
                                                                           const avx2_u16_tags *t)
{
    __m256i s = _mm256_or_si256(_mm256_cmpeq_epi16(_mm256_and_si256(v0, t->f800), t->d800),
                                _mm256_cmpeq_epi16(_mm256_and_si256(v1, t->f800), t->d800));
    return !_mm256_testz_si256(s, s);
}

/* -1 in every 16-bit lane of v with (unit & 0xFC00) == tag: t->d800, a
   high surrogate; t->dc00, a low one. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_is_tag(__m256i v,
                                                                         const avx2_u16_tags *t,
                                                                         __m256i tag)
{
    return _mm256_cmpeq_epi16(_mm256_and_si256(v, t->fc00), tag);
}

/* The 16 units before each unit of v = src[i..i+15]: src[i-1..i+14], one
   load when i >= 1; at i == 0 v shifted up by one unit, 0 in unit 0. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_before(const uint16_t *src,
                                                                         size_t i, __m256i v)
{
    if (i)
        return avx2_u16_load(src + i - 1);
    return _mm256_alignr_epi8(v, _mm256_permute2x128_si256(v, v, 0x08), 14);
}

/*
 * avx2_u16_paired32 without masks or carry: the 32 units v0|v1 at src + i
 * are well-formed with the unit before them iff a unit is a low surrogate
 * exactly where the unit before it is a high one, for the 32 units: the
 * units before are loaded (avx2_u16_before), so a pair across the block
 * start needs no carried bit, and nothing leaves the vector unit (no
 * pack/permute/movemask per mask). A high in the last unit is the next
 * block's to check.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_paired32_at(const uint16_t *src, size_t i, __m256i v0, __m256i v1, const avx2_u16_tags *t)
{
    __m256i x0 = _mm256_xor_si256(avx2_u16_is_tag(avx2_u16_before(src, i, v0), t, t->d800),
                                  avx2_u16_is_tag(v0, t, t->dc00));
    __m256i x1 = _mm256_xor_si256(avx2_u16_is_tag(avx2_u16_load(src + i + 15), t, t->d800),
                                  avx2_u16_is_tag(v1, t, t->dc00));
    __m256i x = _mm256_or_si256(x0, x1);
    return _mm256_testz_si256(x, x);
}

/* len >= 32 */
UNILANE_TARGET_AVX2 static UNILANE_NOINLINE unilane_result
avx2_u16_validate_long(const uint16_t *src, size_t len)
{
    size_t i = 0;
    uint32_t carry = 0; /* 1: unit i-1 is a high surrogate waiting for its low */

    for (;;) {
        while (!carry && len - i >= 64) {
            __m256i s0 = avx2_u16_surr(avx2_u16_load(src + i));
            __m256i s1 = avx2_u16_surr(avx2_u16_load(src + i + 16));
            __m256i s2 = avx2_u16_surr(avx2_u16_load(src + i + 32));
            __m256i s3 = avx2_u16_surr(avx2_u16_load(src + i + 48));
            __m256i s = _mm256_or_si256(_mm256_or_si256(s0, s1), _mm256_or_si256(s2, s3));
            if (!_mm256_testz_si256(s, s))
                break;
            i += 64;
        }
        if (len - i < 32)
            break;
        {
            /* 32 <= len - i: one block with the pair check. */
            __m256i v0 = avx2_u16_load(src + i), v1 = avx2_u16_load(src + i + 16);
            uint32_t h;
            if (!avx2_u16_any_surr32(v0, v1)) {
                if (carry)
                    break; /* the high surrogate at i-1 is unpaired */
                i += 32;
                continue;
            }
            if (!avx2_u16_paired32(v0, v1, carry, &h))
                break; /* an unpaired surrogate in [i - carry, i + 32): scalar finds it */
            /* The block advances by 32 whatever it holds, so the next load
               does not wait for this block's masks; a high surrogate in
               unit 31 is carried into the next block's check. */
            carry = h >> 31;
            i += 32;
        }
    }
    if (carry) {
        i -= 1; /* start the scalar kernel at the pending high surrogate */
    } else if (i < len && len - i < 32) {
        /* The last 32 units; a surrogate-free window settles the tail. */
        if (!avx2_u16_any_surr32(avx2_u16_load(src + len - 32), avx2_u16_load(src + len - 16)))
            i = len;
    }
    AVX2_LEAVE();
    if (i == len)
        return avx2_u16_ok(len, 0);
    return gen_finish(unilane_scalar_validate_utf16(src + i, len - i), i, 0);
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 unilane_result unilane_avx2_validate_utf16(const uint16_t *src,
                                                                                size_t len)
{
    /* 8..31 units without a surrogate are valid: two overlapping halves.
       The scalar kernel decides the others, and inputs under 8 units,
       which have no vector step. */
    if (len < 16) {
        if (len >= 8 && !avx2_u16_any_surr8(avx2_u16_head8(src)) &&
            !avx2_u16_any_surr8(avx2_u16_tail8(src, len)))
            return AVX2_THEN(avx2_u16_ok(len, 0));
        return AVX2_THEN(unilane_scalar_validate_utf16(src, len));
    }
    if (len < 32) {
        if (!avx2_u16_any_surr32(avx2_u16_load(src), avx2_u16_load(src + len - 16)))
            return AVX2_THEN(avx2_u16_ok(len, 0));
        return AVX2_THEN(unilane_scalar_validate_utf16(src, len));
    }
    return avx2_u16_validate_long(src, len);
}

/* make_well_formed after a block of a run of supplementary characters,
   from unit i: the blocks of 32 whose units (& 0xFC00) are the run's
   pattern q, well-formed, are copied (unless inplace). Returns the end. */
UNILANE_TARGET_AVX2 static UNILANE_NOINLINE size_t avx2_u16_mwf_run(const uint16_t *src, size_t len,
                                                                    uint16_t *dst, size_t i,
                                                                    int inplace, __m256i q)
{
    const __m256i fc00 = _mm256_set1_epi16((short)0xFC00);
    while (len - i >= 32) {
        __m256i a = avx2_u16_load(src + i), b = avx2_u16_load(src + i + 16);
        __m256i y = _mm256_or_si256(_mm256_xor_si256(_mm256_and_si256(a, fc00), q),
                                    _mm256_xor_si256(_mm256_and_si256(b, fc00), q));
        if (!_mm256_testz_si256(y, y))
            break;
        if (!inplace) {
            avx2_u16_store(dst + i, a);
            avx2_u16_store(dst + i + 16, b);
        }
        i += 32;
    }
    return i;
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_utf16_make_well_formed(const uint16_t *src,
                                                                                size_t len,
                                                                                uint16_t *dst)
{
    size_t i = 0, n = 0;
    const int inplace = (src == dst);
    uint32_t carry = 0;
    int held = 0; /* unit i-1, a high surrogate, left unwritten by the scalar window */
    avx2_u16_tags tg;
    __m256i alt0, alt1;

    if (len < 32) {
        /* 8..31 units without a surrogate are their own output: two
           overlapping halves. The scalar kernel takes the others, and
           inputs under 8 units, which have no vector step. */
        if (len >= 16) {
            __m256i a = avx2_u16_load(src), b = avx2_u16_load(src + len - 16);
            if (!avx2_u16_any_surr32(a, b)) {
                avx2_u16_store(dst, a);
                avx2_u16_store(dst + len - 16, b);
                return AVX2_THEN(0);
            }
        } else if (len >= 8) {
            __m128i a = avx2_u16_head8(src), b = avx2_u16_tail8(src, len);
            if (!avx2_u16_any_surr8(a) && !avx2_u16_any_surr8(b)) {
                _mm_storeu_si128((__m128i *)(void *)dst, a);
                _mm_storeu_si128((__m128i *)(void *)(dst + len - 8), b);
                return AVX2_THEN(0);
            }
        }
        return AVX2_THEN(unilane_scalar_utf16_make_well_formed(src, len, dst));
    }
    /*
     * Every block advances by 32. carry = 1: unit i-1 is a high surrogate
     * whose pairing is decided by this block. A well-formed block is copied
     * whole (a final high surrogate included: if the next block finds it
     * unpaired, the scalar window rewrites it). An ill-formed block goes to
     * the scalar kernel on the window [i - carry, i + 32 - hb), hb = 1 when
     * unit 31 is a high surrogate, which is then left to the next block and
     * not written (`held`: the next block, if well-formed, copies it). Where
     * pairs straddle blocks, carry is a coin flip on text full of them:
     * nothing but the data flow depends on it in a well-formed block.
     */
    tg = avx2_u16_tags_init();
    /* D800 in the even units and DC00 in the odd ones (alt0), or the
       other way round (alt1) */
    alt0 = avx2_u16_opaque(_mm256_set1_epi32((int)0xDC00D800u));
    alt1 = avx2_u16_opaque(_mm256_set1_epi32((int)0xD800DC00u));
    while (len - i >= 32) {
        __m256i v0 = avx2_u16_load(src + i), v1 = avx2_u16_load(src + i + 16);
        if (UNILANE_LIKELY(!avx2_u16_any_surr32_t(v0, v1, &tg) && !carry)) {
            if (!inplace) {
                avx2_u16_store(dst + i, v0);
                avx2_u16_store(dst + i + 16, v1);
            }
        } else {
            /* A run of supplementary characters: the units alternate high
               and low from a high in unit 0 (carry 0) or from a low in
               unit 0 after the high at i-1 (carry 1; unit 31 is then a
               high): well-formed, without the pair vectors. */
            __m256i q = carry ? alt1 : alt0;
            __m256i y = _mm256_or_si256(_mm256_xor_si256(_mm256_and_si256(v0, tg.fc00), q),
                                        _mm256_xor_si256(_mm256_and_si256(v1, tg.fc00), q));
            uint32_t hb = carry;
            const int run = _mm256_testz_si256(y, y);
            int ok = run;
            if (!ok) {
                hb = (src[i + 31] & 0xFC00) == 0xD800;
                ok = avx2_u16_paired32_at(src, i, v0, v1, &tg);
            }
            if (UNILANE_LIKELY(ok)) {
                if (!inplace) {
                    if (UNILANE_UNLIKELY(held))
                        dst[i - 1] = src[i - 1];
                    avx2_u16_store(dst + i, v0);
                    avx2_u16_store(dst + i + 16, v1);
                }
                held = 0;
            } else {
                n += AVX2_THEN(unilane_scalar_utf16_make_well_formed(
                    src + i - carry, 32 + carry - hb, dst + i - carry));
                held = (int)hb;
            }
            carry = hb;
            /* the blocks after the run's first in its phase: copied */
            if (run)
                i = avx2_u16_mwf_run(src, len, dst, i + 32, inplace, q) - 32;
        }
        i += 32;
    }
    if (carry) {
        n +=
            AVX2_THEN(unilane_scalar_utf16_make_well_formed(src + i - 1, len - i + 1, dst + i - 1));
    } else if (i < len) {
        /* 1..31 units remain. A surrogate-free last 32-unit window is its
           own output (and so are the units of it already written). */
        __m256i v0 = avx2_u16_load(src + len - 32), v1 = avx2_u16_load(src + len - 16);
        if (!avx2_u16_any_surr32(v0, v1)) {
            if (!inplace) {
                avx2_u16_store(dst + len - 32, v0);
                avx2_u16_store(dst + len - 16, v1);
            }
        } else {
            n += AVX2_THEN(unilane_scalar_utf16_make_well_formed(src + i, len - i, dst + i));
        }
    }
    AVX2_LEAVE();
    return n;
}

/* ---- UTF-16 -> Latin-1 ------------------------------------------------- */

/* Packs 16 units (all <= 0xFF) to 16 bytes in order. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m128i avx2_u16_pack16(__m256i v)
{
    return _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

/* Packs 32 units (all <= 0xFF) to 32 bytes in order. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_pack32(__m256i a, __m256i b)
{
    return _mm256_permute4x64_epi64(_mm256_packus_epi16(a, b), 0xD8);
}

/*
 * n <= len <= 2n units (n = 8 or 16, a constant), as two overlapping
 * halves of n units: if no unit has a bit of `bad` set (0xFF00: all
 * Latin-1; 0xFF80: all ASCII, whose UTF-8 is the same bytes) and, with
 * `nz` (a constant, for modified UTF-8 and bad = 0xFF80), no unit is 0, narrows them
 * to len bytes at dst and returns 1; otherwise returns 0 having written
 * nothing. For nz the test is on u | (u - 1): a bit of 0xFF80 is set in it
 * iff u >= 0x80 or u == 0.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_narrow_short(const uint16_t *src, size_t len, char *dst, uint16_t bad, int n, int nz)
{
    if (n == 16) {
        __m256i a = avx2_u16_load(src), b = avx2_u16_load(src + len - 16);
        __m256i t = _mm256_or_si256(a, b);
        if (nz)
            t = _mm256_or_si256(t, _mm256_or_si256(_mm256_sub_epi16(a, _mm256_set1_epi16(1)),
                                                   _mm256_sub_epi16(b, _mm256_set1_epi16(1))));
        if (!_mm256_testz_si256(t, _mm256_set1_epi16((short)bad)))
            return 0;
        _mm_storeu_si128((__m128i *)(void *)dst, avx2_u16_pack16(a));
        _mm_storeu_si128((__m128i *)(void *)(dst + len - 16), avx2_u16_pack16(b));
    } else {
        __m128i a = avx2_u16_head8(src), b = avx2_u16_tail8(src, len);
        __m128i p, t = _mm_or_si128(a, b);
        uint64_t lo, hi;
        if (nz)
            t = _mm_or_si128(t, _mm_or_si128(_mm_sub_epi16(a, _mm_set1_epi16(1)),
                                             _mm_sub_epi16(b, _mm_set1_epi16(1))));
        if (!_mm_testz_si128(t, _mm_set1_epi16((short)bad)))
            return 0;
        p = _mm_packus_epi16(a, b); /* bytes 0..7: units 0..7, 8..15: units len-8.. */
        lo = (uint64_t)_mm_cvtsi128_si64(p);
        hi = (uint64_t)_mm_extract_epi64(p, 1);
        memcpy(dst, &lo, 8);
        memcpy(dst + len - 8, &hi, 8);
    }
    return 1;
}

/* len >= 32 */
UNILANE_TARGET_AVX2 static UNILANE_NOINLINE unilane_result
avx2_u16_to_latin1_long(const uint16_t *src, size_t len, char *dst)
{
    const __m256i bad = _mm256_set1_epi16((short)0xFF00);
    size_t i = 0;

    while (len - i >= 64) {
        __m256i v0 = avx2_u16_load(src + i), v1 = avx2_u16_load(src + i + 16);
        __m256i v2 = avx2_u16_load(src + i + 32), v3 = avx2_u16_load(src + i + 48);
        __m256i o = _mm256_or_si256(_mm256_or_si256(v0, v1), _mm256_or_si256(v2, v3));
        if (!_mm256_testz_si256(o, bad))
            goto finish;
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), avx2_u16_pack32(v0, v1));
        _mm256_storeu_si256((__m256i *)(void *)(dst + i + 32), avx2_u16_pack32(v2, v3));
        i += 64;
    }
    if (len - i >= 32) {
        __m256i v0 = avx2_u16_load(src + i), v1 = avx2_u16_load(src + i + 16);
        if (!_mm256_testz_si256(_mm256_or_si256(v0, v1), bad))
            goto finish;
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), avx2_u16_pack32(v0, v1));
        i += 32;
    }
    if (i < len) {
        /* 1..31 units remain: redo the last 32 (the overlap is rewritten
           with the same bytes). */
        __m256i v0 = avx2_u16_load(src + len - 32), v1 = avx2_u16_load(src + len - 16);
        if (!_mm256_testz_si256(_mm256_or_si256(v0, v1), bad))
            goto finish;
        _mm256_storeu_si256((__m256i *)(void *)(dst + len - 32), avx2_u16_pack32(v0, v1));
    }
    return AVX2_THEN(avx2_u16_ok(len, len));
finish:
    AVX2_LEAVE();
    return gen_finish(unilane_scalar_utf16_to_latin1(src + i, len - i, dst + i), i, i);
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 unilane_result
unilane_avx2_utf16_to_latin1(const uint16_t *src, size_t len, char *dst)
{
    /* 8..31 units all <= 0xFF: two overlapping halves. The scalar kernel
       takes the others, and inputs under 8 units, which have no vector
       step. */
    if (len < 16) {
        if (len >= 8 && avx2_u16_narrow_short(src, len, dst, 0xFF00, 8, 0))
            return AVX2_THEN(avx2_u16_ok(len, len));
        return AVX2_THEN(unilane_scalar_utf16_to_latin1(src, len, dst));
    }
    if (len < 32) {
        if (avx2_u16_narrow_short(src, len, dst, 0xFF00, 16, 0))
            return AVX2_THEN(avx2_u16_ok(len, len));
        return AVX2_THEN(unilane_scalar_utf16_to_latin1(src, len, dst));
    }
    return avx2_u16_to_latin1_long(src, len, dst);
}

/* ---- UTF-8 and modified-UTF-8 lengths ---------------------------------- */

/*
 * utf16_inspect's blocks of 32 units as one vector of 32 bytes, a unit v
 * becoming its arithmetic shift v >> 7 saturated to a signed byte (in the
 * lane order of the pack: units 0-7, 16-23, 8-15, 24-31). Every class the
 * inspection needs is then one byte test, of all 32 units at once:
 *   00         v < 0x80 (ASCII)        01       0x80 <= v < 0x100
 *   0x (& F0)  v < 0x800               Bx       a surrogate (D800..DFFF),
 *   >= 02      v >= 0x100                       B0..B7 high, B8..BF low
 * (0x800..0x3F7F give 10..7F, 0x8000..0xD7FF 80..AF, 0xE000..0xFFFF C0..FF:
 * the signed shift keeps the surrogates off the saturated ends).
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_insp_bytes(__m256i v0, __m256i v1)
{
    return _mm256_packs_epi16(_mm256_srai_epi16(v0, 7), _mm256_srai_epi16(v1, 7));
}

/* Keeps the first of the places an unpaired surrogate may be. */
static inline void avx2_u16_first_bad(size_t *err, size_t len, size_t at)
{
    if (*err == len)
        *err = at;
}

/* i, which the compiler may not rebuild from a value of i it kept from
   before (an error position, taken only at an error, then costs no
   register copy in every block). */
static inline size_t avx2_u16_opaque_index(size_t i)
{
    __asm__("" : "+r"(i));
    return i;
}

/*
 * len >= 32, one pass over avx2_u16_insp_bytes: the UTF-8 length as
 * utf8_length_from_utf16 counts it (3 a unit, less one per unit below 0x80
 * and one per unit below 0x800, counted in bytes and summed every 127
 * blocks; 2 less per pair), the OR of the bytes for the width, and the
 * first block that is not well-formed. Only a block with a surrogate takes
 * its in-order high and low masks: a low not after a high, or a high not
 * before a low, the carry included (a high as unit 31 of the block
 * before); a high as unit 31 whose next unit is not a low is unpaired, so
 * a carry never meets a block without surrogates. The scalar validation
 * finds the first unpaired surrogate from the boundary the blocks name (it
 * looks at no more than that block and the unit after); a high as the last
 * block unit before the tail, and a tail with a surrogate, are left to the
 * scalar finisher, which inspects the part it finishes.
 */
static UNILANE_TARGET_AVX2 UNILANE_NOINLINE unilane_utf16_info
avx2_u16_inspect_long(const uint16_t *src, size_t len)
{
    const __m256i zero = _mm256_setzero_si256();
    const __m256i f0 = _mm256_set1_epi8((char)0xF0), f8 = _mm256_set1_epi8((char)0xF8);
    const __m256i b0 = _mm256_set1_epi8((char)0xB0), b8 = _mm256_set1_epi8((char)0xB8);
    __m256i bits = zero, sums = zero; /* sums: four 64-bit counts */
    size_t i = 0, err = len, paired = 0, total;
    uint32_t carry = 0; /* 1: unit i-1 is a high surrogate, unit i a low */
    uint32_t wbits;
    unilane_utf16_info r;

    while (len - i >= 32) {
        __m256i acc = zero; /* per byte: the units below 0x80 and below 0x800 */
        size_t blocks = 0;
        while (len - i >= 32 && blocks < 127) {
            __m256i c = avx2_u16_insp_bytes(avx2_u16_load(src + i), avx2_u16_load(src + i + 16));
            __m256i cf = _mm256_and_si256(c, f0);
            __m256i s = _mm256_cmpeq_epi8(cf, b0);
            acc = _mm256_sub_epi8(acc, _mm256_cmpeq_epi8(c, zero));
            acc = _mm256_sub_epi8(acc, _mm256_cmpeq_epi8(cf, zero));
            bits = _mm256_or_si256(bits, c);
            i += 32;
            blocks++;
            if (UNILANE_UNLIKELY(!_mm256_testz_si256(s, s))) {
                __m256i o = _mm256_and_si256(_mm256_permute4x64_epi64(c, 0xD8), f8);
                uint32_t h = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(o, b0));
                uint32_t l = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(o, b8));
                uint32_t x = (h << 1) | carry;
                paired += (size_t)__builtin_popcount(x & l);
                if (UNILANE_UNLIKELY(x != l))
                    avx2_u16_first_bad(&err, len, avx2_u16_opaque_index(i) - 32 - carry);
                carry = h >> 31;
                if (carry && i < len && (src[i] & 0xFC00) != 0xDC00) {
                    avx2_u16_first_bad(&err, len, i - 1);
                    carry = 0;
                }
            }
        }
        sums = _mm256_add_epi64(sums, _mm256_sad_epu8(acc, zero));
    }
    {
        __m128i t = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
        t = _mm_add_epi64(t, _mm_unpackhi_epi64(t, t));
        total = 3 * i - (size_t)_mm_cvtsi128_si64(t) - 2 * paired;
    }
    if (carry) {
        /* The high surrogate at i-1 was counted 3; let scalar decide. */
        total -= 3;
        i -= 1;
    } else if (i < len) {
        /* 1..31 units remain: count them in the last 32 units (in order),
           if those have no surrogate, dropping the units already counted. */
        __m256i c = _mm256_permute4x64_epi64(
            avx2_u16_insp_bytes(avx2_u16_load(src + len - 32), avx2_u16_load(src + len - 16)),
            0xD8);
        __m256i cf = _mm256_and_si256(c, f0), s = _mm256_cmpeq_epi8(cf, b0);
        if (_mm256_testz_si256(s, s)) {
            unsigned sh = (unsigned)(32 - (len - i)); /* 1..31 */
            uint32_t m1 = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c, zero)) >> sh;
            uint32_t m2 = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(cf, zero)) >> sh;
            total += 3 * (len - i) - (size_t)(_mm_popcnt_u32(m1) + _mm_popcnt_u32(m2));
            bits = _mm256_or_si256(bits, c);
            i = len;
        }
    }
    /* bytes 00 only: ASCII; 00 and 01: Latin-1; any other: BMP at least */
    wbits = _mm256_testz_si256(bits, bits)                           ? 0
            : _mm256_testz_si256(bits, _mm256_set1_epi8((char)0xFE)) ? 0x80
                                                                     : 0x100;
    /* made before the vzeroupper (see avx2_u16_inspect16) */
    __asm__ __volatile__("" : "+r"(wbits), "+r"(total));
    AVX2_LEAVE();
    r.utf8_length = total;
    r.width = gen_width(wbits | (paired ? 0x10000u : 0));
    r.status = UNILANE_OK;
    r.read = len;
    if (i != len) {
        unilane_utf16_info t = unilane_scalar_utf16_inspect(src + i, len - i);
        r.utf8_length += t.utf8_length;
        r.width = gen_wider(r.width, t.width);
        r.status = t.status;
        r.read = i + t.read;
    }
    if (err != len) {
        unilane_result v = unilane_scalar_validate_utf16(src + err, len - err);
        r.status = v.status;
        r.read = err + v.read;
    }
    return r;
}

/* A mask of the two overlapping n-unit halves of n..2n units (bits 0..n-1:
   units 0..n-1; bits n..2n-1: units len-n..len-1) as one bit per unit. */
static UNILANE_ALWAYS_INLINE uint32_t avx2_u16_halves_mask(uint32_t m, size_t len, unsigned n)
{
    return (m & ((1u << n) - 1)) | (m >> n) << (len - n);
}

/* The inspection of n..2n units without a surrogate from three masks of
   their two overlapping n-unit halves (as avx2_u16_halves_mask takes them):
   the units >= 0x80, those >= 0x800 and those > 0xFF. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE unilane_utf16_info
avx2_u16_halves_info(uint32_t m80, uint32_t m800, uint32_t mff, size_t len, unsigned n)
{
    unilane_utf16_info r;
    r.status = UNILANE_OK;
    r.read = len;
    r.utf8_length = len + (size_t)_mm_popcnt_u32(avx2_u16_halves_mask(m80, len, n)) +
                    (size_t)_mm_popcnt_u32(avx2_u16_halves_mask(m800, len, n));
    r.width = !m80 ? UNILANE_WIDTH_ASCII : !mff ? UNILANE_WIDTH_LATIN1 : UNILANE_WIDTH_BMP;
    return r;
}

/* 8..16 units without a surrogate (else 0, nothing set): the two
   overlapping 8-unit halves packed to bytes as in avx2_u16_prefix8, a unit
   shifted right by 4 being >= 0x80 exactly where it is >= 0x800, and by 1
   where it is > 0xFF. 128-bit code only, so nothing to leave. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_inspect8(const uint16_t *src, size_t len, unilane_utf16_info *r)
{
    const __m128i f800 = _mm_set1_epi16((short)0xF800), d800 = _mm_set1_epi16((short)0xD800);
    __m128i a = avx2_u16_head8(src), b = avx2_u16_tail8(src, len);
    __m128i s = _mm_or_si128(_mm_cmpeq_epi16(_mm_and_si128(a, f800), d800),
                             _mm_cmpeq_epi16(_mm_and_si128(b, f800), d800));
    if (!_mm_testz_si128(s, s))
        return 0;
    *r = avx2_u16_halves_info(
        (uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_packus_epi16(a, b), _mm_packs_epi16(a, b))),
        (uint32_t)_mm_movemask_epi8(_mm_packus_epi16(_mm_srli_epi16(a, 4), _mm_srli_epi16(b, 4))),
        (uint32_t)_mm_movemask_epi8(_mm_packus_epi16(_mm_srli_epi16(a, 1), _mm_srli_epi16(b, 1))),
        len, 8);
    return 1;
}

/* Units a and b packed to bytes in their order (the packs work per 128-bit
   lane: a0-7 b0-7 a8-15 b8-15, put back in order by vpermq). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE uint32_t avx2_u16_pack_mask(__m256i p)
{
    return (uint32_t)_mm256_movemask_epi8(_mm256_permute4x64_epi64(p, 0xD8));
}

/* 17..31 units, as avx2_u16_inspect8 with two 16-unit halves; the scalar
   kernel's when they hold a surrogate. Out of line: inline, its 256-bit
   registers made the entry align its stack on every path. */
UNILANE_TARGET_AVX2 static UNILANE_NOINLINE unilane_utf16_info
avx2_u16_inspect16(const uint16_t *src, size_t len)
{
    const __m256i f800 = _mm256_set1_epi16((short)0xF800), d800 = _mm256_set1_epi16((short)0xD800);
    __m256i a = avx2_u16_load(src), b = avx2_u16_load(src + len - 16);
    __m256i s = _mm256_or_si256(_mm256_cmpeq_epi16(_mm256_and_si256(a, f800), d800),
                                _mm256_cmpeq_epi16(_mm256_and_si256(b, f800), d800));
    uint32_t m80, m800, mff;
    if (!_mm256_testz_si256(s, s))
        return AVX2_THEN(unilane_scalar_utf16_inspect(src, len));
    m80 = avx2_u16_pack_mask(_mm256_or_si256(_mm256_packus_epi16(a, b), _mm256_packs_epi16(a, b)));
    m800 =
        avx2_u16_pack_mask(_mm256_packus_epi16(_mm256_srli_epi16(a, 4), _mm256_srli_epi16(b, 4)));
    mff = avx2_u16_pack_mask(_mm256_packus_epi16(_mm256_srli_epi16(a, 1), _mm256_srli_epi16(b, 1)));
    /* the three masks made before the vzeroupper (gcc -Os moved the last
       one after it, reloading a and b from the stack: a dirty return) */
    __asm__ __volatile__("" : "+r"(m80), "+r"(m800), "+r"(mff));
    AVX2_LEAVE();
    return avx2_u16_halves_info(m80, m800, mff, len, 16);
}

/* Inputs of 8..31 units without a surrogate are inspected by
   avx2_u16_inspect8 / avx2_u16_inspect16 (the forwarding below cost 8
   instructions a call, 102-105% of scalar's count at 8..31 units); the
   rest of the inputs under 32 units by the scalar kernel, from an entry
   that saves no registers and aligns no stack for the vector code (with
   that code inline, the forwarding paid its prologue: 8..31 units took
   1.07-1.19x the scalar set's time). */
UNILANE_INTERNAL UNILANE_TARGET_AVX2 unilane_utf16_info
unilane_avx2_utf16_inspect(const uint16_t *src, size_t len)
{
    unilane_utf16_info r;
    if (len - 8 <= 8 && avx2_u16_inspect8(src, len, &r))
        return r;
    if (len - 17 < 15)
        return avx2_u16_inspect16(src, len);
    if (len < 32)
        return unilane_scalar_utf16_inspect(src, len);
    return avx2_u16_inspect_long(src, len);
}
/*
 * The UTF-8 length of 32 units and more, over avx2_u16_insp_bytes: every
 * unit counts 3 less what it takes off: 2 below 0x80 (class byte 00), 1
 * below 0x800 (01..0F), 0 for the others; the class + 0x70, saturated, is
 * 70..7F there and 80..FF (a pshufb zero) for the others, so one pshufb
 * gives the bytes taken off. A surrogate counts 3, which is right for an
 * unpaired one (U+FFFD), and each unit of a pair counts 2, so 2 are taken
 * off per pair, at its low unit (counted apart, one a pair). Both are
 * summed per byte (at most 2 a block with the pairs doubled: a low takes
 * nothing else off) and folded with vpsadbw every 127 blocks. Nothing is
 * scalar per block and no branch depends on the text: the pairs are found
 * in every block, from the units one before (loaded, so a pair across a
 * block edge needs no carry).
 *
 * `mutf8` (a constant): the modified-UTF-8 length instead, where every unit
 * is on its own (a surrogate counts 3, paired or not) and U+0000 counts 2:
 * one less off per zero unit, and no pairs.
 */

/* The constants of the length blocks (passed along: gcc -Os rebuilds
   constants inside a loop, see avx2_u16_tags_init). */
typedef struct avx2_u16_len_k {
    __m256i x70, off, f8, f6, b7;
} avx2_u16_len_k;

/* The bytes the 32 units (v0, v1) take off their 3 each; c: their class
   bytes, FF (nothing off) where a unit is not to be counted; old: FF at
   those bytes (for the zero units of mutf8). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_len_off(__m256i c, __m256i v0,
                                                                          __m256i v1, __m256i old,
                                                                          const avx2_u16_len_k *k,
                                                                          int mutf8)
{
    __m256i off = _mm256_shuffle_epi8(k->off, _mm256_adds_epu8(c, k->x70));
    if (mutf8) {
        const __m256i zero = _mm256_setzero_si256();
        __m256i z = _mm256_packs_epi16(_mm256_cmpeq_epi16(v0, zero), _mm256_cmpeq_epi16(v1, zero));
        off = _mm256_add_epi8(off, _mm256_andnot_si256(old, z));
    }
    return off;
}

/* -1 at the bytes of the class bytes c whose unit is a low surrogate after
   a high one; w0, w1: the units one before those of c. A unit before is a
   high iff its shift by 10 is -10 (one compare), and a unit is a low iff
   its class & F8 is B8: with the high mask (-1) added, B7 is reached there
   only. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_len_pairs(__m256i c, __m256i w0,
                                                                            __m256i w1,
                                                                            const avx2_u16_len_k *k)
{
    __m256i h = _mm256_cmpeq_epi8(
        _mm256_packs_epi16(_mm256_srai_epi16(w0, 10), _mm256_srai_epi16(w1, 10)), k->f6);
    return _mm256_cmpeq_epi8(_mm256_add_epi8(_mm256_and_si256(c, k->f8), h), k->b7);
}

/* sums (four 64-bit counts) plus the bytes of acc and twice those of pairs */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_len_fold(__m256i sums,
                                                                           __m256i acc,
                                                                           __m256i pairs)
{
    return _mm256_add_epi64(sums,
                            _mm256_sad_epu8(_mm256_add_epi8(acc, _mm256_add_epi8(pairs, pairs)),
                                            _mm256_setzero_si256()));
}

/* len >= 32 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_utf8_len_long(const uint16_t *src,
                                                                               size_t len,
                                                                               int mutf8)
{
    const __m256i zero = _mm256_setzero_si256();
    avx2_u16_len_k k;
    __m256i sums = zero, acc, pairs = zero, v0, v1, c;
    size_t i = 32, blocks = 126, r;

    k.x70 = avx2_u16_opaque(_mm256_set1_epi8(0x70));
    k.off = avx2_u16_opaque(_mm256_setr_epi8(2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1,
                                             1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1));
    k.f8 = avx2_u16_opaque(_mm256_set1_epi8((char)0xF8));
    k.f6 = avx2_u16_opaque(_mm256_set1_epi8((char)0xF6));
    k.b7 = avx2_u16_opaque(_mm256_set1_epi8((char)0xB7));
    /* the first block: no unit before unit 0 (avx2_u16_before: 0) */
    v0 = avx2_u16_load(src);
    v1 = avx2_u16_load(src + 16);
    c = avx2_u16_insp_bytes(v0, v1);
    acc = avx2_u16_len_off(c, v0, v1, zero, &k, mutf8);
    if (!mutf8)
        pairs = _mm256_sub_epi8(
            zero, avx2_u16_len_pairs(c, avx2_u16_before(src, 0, v0), avx2_u16_load(src + 15), &k));
    for (;;) {
        size_t n = (len - i) / 32, stop;
        if (n > blocks)
            n = blocks;
        for (stop = i + 32 * n; i != stop; i += 32) {
            v0 = avx2_u16_load(src + i);
            v1 = avx2_u16_load(src + i + 16);
            c = avx2_u16_insp_bytes(v0, v1);
            acc = _mm256_add_epi8(acc, avx2_u16_len_off(c, v0, v1, zero, &k, mutf8));
            if (!mutf8)
                pairs = _mm256_sub_epi8(pairs, avx2_u16_len_pairs(c, avx2_u16_load(src + i - 1),
                                                                  avx2_u16_load(src + i + 15), &k));
        }
        sums = avx2_u16_len_fold(sums, acc, pairs);
        if (len - i < 32)
            break;
        acc = zero;
        pairs = zero;
        blocks = 127;
    }
    r = len - i;
    if (r) {
        /* 1..31 units remain: the last 32 units, those counted already
           (units 0..31-r of them) made FF (in the byte order of the pack) */
        const __m256i order =
            _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 8, 9, 10, 11,
                             12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
        const uint16_t *t = src + len - 32; /* t > src: len > 32 */
        __m256i old = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)(32 - r)), order);
        v0 = avx2_u16_load(t);
        v1 = avx2_u16_load(t + 16);
        c = _mm256_or_si256(avx2_u16_insp_bytes(v0, v1), old);
        acc = avx2_u16_len_off(c, v0, v1, old, &k, mutf8);
        pairs = mutf8 ? zero
                      : _mm256_sub_epi8(zero, avx2_u16_len_pairs(c, avx2_u16_load(t - 1),
                                                                 avx2_u16_load(t + 15), &k));
        sums = avx2_u16_len_fold(sums, acc, pairs);
    }
    {
        __m128i s = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
        s = _mm_add_epi64(s, _mm_unpackhi_epi64(s, s));
        return AVX2_THEN(3 * len - (size_t)_mm_cvtsi128_si64(s));
    }
}

/* The UTF-8 (mutf8 == 0) or modified-UTF-8 length of any input (short
   inputs here, 32 units and more by avx2_u16_utf8_len_long). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_length(const uint16_t *src,
                                                                        size_t len, int mutf8)
{
    const __m256i ff80 = _mm256_set1_epi16((short)0xFF80);
    const __m256i f800 = _mm256_set1_epi16((short)0xF800);
    const __m256i d800 = _mm256_set1_epi16((short)0xD800);
    const __m256i zero = _mm256_setzero_si256();

    if (len < 32) {
        /* 8..31 units without a surrogate (any units for mutf8): 3 bytes a
           unit, less one per unit below 0x800 and one more per ASCII unit;
           the masks of the tail half drop the units the head half counted
           (two mask bits a unit). The scalar kernel counts the others, and
           inputs under 8 units, which have no vector step. */
        if (len > 16) {
            __m256i a = avx2_u16_load(src), b = avx2_u16_load(src + len - 16);
            __m256i ta = _mm256_and_si256(a, f800), tb = _mm256_and_si256(b, f800);
            __m256i sa = _mm256_cmpeq_epi16(ta, d800), sb = _mm256_cmpeq_epi16(tb, d800);
            if (mutf8 || _mm256_testz_si256(_mm256_or_si256(sa, sb), _mm256_or_si256(sa, sb))) {
                unsigned sh = (unsigned)(2 * (32 - len)); /* 2..30 */
                uint32_t a1 = (uint32_t)_mm256_movemask_epi8(
                    _mm256_cmpeq_epi16(_mm256_and_si256(a, ff80), zero));
                uint32_t a2 = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(ta, zero));
                uint32_t b1 = (uint32_t)_mm256_movemask_epi8(
                                  _mm256_cmpeq_epi16(_mm256_and_si256(b, ff80), zero)) >>
                              sh;
                uint32_t b2 = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(tb, zero)) >> sh;
                size_t n = 3 * len - (size_t)((__builtin_popcount(a1) + __builtin_popcount(a2) +
                                               __builtin_popcount(b1) + __builtin_popcount(b2)) >>
                                              1);
                if (mutf8)
                    n +=
                        (size_t)((__builtin_popcount(
                                      (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(a, zero))) +
                                  __builtin_popcount(
                                      (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(b, zero)) >>
                                      sh)) >>
                                 1);
                return AVX2_THEN(n);
            }
        } else if (len >= 8) {
            __m128i a = avx2_u16_head8(src), b = avx2_u16_tail8(src, len);
            if (mutf8 || (!avx2_u16_any_surr8(a) && !avx2_u16_any_surr8(b))) {
                const __m128i z = _mm_setzero_si128();
                const __m128i c1 = _mm_set1_epi16((short)0xFF80),
                              c2 = _mm_set1_epi16((short)0xF800);
                unsigned sh = (unsigned)(2 * (16 - len)); /* 0..16 */
                uint32_t a1 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(a, c1), z));
                uint32_t a2 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(a, c2), z));
                uint32_t b1 =
                    (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(b, c1), z)) >> sh;
                uint32_t b2 =
                    (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(b, c2), z)) >> sh;
                size_t n = 3 * len - (size_t)((__builtin_popcount(a1) + __builtin_popcount(a2) +
                                               __builtin_popcount(b1) + __builtin_popcount(b2)) >>
                                              1);
                if (mutf8)
                    n += (size_t)((__builtin_popcount(
                                       (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi16(a, z))) +
                                   __builtin_popcount(
                                       (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi16(b, z)) >> sh)) >>
                                  1);
                return AVX2_THEN(n);
            }
        }
        return AVX2_THEN(mutf8 ? unilane_scalar_mutf8_length_from_utf16(src, len)
                               : unilane_scalar_utf8_length_from_utf16(src, len));
    }
    return avx2_u16_utf8_len_long(src, len, mutf8);
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_utf8_length_from_utf16(const uint16_t *src,
                                                                                size_t len)
{
    return avx2_u16_length(src, len, 0);
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t
unilane_avx2_mutf8_length_from_utf16(const uint16_t *src, size_t len)
{
    return avx2_u16_length(src, len, 1);
}

/* ---- UTF-16 -> UTF-8, WTF-8, modified UTF-8 ---------------------------- */

/*
 * The three 8-bit forms share the writer below; `form` is a constant at
 * every call, so each entry gets its own specialised copy and the UTF-8
 * code is what it was before the other two were added.
 *   UTF8:  unpaired surrogates are an error (strict) or U+FFFD (lossy);
 *   WTF8:  an unpaired surrogate is the 3-byte sequence of its own value,
 *          which is what the 3-byte slot computes for it: only the pairs
 *          need the pair slots (avx2_u16_utf8_pairs), the others keep the
 *          3-byte slot; never fails;
 *   MUTF8: every unit on its own (surrogates take the 3-byte slot) and
 *          U+0000 the 2-byte slot (C0 80): a unit is ASCII only if it is
 *          1..7F; never fails, no pairs, no cold path.
 * WTF8 and MUTF8 run as lossy (direct stores: nothing can stop them).
 */
enum avx2_u16_form { AVX2_U16_UTF8, AVX2_U16_WTF8, AVX2_U16_MUTF8 };

/* Constants of the UTF-8 writer, set up once per call. */
typedef struct avx2_u16_utf8_consts {
    __m256i ff80, f800, d800, x3f00, x80c0, x80e0, x003f, x0080, ones, x7fff, x807f;
} avx2_u16_utf8_consts;

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void
avx2_u16_utf8_consts_init(avx2_u16_utf8_consts *k)
{
    k->ff80 = avx2_u16_opaque(_mm256_set1_epi16((short)0xFF80));
    k->f800 = avx2_u16_opaque(_mm256_set1_epi16((short)0xF800));
    k->d800 = avx2_u16_opaque(_mm256_set1_epi16((short)0xD800));
    k->x3f00 = avx2_u16_opaque(_mm256_set1_epi16(0x3F00));
    k->x80c0 = avx2_u16_opaque(_mm256_set1_epi16((short)0x80C0));
    k->x80e0 = avx2_u16_opaque(_mm256_set1_epi16((short)0x80E0));
    k->x003f = avx2_u16_opaque(_mm256_set1_epi16(0x003F));
    k->x0080 = avx2_u16_opaque(_mm256_set1_epi16(0x0080));
    k->ones = avx2_u16_opaque(_mm256_set1_epi8(-1));
    k->x7fff = avx2_u16_opaque(_mm256_set1_epi16(0x7FFF)); /* MUTF8 only */
    k->x807f = avx2_u16_opaque(_mm256_set1_epi16((short)0x807F));
}

/*
 * The UTF-8 of a block of 16 units, computed but not yet stored: four
 * 16-byte stores, a[lane 0] at out, b[lane 0] at out + o1, a[lane 1] at
 * out + o2, b[lane 1] at out + o3 (avx2_u16_utf8_put); n: the byte count.
 * Each store starts at the output of a group of units (8 in the 2-byte
 * case, 4 in the 4-byte-slot case), so up to 12 bytes past the n bytes are
 * overwritten with garbage (64 bytes of room always suffice).
 */
typedef struct avx2_u16_pend {
    __m256i a, b;
    size_t o1, o2, o3, n;
} avx2_u16_pend;

/*
 * Modified UTF-8's 1-byte units, 1..7F (U+0000 is C0 80): -1 where
 * u + 0x7FFF (mod 2^16), which takes 1..7F to 0x8000..0x807E, the lowest
 * signed 16-bit values, is below 0x807F as a signed value (0 goes to
 * 0x7FFF, 0x80..0xFFFF to 0x807F..0x7FFE): two instructions, as UTF-8's
 * u < 0x80 (the old 0 < u < 0x80, two compares and an AND, cost modified
 * UTF-8 6 % more instructions than UTF-8 on Arabic, Hebrew and Russian).
 * All 16 units are ASCII for it iff the mask is all ones
 * (avx2_u16_ascii16_mutf8; vpmovmskb and cmp: gcc 12 turns the vptest of
 * _mm256_testc_si256 into setb, test, jne there): in the main loop the
 * compiler computes it once for that test, for the slots of a block that is
 * not ASCII (avx2_u16_utf8_slots) and for the first half of
 * avx2_u16_utf8_two32.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i
avx2_u16_is1_mutf8(__m256i v, const avx2_u16_utf8_consts *k)
{
    return _mm256_cmpgt_epi16(k->x807f, _mm256_add_epi16(v, k->x7fff));
}

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_ascii16_mutf8(__m256i v, const avx2_u16_utf8_consts *k)
{
    return (uint32_t)_mm256_movemask_epi8(avx2_u16_is1_mutf8(v, k)) == 0xFFFFFFFFu;
}

/* 1 iff the 16 units v are ASCII for `form` (a constant): below 0x80, and
   1..7F for MUTF8. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_ascii16_form(__m256i v, const avx2_u16_utf8_consts *k, enum avx2_u16_form form)
{
    return form == AVX2_U16_MUTF8 ? avx2_u16_ascii16_mutf8(v, k) : _mm256_testz_si256(v, k->ff80);
}

/* -1 where u < 0x80 (1..7F for MUTF8, avx2_u16_is1_mutf8; U+0000 takes
   the 2-byte slot, whose formula gives C0 80 for it). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_is1(__m256i v,
                                                                      const avx2_u16_utf8_consts *k,
                                                                      enum avx2_u16_form form)
{
    return form == AVX2_U16_MUTF8
               ? avx2_u16_is1_mutf8(v, k)
               : _mm256_cmpeq_epi16(_mm256_and_si256(v, k->ff80), _mm256_setzero_si256());
}

/* The two-byte slot of each unit: low byte 0xC0 | u >> 6, high byte
   0x80 | (u & 0x3F). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE __m256i avx2_u16_two(__m256i v,
                                                                      const avx2_u16_utf8_consts *k)
{
    return _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi16(v, 6),
                                           _mm256_and_si256(_mm256_slli_epi16(v, 8), k->x3f00)),
                           k->x80c0);
}

/*
 * 32 units a, b, all below U+0800, ASCII or not: their 32..64 bytes at
 * out, with four 16-byte stores (one per group of 8 units, each starting at
 * that group's output, >= 8 bytes: up to 8 bytes past the output are
 * overwritten with garbage); returns the byte count. No branch on which
 * units are ASCII: text that mixes ASCII and 2-byte letters takes this
 * one path for every such 32 units (a 16-unit choice between the ASCII
 * and the 2-byte path changes on a third of the blocks of Latin, Greek or
 * Cyrillic pages). One packs + movemask gives the four groups' masks:
 * packs interleaves the lanes, a0-7 b0-7 a8-15 b8-15.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_utf8_two32(
    __m256i a, __m256i b, char *out, const avx2_u16_utf8_consts *k, enum avx2_u16_form form)
{
    __m256i ia = avx2_u16_is1(a, k, form), ib = avx2_u16_is1(b, k, form);
    __m256i wa = _mm256_blendv_epi8(avx2_u16_two(a, k), a, ia);
    __m256i wb = _mm256_blendv_epi8(avx2_u16_two(b, k), b, ib);
    uint32_t m = ~(uint32_t)_mm256_movemask_epi8(_mm256_packs_epi16(ia, ib));
    uint32_t g0 = m & 0xFF, g1 = (m >> 8) & 0xFF, g2 = (m >> 16) & 0xFF, g3 = m >> 24;
    __m256i ca = _mm256_shuffle_epi8(
        wa, avx2_u16_rows(unilane_avx2_utf8_pack2[g0], unilane_avx2_utf8_pack2[g2]));
    __m256i cb = _mm256_shuffle_epi8(
        wb, avx2_u16_rows(unilane_avx2_utf8_pack2[g1], unilane_avx2_utf8_pack2[g3]));
    size_t n0 = 8 + (size_t)__builtin_popcount(g0);
    size_t n1 = n0 + 8 + (size_t)__builtin_popcount(g2);
    size_t n2 = n1 + 8 + (size_t)__builtin_popcount(g1);
    _mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(ca));
    _mm_storeu_si128((__m128i *)(void *)(out + n0), _mm256_extracti128_si256(ca, 1));
    _mm_storeu_si128((__m128i *)(void *)(out + n1), _mm256_castsi256_si128(cb));
    _mm_storeu_si128((__m128i *)(void *)(out + n2), _mm256_extracti128_si256(cb, 1));
    return n2 + 8 + (size_t)__builtin_popcount(g3);
}

/*
 * The output of 16 units with at least one non-ASCII unit, all below
 * U+0800, into *p (17..32 bytes; is1 = avx2_u16_is1(v)): eight 2-byte slots
 * per lane, a = b, o1 = 0, o3 = o2, so that avx2_u16_utf8_emit stores it
 * with two stores (kind 2).
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void
avx2_u16_utf8_slots2(__m256i v, __m256i is1, avx2_u16_pend *p, const avx2_u16_utf8_consts *k)
{
    /* Mask byte j of movemask(packs(is1, 0)): lane 0 bytes 0..7 =
       units 0..7, lane 1 bytes 16..23 = units 8..15. */
    __m256i w = _mm256_blendv_epi8(avx2_u16_two(v, k), v, is1);
    uint32_t m = ~(uint32_t)_mm256_movemask_epi8(_mm256_packs_epi16(is1, _mm256_setzero_si256()));
    uint32_t g0 = m & 0xFF, g1 = (m >> 16) & 0xFF;
    __m256i c = _mm256_shuffle_epi8(
        w, avx2_u16_rows(unilane_avx2_utf8_pack2[g0], unilane_avx2_utf8_pack2[g1]));
    size_t n0 = 8 + (size_t)__builtin_popcount(g0);
    p->a = c;
    p->b = c;
    p->o1 = 0;
    p->o2 = n0;
    p->o3 = n0;
    p->n = n0 + 8 + (size_t)__builtin_popcount(g1);
}

/*
 * The output of 16 units of which some need 3 bytes (kind 1), with
 * is1 = avx2_u16_is1(v), lt800 = -1 where u < 0x800, into *p (a 4-byte
 * slot per unit, 17..48 bytes). The slot (tools/gen_tables.py,
 * avx2_u16_pack3) is two words: a = E0 | u >> 12, then 80 | (u >> 6 & 3F)
 * plus 0x40 below U+0800 (C0 | u >> 6: the lead byte of 2);
 * b = 80 | (u & 3F) (the last byte of 2 or 3), then the low byte of u
 * (the ASCII byte, when u is ASCII). So each byte has one formula whatever
 * the unit's length (no blend): a in 7 instructions, b in 4, with the
 * constants the 2-byte path has anyway (more of them cost spills there).
 *
 * `pairs` (a constant) is the variant of avx2_u16_utf8_pairs, for a block
 * whose surrogates are all paired: the slots of the surrogates (word a in
 * `sw` where `ssel`) put in, and their mask bits `sm` (two per unit) kept
 * like those of ASCII units, which the table tells apart from ASCII by
 * lt800, 0 for a surrogate. One body for both, so that the layout of the
 * slots is written once.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void
avx2_u16_utf8_slots3(__m256i v, __m256i is1, __m256i lt800, avx2_u16_pend *p,
                     const avx2_u16_utf8_consts *k, int pairs, __m256i sw, __m256i ssel,
                     uint32_t sm)
{
    /* lt800 << 14 is 0xC000 (-0x4000) below U+0800: the subtraction sets
       bit 6 of the high byte, which is clear */
    __m256i a = _mm256_sub_epi16(
        _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi16(v, 12),
                                        _mm256_and_si256(_mm256_slli_epi16(v, 2), k->x3f00)),
                        k->x80e0),
        _mm256_slli_epi16(lt800, 14));
    __m256i b = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi16(v, 8), _mm256_and_si256(v, k->x003f)), k->x0080);
    __m256i a4 = pairs ? _mm256_blendv_epi8(a, sw, ssel) : a; /* the surrogates' slots */
    /* lo: units 0-3 | 8-11, hi: units 4-7 | 12-15, as 32-bit slots */
    __m256i lo = _mm256_unpacklo_epi16(a4, b), hi = _mm256_unpackhi_epi16(a4, b);
    /* movemask gives two equal bits per unit; keep the even one of
       is1 and the odd one of lt800: byte j of m is the pack3 index
       of units 4j..4j+3. */
    uint32_t m = (((uint32_t)_mm256_movemask_epi8(is1) | sm) & 0x55555555u) |
                 ((uint32_t)_mm256_movemask_epi8(lt800) & 0xAAAAAAAAu);
    uint32_t g0 = m & 0xFF, g1 = (m >> 8) & 0xFF, g2 = (m >> 16) & 0xFF, g3 = m >> 24;
    size_t n0 = avx2_u16_pack3_len[g0];
    size_t n1 = n0 + avx2_u16_pack3_len[g1];
    size_t n2 = n1 + avx2_u16_pack3_len[g2];
    p->a = _mm256_shuffle_epi8(lo, avx2_u16_rows(avx2_u16_pack3[g0], avx2_u16_pack3[g2]));
    p->b = _mm256_shuffle_epi8(hi, avx2_u16_rows(avx2_u16_pack3[g1], avx2_u16_pack3[g3]));
    p->o1 = n0;
    p->o2 = n1;
    p->o3 = n2;
    p->n = n2 + avx2_u16_pack3_len[g3];
}

/* 1 iff one of the 16 units v (top5 = v & 0xF800) is a surrogate. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_has_surrogate(__m256i top5, const avx2_u16_utf8_consts *k)
{
    return !_mm256_testz_si256(_mm256_cmpeq_epi16(top5, k->d800), k->ones);
}

/*
 * The output of 16 units with at least one non-ASCII unit, into *p
 * (17..48 bytes; top5 = v & 0xF800). Returns 2 when every unit is below
 * U+0800 (avx2_u16_utf8_slots2); 1 when some unit needs 3 bytes
 * (avx2_u16_utf8_slots3); 0 when a unit is a surrogate (*p unset).
 * `pairs`, sw, ssel, sm: see avx2_u16_utf8_slots3 (the 4-byte-slot case
 * always).
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_utf8_slots(__m256i v, __m256i top5, avx2_u16_pend *p, const avx2_u16_utf8_consts *k,
                    int pairs, __m256i sw, __m256i ssel, uint32_t sm, enum avx2_u16_form form)
{
    __m256i is1 = avx2_u16_is1(v, k, form);
    __m256i lt800 = _mm256_cmpeq_epi16(top5, _mm256_setzero_si256());
    if (!pairs && _mm256_testc_si256(lt800, k->ones)) {
        avx2_u16_utf8_slots2(v, is1, p, k);
        return 2;
    }
    if (form != AVX2_U16_MUTF8 && !pairs && avx2_u16_has_surrogate(top5, k))
        return 0; /* a surrogate */
    avx2_u16_utf8_slots3(v, is1, lt800, p, k, pairs, sw, ssel, sm);
    return 1;
}

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_utf8_compute_form(__m256i v, __m256i top5, avx2_u16_pend *p, const avx2_u16_utf8_consts *k,
                           enum avx2_u16_form form)
{
    const __m256i zero = _mm256_setzero_si256();
    return avx2_u16_utf8_slots(v, top5, p, k, 0, zero, zero, 0, form);
}

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_utf8_compute(__m256i v, __m256i top5, avx2_u16_pend *p, const avx2_u16_utf8_consts *k)
{
    return avx2_u16_utf8_compute_form(v, top5, p, k, AVX2_U16_UTF8);
}

/*
 * avx2_u16_utf8_compute for 16 units with a surrogate. Every surrogate must
 * be part of a pair inside the block, except a high surrogate in unit 15,
 * taken to pair with the unit after the block (when allow15): the block
 * then converts units 0..14 only, and p->n leaves out the 2 bytes of unit
 * 15. Returns the units converted (16, or 15 after a high surrogate), or 0,
 * *p unset, when a surrogate is unpaired (the scalar kernel handles it).
 *
 * A pair (h, l) is U+10000 + ((h & 0x3FF) << 10 | (l & 0x3FF)): 4 bytes,
 * two for each unit, so the pair fits the slot layout of the 3-byte case
 * (a surrogate keeps 2 bytes, like a unit below U+0800). With
 * hh = (h & 0x3FF) + 0x40, the code point >> 10 (0x40..0x43F):
 *   h slot: 0xF0 | hh >> 8,                    0x80 | (hh >> 2 & 0x3F)
 *   l slot: 0x80 | (h & 3) << 4 | (l >> 6 & 0xF), 0x80 | (l & 0x3F)
 * ((h & 3) == (hh & 3)); the l slot takes h from the unit before it.
 * The stores write up to 12 bytes past the output (13 when unit 15 is left
 * out: its 2 bytes are then junk too).
 *
 * WTF8 (`form`, a constant): no surrogate is refused; the pair slots go to
 * the highs followed by a low and the lows after a high (and a high in unit
 * 15, when allow15), every other surrogate keeps its 3-byte slot, the
 * WTF-8 of its own value. A low in unit 0 is unpaired: a block never
 * starts just after a high surrogate (it would have been left for it).
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t
avx2_u16_utf8_pairs(__m256i v, __m256i top5, int allow15, avx2_u16_pend *p,
                    const avx2_u16_utf8_consts *k, enum avx2_u16_form form)
{
    const __m256i x3f00 = k->x3f00;
    __m256i t6 = _mm256_and_si256(v, _mm256_set1_epi16((short)0xFC00));
    __m256i hs = _mm256_cmpeq_epi16(t6, k->d800);
    __m256i ls = _mm256_cmpeq_epi16(t6, _mm256_set1_epi16((short)0xDC00));
    /* two equal mask bits per unit */
    uint32_t hm = (uint32_t)_mm256_movemask_epi8(hs), lm = (uint32_t)_mm256_movemask_epi8(ls);
    uint32_t h15 = hm >> 31; /* unit 15 is a high surrogate */
    __m256i prev, hh, wh, wl, sel;
    uint32_t sm;
    /* every low follows a high, every high but unit 15 precedes a low */
    if (form != AVX2_U16_WTF8 && ((uint32_t)(hm << 2) != lm || (h15 && !allow15)))
        return 0;
    /* prev: unit k-1 in unit k (0 in unit 0, which is never a paired low) */
    prev = _mm256_alignr_epi8(v, _mm256_permute2x128_si256(v, v, 0x08), 14);
    if (form == AVX2_U16_WTF8) {
        /* next: unit k+1 in unit k (0 in unit 15) */
        const __m256i fc00 = _mm256_set1_epi16((short)0xFC00);
        __m256i next = _mm256_alignr_epi8(_mm256_permute2x128_si256(v, v, 0x81), v, 2);
        __m256i hp = _mm256_and_si256(
            hs, _mm256_cmpeq_epi16(_mm256_and_si256(next, fc00), _mm256_set1_epi16((short)0xDC00)));
        __m256i lp =
            _mm256_and_si256(ls, _mm256_cmpeq_epi16(_mm256_and_si256(prev, fc00), k->d800));
        if (!allow15)
            h15 = 0;
        else if (h15)
            hp = _mm256_or_si256(hp,
                                 _mm256_and_si256(hs, _mm256_setr_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                                        0, 0, 0, 0, 0, 0, -1)));
        sel = _mm256_or_si256(hp, lp);
        sm = (uint32_t)_mm256_movemask_epi8(sel);
    } else {
        sel = _mm256_or_si256(hs, ls);
        sm = hm | lm;
    }
    hh =
        _mm256_add_epi16(_mm256_and_si256(v, _mm256_set1_epi16(0x03FF)), _mm256_set1_epi16(0x0040));
    wh = _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi16(hh, 8),
                                         _mm256_and_si256(_mm256_slli_epi16(hh, 6), x3f00)),
                         _mm256_set1_epi16((short)0x80F0));
    wl = _mm256_or_si256(
        _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(prev, 4), _mm256_set1_epi16(0x0030)),
                        _mm256_and_si256(_mm256_srli_epi16(v, 6), _mm256_set1_epi16(0x000F))),
        _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(v, 8), x3f00),
                        _mm256_set1_epi16((short)0x8080)));
    avx2_u16_utf8_slots(v, top5, p, k, 1, _mm256_blendv_epi8(wh, wl, ls), sel, sm, form);
    p->n -= 2 * (size_t)h15;
    return 16 - (size_t)h15;
}

/* Copies buf[0..n) to out, 8 <= n <= 48, with two fixed-size overlapping
   copies (no call to memcpy). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void avx2_u16_copy_small(char *out,
                                                                          const char *buf, size_t n)
{
    if (n >= 16) {
        if (n >= 32)
            _mm256_storeu_si256((__m256i *)(void *)out,
                                _mm256_loadu_si256((const __m256i *)(const void *)buf));
        else
            _mm_storeu_si128((__m128i *)(void *)out,
                             _mm_loadu_si128((const __m128i *)(const void *)buf));
        _mm_storeu_si128((__m128i *)(void *)(out + n - 16),
                         _mm_loadu_si128((const __m128i *)(const void *)(buf + n - 16)));
    } else {
        uint64_t a, b;
        memcpy(&a, buf, 8);
        memcpy(&b, buf + n - 8, 8);
        memcpy(out, &a, 8);
        memcpy(out + n - 8, &b, 8);
    }
}

/* The stores of *p at out: up to 12 bytes past out + p->n are overwritten
   with garbage. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void avx2_u16_utf8_put(char *out,
                                                                        const avx2_u16_pend *p)
{
    _mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(p->a));
    _mm_storeu_si128((__m128i *)(void *)(out + p->o1), _mm256_castsi256_si128(p->b));
    _mm_storeu_si128((__m128i *)(void *)(out + p->o2), _mm256_extracti128_si256(p->a, 1));
    _mm_storeu_si128((__m128i *)(void *)(out + p->o3), _mm256_extracti128_si256(p->b, 1));
}

/* The stores of *p where avx2_u16_utf8_compute returned `kind`: a 2-byte
   block (kind 2) needs only two of the four. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void
avx2_u16_utf8_emit(char *out, const avx2_u16_pend *p, int kind)
{
    if (kind == 2) {
        _mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(p->a));
        _mm_storeu_si128((__m128i *)(void *)(out + p->o2), _mm256_extracti128_si256(p->a, 1));
    } else {
        avx2_u16_utf8_put(out, p);
    }
}

/* avx2_u16_utf8_emit through a buffer: writes exactly the p->n bytes. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void
avx2_u16_utf8_put_exact(char *out, const avx2_u16_pend *p, int kind)
{
    char buf[64];
    avx2_u16_utf8_emit(buf, p, kind);
    avx2_u16_copy_small(out, buf, p->n); /* 15..48 */
}

/* avx2_u16_utf8_compute and its stores at out through the buffer (exactly
   the *n bytes); returns 0, having written nothing, for a block with a
   surrogate. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_utf8_block_exact(__m256i v, char *out, size_t *n, const avx2_u16_utf8_consts *k,
                          enum avx2_u16_form form)
{
    avx2_u16_pend p;
    int kind = avx2_u16_utf8_compute_form(v, _mm256_and_si256(v, k->f800), &p, k, form);
    if (!kind)
        return 0;
    avx2_u16_utf8_put_exact(out, &p, kind);
    *n = p.n;
    return 1;
}

/* The 16 ASCII units v as 16 bytes at dst + *w; advances *i and *w. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void avx2_u16_ascii16(__m256i v, char *dst,
                                                                       size_t *i, size_t *w)
{
    _mm_storeu_si128((__m128i *)(void *)(dst + *w), avx2_u16_pack16(v));
    *i += 16;
    *w += 16;
}

/* 32 units a, b: the bytes p of their pack (unsigned saturation: 0x100..
   0x7FFF -> FF, 0x8000..FFFF -> 00), which are ASCII for modified UTF-8
   iff every p is 1..7F, signed p > 0: vpackuswb, vpcmpgtb, vptest where
   UTF-8 has vpor, vptest, vpackuswb. Returns 1 and stores the 32 bytes at
   out if so, else 0 (nothing written). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_ascii32_mutf8(__m256i a, __m256i b, char *out, const avx2_u16_utf8_consts *k)
{
    __m256i p = _mm256_packus_epi16(a, b);
    if (!_mm256_testc_si256(_mm256_cmpgt_epi8(p, _mm256_setzero_si256()), k->ones))
        return 0;
    _mm256_storeu_si256((__m256i *)(void *)out, _mm256_permute4x64_epi64(p, 0xD8));
    return 1;
}

/*
 * One step of the strict pipeline of avx2_u16_to_utf8: *cur holds the
 * output of the block at *i. Classifies the next block: stores *cur
 * directly and returns 1 with the next block computed in *nxt, or stores
 * *cur exactly (or directly when the next 16 units are ASCII) and returns
 * 0, leaving the block at *i (advanced by 16) to the caller.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_strict_step(const uint16_t *src, size_t len, char *dst, size_t *i, size_t *w,
                     const avx2_u16_pend *cur, avx2_u16_pend *nxt, const avx2_u16_utf8_consts *k)
{
    __m256i vn;
    int ascii;
    *i += 16;
    if (len - *i < 16) {
        avx2_u16_utf8_put_exact(dst + *w, cur, 1);
        *w += cur->n;
        return 0;
    }
    vn = avx2_u16_load(src + *i);
    ascii = _mm256_testz_si256(vn, k->ff80);
    if (ascii || !avx2_u16_utf8_compute(vn, _mm256_and_si256(vn, k->f800), nxt, k)) {
        if (ascii)
            avx2_u16_utf8_put(dst + *w, cur);
        else
            avx2_u16_utf8_put_exact(dst + *w, cur, 1);
        *w += cur->n;
        return 0;
    }
    avx2_u16_utf8_put(dst + *w, cur);
    *w += cur->n;
    return 1;
}

/* avx2_u16_utf8_pairs (allow15) and its stores at out, directly or
   (`exact`, a constant) through the buffer. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t
avx2_u16_utf8_pairs_put(__m256i v, __m256i top5, char *out, avx2_u16_pend *p,
                        const avx2_u16_utf8_consts *k, int exact, enum avx2_u16_form form)
{
    size_t c = avx2_u16_utf8_pairs(v, top5, 1, p, k, form);
    if (c) {
        if (exact)
            avx2_u16_utf8_put_exact(out, p, 1);
        else
            avx2_u16_utf8_put(out, p);
    }
    return c;
}

/* The scalar kernel of a conversion that never fails: lossy UTF-8, WTF-8
   or modified UTF-8 (`form`, a constant). */
static inline size_t avx2_u16_scalar_lossy(const uint16_t *src, size_t len, char *dst,
                                           enum avx2_u16_form form)
{
    return form == AVX2_U16_WTF8    ? unilane_scalar_utf16_to_wtf8(src, len, dst)
           : form == AVX2_U16_MUTF8 ? unilane_scalar_utf16_to_mutf8(src, len, dst)
                                    : unilane_scalar_utf16_to_utf8_lossy(src, len, dst);
}

/*
 * Converts, from unit i (output at dst + w), the 16-unit blocks that
 * hold a surrogate, all of them paired, while len - i >= 28; stops at a
 * block without a surrogate or with an unpaired one (left to the caller).
 * Lossy: direct stores (see avx2_u16_to_utf8). Strict: direct stores when
 * the units after the block, from i + 15 or i + 16 up to unit 13 of the
 * next 16 (at i + 16), cannot stop the conversion: every low there follows
 * a high (one in unit 0 may pair with unit 15 of the block), every high in
 * units 0..12 precedes a low (two mask bits a unit); else through the
 * buffer. Returns the new i and w.
 */
typedef struct avx2_u16_pos {
    size_t i, w;
} avx2_u16_pos;

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE avx2_u16_pos
avx2_u16_utf8_pairs_run(const uint16_t *src, size_t len, char *dst, int lossy, size_t i, size_t w,
                        enum avx2_u16_form form)
{
    avx2_u16_utf8_consts kc;
    avx2_u16_pos r;
    avx2_u16_pend pb;
    size_t k;
    const __m256i fc00 = _mm256_set1_epi16((short)0xFC00), dc00 = _mm256_set1_epi16((short)0xDC00);
    avx2_u16_utf8_consts_init(&kc);
    while (len - i >= 28) {
        __m256i v = avx2_u16_load(src + i);
        __m256i top5 = _mm256_and_si256(v, kc.f800);
        int direct = lossy;
        if (_mm256_testz_si256(_mm256_cmpeq_epi16(top5, kc.d800), kc.ones))
            break;
        if (!lossy && len - i >= 32) {
            __m256i t6 = _mm256_and_si256(avx2_u16_load(src + i + 16), fc00);
            uint32_t hn = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(t6, kc.d800));
            uint32_t ln = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(t6, dc00));
            uint32_t c15 = (src[i + 15] & 0xFC00) == 0xD800 ? 3u : 0u;
            direct = ((((hn << 2) | c15) ^ ln) & 0x0FFFFFFFu) == 0;
        }
        k = direct ? avx2_u16_utf8_pairs_put(v, top5, dst + w, &pb, &kc, 0, form)
                   : avx2_u16_utf8_pairs_put(v, top5, dst + w, &pb, &kc, 1, form);
        if (!k)
            break;
        i += k;
        w += pb.n;
    }
    r.i = i;
    r.w = w;
    return r;
}

/*
 * The 16 units at src + i hold a surrogate (w bytes written so far): SIMD
 * converts the blocks of pairs from there (main loop, len - i >= 28; or
 * just this block, through the buffer, in the tail loop: `tail`), else the
 * scalar kernel converts the block, less a final high surrogate when more
 * input follows. Returns status OK with the new i and w as read and
 * written, or the final result of a strict conversion that failed.
 * The body of avx2_u16_utf8_cold (`form` a constant: UTF8 with `lossy`
 * 0 or 1, or WTF8, lossy, where the SIMD code takes every block).
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE unilane_result
avx2_u16_utf8_cold_form(const uint16_t *src, size_t len, char *dst, int lossy, int tail, size_t i,
                        size_t w, enum avx2_u16_form form)
{
    unilane_result r;
    size_t k;
    if (!tail) {
        avx2_u16_pos q = avx2_u16_utf8_pairs_run(src, len, dst, lossy, i, w, form);
        if (q.i != i)
            return avx2_u16_ok(q.i, q.w);
    } else {
        avx2_u16_utf8_consts kc;
        avx2_u16_pend pb;
        __m256i v = avx2_u16_load(src + i);
        avx2_u16_utf8_consts_init(&kc);
        k = avx2_u16_utf8_pairs_put(v, _mm256_and_si256(v, kc.f800), dst + w, &pb, &kc, 1, form);
        /* 15: unit 15 is a high surrogate, left for later (if it ends the
           input, the finisher reports or replaces it) */
        if (k)
            return avx2_u16_ok(i + k, w + pb.n);
    }
    /* An unpaired surrogate: scalar on these 16 units, less a final high
       surrogate when more input follows (it is left for later). */
    k = 16 - ((!tail || len - i > 16) && src[i + 15] >= 0xD800 && src[i + 15] <= 0xDBFF);
    AVX2_LEAVE();
    if (lossy)
        return avx2_u16_ok(i + k, w + avx2_u16_scalar_lossy(src + i, k, dst + w, form));
    r = unilane_scalar_utf16_to_utf8(src + i, k, dst + w);
    if (r.status != UNILANE_OK)
        return gen_finish(r, i, w);
    return avx2_u16_ok(i + k, w + r.written);
}

/*
 * `lossy` of avx2_u16_to_utf8 and avx2_u16_utf8_cold: 0 strict, 1 lossy
 * (U+FFFD), or AVX2_U16_LOSSY_WTF8: WTF-8, which never fails either and
 * differs from lossy only where a surrogate is unpaired, that is in the
 * cold path and the scalar finisher. So the lossy conversion and WTF-8 run
 * one copy of the machine code (avx2_u16_to_utf8_lossy), `lossy` a
 * run-time value there: the same instructions at the same addresses.
 */
#  define AVX2_U16_LOSSY_WTF8 2

UNILANE_TARGET_AVX2 static UNILANE_NOINLINE unilane_result avx2_u16_utf8_cold(const uint16_t *src,
                                                                              size_t len, char *dst,
                                                                              int lossy, int tail,
                                                                              size_t i, size_t w)
{
    if (lossy == AVX2_U16_LOSSY_WTF8)
        return avx2_u16_utf8_cold_form(src, len, dst, 1, tail, i, w, AVX2_U16_WTF8);
    return avx2_u16_utf8_cold_form(src, len, dst, lossy, tail, i, w, AVX2_U16_UTF8);
}

/*
 * i and w from r, the OK result of avx2_u16_utf8_cold, one field at a time
 * through general registers, as gen_finish (generic.h) does and for the
 * same reason: a reload of the struct as one 16-byte vector over its
 * narrower stores stalls on store forwarding.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void avx2_u16_take(unilane_result r, size_t *i,
                                                                    size_t *w)
{
    size_t rd = r.read, wr = r.written;
    __asm__("" : "+r"(rd), "+r"(wr));
    *i = rd;
    *w = wr;
}

/*
 * The shared body of the strict and the lossy conversion. Blocks with a
 * surrogate take the label `surrogate`: blocks whose surrogates are all
 * paired are converted by avx2_u16_utf8_pairs_run (a block of 15 units
 * when unit 15 is a high surrogate); otherwise the scalar kernel takes a
 * window that does not split a pair.
 * A block writes at most 12 bytes past its own output (the last 16-byte
 * store starts at the output of its last 4 units, >= 4 bytes, or last 8
 * units, >= 8 bytes; 13 bytes for a 15-unit block of pairs). Every unit
 * gives >= 1 byte, so direct stores are made only while len - i >= 16 + 12:
 * the 12 (13) units after the block own the bytes overwritten. In strict
 * mode those units must also be unable to stop the conversion (SURROGATE)
 * before rewriting the bytes, leaving them written past `written`: free of
 * surrogates, or (for a block of pairs) free of unpaired ones. Other
 * blocks go through a 64-byte buffer. Strict mode checks that without extra
 * work by holding each block's output back (avx2_u16_utf8_compute) until
 * the next block has been classified: ASCII, or computed without a
 * surrogate, the next 16 units will be converted whole, so the held block
 * is stored directly (avx2_u16_utf8_put); otherwise through the buffer.
 * WTF-8 (lossy == AVX2_U16_LOSSY_WTF8, `form` UTF8) and modified UTF-8
 * (`form` MUTF8, a constant, lossy 1) run as lossy; for MUTF8 "ASCII"
 * means 1..7F (avx2_u16_ascii16_mutf8, avx2_u16_ascii32_mutf8).
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE unilane_result
avx2_u16_to_utf8(const uint16_t *src, size_t len, char *dst, int lossy, enum avx2_u16_form form)
{
    avx2_u16_utf8_consts kc;
    __m256i ff80;
    unilane_result r;
    size_t i = 0, w = 0;

    avx2_u16_utf8_consts_init(&kc);
    ff80 = kc.ff80;

    while (len - i >= 28) {
        __m256i v = avx2_u16_load(src + i);
        __m256i top5 = _mm256_and_si256(v, kc.f800);
        avx2_u16_pend pa;
        int kind;
        if (avx2_u16_ascii16_form(v, &kc, form)) {
            /* ASCII: 16 units, then 32 at a time while that lasts */
            /* (i through a register: else gcc hoists the i += 16 both
               paths make above this branch, where it clobbers the flags
               of the ASCII test, which then goes through SETE/TEST: 3
               instructions more per block) */
            __asm__("" : "+r"(i));
            avx2_u16_ascii16(v, dst, &i, &w);
            while (len - i >= 32) {
                __m256i v0 = avx2_u16_load(src + i), v1 = avx2_u16_load(src + i + 16);
                if (form == AVX2_U16_MUTF8) {
                    if (!avx2_u16_ascii32_mutf8(v0, v1, dst + w, &kc))
                        break;
                } else {
                    if (!_mm256_testz_si256(_mm256_or_si256(v0, v1), ff80))
                        break;
                    _mm256_storeu_si256((__m256i *)(void *)(dst + w), avx2_u16_pack32(v0, v1));
                }
                i += 32;
                w += 32;
            }
            continue;
        }
        if (len - i >= 48) {
            /* 32 units below U+0800 (ASCII or not): one path, stored
               directly (8 bytes of room past them are the next 16 units'
               output); strict mode needs those units free of surrogates,
               so that nothing stops before they are rewritten. */
            __m256i v1 = avx2_u16_load(src + i + 16);
            if (_mm256_testz_si256(_mm256_or_si256(v, v1), kc.f800) &&
                (lossy || !avx2_u16_has_surrogate(
                              _mm256_and_si256(avx2_u16_load(src + i + 32), kc.f800), &kc))) {
                w += avx2_u16_utf8_two32(v, v1, dst + w, &kc, form);
                i += 32;
                continue;
            }
        }
        if (!lossy) {
            /* Strict pipeline: a block is computed, and stored directly
               once the next 16 units are known to be converted whole
               (ASCII, or a block without a surrogate, computed in turn),
               else through a buffer. The checks are those lossy mode
               makes anyway. */
            avx2_u16_pend pb;
            if (!avx2_u16_utf8_compute(v, top5, &pa, &kc))
                goto surrogate;
            while (avx2_u16_strict_step(src, len, dst, &i, &w, &pa, &pb, &kc) &&
                   avx2_u16_strict_step(src, len, dst, &i, &w, &pb, &pa, &kc))
                ;
            continue;
        }
        kind = avx2_u16_utf8_compute_form(v, top5, &pa, &kc, form);
        if (form == AVX2_U16_MUTF8 || UNILANE_LIKELY(kind)) {
            avx2_u16_utf8_emit(dst + w, &pa, kind);
            i += 16;
            w += pa.n;
            continue;
        }
    surrogate:
        /* A surrogate: out of line, one call (the blocks of pairs are rare
           enough not to be worth registers in this loop) */
        r = avx2_u16_utf8_cold(src, len, dst, lossy, 0, i, w);
        if (r.status != UNILANE_OK)
            return AVX2_THEN(r);
        avx2_u16_take(r, &i, &w);
    }
    while (len - i >= 16) {
        __m256i v = avx2_u16_load(src + i);
        size_t n;
        if (avx2_u16_ascii16_form(v, &kc, form)) {
            avx2_u16_ascii16(v, dst, &i, &w);
            continue;
        }
        if (avx2_u16_utf8_block_exact(v, dst + w, &n, &kc, form)) {
            i += 16;
            w += n;
            continue;
        }
        r = avx2_u16_utf8_cold(src, len, dst, lossy, 1, i, w);
        if (r.status != UNILANE_OK)
            return AVX2_THEN(r);
        avx2_u16_take(r, &i, &w);
    }
    /* 0..15 units remain; len >= 16 */
    if (i < len) {
        __m256i v = avx2_u16_load(src + len - 16);
        if (avx2_u16_ascii16_form(v, &kc, form)) {
            /* The last 16 units are ASCII; those before i were written as
               the last i - (len - 16) bytes before dst + w. */
            w -= i - (len - 16);
            _mm_storeu_si128((__m128i *)(void *)(dst + w), avx2_u16_pack16(v));
            w += 16;
            i = len;
        }
    }
    AVX2_LEAVE();
    if (i == len) {
        return avx2_u16_ok(len, w);
    }
    if (lossy) {
        return avx2_u16_ok(
            len, w + (lossy == AVX2_U16_LOSSY_WTF8
                          ? avx2_u16_scalar_lossy(src + i, len - i, dst + w, AVX2_U16_WTF8)
                          : avx2_u16_scalar_lossy(src + i, len - i, dst + w, form)));
    }
    r = unilane_scalar_utf16_to_utf8(src + i, len - i, dst + w);
    return gen_finish(r, i, w);
}

UNILANE_TARGET_AVX2 static UNILANE_NOINLINE unilane_result
avx2_u16_to_utf8_strict(const uint16_t *src, size_t len, char *dst)
{
    return avx2_u16_to_utf8(src, len, dst, 0, AVX2_U16_UTF8);
}

/* lossy: 1, or AVX2_U16_LOSSY_WTF8 for WTF-8 (a run-time value). */
UNILANE_TARGET_AVX2 static UNILANE_NOINLINE size_t avx2_u16_to_utf8_lossy(const uint16_t *src,
                                                                          size_t len, char *dst,
                                                                          int lossy)
{
    return avx2_u16_to_utf8(src, len, dst, lossy, AVX2_U16_UTF8).written;
}

/*
 * 8..15 units, not all ASCII: one block on the units padded with zeros to
 * 16 (the padding converts to trailing NUL bytes, which are left out).
 * Returns 0, having written nothing, when a surrogate is unpaired (a high
 * one in the last unit is followed by padding: unpaired too). WTF8 and
 * MUTF8 (`form`, a constant) convert every block; for MUTF8 each unit of
 * padding is U+0000, two bytes.
 */
static const unsigned char avx2_u16_shift_tbl[32] = {
    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,    10,   11,   12,   13,   14,   15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
};

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE int
avx2_u16_utf8_short_form(const uint16_t *src, size_t len, char *dst, size_t *written,
                         enum avx2_u16_form form)
{
    avx2_u16_utf8_consts kc;
    avx2_u16_pend p;
    char buf[64];
    size_t n;
    int kind;
    /* units 8..len-1 are bytes 2*(16-len).. of the last 8 units: shift
       them down with pshufb, zeros shifted in */
    __m128i tail = _mm_shuffle_epi8(
        avx2_u16_tail8(src, len),
        _mm_loadu_si128((const __m128i *)(const void *)(avx2_u16_shift_tbl + 2 * (16 - len))));
    __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(avx2_u16_head8(src)), tail, 1), top5;
    avx2_u16_utf8_consts_init(&kc);
    top5 = _mm256_and_si256(v, kc.f800);
    kind = avx2_u16_utf8_compute_form(v, top5, &p, &kc, form);
    if (form != AVX2_U16_MUTF8 && !kind) {
        if (!avx2_u16_utf8_pairs(v, top5, 0, &p, &kc, form))
            return AVX2_THEN(0);
        kind = 1;
    }
    avx2_u16_utf8_emit(buf, &p, kind);
    n = p.n - (form == AVX2_U16_MUTF8 ? 2 : 1) * (16 - len); /* 8..45 */
    avx2_u16_copy_small(dst, buf, n);
    AVX2_LEAVE();
    *written = n;
    return 1;
}

UNILANE_TARGET_AVX2 static UNILANE_NOINLINE int avx2_u16_utf8_short(const uint16_t *src, size_t len,
                                                                    char *dst, size_t *written)
{
    return avx2_u16_utf8_short_form(src, len, dst, written, AVX2_U16_UTF8);
}

/* The copies of avx2_u16_utf8_short_form for WTF-8 and modified UTF-8, and
   of avx2_u16_to_utf8 for modified UTF-8 (WTF-8's is the lossy one's,
   AVX2_U16_LOSSY_WTF8); they never fail, the bodies run AVX2_LEAVE(),
   avx2.h. */
#  define AVX2_U16_FORM_FN(name, body, form)                                                 \
    UNILANE_TARGET_AVX2 static UNILANE_NOINLINE size_t name(const uint16_t *src, size_t len, \
                                                            char *dst)                       \
    {                                                                                        \
      return body(src, len, dst, form);                                                      \
    }

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_short_n(const uint16_t *src,
                                                                         size_t len, char *dst,
                                                                         enum avx2_u16_form form)
{
    size_t n;
    (void)avx2_u16_utf8_short_form(src, len, dst, &n, form);
    return n;
}

UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_long_n(const uint16_t *src,
                                                                        size_t len, char *dst,
                                                                        enum avx2_u16_form form)
{
    return avx2_u16_to_utf8(src, len, dst, 1, form).written;
}

AVX2_U16_FORM_FN(avx2_u16_wtf8_short, avx2_u16_short_n, AVX2_U16_WTF8)
AVX2_U16_FORM_FN(avx2_u16_mutf8_short, avx2_u16_short_n, AVX2_U16_MUTF8)
AVX2_U16_FORM_FN(avx2_u16_to_mutf8_long, avx2_u16_long_n, AVX2_U16_MUTF8)
#  undef AVX2_U16_FORM_FN

/*
 * The entries of both conversions (`lossy`: a constant). 8..32 ASCII units:
 * two overlapping halves; other input from 16 units: the block code;
 * 8..15 units: one block padded with zeros (avx2_u16_utf8_short). What
 * that leaves (an unpaired surrogate in 8..15 units) and inputs under 8
 * units, which have no vector step, are the scalar kernel's.
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE unilane_result
avx2_u16_to_utf8_entry(const uint16_t *src, size_t len, char *dst, int lossy)
{
    size_t n;
    if (len >= 8) {
        if (len <= 32 && (len > 16 ? avx2_u16_narrow_short(src, len, dst, 0xFF80, 16, 0)
                                   : avx2_u16_narrow_short(src, len, dst, 0xFF80, 8, 0)))
            return AVX2_THEN(avx2_u16_ok(len, len));
        if (len >= 16)
            return lossy ? avx2_u16_ok(len, avx2_u16_to_utf8_lossy(src, len, dst, 1))
                         : avx2_u16_to_utf8_strict(src, len, dst);
        if (avx2_u16_utf8_short(src, len, dst, &n))
            return avx2_u16_ok(len, n);
    }
    if (lossy)
        return avx2_u16_ok(len, AVX2_THEN(unilane_scalar_utf16_to_utf8_lossy(src, len, dst)));
    return AVX2_THEN(unilane_scalar_utf16_to_utf8(src, len, dst));
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 unilane_result unilane_avx2_utf16_to_utf8(const uint16_t *src,
                                                                               size_t len,
                                                                               char *dst)
{
    return avx2_u16_to_utf8_entry(src, len, dst, 0);
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_utf16_to_utf8_lossy(const uint16_t *src,
                                                                             size_t len, char *dst)
{
    return avx2_u16_to_utf8_entry(src, len, dst, 1).written;
}

/*
 * The entries of WTF-8 and modified UTF-8 (`form`, a constant), the shape
 * of avx2_u16_to_utf8_entry; every block is the SIMD code's (the WTF-8
 * output of 8..15 units is written whatever surrogates they hold).
 */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t
avx2_u16_to_form_entry(const uint16_t *src, size_t len, char *dst, enum avx2_u16_form form)
{
    const int nz = form == AVX2_U16_MUTF8;
    if (len >= 8) {
        int done = len <= 32 && (len > 16 ? avx2_u16_narrow_short(src, len, dst, 0xFF80, 16, nz)
                                          : avx2_u16_narrow_short(src, len, dst, 0xFF80, 8, nz));
        AVX2_LEAVE();
        if (done)
            return len;
        if (len >= 16)
            return form == AVX2_U16_WTF8
                       ? avx2_u16_to_utf8_lossy(src, len, dst, AVX2_U16_LOSSY_WTF8)
                       : avx2_u16_to_mutf8_long(src, len, dst);
        return form == AVX2_U16_WTF8 ? avx2_u16_wtf8_short(src, len, dst)
                                     : avx2_u16_mutf8_short(src, len, dst);
    }
    return avx2_u16_scalar_lossy(src, len, dst, form);
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_utf16_to_wtf8(const uint16_t *src,
                                                                       size_t len, char *dst)
{
    return avx2_u16_to_form_entry(src, len, dst, AVX2_U16_WTF8);
}

UNILANE_INTERNAL UNILANE_TARGET_AVX2 size_t unilane_avx2_utf16_to_mutf8(const uint16_t *src,
                                                                        size_t len, char *dst)
{
    return avx2_u16_to_form_entry(src, len, dst, AVX2_U16_MUTF8);
}

/*
 * utf16_to_utf8_lossy_bounded (ops.h, UNILANE_KERNEL_OPS): the lossy
 * conversion into at most cap bytes, for the streaming encoder.
 *
 * While AVX2_U16_BND_ROOM bytes are free, the lossy main loop's steps run
 * unchanged, their direct stores included: a step writes at most 72 bytes
 * (32 units below U+0800: 64 bytes, then 8 of garbage); a block with a
 * surrogate goes to avx2_u16_utf8_cold on the units whose output fits in
 * any case (a third of the room, at least 28 units), so its runs of pairs
 * and their 12-13 bytes of garbage stay inside the room too (each unit of
 * the run past the block's gives at least a byte). Then 16-unit blocks
 * through a buffer: a block that fits is copied, one that does not is cut
 * before its first character that does not fit (no surrogate in it: one
 * unit per character); the last 8..15 units of the input when they fit
 * whatever they hold as the unbounded entry does; what is left (a block
 * with a surrogate, a few units) is the scalar kernel's.
 */
#  define AVX2_U16_BND_ROOM 84 /* 3 * 28 */

/* The 64-bit byte mask of x:y. */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE uint64_t avx2_u16_bnd_mask(__m256i x, __m256i y)
{
    return (uint32_t)_mm256_movemask_epi8(x) | (uint64_t)(uint32_t)_mm256_movemask_epi8(y) << 32;
}

/* The UTF-16 units of the UTF-8 characters buf[0..c) (c < 64, a whole
   number of characters): one a lead byte (not 80..BF: signed, above -65),
   two for F0..F4 (signed, negative and above -17). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE size_t avx2_u16_bnd_units(const char *buf,
                                                                           size_t c)
{
    const __m256i m65 = _mm256_set1_epi8(-65), m17 = _mm256_set1_epi8(-17);
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)buf);
    __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(buf + 32));
    uint64_t m = (UINT64_C(1) << c) - 1;
    uint64_t lead = avx2_u16_bnd_mask(_mm256_cmpgt_epi8(x, m65), _mm256_cmpgt_epi8(y, m65));
    uint64_t lead4 = avx2_u16_bnd_mask(_mm256_cmpgt_epi8(x, m17), _mm256_cmpgt_epi8(y, m17)) &
                     avx2_u16_bnd_mask(x, y);
    return (size_t)__builtin_popcountll(lead & m) + (size_t)__builtin_popcountll(lead4 & m);
}

/* 32 ASCII units at a time from *i while *i <= e (32 units of input and
   32 bytes of room from every such *i). */
UNILANE_TARGET_AVX2 static UNILANE_ALWAYS_INLINE void
avx2_u16_bnd_ascii32(const uint16_t *src, char *dst, size_t *i, size_t *w, size_t e, __m256i ff80)
{
    while (*i <= e) {
        __m256i v0 = avx2_u16_load(src + *i), v1 = avx2_u16_load(src + *i + 16);
        if (!_mm256_testz_si256(_mm256_or_si256(v0, v1), ff80))
            break;
        _mm256_storeu_si256((__m256i *)(void *)(dst + *w), avx2_u16_pack32(v0, v1));
        *i += 32;
        *w += 32;
    }
}

UNILANE_TARGET_AVX2 static UNILANE_NOINLINE unilane_result
avx2_u16_to_utf8_bounded_long(const uint16_t *src, size_t len, char *dst, size_t cap)
{
    avx2_u16_utf8_consts kc;
    unilane_result r;
    avx2_u16_pend pa;
    __m256i top5;
    char buf[64] = { 0 }; /* avx2_u16_bnd_units reads all of it */
    /* len >= 28, cap >= AVX2_U16_BND_ROOM. A step starts while i <= ilast
       and w <= wlast; one compare tests both: i <= lim, where up to lim
       the steps cannot pass wlast even at 3 bytes a unit. Where lim is
       reached first (text below 3 bytes a unit), it is set again. */
    const size_t ilast = len - 28, wlast = cap - AVX2_U16_BND_ROOM;
    size_t i = 0, w = 0, c, k, lim, lima, e;
    int kind;

    avx2_u16_utf8_consts_init(&kc);
    for (;;) {
        /* ASCII from here: a byte a unit, up to the room's own limit (lim
           below, for 3 bytes a unit, would stop it at a third of it) */
        if (len >= 32 && cap - w >= 32) {
            e = i + (cap - w - 32);
            e = e < len - 32 ? e : len - 32;
            avx2_u16_bnd_ascii32(src, dst, &i, &w, e, kc.ff80);
        }
        if (w > wlast || i > ilast)
            break;
        lim = i + (wlast - w) / 3;
        lim = lim < ilast ? lim : ilast;
        /* 32 ASCII units from i <= lima: inside lim and the input */
        lima = len < 32 ? 0 : lim < len - 32 ? lim : len - 32;
        do {
            __m256i v = avx2_u16_load(src + i);
            if (avx2_u16_ascii16_form(v, &kc, AVX2_U16_UTF8)) {
                __asm__("" : "+r"(i)); /* as in avx2_u16_to_utf8 */
                avx2_u16_ascii16(v, dst, &i, &w);
                avx2_u16_bnd_ascii32(src, dst, &i, &w, lima, kc.ff80);
                continue;
            }
            if (len - i >= 48) {
                __m256i v1 = avx2_u16_load(src + i + 16);
                if (_mm256_testz_si256(_mm256_or_si256(v, v1), kc.f800)) {
                    w += avx2_u16_utf8_two32(v, v1, dst + w, &kc, AVX2_U16_UTF8);
                    i += 32;
                    continue;
                }
            }
            kind = avx2_u16_utf8_compute_form(v, _mm256_and_si256(v, kc.f800), &pa, &kc,
                                              AVX2_U16_UTF8);
            if (UNILANE_LIKELY(kind)) {
                avx2_u16_utf8_emit(dst + w, &pa, kind);
                i += 16;
                w += pa.n;
                continue;
            }
            c = (cap - w) / 3;
            r = avx2_u16_utf8_cold(src, len - i < c ? len : i + c, dst, 1, 0, i, w);
            avx2_u16_take(r, &i, &w);
        } while (i <= lim);
    }
    while (len - i >= 16 && w < cap) {
        __m256i v = avx2_u16_load(src + i);
        if (avx2_u16_ascii16_form(v, &kc, AVX2_U16_UTF8)) {
            if (cap - w >= 16) {
                avx2_u16_ascii16(v, dst, &i, &w);
                continue;
            }
            _mm_storeu_si128((__m128i *)(void *)buf, avx2_u16_pack16(v));
            c = cap - w;
            memcpy(dst + w, buf, c);
            AVX2_LEAVE();
            return gen_result(UNILANE_OUTPUT_FULL, i + c, w + c);
        }
        top5 = _mm256_and_si256(v, kc.f800);
        kind = avx2_u16_utf8_compute_form(v, top5, &pa, &kc, AVX2_U16_UTF8);
        k = 16;
        if (!kind) {
            /* paired surrogates (unit 15 left out if it is a high one) */
            k = avx2_u16_utf8_pairs(v, top5, 1, &pa, &kc, AVX2_U16_UTF8);
            if (!k)
                break;
            kind = 1;
        }
        avx2_u16_utf8_emit(buf, &pa, kind);
        if (pa.n <= cap - w) {
            avx2_u16_copy_small(dst + w, buf, pa.n);
            i += k;
            w += pa.n;
            continue;
        }
        /* the characters that fit: up to a lead byte (buf[c], c < pa.n) */
        for (c = cap - w; (buf[c] & 0xC0) == 0x80; c--) {
        }
        memcpy(dst + w, buf, c);
        i += avx2_u16_bnd_units(buf, c);
        AVX2_LEAVE();
        return gen_result(UNILANE_OUTPUT_FULL, i, w + c);
    }
    if (len - i < 16 && i < len && 3 * (len - i) <= cap - w) {
        /* the rest fits whatever it holds: as the unbounded entry's end */
        __m256i v = avx2_u16_load(src + len - 16);
        if (avx2_u16_ascii16_form(v, &kc, AVX2_U16_UTF8)) {
            _mm_storeu_si128((__m128i *)(void *)(dst + w - (i - (len - 16))), avx2_u16_pack16(v));
            AVX2_LEAVE();
            return avx2_u16_ok(len, w + (len - i));
        }
        AVX2_LEAVE();
        if (len - i >= 8 && avx2_u16_utf8_short(src + i, len - i, dst + w, &c))
            return avx2_u16_ok(len, w + c);
    }
    AVX2_LEAVE();
    r = unilane_scalar_utf16_to_utf8_lossy_bounded(src + i, len - i, dst + w, cap - w);
    return gen_finish(r, i, w);
}

/* Whole characters that fit in cap bytes from AVX2_U16_BND_ROOM bytes on
   (below, the scalar kernel); when the whole output fits in any case, the
   unbounded entry. */
UNILANE_INTERNAL UNILANE_TARGET_AVX2 unilane_result
unilane_avx2_utf16_to_utf8_lossy_bounded(const uint16_t *src, size_t len, char *dst, size_t cap)
{
    if (len <= cap / 3)
        return avx2_u16_ok(len, unilane_avx2_utf16_to_utf8_lossy(src, len, dst));
    if (len >= 28 && cap >= AVX2_U16_BND_ROOM)
        return avx2_u16_to_utf8_bounded_long(src, len, dst, cap);
    return AVX2_THEN(unilane_scalar_utf16_to_utf8_lossy_bounded(src, len, dst, cap));
}
#  undef AVX2_U16_BND_ROOM

UNILANE_SPEED_END
#else
/* ISO C forbids an empty translation unit. */
typedef int unilane_avx2_utf16_unused;
#endif /* UNILANE_HAVE_AVX2 */
