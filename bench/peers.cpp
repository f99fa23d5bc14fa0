// peers.cpp -- what unilane is compared with, in the same run on the same
// buffers:
//   memcpy  copying the input (the ceiling for a function that reads all of
//           its input once)
//   naive   the obvious loop a programmer writes, compiled with the same
//           flags as this driver (the compiler may vectorize it)
//   icu     ICU's u_strFromUTF8 / u_strToUTF8 (strict), *WithSub (lossy,
//           U+FFFD), preflighting for lengths, ucnv for ISO-8859-1 and for
//           streaming (ucnv_toUnicode / ucnv_fromUnicode with UTF-8)
//   iconv   the C library's iconv (UTF-8, UTF-16 in native order, ISO-8859-1)
//   simdutf_haswell, simdutf_icelake
//           simdutf's AVX2 and AVX-512 kernels, each called through its own
//           simdutf::implementation object (not simdutf's dispatch), only
//           when the CPU runs it; built only with -DUNILANE_BENCH_SIMDUTF=DIR
//           (a simdutf fetched and built outside this repository: see
//           scripts/bench_peer.sh). Glue only: which simdutf call matches
//           which unilane function, and how its result maps to a row's value.
#include "bench.h"

#include <cstdlib>
#include <cstring>
#include <vector>

#ifdef UNILANE_BENCH_HAVE_ICONV
#include <iconv.h>
#endif
#ifdef UNILANE_BENCH_HAVE_ICU
#include <unicode/ucnv.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>
#endif
#ifdef UNILANE_BENCH_HAVE_SIMDUTF
#include <simdutf.h>
#endif
#if defined(__GLIBC__) || defined(__linux__)
#include <gnu/libc-version.h>
#define ULB_HAVE_GLIBC_VERSION 1
#endif

namespace ulb {

size_t g_stream_chunk = 4000; // set by bench_main.cpp (--chunk)

namespace {

// ---------------------------------------------------------------- memcpy

template <size_t Unit>
Out memcpy_call(const void *src, size_t n, void *dst, void *)
{
    std::memcpy(dst, src, n * Unit);
    return {0, n * Unit};
}

// ---------------------------------------------------------------- naive

Out naive_ascii_prefix(const void *src, size_t n, void *, void *)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0;
    while (i < n && s[i] < 0x80)
        i++;
    return {i, 0};
}

Out naive_utf16_ascii_prefix(const void *src, size_t n, void *, void *)
{
    const uint16_t *s = (const uint16_t *)src;
    size_t i = 0;
    while (i < n && s[i] < 0x80)
        i++;
    return {i, 0};
}

Out naive_utf16_latin1_prefix(const void *src, size_t n, void *, void *)
{
    const uint16_t *s = (const uint16_t *)src;
    size_t i = 0;
    while (i < n && s[i] <= 0xFF)
        i++;
    return {i, 0};
}

Out naive_latin1_to_utf16(const void *src, size_t n, void *dst, void *)
{
    const unsigned char *s = (const unsigned char *)src;
    uint16_t *d = (uint16_t *)dst;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
    return {n, 2 * n};
}

Out naive_utf16_to_latin1(const void *src, size_t n, void *dst, void *)
{
    const uint16_t *s = (const uint16_t *)src;
    unsigned char *d = (unsigned char *)dst;
    size_t i = 0;
    for (; i < n && s[i] <= 0xFF; i++)
        d[i] = (unsigned char)s[i];
    return {i, i};
}

Out naive_latin1_to_utf8(const void *src, size_t n, void *dst, void *)
{
    const unsigned char *s = (const unsigned char *)src;
    unsigned char *d = (unsigned char *)dst;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned c = s[i];
        if (c < 0x80) {
            d[o++] = (unsigned char)c;
        } else {
            d[o++] = (unsigned char)(0xC0 | (c >> 6));
            d[o++] = (unsigned char)(0x80 | (c & 0x3F));
        }
    }
    return {o, o};
}

