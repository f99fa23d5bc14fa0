/*
 * generic.h -- the scalar kernel set: the portable fallback, the finisher the
 * SIMD kernels call for tails and for blocks that need attention, and the
 * oracle every other kernel is tested against.
 *
 * Each function has exactly the contract of the public function of the same
 * name (include/unilane.h). A SIMD kernel that stops at a character boundary
 * `i` (never inside a UTF-8 sequence or a surrogate pair) can finish with
 * unilane_scalar_<op>(src + i, len - i, dst + w) and add i and w to the
 * result: the scalar code is where status and position are decided.
 */
#ifndef UNILANE_GENERIC_H
#define UNILANE_GENERIC_H

#include "../dispatch/impl.h"
#include "utf8_rules.h"

/* unilane_scalar_<op> for every operation of the registry (ops.h). */
UNILANE_DECLARE_KERNEL(scalar)

/*
 * One UTF-8 character, for the streaming decoder and the SIMD finishers.
 * Decodes the sequence starting at src[0] (n >= 1 bytes available).
 * Returns its length 1..4 and stores the code point in *cp when it is
 * well-formed. Otherwise returns 0 and stores in *status the error status
 * and in *maximal the length of the maximal subpart (1..3) that lossy
 * decoding replaces by one U+FFFD; when the sequence is a valid prefix cut
 * off by n, status is UNILANE_TOO_SHORT and *maximal == n.
 */
UNILANE_INTERNAL size_t unilane_scalar_utf8_decode_one(const unsigned char *src, size_t n,
                                                       uint32_t *cp, unilane_status *status,
                                                       size_t *maximal);

/*
 * Internal helpers shared by the .c files of src/generic (static inline, so
 * each is defined once even in the amalgamation: this header has a guard).
 * Unaligned loads go through memcpy: no undefined behaviour, no aliasing
 * violation, and compilers turn them into one plain load.
 */

