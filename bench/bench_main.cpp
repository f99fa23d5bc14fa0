// bench_main.cpp -- the unilane benchmark driver (Google Benchmark).
//
// Registers, at run time, one row `function/impl/dataset/size/regime` per
// function x kernel set this CPU has (plus "auto", the library's own choice)
// x peer x dataset x size x regime; see bench.h for the naming, README.md
// for the regimes and --help for flags. The one-shot functions, their input
// and output kinds and bounds and the calls themselves come from the
// registry, UNILANE_OPS (src/dispatch/ops.h); only the streaming calls and
// the peers are written here and in peers.cpp.
//
// Honesty rules the driver enforces:
//  - every row of one function/dataset/size/regime measures the same inputs
//    (one buffer, or the same rotation of variants or slices), copied into
//    64-byte-aligned buffers, with a dst of the documented bound;
//  - before timing, each row's output is compared with the scalar kernel's
//    on every input of its rotation: a kernel that differs on any is not
//    timed (the row is an error), a peer that differs is timed but labelled
//    "differs on K of N inputs";
//  - every measured call goes through the same one indirect call of the
//    harness and the same loop, kernels and peers alike.
#include "bench.h"

#include <benchmark/benchmark.h>

#include "unilane.h"
#include "ops.h" // src/dispatch/ops.h: the registry of one-shot operations

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

#include <sys/utsname.h>
#include <unistd.h>

// A code-layout binary's description (bench/layout_pad.c, linked only into
// unilane_bench_layout*: bench/CMakeLists.txt UNILANE_BENCH_LAYOUTS); null in
// the plain binary.
#if defined(__GNUC__) && defined(__ELF__)
extern "C" const char unilane_bench_layout[] __attribute__((weak));
#endif

namespace ulb {
extern size_t g_stream_chunk;
}

using namespace ulb;