// Decodes one well-formed UTF-8 sequence at s[i]; returns its length or 0.
inline size_t naive_decode(const unsigned char *s, size_t n, size_t i, uint32_t *cp)
{
    unsigned c = s[i];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        if (n - i < 2 || (s[i + 1] & 0xC0) != 0x80)
            return 0;
        *cp = ((c & 0x1F) << 6) | (s[i + 1] & 0x3F);
        return 2;
    }
    if (c >= 0xE0 && c <= 0xEF) {
        if (n - i < 3 || (s[i + 1] & 0xC0) != 0x80 || (s[i + 2] & 0xC0) != 0x80)
            return 0;
        uint32_t v = ((c & 0x0F) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3F);
        if (v < 0x800 || (v >= 0xD800 && v <= 0xDFFF))
            return 0;
        *cp = v;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (n - i < 4 || (s[i + 1] & 0xC0) != 0x80 || (s[i + 2] & 0xC0) != 0x80 ||
            (s[i + 3] & 0xC0) != 0x80)
            return 0;
        uint32_t v = ((c & 0x07) << 18) | ((s[i + 1] & 0x3Fu) << 12) | ((s[i + 2] & 0x3Fu) << 6) |
                     (s[i + 3] & 0x3F);
        if (v < 0x10000 || v > 0x10FFFF)
            return 0;
        *cp = v;
        return 4;
    }
    return 0;
}

Out naive_validate_utf8(const void *src, size_t n, void *, void *)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0;
    uint32_t cp;
    while (i < n) {
        size_t k = naive_decode(s, n, i, &cp);
        if (!k)
            break;
        i += k;
    }
    return {i, 0};
}

Out naive_validate_utf16(const void *src, size_t n, void *, void *)
{
    const uint16_t *s = (const uint16_t *)src;
    size_t i = 0;
    while (i < n) {
        uint16_t c = s[i];
        if (c >= 0xD800 && c <= 0xDBFF) {
            if (i + 1 >= n || s[i + 1] < 0xDC00 || s[i + 1] > 0xDFFF)
                break;
            i += 2;
        } else if (c >= 0xDC00 && c <= 0xDFFF) {
            break;
        } else {
            i++;
        }
    }
    return {i, 0};
}

Out naive_utf8_to_latin1(const void *src, size_t n, void *dst, void *)
{
    const unsigned char *s = (const unsigned char *)src;
    unsigned char *d = (unsigned char *)dst;
    size_t i = 0, o = 0;
    uint32_t cp;
    while (i < n) {
        size_t k = naive_decode(s, n, i, &cp);
        if (!k || cp > 0xFF)
            break;
        d[o++] = (unsigned char)cp;
        i += k;
    }
    return {i, o};
}

Out naive_utf8_to_utf16(const void *src, size_t n, void *dst, void *)
{
    const unsigned char *s = (const unsigned char *)src;
    uint16_t *d = (uint16_t *)dst;
    size_t i = 0, o = 0;
    uint32_t cp;
    while (i < n) {
        size_t k = naive_decode(s, n, i, &cp);
        if (!k)
            break;
        if (cp < 0x10000) {
            d[o++] = (uint16_t)cp;
        } else {
            cp -= 0x10000;
            d[o++] = (uint16_t)(0xD800 | (cp >> 10));
            d[o++] = (uint16_t)(0xDC00 | (cp & 0x3FF));
        }
        i += k;
    }
    return {i, 2 * o};
}

Out naive_utf16_to_utf8(const void *src, size_t n, void *dst, void *)
{
    const uint16_t *s = (const uint16_t *)src;
    unsigned char *d = (unsigned char *)dst;
    size_t i = 0, o = 0;
    while (i < n) {
        uint32_t c = s[i];
        if (c < 0x80) {
            d[o++] = (unsigned char)c;
            i++;
        } else if (c < 0x800) {
            d[o++] = (unsigned char)(0xC0 | (c >> 6));
            d[o++] = (unsigned char)(0x80 | (c & 0x3F));
            i++;
        } else if (c < 0xD800 || c > 0xDFFF) {
            d[o++] = (unsigned char)(0xE0 | (c >> 12));
            d[o++] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            d[o++] = (unsigned char)(0x80 | (c & 0x3F));
            i++;
        } else {
            if (c > 0xDBFF || i + 1 >= n || s[i + 1] < 0xDC00 || s[i + 1] > 0xDFFF)
                break;
            c = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00u);
            d[o++] = (unsigned char)(0xF0 | (c >> 18));
            d[o++] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
            d[o++] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            d[o++] = (unsigned char)(0x80 | (c & 0x3F));
            i += 2;
        }
    }
    return {i, o};
}