/* Eight bytes (or four UTF-16 units) from p, in native order. */
static inline uint64_t gen_load64(const void *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Bit 7 of every byte: a word whose bytes are all ASCII ANDs to 0. */
#define GEN_HIGH_BITS_8x8   UINT64_C(0x8080808080808080)
/* Four 16-bit lanes; bits 7..15 of each lane: zero iff every unit < 0x80. */
#define GEN_NOT_ASCII_16x4  UINT64_C(0xFF80FF80FF80FF80)
/* Four 16-bit lanes; bits 8..15 of each lane: zero iff every unit <= 0xFF. */
#define GEN_NOT_LATIN1_16x4 UINT64_C(0xFF00FF00FF00FF00)

/* Widens 16 bytes to 16 UTF-16 units. The copies through local arrays tell
   the compiler that s and d do not alias, so even gcc -O2 emits two vector
   unpacks instead of 16 scalar moves. */
static inline void gen_widen16(const unsigned char *s, uint16_t *d)
{
    unsigned char in[16];
    uint16_t out[16];
    size_t k;
    memcpy(in, s, sizeof in);
    for (k = 0; k < 16; k++)
        out[k] = in[k];
    memcpy(d, out, sizeof out);
}

/* Narrows 8 UTF-16 units, all known to be <= 0xFF, to 8 bytes. */
static inline void gen_narrow8(const uint16_t *s, unsigned char *d)
{
    uint16_t in[8];
    unsigned char out[8];
    size_t k;
    memcpy(in, s, sizeof in);
    for (k = 0; k < 8; k++)
        out[k] = (unsigned char)in[k];
    memcpy(d, out, sizeof out);
}

/* Sum of the eight byte lanes of x, for lanes summing to at most 0xFFFF
   (each lane <= 0xFF): fold to four 16-bit lanes, then add them with one
   multiplication whose top 16 bits collect the sum. */
static inline size_t gen_sum_bytes(uint64_t x)
{
    x = (x & UINT64_C(0x00FF00FF00FF00FF)) + ((x >> 8) & UINT64_C(0x00FF00FF00FF00FF));
    return (size_t)((x * UINT64_C(0x0001000100010001)) >> 48);
}

/*
 * Copies the ASCII run at s[0..n) to d byte for byte: 16 bytes at a time
 * while a whole block is ASCII, then one by one up to the first non-ASCII
 * byte. Returns the length of the run.
 */
static inline size_t gen_copy_ascii(const unsigned char *s, size_t n, unsigned char *d)
{
    size_t i = 0;
    while (n - i >= 16) {
        uint64_t a = gen_load64(s + i), b = gen_load64(s + i + 8);
        if ((a | b) & GEN_HIGH_BITS_8x8)
            break;
        memcpy(d + i, &a, sizeof a);
        memcpy(d + i + 8, &b, sizeof b);
        i += 16;
    }
    while (i < n && s[i] < 0x80) {
        d[i] = s[i];
        i++;
    }
    return i;
}

/* Number of leading ASCII bytes of s[0..n): the whole-word part of the
   scan, 16 and then 8 bytes at a time, then single bytes. */
static inline size_t gen_ascii_run(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (n - i >= 16) {
        if ((gen_load64(s + i) | gen_load64(s + i + 8)) & GEN_HIGH_BITS_8x8)
            break;
        i += 16;
    }
    if (n - i >= 8 && !(gen_load64(s + i) & GEN_HIGH_BITS_8x8))
        i += 8;
    /* The first non-ASCII byte, if any, is within the next 16 bytes. */
    while (i < n && s[i] < 0x80)
        i++;
    return i;
}

/*
 * The width of a text (unilane_width), decided here and nowhere else, from
 * the OR of its code points: a maximum is below 0x80, 0x100 or 0x10000 iff
 * the OR of all values is, since each bound is a power of two. A UTF-16
 * surrogate pair adds 0x10000, an unpaired surrogate its own value (so it
 * counts as BMP), a lossy U+FFFD 0xFFFD. The SIMD kernels OR their lanes
 * and call this too.
 */
static inline UNILANE_MAYBE_UNUSED unilane_width gen_width(uint32_t bits)
{
    return bits < 0x80      ? UNILANE_WIDTH_ASCII
           : bits < 0x100   ? UNILANE_WIDTH_LATIN1
           : bits < 0x10000 ? UNILANE_WIDTH_BMP
                            : UNILANE_WIDTH_ASTRAL;
}

/* A unilane_result from its three fields. */
static inline UNILANE_MAYBE_UNUSED unilane_result gen_result(unilane_status st, size_t read,
                                                             size_t written)
{
    unilane_result r;
    r.status = st;
    r.read = read;
    r.written = written;
    return r;
}

/* A unilane_utf8_info from its four fields. */
static inline UNILANE_MAYBE_UNUSED unilane_utf8_info gen_utf8_info(unilane_status st, size_t read,
                                                                   size_t units, unilane_width w)
{
    unilane_utf8_info r;
    r.status = st;
    r.read = read;
    r.utf16_length = units;
    r.width = w;
    return r;
}

/* The width of two texts one after the other: the wider of their widths
   (the enum is ordered from narrow to wide). For kernels that combine the
   width of their SIMD part with that of a scalar finisher's part. */
static inline UNILANE_MAYBE_UNUSED unilane_width gen_wider(unilane_width a, unilane_width b)
{
    return a > b ? a : b;
}

/*
 * The scalar part of a SIMD UTF-8 inspection (AVX2 and NEON): the SIMD code
 * stopped at i with the first error in a character that starts at j (a
 * character boundary, j <= i). The scalar inspection takes s[j .. e): the
 * rest of the input in strict mode (or when little is left), in lossy mode
 * the window up to a resynchronisation point 64 bytes on, after which the
 * SIMD code resumes at e. Its length and width are added to *n and *wd, and
 * the first error it names becomes (*first, *err) if there was none before.
 * Returns e.
 */
static inline UNILANE_MAYBE_UNUSED size_t gen_inspect_window(const char *src, size_t len, size_t i,
                                                             size_t j, int lossy, size_t *n,
                                                             unilane_width *wd,
                                                             unilane_status *first, size_t *err)
{
    size_t e = (!lossy || len - i < 64 + 3 + 64)
                   ? len
                   : gen_utf8_resync((const unsigned char *)src, len, i + 64);
    unilane_utf8_info t = lossy ? unilane_scalar_utf8_inspect_lossy(src + j, e - j)
                                : unilane_scalar_utf8_inspect(src + j, e - j);
    *n += t.utf16_length;
    *wd = gen_wider(*wd, t.width);
    if (*first == UNILANE_OK && t.status != UNILANE_OK) {
        *first = t.status;
        *err = j + t.read;
    }
    return e;
}

/*
 * A SIMD kernel that hands the rest of its input
 * src + read_off, dst + written_off turns the finisher's result into the
 * result for the whole input with this. The fields are copied one by one
 * into a new struct on purpose: `r = finisher(...); r.read += off;` makes gcc
 * reload the finisher's struct with one 16-byte load over its narrower
 * stores, a store-forwarding stall that cost short inputs more than their
 * conversion (64-byte validate_utf8 took 9.4 ns instead of ~5). The empty asm
 * keeps the three values in general registers, whatever the optimiser likes.
 */
/* Unused in a build with no SIMD kernel (e.g. the amalgamation on armv7). */
static inline UNILANE_MAYBE_UNUSED unilane_result gen_finish(unilane_result t, size_t read_off,
                                                             size_t written_off)
{
    unilane_result o;
    size_t rd = t.read, wr = t.written;
    unsigned st = (unsigned)t.status;
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(rd), "+r"(wr), "+r"(st)); /* keep them in general registers */
#endif
    o.status = (unilane_status)st;
    o.read = rd + read_off;
    o.written = wr + written_off;
    return o;
}

#endif /* UNILANE_GENERIC_H */