namespace {

// ------------------------------------------------------------ kernel calls

uint64_t pack(unilane_result r)
{
    return ((uint64_t)r.status << 56) ^ ((uint64_t)r.read << 28) ^ (uint64_t)r.written;
}

inline uint64_t value_of(size_t v) { return v; }
inline uint64_t value_of(unilane_result r) { return pack(r); }
inline uint64_t value_of(unilane_utf8_info r)
{
    return ((uint64_t)r.status << 56) ^ ((uint64_t)r.read << 28) ^ (uint64_t)r.utf16_length ^ r.width;
}
inline uint64_t value_of(unilane_utf16_info r)
{
    return ((uint64_t)r.status << 56) ^ ((uint64_t)r.read << 28) ^ (uint64_t)r.utf8_length ^ r.width;
}
// Does the call accept its whole input? (A function that cannot fail does.)
inline bool accepts(size_t, size_t) { return true; }
inline bool accepts(unilane_result r, size_t n) { return r.status == UNILANE_OK && r.read == n; }
inline bool accepts(unilane_utf8_info r, size_t n) { return r.status == UNILANE_OK && r.read == n; }
inline bool accepts(unilane_utf16_info r, size_t n) { return r.status == UNILANE_OK && r.read == n; }

// One harness call and one "accepts" check per operation of the registry
// (src/dispatch/ops.h): unilane_<name>(src, len[, dst]).
#define ULB_DST_NONE(d, cap)
#define ULB_DST_U8(d, cap) , (char *)(d)
#define ULB_DST_U16(d, cap) , (uint16_t *)(d)
#define ULB_DST_U8CAP(d, cap) , (char *)(d), (size_t)(cap)
#define ULB_CALL_(a, name, in, out, ret, family, bound)                                           \
    Out call_##name(const void *s, size_t n, void *d, void *)                                     \
    {                                                                                             \
        (void)d;                                                                                  \
        return {value_of(unilane_##name((UNILANE_OP_IN_##in)s, n ULB_DST_##out(d, (size_t)(bound) * n))), 0};          \
    }                                                                                             \
    bool accepts_##name(const void *s, size_t n, void *d)                                         \
    {                                                                                             \
        (void)d;                                                                                  \
        return accepts(unilane_##name((UNILANE_OP_IN_##in)s, n ULB_DST_##out(d, (size_t)(bound) * n)), n);             \
    }
UNILANE_OPS(ULB_CALL_, _)
#undef ULB_CALL_

// Streaming, lossy, the input fed in chunks of g_stream_chunk units into one
// output buffer (capacity: the rest of the one-shot bound, so never full),
// or (out_cap > 0) into a buffer of out_cap units that the caller drains
// whenever a call returns UNILANE_OUTPUT_FULL (the _out4k rows: 4 KiB).
Out stream_decode(const void *s, size_t n, void *d, size_t out_cap)
{
    unilane_utf8_decoder dec;
    unilane_utf8_decoder_init(&dec, UNILANE_LOSSY);
    const char *src = (const char *)s;
    uint16_t *dst = (uint16_t *)d;
    size_t off = 0, w = 0, chunk = g_stream_chunk;
    do {
        size_t len = std::min(chunk, n - off);
        int last = off + len == n;
        unilane_result r = unilane_utf8_decode(&dec, src + off, len, out_cap ? dst : dst + w,
                                               out_cap ? out_cap : n - w, last);
        w += r.written;
        off += r.read;
        if (r.status != UNILANE_OK && r.status != UNILANE_OUTPUT_FULL)
            break;
    } while (off < n);
    return {w, 2 * w};
}

Out stream_encode(const void *s, size_t n, void *d, size_t out_cap)
{
    unilane_utf8_encoder enc;
    unilane_utf8_encoder_init(&enc, UNILANE_LOSSY);
    const uint16_t *src = (const uint16_t *)s;
    char *dst = (char *)d;
    size_t off = 0, w = 0, chunk = g_stream_chunk;
    do {
        size_t len = std::min(chunk, n - off);
        int last = off + len == n;
        unilane_result r = unilane_utf8_encode(&enc, src + off, len, out_cap ? dst : dst + w,
                                               out_cap ? out_cap : 3 * n - w, last);
        w += r.written;
        off += r.read;
        if (r.status != UNILANE_OK && r.status != UNILANE_OUTPUT_FULL)
            break;
    } while (off < n);
    return {w, w};
}

Out k_utf8_decode(const void *s, size_t n, void *d, void *) { return stream_decode(s, n, d, 0); }
Out k_utf8_encode(const void *s, size_t n, void *d, void *) { return stream_encode(s, n, d, 0); }
Out k_utf8_decode_out4k(const void *s, size_t n, void *d, void *) { return stream_decode(s, n, d, 2048); }
Out k_utf8_encode_out4k(const void *s, size_t n, void *d, void *) { return stream_encode(s, n, d, 4096); }

// An engine making a string from UTF-8 (issue 12): it needs validity, the
// UTF-16 length and the narrowest representation, then converts into a
// one-byte (Latin-1) or two-byte (UTF-16) string. With utf8_inspect that is
// one pass and one conversion; without it, validate, length, and a Latin-1
// attempt that falls back to UTF-16. dst: 2 bytes per input byte. value:
// the length and whether it is one-byte.
Out k_engine_string_inspect(const void *s, size_t n, void *d, void *)
{
    unilane_utf8_info i = unilane_utf8_inspect((const char *)s, n);
    if (i.status != UNILANE_OK)
        return {UINT64_MAX, 0};
    if (i.width <= UNILANE_WIDTH_LATIN1) {
        unilane_result r = unilane_utf8_to_latin1((const char *)s, n, (char *)d);
        return {(uint64_t)i.utf16_length << 1 | 1, r.written};
    }
    unilane_result r = unilane_utf8_to_utf16((const char *)s, n, (uint16_t *)d);
    return {(uint64_t)i.utf16_length << 1, 2 * r.written};
}

Out k_engine_string_separate(const void *s, size_t n, void *d, void *)
{
    unilane_result v = unilane_validate_utf8((const char *)s, n);
    if (v.status != UNILANE_OK)
        return {UINT64_MAX, 0};
    size_t len = unilane_utf16_length_from_utf8((const char *)s, n);
    unilane_result r = unilane_utf8_to_latin1((const char *)s, n, (char *)d);
    if (r.status == UNILANE_OK)
        return {(uint64_t)len << 1 | 1, r.written};
    r = unilane_utf8_to_utf16((const char *)s, n, (uint16_t *)d);
    return {(uint64_t)len << 1, 2 * r.written};
}

// latin1_to_utf8_bounded with half the bound (n bytes for n input bytes):
// it stops at a character boundary part of the way through non-ASCII text.
Out k_latin1_to_utf8_bounded_half(const void *s, size_t n, void *d, void *)
{
    unilane_result r = unilane_latin1_to_utf8_bounded((const char *)s, n, (char *)d, n);
    return {(uint64_t)r.read << 32 ^ r.written ^ (uint64_t)r.status << 60, r.written};
}

// ------------------------------------------------------------ the functions

// A benchmarked function. The one-shot ones come from the registry; which
// rows they get follows from its columns:
//   in      U16: UTF-16 text. U8 with family LATIN1: Latin-1 bytes. Other U8:
//           UTF-8 text.
//   out, bound
//           dst: bound units of out per input unit (the documented bound).
//   ret     RESULT: the function can fail, so it is strict: a row runs only
//           on a text the scalar kernel accepts whole (status OK, read ==
//           len). Where the dataset's text is not accepted but its Latin-1-
//           representable text (u8l, u16l) is, that one is used (the
//           narrowing functions); otherwise the function has no row there.
//   name    *_prefix (a prefix scan, out NONE, ret SIZE): a row only where the
//           scan covers the whole text (it would stop at once elsewhere and
//           its bytes/s would mean nothing); the same fallback.
// Functions that return a size and are no prefix scan (lossy converters,
// lengths, make_well_formed) run on every text, ill-formed ones included.
struct Op {
    const char *name;
    Input in, fallback; // fallback == in: none
    size_t out_unit;    // bytes per dst unit, 0 for no output
    size_t bound;       // dst units per input unit
    bool strict;        // returns unilane_result
    bool any_text = false; // strict, but runs on every text (its input is its own encoding of it)
    bool prefix;        // a prefix scan
    CallFn fn;
    bool (*accepts)(const void *, size_t, void *); // null: always
};

#define ULB_IS16_U8 false
#define ULB_IS16_U16 true
#define ULB_UNIT_NONE 0
#define ULB_UNIT_U8 1
#define ULB_UNIT_U16 2
#define ULB_UNIT_U8CAP 1
#define ULB_STRICT_SIZE false
#define ULB_STRICT_RESULT true
#define ULB_STRICT_COUNT false
// An inspection runs on every text, as a lossy converter does (utf8_inspect
// stops at the first error like validate_utf8, and reports it).
#define ULB_STRICT_INFO8 false
#define ULB_STRICT_INFO16 false

Op make_op(const char *name, bool in16, int family, size_t out_unit, size_t bound, bool strict, CallFn fn,
           bool (*acc)(const void *, size_t, void *))
{
    Op op;
    op.name = name;
    if (in16) {
        op.in = IN_UTF16;
        op.fallback = IN_UTF16L;
    } else if (family == UNILANE_FAMILY_LATIN1) {
        op.in = op.fallback = IN_LATIN1;
    } else {
        op.in = IN_UTF8;
        op.fallback = IN_UTF8L;
    }
    op.out_unit = out_unit;
    op.bound = bound;
    op.strict = strict;
    size_t len = std::strlen(name);
    op.prefix = out_unit == 0 && !strict && len > 7 && std::strcmp(name + len - 7, "_prefix") == 0;
    op.fn = fn;
    op.accepts = acc;
    return op;
}

std::vector<Op> all_ops()
{
    std::vector<Op> v;
#define ULB_OP_(a, name, in, out, ret, family, bound)                                             \
    v.push_back(make_op(#name, ULB_IS16_##in, UNILANE_FAMILY_##family, ULB_UNIT_##out, bound,     \
                        ULB_STRICT_##ret, call_##name, accepts_##name));
    UNILANE_OPS(ULB_OP_, _)
#undef ULB_OP_
    // The 0.2 byte forms: modified UTF-8 is the text's own modified UTF-8
    // (4-byte UTF-8 is not modified UTF-8); the WTF-8 functions take the
    // text's WTF-8 (its UTF-8 when well-formed, lone surrogates as 3-byte
    // sequences in the *_err datasets, which they then also run on).
    for (Op &op : v) {
        if (std::strcmp(op.name, "mutf8_to_utf16") == 0)
            op.in = op.fallback = IN_MUTF8;
        if (std::strcmp(op.name, "wtf8_to_utf16") == 0 || std::strcmp(op.name, "validate_wtf8") == 0) {
            op.in = op.fallback = IN_WTF8;
            op.any_text = true;
        }
    }
    v.push_back(make_op("latin1_to_utf8_bounded_half", false, UNILANE_FAMILY_LATIN1, 1, 2, false,
                        k_latin1_to_utf8_bounded_half, nullptr));
    // The engine string rows (not in the registry: built on it).
    v.push_back(make_op("engine_string_inspect", false, UNILANE_FAMILY_UTF8, 2, 1, true, k_engine_string_inspect,
                        nullptr));
    v.push_back(make_op("engine_string_separate", false, UNILANE_FAMILY_UTF8, 2, 1, true,
                        k_engine_string_separate, nullptr));
    // The streaming calls (not in the registry: they are built on it).
    v.push_back(make_op("utf8_decode", false, UNILANE_FAMILY_UTF8, 2, 1, false, k_utf8_decode, nullptr));
    v.push_back(make_op("utf8_encode", true, UNILANE_FAMILY_UTF16, 1, 3, false, k_utf8_encode, nullptr));
    v.push_back(make_op("utf8_decode_out4k", false, UNILANE_FAMILY_UTF8, 2, 1, false, k_utf8_decode_out4k,
                        nullptr));
    v.push_back(make_op("utf8_encode_out4k", true, UNILANE_FAMILY_UTF16, 1, 3, false, k_utf8_encode_out4k,
                        nullptr));
    return v;
}

// Does `op` take the whole of text[0..n) (see Op)? dst: room for the output.
bool op_takes_all(const Op &op, const void *text, size_t n, void *dst)
{
    if (op.prefix)
        return op.fn(text, n, dst, nullptr).value == n;
    if (op.accepts)
        return op.accepts(text, n, dst);
    return true;
}

// ------------------------------------------------------------ one row

enum Regime { R_FRESH, R_CHAINED, R_WARM };
const char *const kRegimeName[] = {"fresh", "chained", "warm"};

const size_t kShortBelow = 1024; // units: below, a row rotates over slices

struct Tuning {
    // The rotation's input footprint. At about 1 MiB (32K blocks of 32
    // bytes) no branch predictor holds a row's outcomes, and for buffers up
    // to 64 KiB it stays in a 2 MiB L2 as the warm buffer does. A fixed
    // count of 16 variants of a 400 KiB corpus file would put the rotation
    // in L3 and measure the cache instead (memcpy itself ran 1.5-3x slower
    // than warm that way on wikipedia_mars).
    size_t fresh_bytes = 1 << 20;
    size_t min_variants = 2;      // whole buffers: never the same buffer twice in a row
    size_t max_slices = 2048;     // short inputs
    size_t min_slices = 256;
    // Every input and output buffer starts this many bytes past a 64-byte
    // boundary (--misalign; 16: what malloc gives).
    size_t misalign = 0;
};
Tuning g_tune;

struct Case {
    const Op *op;
    const Dataset *d;
    Input in;
    size_t start, n;   // the warm slice (units); variant 0 of a whole buffer
    bool whole_buffer; // a corpus file or >= kShortBelow units
    Regime regime;
    size_t group;       // rows with the same inputs share one preparation
    std::string kernel; // non-empty for kernel rows ("auto" included)
    PeerImpl peer{};    // for peer rows
};

struct AlignedBuf {
    void *p = nullptr, *base = nullptr; // p: base + g_tune.misalign
    size_t size = 0;
    explicit AlignedBuf(size_t bytes)
    {
        size = (bytes + 64 + 63) / 64 * 64; // a little slack for peers' NUL
        if (posix_memalign(&base, 64, size + 64) != 0) {
            base = nullptr;
        } else {
            std::memset(base, 0, size + 64); // touch every page before timing
            p = (char *)base + g_tune.misalign;
        }
    }
    ~AlignedBuf() { std::free(base); }
    AlignedBuf(const AlignedBuf &) = delete;
    AlignedBuf &operator=(const AlignedBuf &) = delete;
};

uint64_t hash_bytes(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = UINT64_C(0x243F6A8885A308D3) ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        std::memcpy(&w, b + i, 8);
        h = (h ^ w) * UINT64_C(0x9E3779B97F4A7C15);
        h ^= h >> 29;
    }
    uint64_t w = 0;
    for (size_t k = 0; i < n; i++, k++)
        w |= (uint64_t)b[i] << (8 * k);
    h = (h ^ w) * UINT64_C(0x9E3779B97F4A7C15);
    return h ^ (h >> 32);
}

// The scalar kernel's answer on one input buffer.
struct Ref {
    uint64_t value;
    size_t extent;       // bytes of dst it wrote: 1 + the last one it wrote
    uint64_t hash_all;   // all of dst (prefilled with 0xFF, a byte UTF-8 never has) after the call
    uint64_t hash_out;   // dst[0..extent)
};

// The inputs of one group of rows (function, dataset, size, regime) and the
// scalar answers, made once and shared by the kernel and peer rows of the
// group (Google Benchmark calls a row's function several times).
struct Prepared {
    size_t group = (size_t)-1;
    size_t n = 0, in_bytes = 0, stride = 0, count = 0, dst_bytes = 0;
    std::unique_ptr<AlignedBuf> data, dst, scratch;
    std::vector<Ref> ref;
    std::map<std::string, std::string> checked; // impl -> "" (ok) or why not
    double ascii64 = 0;
    std::string error;
    const unsigned char *buf(size_t i) const { return (const unsigned char *)data->p + i * stride; }
};
std::unique_ptr<Prepared> g_prep;

// Fraction of 64-byte blocks (from each buffer's start) whose units are all
// ASCII: how much of the input a kernel's ASCII fast path can take.
double ascii64_of(const Prepared &p, size_t unit)
{
    size_t blocks = 0, ascii = 0;
    for (size_t i = 0; i < p.count; i++) {
        const unsigned char *b = p.buf(i);
        for (size_t off = 0; off < p.in_bytes; off += 64) {
            size_t end = std::min(p.in_bytes, off + 64);
            bool a = true;
            for (size_t k = off; k < end && a; k += unit) {
                unsigned u = b[k];
                if (unit == 2) {
                    uint16_t x;
                    std::memcpy(&x, b + k, 2);
                    u = x;
                }
                a = u < 0x80;
            }
            blocks++;
            ascii += a;
        }
    }
    return blocks ? (double)ascii / (double)blocks : 0;
}

uint64_t seed_of(const Case &c)
{
    uint64_t h = UINT64_C(0x76617269616E7473); // "variants"
    for (char ch : c.d->name)
        h = (h ^ (unsigned char)ch) * UINT64_C(0x100000001B3);
    return h ^ ((uint64_t)c.in << 56) ^ ((uint64_t)c.n * UINT64_C(0x9E3779B97F4A7C15));
}

const Prepared &prepare(const Case &c)
{
    if (g_prep && g_prep->group == c.group)
        return *g_prep;
    g_prep.reset(); // free the previous group's buffers first
    std::unique_ptr<Prepared> p(new Prepared);
    p->group = c.group;
    const Op *op = c.op;
    size_t unit = unit_bytes(c.in), total;
    const char *text = (const char *)input_text(*c.d, c.in, &total);
    p->n = c.n;
    p->in_bytes = c.n * unit;
    p->stride = std::max<size_t>(64, (p->in_bytes + 63) / 64 * 64);
    std::vector<size_t> offsets; // short rows
    if (c.regime == R_WARM || c.n == 0) {
        p->count = 1;
    } else if (c.whole_buffer) {
        size_t want = std::max(g_tune.min_variants, (g_tune.fresh_bytes + p->in_bytes - 1) / std::max<size_t>(p->in_bytes, 1));
        want = std::min<size_t>(want, 4096);
        want = std::min(want, std::max<size_t>(2, (size_t(64) << 20) / p->stride)); // <= 64 MiB
        p->count = want;
    } else {
        size_t want = std::min(g_tune.max_slices, std::max(g_tune.min_slices, g_tune.fresh_bytes / p->stride));
        offsets = pick_slices(*c.d, c.in, c.n, want);
        if (offsets.empty()) {
            offsets.push_back(c.start);
        }
        p->count = offsets.size();
    }
    p->data.reset(new AlignedBuf(p->count * p->stride));
    p->dst_bytes = std::max(c.n * op->bound * op->out_unit, p->in_bytes);
    p->dst.reset(new AlignedBuf(p->dst_bytes));
    p->scratch.reset(new AlignedBuf(p->dst_bytes));
    if (!p->data->p || !p->dst->p || !p->scratch->p) {
        p->error = "out of memory";
        g_prep = std::move(p);
        return *g_prep;
    }
    unsigned char *base = (unsigned char *)p->data->p;
    if (c.regime == R_WARM || c.n == 0 || c.whole_buffer) {
        std::memcpy(base, text + c.start * unit, p->in_bytes);
        uint64_t seed = seed_of(c);
        for (size_t i = 1; i < p->count; i++)
            make_variant(base, c.n, c.in, seed + i * UINT64_C(0xD1B54A32D192ED03), base + i * p->stride);
    } else {
        for (size_t i = 0; i < p->count; i++)
            std::memcpy(base + i * p->stride, text + offsets[i] * unit, p->in_bytes);
    }

    // The scalar kernel's answers, twice per input: into a dst filled with
    // 0x00 and one filled with 0xFF. A byte it wrote is equal in both.
    unilane_use_kernel("scalar");
    unsigned char *a = (unsigned char *)p->dst->p, *b = (unsigned char *)p->scratch->p;
    p->ref.resize(p->count);
    for (size_t i = 0; i < p->count && p->error.empty(); i++) {
        std::memset(b, 0xFF, p->dst_bytes);
        Out ob = op->fn(p->buf(i), c.n, b, nullptr);
        std::memset(a, 0x00, p->dst_bytes);
        Out oa = op->fn(p->buf(i), c.n, a, nullptr);
        size_t ext = p->dst_bytes;
        while (ext > 0 && a[ext - 1] != b[ext - 1])
            ext--;
        p->ref[i] = {oa.value, ext, hash_bytes(b, p->dst_bytes), hash_bytes(a, ext)};
        if (oa.value != ob.value)
            p->error = "the scalar kernel's result depends on dst's contents";
        else if (!op_takes_all(*op, p->buf(i), c.n, b))
            p->error = "input " + std::to_string(i) + " of the rotation is not accepted whole by the "
                       "scalar kernel (a harness bug); not timed";
    }
    unilane_use_kernel("auto");
    p->ascii64 = ascii64_of(*p, unit);
    g_prep = std::move(p);
    return *g_prep;
}

// Checks one row's implementation on every input of the rotation against the
// scalar answers. A kernel must give the same value and leave all of dst
// (prefilled with 0xFF) exactly as the scalar kernel does: the same output,
// nothing written beyond it either. A peer must write the same bytes (and,
// for a function returning a size, return the same value).
std::string check_impl(Prepared &p, const Case &c, CallFn fn, void *ctx, bool kernel)
{
    unsigned char *dst = (unsigned char *)p.dst->p;
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < p.count; i++) {
        std::memset(dst, 0xFF, p.dst_bytes);
        Out got = fn(p.buf(i), c.n, dst, ctx);
        const Ref &r = p.ref[i];
        bool same;
        if (kernel)
            same = got.value == r.value && hash_bytes(dst, p.dst_bytes) == r.hash_all;
        else
            same = (c.op->strict || got.value == r.value) && got.out_bytes == r.extent &&
                   hash_bytes(dst, got.out_bytes) == r.hash_out;
        if (!same && bad++ == 0)
            first = i;
    }
    if (!bad)
        return "";
    if (kernel)
        return "output differs from the scalar kernel on input " + std::to_string(first) + " of " +
               std::to_string(p.count) + "; not timed";
    return "differs on " + std::to_string(bad) + " of " + std::to_string(p.count) + " inputs";
}

// One row's call ready to time, the same for the normal and the paired runs:
// a kernel row selects its kernel (left selected) and must match the scalar
// kernel on every input of the rotation; a peer row gets its context, and a
// label if it differs (memcpy is not compared). The check is made once per
// group and implementation (p.checked). Returns "" or why the row is not
// timed (then nothing is left selected or set up).
std::string setup_row(Prepared &p, const Case &c, CallFn *fn, void **ctx, std::string *label)
{
    std::string impl = c.kernel.empty() ? std::string(c.peer.peer) : c.kernel;
    *ctx = nullptr;
    label->clear();
    if (!c.kernel.empty()) {
        if (unilane_use_kernel(c.kernel.c_str()) != 0)
            return "kernel not available";
        *fn = c.op->fn;
        if (!p.checked.count(impl))
            p.checked[impl] = c.kernel == "scalar" ? "" : check_impl(p, c, *fn, nullptr, true);
        if (!p.checked[impl].empty()) {
            unilane_use_kernel("auto");
            return p.checked[impl];
        }
        return "";
    }
    unilane_use_kernel("auto");
    *fn = c.peer.fn;
    if (c.peer.setup && !(*ctx = c.peer.setup()))
        return "peer setup failed";
    if (std::strcmp(c.peer.peer, "memcpy") != 0) {
        if (!p.checked.count(impl))
            p.checked[impl] = check_impl(p, c, *fn, *ctx, false);
        *label = p.checked[impl];
    }
    return "";
}

void run_case(benchmark::State &st, const Case &c)
{
    Prepared &p = const_cast<Prepared &>(prepare(c));
    if (!p.error.empty()) {
        st.SkipWithError(p.error.c_str());
        return;
    }
    CallFn fn;
    void *ctx = nullptr;
    std::string label;
    std::string err = setup_row(p, c, &fn, &ctx, &label);
    if (!err.empty()) {
        st.SkipWithError(err.c_str());
        return;
    }

    const unsigned char *base = p.buf(0);
    void *out = p.dst->p;
    size_t n = c.n, stride = p.stride, count = p.count;
    if (count == 1) {
        for (auto _ : st) {
            Out o = fn(base, n, out, ctx);
            benchmark::DoNotOptimize(o);
            benchmark::ClobberMemory();
        }
    } else if (c.regime != R_CHAINED) {
        // Independent calls: the next input is known in advance.
        const unsigned char *src = base, *end = base + count * stride;
        for (auto _ : st) {
            Out o = fn(src, n, out, ctx);
            benchmark::DoNotOptimize(o);
            benchmark::ClobberMemory();
            src += stride;
            if (src == end)
                src = base;
        }
    } else {
        // Chained: the index of the next input is computed from this call's
        // return value and the last byte it wrote (through `zero`, a zero the
        // compiler cannot see), so the next call's loads of its input wait
        // for this call's result.
        std::vector<size_t> last(count);
        for (size_t i = 0; i < count; i++)
            last[i] = p.ref[i].extent ? p.ref[i].extent - 1 : 0;
        volatile size_t vzero = 0;
        const size_t zero = vzero;
        const volatile unsigned char *o8 = (const volatile unsigned char *)out;
        size_t i = 0;
        for (auto _ : st) {
            Out o = fn(base + i * stride, n, out, ctx);
            size_t dep = (size_t)o.value ^ o.out_bytes ^ o8[last[i]];
            i += 1 + (dep & zero);
            if (i >= count)
                i = 0;
            benchmark::ClobberMemory();
        }
    }
    st.SetBytesProcessed((int64_t)st.iterations() * (int64_t)p.in_bytes);
    st.counters["bufs"] = (double)count;
    st.counters["ascii64"] = p.ascii64;
    if (!label.empty())
        st.SetLabel(label);
    if (ctx && c.peer.teardown)
        c.peer.teardown(ctx);
    unilane_use_kernel("auto");
}

// ------------------------------------------------------------ paired mode

// --paired=R: instead of Google Benchmark's one-row-at-a-time runs, the rows
// of each whole-buffer group (one function, dataset, size and regime: the
// same inputs) are timed interleaved. Every round walks the group's rotation
// of inputs, and for each input calls every row once, in an order that
// rotates with the round and the input; each (row, input) keeps its fastest
// call over the R rounds. A row's figure is its input bytes over the sum of
// those minima. Load that comes and goes then hits every row alike, and a
// call that was preempted drops out, so the ratio of two rows of one group is
// what a side-by-side comparison on a busy machine can still tell. Each call
// still gets an input the others have moved on from (the fresh regime's
// rotation), and each row is checked against the scalar kernel first, as in
// the normal runs. Output: one tab-separated line per row on stdout,
//   paired  function  dataset  units  impl  bytes_per_call  GB/s  ratio
// (ratio: this row's speed over the group's first row's).
int run_paired(const std::vector<std::vector<Case>> &groups, size_t rounds)
{
    using clk = std::chrono::steady_clock;
    for (const std::vector<Case> &rows : groups) {
        const Case &c0 = rows[0];
        Prepared &p = const_cast<Prepared &>(prepare(c0));
        if (!p.error.empty()) {
            std::fprintf(stderr, "%s/%s: %s\n", c0.op->name, c0.d->name.c_str(), p.error.c_str());
            continue;
        }
        struct Row {
            std::string impl, note;
            CallFn fn;
            void *ctx;
            const Case *c;
            std::vector<double> best;
        };
        std::vector<Row> rs;
        for (const Case &c : rows) {
            Row r{c.kernel.empty() ? std::string(c.peer.peer) : c.kernel, "", nullptr, nullptr, &c, {}};
            std::string err = setup_row(p, c, &r.fn, &r.ctx, &r.note);
            unilane_use_kernel("auto");
            if (!err.empty()) {
                std::fprintf(stderr, "%s/%s/%s: %s\n", c.op->name, r.impl.c_str(), c.d->name.c_str(),
                             err.c_str());
                continue;
            }
            r.best.assign(p.count, 1e300);
            rs.push_back(std::move(r));
        }
        size_t nr = rs.size();
        void *out = p.dst->p;
        for (size_t round = 0; round < rounds; round++)
            for (size_t i = 0; i < p.count; i++)
                for (size_t k = 0; k < nr; k++) {
                    Row &r = rs[(k + round + i) % nr];
                    unilane_use_kernel(r.c->kernel.empty() ? "auto" : r.c->kernel.c_str());
                    const unsigned char *src = p.buf(i);
                    clk::time_point t0 = clk::now();
                    Out o = r.fn(src, p.n, out, r.ctx);
                    benchmark::DoNotOptimize(o);
                    benchmark::ClobberMemory();
                    double ns = std::chrono::duration<double, std::nano>(clk::now() - t0).count();
                    if (ns < r.best[i])
                        r.best[i] = ns;
                }
        unilane_use_kernel("auto");
        double first = 0;
        for (size_t k = 0; k < nr; k++) {
            Row &r = rs[k];
            double ns = 0;
            for (double b : r.best)
                ns += b;
            double gbps = (double)p.in_bytes * (double)p.count / ns;
            if (k == 0)
                first = gbps;
            std::printf("paired\t%s\t%s\t%zu\t%s\t%zu\t%.3f\t%.3f%s%s\n", c0.op->name, c0.d->name.c_str(), p.n,
                        r.impl.c_str(), p.in_bytes, gbps, gbps / first, r.note.empty() ? "" : "\t",
                        r.note.c_str());
            if (r.ctx && r.c->peer.teardown)
                r.c->peer.teardown(r.ctx);
        }
        std::fflush(stdout);
    }
    g_prep.reset();
    return 0;
}

// ------------------------------------------------------------ flags, context

// The code layout's description, "" in the plain binary (unilane_bench_layout:
// declared weak at the top).
std::string layout_name() {
#if defined(__GNUC__) && defined(__ELF__)
    const char *volatile p = unilane_bench_layout;
    if (p)
        return p;
#endif
    return "";
}

struct Options {
    std::vector<size_t> sizes;
    std::vector<std::string> datasets;
    std::vector<std::string> kernels; // restrict; empty = all available
    std::string corpus;
    double min_time = 0;
    bool peers = true;
    bool progress = false;
    bool all_datasets = false;
    std::string filter; // --benchmark_filter, to count the rows for --progress
    std::string dump;   // write the datasets there and exit
    bool sizes_set = false;
    bool fresh = true, warm = false;        // --regime
    bool independent = true, chained = false; // --short
    bool variant_stats = false;
    size_t paired = 0; // --paired=R: rounds of the interleaved mode (0: off)
};

// Google Benchmark's --benchmark_filter, to count the selected rows for the
// progress line and the context (a leading '-' negates, as there).
struct RowFilter {
    bool all = true, neg = false;
    std::regex re;
    explicit RowFilter(const std::string &f)
    {
        if (f.empty() || f == "." || f == "all")
            return;
        neg = f[0] == '-';
        try {
            re = std::regex(neg ? f.substr(1) : f, std::regex::extended);
            all = false;
        } catch (const std::regex_error &) {
        }
    }
    bool selects(const std::string &name) const { return all || std::regex_search(name, re) != neg; }
};

const size_t kAllSizes[] = {0, 1, 7, 8, 15, 16, 17, 31, 32, 64, 256, 1024, 65536, 1048576};

std::vector<std::string> split(const std::string &s)
{
    std::vector<std::string> v;
    std::stringstream ss(s);
    std::string x;
    while (std::getline(ss, x, ','))
        if (!x.empty())
            v.push_back(x);
    return v;
}

bool parse_size(const std::string &s, size_t *out)
{
    char *end = nullptr;
    unsigned long long v = std::strtoull(s.c_str(), &end, 10);
    if (end == s.c_str())
        return false;
    std::string suf(end);
    if (suf == "K" || suf == "k" || suf == "KiB")
        v <<= 10;
    else if (suf == "M" || suf == "m" || suf == "MiB")
        v <<= 20;
    else if (!suf.empty())
        return false;
    *out = (size_t)v;
    return true;
}

void usage()
{
    std::printf(
        "unilane_bench [unilane options] [Google Benchmark options]\n"
        "  --sizes=LIST      input sizes in code units (bytes for UTF-8/Latin-1 input,\n"
        "                    16-bit units for UTF-16), e.g. 16,256,64K,1M; 'all' (default) =\n"
        "                    0,1,7,8,15,16,17,31,32,64,256,1K,64K,1M\n"
        "  --datasets=LIST   generated datasets (default: the core set); 'all' for every one:\n"
        "                    ascii latin cyrillic greek arabic hebrew cjk hindi thai emoji\n"
        "                    and <ascii|latin|cyrillic|cjk|emoji>_err\n"
        "  --corpus=DIR      instead of generated text: every *.utf8.txt, *.utf16.txt (LE,\n"
        "                    BOM stripped), *.latin1.txt, *.utflatin8.txt, *.utflatin16.txt\n"
        "                    in DIR, whole file per call; with --sizes, also the sizes below\n"
        "                    1 KiB as slices of the files\n"
        "  --regime=R        fresh (default): every call takes another input of the row's\n"
        "                    size: whole buffers (corpus files, sizes >= 1 KiB) rotate over\n"
        "                    shuffled variants of the text, sizes < 1 KiB over slices at\n"
        "                    different offsets; warm: one buffer, every call (the branch\n"
        "                    predictor learns it); both: each row in both regimes\n"
        "  --short=M         sizes < 1 KiB in the fresh regime: independent (default; calls\n"
        "                    may overlap: throughput), chained (each call's input is chosen\n"
        "                    from the previous call's result: latency), both\n"
        "  --fresh-bytes=SZ  input bytes one fresh row rotates over (default 1M): whole\n"
        "                    buffers get that many bytes of variants, at least --variants=N\n"
        "                    (default 2), at most 4096 and 64 MiB; short rows between 256 and\n"
        "                    --slices=N (default 2048) slices\n"
        "  --variant-stats   print, per dataset and encoding, the statistics of the original\n"
        "                    text and of its variants (length, validity, errors, ASCII blocks)\n"
        "                    and exit\n"
        "  --paired=R        instead of Google Benchmark's runs, time the selected whole-buffer\n"
        "                    rows of each function/dataset/size interleaved, R rounds over the\n"
        "                    fresh rotation, fastest call per row and input; prints one line\n"
        "                    per row: paired, function, dataset, units, impl, bytes, GB/s, and\n"
        "                    the speed ratio to the group's first row (for side-by-side ratios\n"
        "                    on a machine that is not quiet)\n"
        "  --misalign=N      every input and output buffer starts N bytes (0..63, default 0)\n"
        "                    past a 64-byte boundary (16: what malloc gives)\n"
        "  --kernels=LIST    only these kernel rows (scalar,avx2,avx512,neon,auto)\n"
        "  --no-peers        no memcpy/naive/icu/iconv rows\n"
        "  --min-time=SEC    minimum measuring time per row\n"
        "  --chunk=UNITS     input chunk of the streaming rows (default %zu)\n"
        "  --dump=DIR        write the datasets to DIR/<name>.{utf8,utf16,latin1}.txt (UTF-16 in\n"
        "                    native order, no BOM) and exit\n"
        "  --progress        one progress line on stderr instead of the console table\n"
        "                    (use with --benchmark_out=FILE)\n"
        "Rows are named function/impl/dataset/size/regime; filter with --benchmark_filter=REGEX.\n"
        "Write JSON with --benchmark_out=FILE --benchmark_out_format=json (or\n"
        "--benchmark_format=json: stdout is then pure JSON) and read it with\n"
        "scripts/bench_report.py, scripts/bench_compare.py, scripts/bench_chart.sh.\n",
        g_stream_chunk);
}

std::string cpu_model()
{
    std::ifstream f("/proc/cpuinfo");
    std::string line, arm_impl, arm_part;
    while (std::getline(f, line)) {
        size_t colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        std::string key = line.substr(0, colon), val = line.substr(colon + 1);
        key.erase(key.find_last_not_of(" \t") + 1);
        val.erase(0, val.find_first_not_of(" \t"));
        if (key == "model name" || key == "Model" || key == "Hardware" || key == "cpu model")
            return val;
        if (key == "CPU implementer" && arm_impl.empty())
            arm_impl = val;
        if (key == "CPU part" && arm_part.empty())
            arm_part = val;
    }
    if (!arm_impl.empty())
        return "ARM implementer " + arm_impl + " part " + arm_part;
    struct utsname u;
    if (uname(&u) == 0)
        return u.machine;
    return "unknown";
}

#ifndef UNILANE_BENCH_C_COMPILER
#define UNILANE_BENCH_C_COMPILER "unknown"
#define UNILANE_BENCH_C_FLAGS ""
#define UNILANE_BENCH_CXX_COMPILER "unknown"
#define UNILANE_BENCH_CXX_FLAGS ""
#define UNILANE_BENCH_BUILD_TYPE ""
#endif

class ProgressReporter : public benchmark::BenchmarkReporter {
public:
    explicit ProgressReporter(size_t total) : total_(total), tty_(isatty(2) != 0) {}
    bool ReportContext(const Context &) override { return true; }
    void ReportRuns(const std::vector<Run> &runs) override
    {
        for (const Run &r : runs) {
            if (r.run_type != Run::RT_Iteration)
                continue;
            done_++;
            std::string name = r.benchmark_name();
            size_t cut = name.find("/min_time");
            if (cut != std::string::npos)
                name.resize(cut);
            if (tty_)
                std::fprintf(stderr, "\r[%zu/%zu] %-72.72s", done_, total_, name.c_str());
            else if (done_ % 250 == 0 || done_ == total_)
                std::fprintf(stderr, "[%zu/%zu] %s\n", done_, total_, name.c_str());
            std::fflush(stderr);
        }
    }
    void Finalize() override
    {
        if (tty_)
            std::fprintf(stderr, "\n");
    }

private:
    size_t total_, done_ = 0;
    bool tty_;
};


// --variant-stats: for each dataset and input encoding, the statistics the
// variants must keep, for the original and over its variants.
struct TextStats {
    size_t units = 0;
    bool valid = false;
    size_t lossy = 0;     // UTF-16 / UTF-8 length of the lossy conversion
    size_t seq[5] = {0};  // UTF-8: sequences by length; UTF-16: [1] BMP, [2] pairs
    double ascii64 = 0;   // pure-ASCII 64-byte blocks
    double runs_per_kib = 0; // maximal ASCII runs per KiB of input
    size_t changes = 0;      // changes of character class (UTF-8 length) between neighbours
    std::vector<std::pair<unsigned, size_t>> runs; // (class, units) of every maximal run, sorted
};

// Ends the current run of class `prev`, begun at unit `start`, at unit i.
void end_run(TextStats &t, unsigned prev, size_t &start, size_t i)
{
    if (prev && i > start)
        t.runs.push_back({prev, i - start});
    start = i;
}

TextStats text_stats(const void *p, size_t n, Input in)
{
    TextStats t;
    t.units = n;
    size_t unit = unit_bytes(in);
    std::vector<unsigned char> buf(n * 3 + 16);
    unilane_use_kernel("scalar");
    if (unit == 2) {
        const uint16_t *s = (const uint16_t *)p;
        t.valid = unilane_validate_utf16(s, n).status == UNILANE_OK;
        t.lossy = unilane_utf16_to_utf8_lossy(s, n, (char *)buf.data());
        unsigned prev = 0;
        size_t run = 0;
        for (size_t i = 0; i < n; i++) {
            unsigned u = s[i];
            if (u >= 0xDC00 && u <= 0xDFFF) {
                t.seq[0]++;
                continue;
            }
            t.seq[(u >= 0xD800 && u <= 0xDBFF) ? 2 : 1]++;
            unsigned k = u < 0x80 ? 1 : u < 0x800 ? 2 : (u >= 0xD800 && u <= 0xDBFF) ? 4 : 3;
            t.changes += prev && k != prev;
            if (k != prev)
                end_run(t, prev, run, i);
            prev = k;
        }
        end_run(t, prev, run, n);
    } else {
        const unsigned char *s = (const unsigned char *)p;
        if (in == IN_LATIN1) {
            t.valid = true;
            t.lossy = unilane_utf8_length_from_latin1((const char *)s, n);
        } else {
            t.valid = unilane_validate_utf8((const char *)s, n).status == UNILANE_OK;
            t.lossy = unilane_utf8_to_utf16_lossy((const char *)s, n, (uint16_t *)(void *)buf.data());
        }
        unsigned prev = 0;
        size_t run = 0;
        for (size_t i = 0; i < n; i++) {
            unsigned c = s[i], k;
            if (in == IN_LATIN1)
                k = c < 0x80 ? 1 : 2;
            else if ((c & 0xC0) != 0x80)
                k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            else
                continue;
            t.seq[k]++;
            t.changes += prev && k != prev;
            if (k != prev)
                end_run(t, prev, run, i);
            prev = k;
        }
        end_run(t, prev, run, n);
    }
    unilane_use_kernel("auto");
    std::sort(t.runs.begin(), t.runs.end());
    size_t blocks = 0, ascii = 0, runs = 0;
    bool in_run = false;
    for (size_t i = 0; i < n; i++) {
        unsigned u = unit == 2 ? ((const uint16_t *)p)[i] : ((const unsigned char *)p)[i];
        bool a = u < 0x80;
        runs += a && !in_run;
        in_run = a;
    }
    for (size_t off = 0; off < n * unit; off += 64) {
        bool a = true;
        for (size_t k = off / unit; k < std::min(n, (off + 64) / unit) && a; k++)
            a = (unit == 2 ? ((const uint16_t *)p)[k] : ((const unsigned char *)p)[k]) < 0x80;
        blocks++;
        ascii += a;
    }
    t.ascii64 = blocks ? (double)ascii / blocks : 0;
    t.runs_per_kib = n ? runs * 1024.0 / (double)(n * unit) : 0;
    return t;
}

// Fraction of the aligned 32-byte blocks of b that are aligned blocks of a.
double reused32(const void *a, const void *b, size_t bytes)
{
    std::set<std::string> seen;
    for (size_t off = 0; off + 32 <= bytes; off += 32)
        seen.insert(std::string((const char *)a + off, 32));
    size_t blocks = 0, hit = 0;
    for (size_t off = 0; off + 32 <= bytes; off += 32, blocks++)
        hit += seen.count(std::string((const char *)b + off, 32));
    return blocks ? (double)hit / (double)blocks : 0;
}

int variant_stats(const std::vector<std::unique_ptr<Dataset>> &data, const std::vector<size_t> &sizes,
                  size_t nvar)
{
    static const char *const kInName[] = {"utf8", "utf16", "latin1", "utflatin8", "utflatin16", "mutf8", "wtf8"};
    std::printf("variants: %s\n%zu variants per buffer (variant 0 = the original)\n\n", kVariantMethod, nvar);
    std::printf("%-22s %-10s %9s  %-5s %-8s %-6s %15s  %13s  %6s\n", "", "", "", "", "", "",
                "ascii64", "ASCII runs/KiB", "");
    std::printf("%-22s %-10s %9s  %-5s %-8s %-6s %7s %7s  %6s %6s  %6s\n", "dataset", "encoding", "units", "valid",
                "lossy", "stats", "orig", "var", "orig", "var", "old32");
    int bad = 0;
    for (const auto &dp : data) {
        for (int k = 0; k < IN_COUNT; k++) {
            Input in = (Input)k;
            if (!dp->has[in])
                continue;
            size_t total;
            const char *text = (const char *)input_text(*dp, in, &total);
            std::vector<size_t> ns;
            if (dp->whole)
                ns.push_back(total);
            for (size_t z : sizes)
                if (!dp->whole && z >= kShortBelow && z <= total)
                    ns.push_back(z);
            for (size_t n : ns) {
                size_t got, start = pick_slice(*dp, in, n, &got);
                if (got != n)
                    continue;
                size_t unit = unit_bytes(in);
                TextStats o = text_stats(text + start * unit, n, in);
                std::vector<char> v(n * unit + 1);
                bool same = true;
                double a64 = 0, runs = 0, reused = 0;
                Case c;
                c.d = dp.get();
                c.in = in;
                c.n = n;
                uint64_t seed = seed_of(c);
                for (size_t i = 1; i < nvar; i++) {
                    make_variant(text + start * unit, n, in, seed + i * UINT64_C(0xD1B54A32D192ED03), v.data());
                    TextStats t = text_stats(v.data(), n, in);
                    same = same && t.units == o.units && t.valid == o.valid && t.lossy == o.lossy &&
                           std::equal(t.seq, t.seq + 5, o.seq) && t.changes == o.changes && t.runs == o.runs;
                    a64 += t.ascii64;
                    runs += t.runs_per_kib;
                    reused += reused32(text + start * unit, v.data(), n * unit);
                }
                a64 /= (double)(nvar - 1);
                runs /= (double)(nvar - 1);
                reused /= (double)(nvar - 1);
                char seqs[64];
                std::snprintf(seqs, sizeof seqs, "%s", same ? "same" : "DIFFER");
                std::printf("%-22s %-10s %9zu  %-5s %-8zu %-6s %7.3f %7.3f  %6.1f %6.1f  %6.3f\n", dp->name.c_str(),
                            kInName[k], n, o.valid ? "yes" : "no", o.lossy, seqs, o.ascii64, a64, o.runs_per_kib,
                            runs, reused);
                bad += !same;
            }
        }
    }
    std::printf("\n'same': every variant has the original's length, validity, lossy output length, counts\n"
                "of 1/2/3/4-byte sequences (UTF-16: BMP units, surrogate pairs), number of changes of\n"
                "sequence length between neighbouring characters and lengths of the runs of each sequence\n"
                "length (the multiset; their order differs). ascii64: fraction of 64-byte blocks\n"
                "that are all ASCII (variants: mean). old32: fraction of a variant's aligned 32-byte blocks\n"
                "that are also an aligned 32-byte block of the original (what a predictor could have learnt).\n");
    return bad ? 1 : 0;
}

} // namespace

int main(int argc, char **argv)
{
    Options opt;
    std::vector<char *> rest;
    rest.push_back(argv[0]);
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&](const char *flag) -> const char * {
            size_t k = std::strlen(flag);
            if (a.compare(0, k, flag) == 0 && a.size() > k && a[k] == '=')
                return argv[i] + k + 1;
            return nullptr;
        };
        auto count_arg = [&](const char *v, size_t lo, size_t *out) -> bool {
            size_t z;
            if (!parse_size(v, &z) || z < lo) {
                std::fprintf(stderr, "bad value in %s\n", a.c_str());
                return false;
            }
            *out = z;
            return true;
        };
        const char *v;
        if (a == "--help" || a == "-h") {
            usage();
            std::printf("\nGoogle Benchmark options:\n");
            rest.push_back(argv[i]);
        } else if ((v = val("--sizes"))) {
            opt.sizes_set = true;
            if (std::string(v) == "all")
                continue;
            for (const std::string &s : split(v)) {
                size_t z;
                if (!parse_size(s, &z)) {
                    std::fprintf(stderr, "bad size '%s'\n", s.c_str());
                    return 2;
                }
                opt.sizes.push_back(z);
            }
        } else if ((v = val("--datasets"))) {
            if (std::string(v) == "all")
                opt.all_datasets = true;
            else
                opt.datasets = split(v);
        } else if ((v = val("--corpus"))) {
            opt.corpus = v;
        } else if ((v = val("--regime"))) {
            std::string r = v;
            if (r != "fresh" && r != "warm" && r != "both") {
                std::fprintf(stderr, "--regime: fresh, warm or both\n");
                return 2;
            }
            opt.fresh = r != "warm";
            opt.warm = r != "fresh";
        } else if ((v = val("--short"))) {
            std::string r = v;
            if (r != "independent" && r != "chained" && r != "both") {
                std::fprintf(stderr, "--short: independent, chained or both\n");
                return 2;
            }
            opt.independent = r != "chained";
            opt.chained = r != "independent";
        } else if ((v = val("--fresh-bytes"))) {
            if (!count_arg(v, 1, &g_tune.fresh_bytes))
                return 2;
        } else if ((v = val("--misalign"))) {
            if (!count_arg(v, 0, &g_tune.misalign) || g_tune.misalign > 63) {
                std::fprintf(stderr, "--misalign: 0..63\n");
                return 2;
            }
        } else if ((v = val("--variants"))) {
            if (!count_arg(v, 1, &g_tune.min_variants))
                return 2;
        } else if ((v = val("--slices"))) {
            if (!count_arg(v, 1, &g_tune.max_slices))
                return 2;
            g_tune.min_slices = std::min(g_tune.min_slices, g_tune.max_slices);
        } else if ((v = val("--paired"))) {
            if (!count_arg(v, 1, &opt.paired))
                return 2;
        } else if (a == "--variant-stats") {
            opt.variant_stats = true;
        } else if ((v = val("--kernels"))) {
            opt.kernels = split(v);
        } else if ((v = val("--min-time"))) {
            opt.min_time = std::atof(v);
        } else if ((v = val("--chunk"))) {
            g_stream_chunk = std::max<size_t>(1, std::strtoull(v, nullptr, 10));
        } else if ((v = val("--dump"))) {
            opt.dump = v;
        } else if (a == "--no-peers") {
            opt.peers = false;
        } else if (a == "--progress") {
            opt.progress = true;
        } else {
            if ((v = val("--benchmark_filter")))
                opt.filter = v;
            rest.push_back(argv[i]);
        }
    }
    if (opt.sizes.empty())
        opt.sizes.assign(std::begin(kAllSizes), std::end(kAllSizes));
    int rargc = (int)rest.size();
    rest.push_back(nullptr);
    benchmark::Initialize(&rargc, rest.data());
    if (benchmark::ReportUnrecognizedArguments(rargc, rest.data()))
        return 2;

    // The library's own first choice (honours UNILANE_KERNEL), before any
    // unilane_use_kernel call of ours.
    std::string initial = unilane_kernel();

    // Kernel sets this CPU and build have.
    std::vector<std::string> kernels;
    std::string avail;
    for (const char *k : {"scalar", "avx2", "avx512", "neon"}) {
        if (unilane_use_kernel(k) == 0) {
            avail += avail.empty() ? k : std::string(",") + k;
            if (opt.kernels.empty() || std::count(opt.kernels.begin(), opt.kernels.end(), k))
                kernels.push_back(k);
        }
    }
    if (opt.kernels.empty() || std::count(opt.kernels.begin(), opt.kernels.end(), "auto"))
        kernels.push_back("auto");
    unilane_use_kernel("auto");
    std::string chosen = unilane_kernel();
    const char *env = std::getenv("UNILANE_KERNEL");

    // Datasets. Generated text is prefix-stable, so making more of it than
    // the largest size (material for the short slices) changes no row.
    std::vector<std::unique_ptr<Dataset>> data;
    if (!opt.corpus.empty()) {
        std::string err;
        std::vector<Dataset> v = load_corpus(opt.corpus, &err);
        if (v.empty()) {
            std::fprintf(stderr, "%s\n", err.c_str());
            return 1;
        }
        for (Dataset &d : v)
            data.emplace_back(new Dataset(std::move(d)));
    } else {
        size_t maxsz = *std::max_element(opt.sizes.begin(), opt.sizes.end());
        maxsz = std::max<size_t>(maxsz, 256 << 10);
        std::vector<std::string> names =
            opt.datasets.empty() ? generated_dataset_names(opt.all_datasets) : opt.datasets;
        for (const std::string &name : names) {
            std::unique_ptr<Dataset> d(new Dataset);
            if (!make_dataset(name, maxsz, d.get())) {
                std::fprintf(stderr, "unknown dataset '%s' (see --help)\n", name.c_str());
                return 2;
            }
            data.push_back(std::move(d));
        }
    }

    if (!opt.dump.empty()) {
        for (const auto &dp : data) {
            auto put = [&](const char *ext, const void *p, size_t n) {
                if (!n)
                    return;
                std::string path = opt.dump + "/" + dp->name + ext;
                FILE *f = std::fopen(path.c_str(), "wb");
                if (!f || std::fwrite(p, 1, n, f) != n)
                    std::fprintf(stderr, "cannot write %s\n", path.c_str());
                if (f)
                    std::fclose(f);
            };
            put(".utf8.txt", dp->u8.data(), dp->u8.size());
            put(".utf16.txt", dp->u16.data(), dp->u16.size() * 2);
            put(".latin1.txt", dp->l1.data(), dp->l1.size());
        }
        return 0;
    }
    if (opt.variant_stats)
        return variant_stats(data, opt.sizes, std::max<size_t>(g_tune.min_variants, 16));

    // The regimes of a row, in this order.
    std::vector<Regime> whole_regimes, short_regimes;
    if (opt.fresh) {
        whole_regimes.push_back(R_FRESH);
        if (opt.independent)
            short_regimes.push_back(R_FRESH);
        if (opt.chained)
            short_regimes.push_back(R_CHAINED);
    }
    if (opt.warm) {
        whole_regimes.push_back(R_WARM);
        short_regimes.push_back(R_WARM);
    }

    // Registration: function, dataset, size, regime, then kernels and peers,
    // so the rows to compare are next to each other.
    static const std::vector<Op> ops = all_ops();
    size_t count = 0, group = 0;
    RowFilter filter(opt.filter);
    std::vector<std::vector<Case>> paired_groups; // --paired: the selected whole-buffer rows, by group
    std::vector<Case> paired_rows;
    std::string op_names;
    for (const Op &op : ops) {
        op_names += (op_names.empty() ? "" : ",") + std::string(op.name);
        std::vector<PeerImpl> peers;
        if (opt.peers)
            peers = peers_for(op.name, unit_bytes(op.in));
        for (const auto &dp : data) {
            const Dataset &d = *dp;
            if (op.strict && !d.valid && !op.any_text)
                continue;
            // The dataset's text in the function's input encoding, or its
            // Latin-1-representable text, whichever the function takes whole.
            Input in = op.in;
            bool ok = false;
            for (Input cand : {op.in, op.fallback}) {
                if (ok || !d.has[cand])
                    continue;
                size_t total;
                const void *text = input_text(d, cand, &total);
                std::vector<unsigned char> scratch(std::max<size_t>(1, total * op.bound * op.out_unit));
                unilane_use_kernel("scalar");
                ok = op_takes_all(op, text, total, scratch.data());
                unilane_use_kernel("auto");
                if (ok)
                    in = cand;
            }
            if (!ok)
                continue;
            std::vector<size_t> sizes = opt.sizes;
            if (d.whole) {
                sizes.clear();
                size_t total;
                input_text(d, in, &total);
                sizes.push_back(total); // the whole file
                if (opt.sizes_set)      // and the short sizes asked for, as slices
                    for (size_t z : opt.sizes)
                        if (z < kShortBelow && z < total)
                            sizes.push_back(z);
            }
            for (size_t want : sizes) {
                size_t n, total;
                input_text(d, in, &total);
                bool whole_file = d.whole && want == total;
                size_t start = 0;
                if (whole_file) {
                    n = total;
                } else {
                    start = pick_slice(d, in, want, &n);
                    if (n != want || (d.whole && n >= total))
                        continue; // cannot cut this size on character boundaries
                }
                bool whole_buffer = whole_file || n >= kShortBelow;
                std::string tail = "/" + d.name + "/" + std::to_string(n) + "/";
                for (Regime rg : whole_buffer ? whole_regimes : short_regimes) {
                    if (n == 0 && rg == R_CHAINED)
                        continue; // nothing to chain
                    Case c;
                    c.op = &op;
                    c.d = &d;
                    c.in = in;
                    c.start = start;
                    c.n = n;
                    c.whole_buffer = whole_buffer;
                    c.regime = rg;
                    c.group = group++;
                    std::vector<Case> rows;
                    for (const std::string &k : kernels) {
                        Case r = c;
                        r.kernel = k;
                        rows.push_back(r);
                    }
                    for (const PeerImpl &pi : peers) {
                        if (!d.valid && !pi.lossy_ok)
                            continue;
                        Case r = c;
                        r.peer = pi;
                        rows.push_back(r);
                    }
                    for (const Case &r : rows) {
                        std::string name = std::string(op.name) + "/" +
                                           (r.kernel.empty() ? r.peer.peer : r.kernel.c_str()) + tail +
                                           kRegimeName[rg];
                        benchmark::internal::Benchmark *b = benchmark::RegisterBenchmark(
                            name.c_str(), [r](benchmark::State &st) { run_case(st, r); });
                        if (opt.min_time > 0)
                            b->MinTime(opt.min_time);
                        if (filter.selects(name)) {
                            count++;
                            if (whole_buffer)
                                paired_rows.push_back(r);
                        }
                    }
                    if (!paired_rows.empty())
                        paired_groups.push_back(std::move(paired_rows));
                    paired_rows.clear();
                }
            }
        }
    }

    // A digest of each dataset (FNV-1a, 32 bits, over the first 4096 units of
    // each encoding: generated text is prefix-stable), so that a comparison
    // across runs can check that rows of the same name measured the same text.
    std::string digests;
    for (const auto &dp : data) {
        uint32_t h = 2166136261u;
        auto mix = [&h](const void *p, size_t n) {
            const unsigned char *b = (const unsigned char *)p;
            for (size_t i = 0; i < n; i++)
                h = (h ^ b[i]) * 16777619u;
        };
        mix(dp->u8.data(), std::min<size_t>(dp->u8.size(), 4096));
        mix(dp->u16.data(), std::min<size_t>(dp->u16.size(), 4096) * 2);
        mix(dp->l1.data(), std::min<size_t>(dp->l1.size(), 4096));
        char hex[16];
        std::snprintf(hex, sizeof hex, "%08x", (unsigned)h);
        digests += (digests.empty() ? "" : " ") + dp->name + ":" + hex;
    }

    std::string regime = opt.fresh && opt.warm ? "both" : opt.fresh ? "fresh" : "warm";
    std::string short_mode = opt.independent && opt.chained ? "both" : opt.chained ? "chained" : "independent";

    // What the report header needs, in the JSON context.
    benchmark::AddCustomContext("cpu_model", cpu_model());
    benchmark::AddCustomContext("unilane_version", unilane_version());
    benchmark::AddCustomContext("unilane_kernels", avail);
    benchmark::AddCustomContext("unilane_auto_kernel", chosen);
    benchmark::AddCustomContext("unilane_kernel_env", env ? env : "");
    benchmark::AddCustomContext("unilane_initial_kernel", initial);
    benchmark::AddCustomContext("unilane_ops", op_names);
    benchmark::AddCustomContext("c_compiler", UNILANE_BENCH_C_COMPILER);
    benchmark::AddCustomContext("c_flags", UNILANE_BENCH_C_FLAGS);
    benchmark::AddCustomContext("cxx_compiler", UNILANE_BENCH_CXX_COMPILER);
    benchmark::AddCustomContext("cxx_flags", UNILANE_BENCH_CXX_FLAGS);
    benchmark::AddCustomContext("build_type", UNILANE_BENCH_BUILD_TYPE);
    benchmark::AddCustomContext("peers", peer_versions());
    benchmark::AddCustomContext("inputs", opt.corpus.empty() ? "generated" : "corpus " + opt.corpus);
    benchmark::AddCustomContext("stream_chunk", std::to_string(g_stream_chunk));
    benchmark::AddCustomContext("unilane_rows", std::to_string(count));
    benchmark::AddCustomContext("inputs_digest", digests);
    benchmark::AddCustomContext("regime", regime);
    benchmark::AddCustomContext("short_mode", opt.fresh ? short_mode : "");
    benchmark::AddCustomContext("fresh_bytes", std::to_string(g_tune.fresh_bytes));
    benchmark::AddCustomContext("misalign", std::to_string(g_tune.misalign));
    benchmark::AddCustomContext("fresh_min_variants", std::to_string(g_tune.min_variants));
    benchmark::AddCustomContext("fresh_slices", std::to_string(g_tune.min_slices) + ".." +
                                                    std::to_string(g_tune.max_slices));
    benchmark::AddCustomContext("short_below", std::to_string(kShortBelow));
    benchmark::AddCustomContext("variant_method", kVariantMethod);
    benchmark::AddCustomContext("layout", layout_name());

    // A one-line summary for people, on stderr: stdout carries only what the
    // chosen --benchmark_format writes (pure JSON with json).
    if (!std::getenv("UNILANE_BENCH_QUIET"))
        std::fprintf(stderr, "cpu: %s | unilane %s | kernels: %s | auto: %s | %s | regime %s%s\n",
                     cpu_model().c_str(), unilane_version(), avail.c_str(), chosen.c_str(),
                     peer_versions().c_str(), regime.c_str(),
                     opt.fresh ? (", short " + short_mode).c_str() : "");
    if (opt.paired) {
        int rc = run_paired(paired_groups, opt.paired);
        benchmark::Shutdown();
        return rc;
    }
    if (opt.progress) {
        ProgressReporter rep(count);
        benchmark::RunSpecifiedBenchmarks(&rep);
    } else {
        benchmark::RunSpecifiedBenchmarks();
    }
    g_prep.reset();
    benchmark::Shutdown();
    return 0;
}