Out naive_utf8_length_from_latin1(const void *src, size_t n, void *, void *)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t k = n;
    for (size_t i = 0; i < n; i++)
        k += s[i] >> 7;
    return {k, 0};
}

Out naive_utf16_length_from_utf8(const void *src, size_t n, void *, void *)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((s[i] & 0xC0) != 0x80) + (s[i] >= 0xF0);
    return {k, 0};
}

Out naive_utf8_length_from_utf16(const void *src, size_t n, void *, void *)
{
    const uint16_t *s = (const uint16_t *)src;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint16_t c = s[i];
        if (c < 0x80)
            k += 1;
        else if (c < 0x800)
            k += 2;
        else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
            k += 4;
            i++;
        } else
            k += 3;
    }
    return {k, 0};
}

#ifdef UNILANE_BENCH_HAVE_ICONV
// ---------------------------------------------------------------- iconv

bool little_endian()
{
    uint16_t x = 1;
    unsigned char b;
    std::memcpy(&b, &x, 1);
    return b == 1;
}

const char *utf16_native() { return little_endian() ? "UTF-16LE" : "UTF-16BE"; }

void *iconv_setup(const char *to, const char *from)
{
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1)
        return nullptr;
    return (void *)cd;
}

void iconv_teardown(void *ctx)
{
    if (ctx)
        iconv_close((iconv_t)ctx);
}

// Bounds: the public function's dst bound (the harness allocates it). The
// value is the number of output units, as unilane's size_t converters return.
template <size_t InUnit, size_t OutPerIn, size_t OutUnit>
Out iconv_call(const void *src, size_t n, void *dst, void *ctx)
{
    iconv_t cd = (iconv_t)ctx;
    iconv(cd, nullptr, nullptr, nullptr, nullptr);
    char *ip = (char *)src;
    size_t il = n * InUnit;
    char *op = (char *)dst;
    size_t cap = n * OutPerIn, ol = cap;
    iconv(cd, &ip, &il, &op, &ol);
    return {(cap - ol) / OutUnit, cap - ol};
}

void *ic_u8_u16() { return iconv_setup(utf16_native(), "UTF-8"); }
void *ic_u16_u8() { return iconv_setup("UTF-8", utf16_native()); }
void *ic_l1_u16() { return iconv_setup(utf16_native(), "ISO-8859-1"); }
void *ic_u16_l1() { return iconv_setup("ISO-8859-1", utf16_native()); }
void *ic_l1_u8() { return iconv_setup("UTF-8", "ISO-8859-1"); }
void *ic_u8_l1() { return iconv_setup("ISO-8859-1", "UTF-8"); }
#endif

#ifdef UNILANE_BENCH_HAVE_ICU
// ---------------------------------------------------------------- ICU

Out icu_from_utf8(const void *src, size_t n, void *dst, void *)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = 0;
    u_strFromUTF8((UChar *)dst, (int32_t)n, &len, (const char *)src, (int32_t)n, &e);
    return {(uint64_t)e, U_FAILURE(e) ? 0 : 2 * (size_t)len};
}

// An engine string with ICU: u_strFromUTF8 (strict) into a scratch UTF-16
// buffer, the width from its units, then a one-byte string narrowed from it
// or the UTF-16 copied (the same bytes as unilane's engine_string rows).
Out icu_engine_string(const void *src, size_t n, void *dst, void *)
{
    static std::vector<UChar> tmp;
    if (tmp.size() < n + 1)
        tmp.resize(n + 1);
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = 0;
    u_strFromUTF8(tmp.data(), (int32_t)tmp.size(), &len, (const char *)src, (int32_t)n, &e);
    if (U_FAILURE(e))
        return {UINT64_MAX, 0};
    UChar all = 0;
    for (int32_t i = 0; i < len; i++)
        all |= tmp[i];
    if (all <= 0xFF) {
        unsigned char *d = (unsigned char *)dst;
        for (int32_t i = 0; i < len; i++)
            d[i] = (unsigned char)tmp[i];
        return {(uint64_t)len << 1 | 1, (size_t)len};
    }
    std::memcpy(dst, tmp.data(), 2 * (size_t)len);
    return {(uint64_t)len << 1, 2 * (size_t)len};
}

Out icu_from_utf8_sub(const void *src, size_t n, void *dst, void *)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = 0;
    u_strFromUTF8WithSub((UChar *)dst, (int32_t)n, &len, (const char *)src, (int32_t)n, 0xFFFD,
                         nullptr, &e);
    return {(uint64_t)len, U_FAILURE(e) ? 0 : 2 * (size_t)len};
}

Out icu_to_utf8(const void *src, size_t n, void *dst, void *)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = 0;
    u_strToUTF8((char *)dst, (int32_t)(3 * n), &len, (const UChar *)src, (int32_t)n, &e);
    return {(uint64_t)e, U_FAILURE(e) ? 0 : (size_t)len};
}

Out icu_to_utf8_sub(const void *src, size_t n, void *dst, void *)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = 0;
    u_strToUTF8WithSub((char *)dst, (int32_t)(3 * n), &len, (const UChar *)src, (int32_t)n, 0xFFFD,
                       nullptr, &e);
    return {(uint64_t)len, U_FAILURE(e) ? 0 : (size_t)len};
}

// Lengths by preflighting (dst NULL, capacity 0): what ICU users call.
Out icu_len_from_utf8(const void *src, size_t n, void *, void *)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = 0;
    u_strFromUTF8(nullptr, 0, &len, (const char *)src, (int32_t)n, &e);
    return {(uint64_t)len, 0};
}

Out icu_len_from_utf8_sub(const void *src, size_t n, void *, void *)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = 0;
    u_strFromUTF8WithSub(nullptr, 0, &len, (const char *)src, (int32_t)n, 0xFFFD, nullptr, &e);
    return {(uint64_t)len, 0};
}

Out icu_len_to_utf8_sub(const void *src, size_t n, void *, void *)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = 0;
    u_strToUTF8WithSub(nullptr, 0, &len, (const UChar *)src, (int32_t)n, 0xFFFD, nullptr, &e);
    return {(uint64_t)len, 0};
}

void *icu_open(const char *name)
{
    UErrorCode e = U_ZERO_ERROR;
    UConverter *c = ucnv_open(name, &e);
    if (U_FAILURE(e))
        return nullptr;
    return c;
}
void icu_close(void *c)
{
    if (c)
        ucnv_close((UConverter *)c);
}
void *icu_latin1() { return icu_open("ISO-8859-1"); }
void *icu_utf8() { return icu_open("UTF-8"); }

Out icu_latin1_to_utf16(const void *src, size_t n, void *dst, void *ctx)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = ucnv_toUChars((UConverter *)ctx, (UChar *)dst, (int32_t)n, (const char *)src,
                                (int32_t)n, &e);
    return {(uint64_t)len, U_FAILURE(e) ? 0 : 2 * (size_t)len};
}

Out icu_utf16_to_latin1(const void *src, size_t n, void *dst, void *ctx)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t len = ucnv_fromUChars((UConverter *)ctx, (char *)dst, (int32_t)n, (const UChar *)src,
                                  (int32_t)n, &e);
    return {(uint64_t)e, U_FAILURE(e) ? 0 : (size_t)len};
}

// Streaming: the same chunking as unilane's utf8_decode / utf8_encode rows.
Out icu_stream_decode(const void *src, size_t n, void *dst, void *ctx)
{
    UConverter *c = (UConverter *)ctx;
    ucnv_resetToUnicode(c);
    const char *s = (const char *)src, *end = s + n;
    UChar *t = (UChar *)dst, *tlim = t + n;
    size_t chunk = g_stream_chunk;
    do {
        const char *cend = (size_t)(end - s) > chunk ? s + chunk : end;
        UErrorCode e = U_ZERO_ERROR;
        ucnv_toUnicode(c, &t, tlim, &s, cend, nullptr, cend == end, &e);
        if (U_FAILURE(e))
            break;
    } while (s < end);
    size_t w = (size_t)(t - (UChar *)dst);
    return {w, 2 * w};
}

Out icu_stream_encode(const void *src, size_t n, void *dst, void *ctx)
{
    UConverter *c = (UConverter *)ctx;
    ucnv_resetFromUnicode(c);
    const UChar *s = (const UChar *)src, *end = s + n;
    char *t = (char *)dst, *tlim = t + 3 * n;
    size_t chunk = g_stream_chunk;
    do {
        const UChar *cend = (size_t)(end - s) > chunk ? s + chunk : end;
        UErrorCode e = U_ZERO_ERROR;
        ucnv_fromUnicode(c, &t, tlim, &s, cend, nullptr, cend == end, &e);
        if (U_FAILURE(e))
            break;
    } while (s < end);
    size_t w = (size_t)(t - (char *)dst);
    return {w, w};
}
#endif


#ifdef UNILANE_BENCH_HAVE_SIMDUTF
// ---------------------------------------------------------------- simdutf

// The row's kernel: the implementation object named `name` if the CPU runs
// it, else null (no row). ctx of every simdutf call is this object.
const simdutf::implementation *su_kernel(const char *name)
{
    const simdutf::implementation *k = simdutf::get_available_implementations()[name];
    return k && k->supported_by_runtime_system() ? k : nullptr;
}
void *su_haswell() { return (void *)su_kernel("haswell"); }
void *su_icelake() { return (void *)su_kernel("icelake"); }

inline const simdutf::implementation *su(void *ctx) { return (const simdutf::implementation *)ctx; }
inline const char16_t *su16(const void *s) { return (const char16_t *)s; }

// A simdutf::result of a strict call: value = error code and count (not
// compared on strict rows, which run on valid text only); the output is
// count units of out_unit bytes when it succeeded.
inline Out su_result(simdutf::result r, size_t out_unit)
{
    bool ok = r.error == simdutf::error_code::SUCCESS;
    return {(uint64_t)r.error << 56 ^ (uint64_t)r.count, ok ? r.count * out_unit : 0};
}

// ascii_prefix: validate_ascii_with_errors' count is the position of the
// first byte >= 0x80, or len.
Out su_ascii_prefix(const void *s, size_t n, void *, void *c)
{
    return {(uint64_t)su(c)->validate_ascii_with_errors((const char *)s, n).count, 0};
}
Out su_validate_utf8(const void *s, size_t n, void *, void *c)
{
    return su_result(su(c)->validate_utf8_with_errors((const char *)s, n), 0);
}
Out su_validate_utf16(const void *s, size_t n, void *, void *c)
{
    return su_result(su(c)->validate_utf16le_with_errors(su16(s), n), 0);
}
Out su_latin1_to_utf16(const void *s, size_t n, void *d, void *c)
{
    size_t w = su(c)->convert_latin1_to_utf16le((const char *)s, n, (char16_t *)d);
    return {w, 2 * w};
}
Out su_utf16_to_latin1(const void *s, size_t n, void *d, void *c)
{
    return su_result(su(c)->convert_utf16le_to_latin1_with_errors(su16(s), n, (char *)d), 1);
}
Out su_latin1_to_utf8(const void *s, size_t n, void *d, void *c)
{
    size_t w = su(c)->convert_latin1_to_utf8((const char *)s, n, (char *)d);
    return {w, w};
}
Out su_utf8_to_latin1(const void *s, size_t n, void *d, void *c)
{
    return su_result(su(c)->convert_utf8_to_latin1_with_errors((const char *)s, n, (char *)d), 1);
}
Out su_utf8_to_utf16(const void *s, size_t n, void *d, void *c)
{
    simdutf::result r = su(c)->convert_utf8_to_utf16le_with_errors((const char *)s, n, (char16_t *)d);
    return su_result(r, 2);
}
Out su_utf16_to_utf8(const void *s, size_t n, void *d, void *c)
{
    return su_result(su(c)->convert_utf16le_to_utf8_with_errors(su16(s), n, (char *)d), 1);
}
// Lossy: unpaired surrogate -> U+FFFD, the same rule as unilane's.
Out su_utf16_to_utf8_lossy(const void *s, size_t n, void *d, void *c)
{
    size_t w = su(c)->convert_utf16le_to_utf8_with_replacement(su16(s), n, (char *)d);
    return {w, w};
}
// to_well_formed_utf16le returns nothing; unilane returns the number of
// surrogates it replaced. The row runs on well-formed text only (lossy_ok
// false below), where that number is 0; the output is compared as usual.
Out su_utf16_make_well_formed(const void *s, size_t n, void *d, void *c)
{
    su(c)->to_well_formed_utf16le(su16(s), n, (char16_t *)d);
    return {0, 2 * n};
}
Out su_utf8_length_from_latin1(const void *s, size_t n, void *, void *c)
{
    return {su(c)->utf8_length_from_latin1((const char *)s, n), 0};
}
// utf8_length_from_utf16le: exact for well-formed input only (it counts an
// unpaired surrogate as 2 bytes, unilane as 3, U+FFFD); so well-formed text
// only. (utf8_length_from_utf16le_with_replacement has unilane's rule for
// any input but is not what a caller with valid text would use.)
Out su_utf8_length_from_utf16(const void *s, size_t n, void *, void *c)
{
    return {su(c)->utf8_length_from_utf16le(su16(s), n), 0};
}
// utf16_length_from_utf8: the same count as unilane's for any input (bytes
// outside 0x80..0xBF plus bytes >= 0xF0); the harness checks it on *_err.
Out su_utf16_length_from_utf8(const void *s, size_t n, void *, void *c)
{
    return {su(c)->utf16_length_from_utf8((const char *)s, n), 0};
}
#endif

} // namespace

std::vector<PeerImpl> peers_for(const std::string &f, size_t in_unit)
{
    std::vector<PeerImpl> v;
    // memcpy of the function's input, for every function.
    v.push_back({"memcpy", in_unit == 2 ? memcpy_call<2> : memcpy_call<1>, nullptr, nullptr, true});

    // A peer's call for each function it has (by name), and whether it is
    // meaningful on ill-formed input too.
    struct Call {
        const char *f;
        CallFn fn;
        bool lossy_ok;
    };
    static const Call naive[] = {
        {"ascii_prefix", naive_ascii_prefix, false},
        {"utf16_ascii_prefix", naive_utf16_ascii_prefix, false},
        {"utf16_latin1_prefix", naive_utf16_latin1_prefix, false},
        {"validate_utf8", naive_validate_utf8, false},
        {"validate_utf16", naive_validate_utf16, false},
        {"latin1_to_utf16", naive_latin1_to_utf16, false},
        {"utf16_to_latin1", naive_utf16_to_latin1, false},
        {"latin1_to_utf8", naive_latin1_to_utf8, false},
        {"utf8_to_latin1", naive_utf8_to_latin1, false},
        {"utf8_to_utf16", naive_utf8_to_utf16, false},
        {"utf16_to_utf8", naive_utf16_to_utf8, false},
        {"utf8_length_from_latin1", naive_utf8_length_from_latin1, false},
        {"utf16_length_from_utf8", naive_utf16_length_from_utf8, true},
        {"utf8_length_from_utf16", naive_utf8_length_from_utf16, true},
    };
    for (const Call &x : naive)
        if (f == x.f)
            v.push_back({"naive", x.fn, nullptr, nullptr, x.lossy_ok});

#ifdef UNILANE_BENCH_HAVE_ICU
    if (f == "utf8_to_utf16")
        v.push_back({"icu", icu_from_utf8, nullptr, nullptr, false});
    if (f == "utf8_to_utf16_lossy")
        v.push_back({"icu", icu_from_utf8_sub, nullptr, nullptr, true});
    if (f == "utf16_to_utf8")
        v.push_back({"icu", icu_to_utf8, nullptr, nullptr, false});
    if (f == "utf16_to_utf8_lossy")
        v.push_back({"icu", icu_to_utf8_sub, nullptr, nullptr, true});
    if (f == "utf16_length_from_utf8")
        v.push_back({"icu", icu_len_from_utf8, nullptr, nullptr, false});
    if (f == "utf16_length_from_utf8_lossy")
        v.push_back({"icu", icu_len_from_utf8_sub, nullptr, nullptr, true});
    if (f == "utf8_length_from_utf16")
        v.push_back({"icu", icu_len_to_utf8_sub, nullptr, nullptr, true});
    if (f == "latin1_to_utf16")
        v.push_back({"icu", icu_latin1_to_utf16, icu_latin1, icu_close, false});
    if (f == "utf16_to_latin1")
        v.push_back({"icu", icu_utf16_to_latin1, icu_latin1, icu_close, false});
    if (f == "utf8_decode")
        v.push_back({"icu", icu_stream_decode, icu_utf8, icu_close, true});
    if (f == "engine_string_inspect" || f == "engine_string_separate")
        v.push_back({"icu", icu_engine_string, nullptr, nullptr, false});
    if (f == "utf8_encode")
        v.push_back({"icu", icu_stream_encode, icu_utf8, icu_close, true});
#endif
#ifdef UNILANE_BENCH_HAVE_ICONV
    if (f == "utf8_to_utf16")
        v.push_back({"iconv", iconv_call<1, 2, 2>, ic_u8_u16, iconv_teardown, false});
    if (f == "utf16_to_utf8")
        v.push_back({"iconv", iconv_call<2, 3, 1>, ic_u16_u8, iconv_teardown, false});
    if (f == "latin1_to_utf16")
        v.push_back({"iconv", iconv_call<1, 2, 2>, ic_l1_u16, iconv_teardown, false});
    if (f == "utf16_to_latin1")
        v.push_back({"iconv", iconv_call<2, 1, 1>, ic_u16_l1, iconv_teardown, false});
    if (f == "latin1_to_utf8")
        v.push_back({"iconv", iconv_call<1, 2, 1>, ic_l1_u8, iconv_teardown, false});
    if (f == "utf8_to_latin1")
        v.push_back({"iconv", iconv_call<1, 1, 1>, ic_u8_l1, iconv_teardown, false});
#endif
#ifdef UNILANE_BENCH_HAVE_SIMDUTF
    // simdutf's equivalents. None for: utf16_ascii_prefix and
    // utf16_latin1_prefix (validate_utf16le_as_ascii returns a bool, no
    // position), utf8_to_utf16_lossy and utf16_length_from_utf8_lossy (simdutf
    // has no U+FFFD replacement for UTF-8 input), latin1_to_utf8_bounded
    // (convert_latin1_to_utf8_safe is not a member of the implementation, so
    // it cannot be pinned to one kernel), the WTF-8 / modified UTF-8
    // functions, the inspections, the engine strings and the streaming calls.
    static const Call simdutf_calls[] = {
        {"ascii_prefix", su_ascii_prefix, true},
        {"validate_utf8", su_validate_utf8, false},
        {"validate_utf16", su_validate_utf16, false},
        {"latin1_to_utf16", su_latin1_to_utf16, true},
        {"utf16_to_latin1", su_utf16_to_latin1, false},
        {"latin1_to_utf8", su_latin1_to_utf8, true},
        {"utf8_to_latin1", su_utf8_to_latin1, false},
        {"utf8_to_utf16", su_utf8_to_utf16, false},
        {"utf16_to_utf8", su_utf16_to_utf8, false},
        {"utf16_to_utf8_lossy", su_utf16_to_utf8_lossy, true},
        {"utf16_make_well_formed", su_utf16_make_well_formed, false},
        {"utf8_length_from_latin1", su_utf8_length_from_latin1, true},
        {"utf8_length_from_utf16", su_utf8_length_from_utf16, false},
        {"utf16_length_from_utf8", su_utf16_length_from_utf8, true},
    };
    for (const Call &x : simdutf_calls) {
        if (f != x.f)
            continue;
        if (su_haswell())
            v.push_back({"simdutf_haswell", x.fn, su_haswell, nullptr, x.lossy_ok});
        if (su_icelake())
            v.push_back({"simdutf_icelake", x.fn, su_icelake, nullptr, x.lossy_ok});
    }
#endif
    return v;
}

std::string peer_versions(void)
{
    std::string s;
#ifdef UNILANE_BENCH_HAVE_ICU
    s += "icu " U_ICU_VERSION;
#else
    s += "icu absent";
#endif
#ifdef UNILANE_BENCH_HAVE_ICONV
#ifdef ULB_HAVE_GLIBC_VERSION
    s += std::string(", iconv glibc ") + gnu_get_libc_version();
#else
    s += ", iconv (libc)";
#endif
#else
    s += ", iconv absent";
#endif
#ifdef UNILANE_BENCH_HAVE_SIMDUTF
    s += ", simdutf " SIMDUTF_VERSION " (kernels:";
    for (const char *k : {"haswell", "icelake"})
        s += std::string(" ") + k + (su_kernel(k) ? "" : " (not on this CPU)");
    s += ")";
#endif
    return s;
}

} // namespace ulb
