// bench_main.cpp -- the unilane benchmark driver (Google Benchmark).
//
// Registers, at run time, one row `function/impl/dataset/size` per public
// function x kernel set this CPU has (plus "auto", the library's own choice)
// x peer x dataset x size; see bench.h for the naming and --help for flags.
//
// Honesty rules the driver enforces:
//  - every row of one function/dataset/size measures the same input bytes,
//    copied into a fresh 64-byte-aligned buffer, with a dst of the public
//    function's documented bound;
//  - before timing, each row's output is compared with the scalar kernel's
//    output: a kernel that differs is not timed (the row is an error), a
//    peer that differs is timed but labelled "differs";
//  - every measured call goes through the same one indirect call of the
//    harness, kernels and peers alike.
#include "bench.h"

#include <benchmark/benchmark.h>

#include "unilane.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>

#include <sys/utsname.h>
#include <unistd.h>

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

#define U8(p) ((const char *)(p))
#define U16(p) ((const uint16_t *)(p))

Out k_ascii_prefix(const void *s, size_t n, void *, void *) { return {unilane_ascii_prefix(U8(s), n), 0}; }
Out k_utf16_ascii_prefix(const void *s, size_t n, void *, void *)
{
    return {unilane_utf16_ascii_prefix(U16(s), n), 0};
}
Out k_utf16_latin1_prefix(const void *s, size_t n, void *, void *)
{
    return {unilane_utf16_latin1_prefix(U16(s), n), 0};
}
Out k_validate_utf8(const void *s, size_t n, void *, void *) { return {pack(unilane_validate_utf8(U8(s), n)), 0}; }
Out k_validate_utf16(const void *s, size_t n, void *, void *)
{
    return {pack(unilane_validate_utf16(U16(s), n)), 0};
}
Out k_latin1_to_utf16(const void *s, size_t n, void *d, void *)
{
    size_t w = unilane_latin1_to_utf16(U8(s), n, (uint16_t *)d);
    return {w, 2 * w};
}
Out k_utf16_to_latin1(const void *s, size_t n, void *d, void *)
{
    unilane_result r = unilane_utf16_to_latin1(U16(s), n, (char *)d);
    return {pack(r), r.written};
}
Out k_latin1_to_utf8(const void *s, size_t n, void *d, void *)
{
    size_t w = unilane_latin1_to_utf8(U8(s), n, (char *)d);
    return {w, w};
}
Out k_utf8_to_latin1(const void *s, size_t n, void *d, void *)
{
    unilane_result r = unilane_utf8_to_latin1(U8(s), n, (char *)d);
    return {pack(r), r.written};
}
Out k_utf8_to_utf16(const void *s, size_t n, void *d, void *)
{
    unilane_result r = unilane_utf8_to_utf16(U8(s), n, (uint16_t *)d);
    return {pack(r), 2 * r.written};
}
Out k_utf8_to_utf16_lossy(const void *s, size_t n, void *d, void *)
{
    size_t w = unilane_utf8_to_utf16_lossy(U8(s), n, (uint16_t *)d);
    return {w, 2 * w};
}
Out k_utf16_to_utf8(const void *s, size_t n, void *d, void *)
{
    unilane_result r = unilane_utf16_to_utf8(U16(s), n, (char *)d);
    return {pack(r), r.written};
}
Out k_utf16_to_utf8_lossy(const void *s, size_t n, void *d, void *)
{
    size_t w = unilane_utf16_to_utf8_lossy(U16(s), n, (char *)d);
    return {w, w};
}
Out k_utf16_make_well_formed(const void *s, size_t n, void *d, void *)
{
    size_t k = unilane_utf16_make_well_formed(U16(s), n, (uint16_t *)d);
    return {k, 2 * n};
}
Out k_utf8_length_from_latin1(const void *s, size_t n, void *, void *)
{
    return {unilane_utf8_length_from_latin1(U8(s), n), 0};
}
Out k_utf8_length_from_utf16(const void *s, size_t n, void *, void *)
{
    return {unilane_utf8_length_from_utf16(U16(s), n), 0};
}
Out k_utf16_length_from_utf8(const void *s, size_t n, void *, void *)
{
    return {unilane_utf16_length_from_utf8(U8(s), n), 0};
}
Out k_utf16_length_from_utf8_lossy(const void *s, size_t n, void *, void *)
{
    return {unilane_utf16_length_from_utf8_lossy(U8(s), n), 0};
}

// Streaming, lossy, the input fed in chunks of g_stream_chunk units into one
// output buffer (capacity: the rest of the one-shot bound, so never full).
Out k_utf8_decode(const void *s, size_t n, void *d, void *)
{
    unilane_utf8_decoder dec;
    unilane_utf8_decoder_init(&dec, UNILANE_LOSSY);
    const char *src = U8(s);
    uint16_t *dst = (uint16_t *)d;
    size_t off = 0, w = 0, chunk = g_stream_chunk;
    do {
        size_t len = std::min(chunk, n - off);
        int last = off + len == n;
        unilane_result r = unilane_utf8_decode(&dec, src + off, len, dst + w, n - w, last);
        w += r.written;
        off += r.read;
        if (r.status != UNILANE_OK)
            break;
    } while (off < n);
    return {w, 2 * w};
}

Out k_utf8_encode(const void *s, size_t n, void *d, void *)
{
    unilane_utf8_encoder enc;
    unilane_utf8_encoder_init(&enc, UNILANE_LOSSY);
    const uint16_t *src = U16(s);
    char *dst = (char *)d;
    size_t off = 0, w = 0, chunk = g_stream_chunk;
    do {
        size_t len = std::min(chunk, n - off);
        int last = off + len == n;
        unilane_result r = unilane_utf8_encode(&enc, src + off, len, dst + w, 3 * n - w, last);
        w += r.written;
        off += r.read;
        if (r.status != UNILANE_OK)
            break;
    } while (off < n);
    return {w, w};
}

// ------------------------------------------------------------ the functions

enum Need { NEED_NONE, NEED_ASCII, NEED_ASCII16, NEED_LATIN1 };

struct Op {
    const char *name;
    Input in;
    CallFn fn;
    size_t dst_per_unit; // dst bound in bytes per input unit
    bool any_input;      // meaningful on ill-formed input (lossy paths, lengths)
    Need need;           // prefix scans: run only where they scan everything
};

const Op kOps[] = {
    {"ascii_prefix", IN_UTF8, k_ascii_prefix, 0, false, NEED_ASCII},
    {"utf16_ascii_prefix", IN_UTF16, k_utf16_ascii_prefix, 0, false, NEED_ASCII16},
    {"utf16_latin1_prefix", IN_UTF16L, k_utf16_latin1_prefix, 0, false, NEED_LATIN1},
    {"validate_utf8", IN_UTF8, k_validate_utf8, 0, false, NEED_NONE},
    {"validate_utf16", IN_UTF16, k_validate_utf16, 0, false, NEED_NONE},
    {"latin1_to_utf16", IN_LATIN1, k_latin1_to_utf16, 2, false, NEED_NONE},
    {"utf16_to_latin1", IN_UTF16L, k_utf16_to_latin1, 1, false, NEED_NONE},
    {"latin1_to_utf8", IN_LATIN1, k_latin1_to_utf8, 2, false, NEED_NONE},
    {"utf8_to_latin1", IN_UTF8L, k_utf8_to_latin1, 1, false, NEED_NONE},
    {"utf8_to_utf16", IN_UTF8, k_utf8_to_utf16, 2, false, NEED_NONE},
    {"utf8_to_utf16_lossy", IN_UTF8, k_utf8_to_utf16_lossy, 2, true, NEED_NONE},
    {"utf16_to_utf8", IN_UTF16, k_utf16_to_utf8, 3, false, NEED_NONE},
    {"utf16_to_utf8_lossy", IN_UTF16, k_utf16_to_utf8_lossy, 3, true, NEED_NONE},
    {"utf16_make_well_formed", IN_UTF16, k_utf16_make_well_formed, 2, true, NEED_NONE},
    {"utf8_length_from_latin1", IN_LATIN1, k_utf8_length_from_latin1, 0, false, NEED_NONE},
    {"utf8_length_from_utf16", IN_UTF16, k_utf8_length_from_utf16, 0, true, NEED_NONE},
    {"utf16_length_from_utf8", IN_UTF8, k_utf16_length_from_utf8, 0, true, NEED_NONE},
    {"utf16_length_from_utf8_lossy", IN_UTF8, k_utf16_length_from_utf8_lossy, 0, true, NEED_NONE},
    {"utf8_decode", IN_UTF8, k_utf8_decode, 2, true, NEED_NONE},
    {"utf8_encode", IN_UTF16, k_utf8_encode, 3, true, NEED_NONE},
};

size_t unit_size(Input in) { return (in == IN_UTF16 || in == IN_UTF16L) ? 2 : 1; }

const void *input_base(const Dataset &d, Input in)
{
    switch (in) {
    case IN_UTF8: return d.u8.data();
    case IN_UTF8L: return d.u8l.data();
    case IN_UTF16: return d.u16.data();
    case IN_UTF16L: return d.u16l.data();
    default: return d.l1.data();
    }
}

// ------------------------------------------------------------ one row

struct Case {
    const Op *op;
    const void *src; // into the dataset
    size_t n;        // units
    std::string kernel; // non-empty for kernel rows ("auto" included)
    PeerImpl peer{};    // for peer rows
};

struct AlignedBuf {
    void *p = nullptr;
    explicit AlignedBuf(size_t bytes)
    {
        size_t sz = (bytes + 64 + 63) / 64 * 64; // a little slack for peers' NUL
        if (posix_memalign(&p, 64, sz) != 0)
            p = nullptr;
        else
            std::memset(p, 0, sz); // touch every page before timing
    }
    ~AlignedBuf() { std::free(p); }
    AlignedBuf(const AlignedBuf &) = delete;
    AlignedBuf &operator=(const AlignedBuf &) = delete;
};

bool same_out(const Out &a, const void *da, const Out &b, const void *db, bool cmp_value)
{
    if (cmp_value && a.value != b.value)
        return false;
    return a.out_bytes == b.out_bytes && std::memcmp(da, db, a.out_bytes) == 0;
}

// Functions that return a unilane_result: a peer's own status encoding
// cannot be compared, only its output.
bool returns_result(const Op *op)
{
    return op->fn == k_validate_utf8 || op->fn == k_validate_utf16 || op->fn == k_utf16_to_latin1 ||
           op->fn == k_utf8_to_latin1 || op->fn == k_utf8_to_utf16 || op->fn == k_utf16_to_utf8;
}

void run_case(benchmark::State &st, const Case &c)
{
    const Op *op = c.op;
    size_t unit = unit_size(op->in);
    size_t in_bytes = c.n * unit;
    size_t dst_bytes = std::max(c.n * op->dst_per_unit, in_bytes);
    AlignedBuf in(in_bytes), dst(dst_bytes), ref(dst_bytes);
    if (!in.p || !dst.p || !ref.p) {
        st.SkipWithError("out of memory");
        return;
    }
    if (in_bytes)
        std::memcpy(in.p, c.src, in_bytes);

    // The scalar kernel's answer, to check this row against.
    unilane_use_kernel("scalar");
    Out want = op->fn(in.p, c.n, ref.p, nullptr);

    CallFn fn;
    void *ctx = nullptr;
    if (!c.kernel.empty()) {
        if (unilane_use_kernel(c.kernel.c_str()) != 0) {
            st.SkipWithError("kernel not available");
            return;
        }
        fn = op->fn;
        Out got = fn(in.p, c.n, dst.p, nullptr);
        if (!same_out(want, ref.p, got, dst.p, true)) {
            st.SkipWithError("output differs from the scalar kernel; not timed");
            return;
        }
    } else {
        unilane_use_kernel("auto");
        fn = c.peer.fn;
        if (c.peer.setup) {
            ctx = c.peer.setup();
            if (!ctx) {
                st.SkipWithError("peer setup failed");
                return;
            }
        }
        if (std::strcmp(c.peer.peer, "memcpy") != 0) {
            Out got = fn(in.p, c.n, dst.p, ctx);
            if (!same_out(want, ref.p, got, dst.p, !returns_result(op)))
                st.SetLabel("differs");
        }
    }

    void *src = in.p, *out = dst.p;
    size_t n = c.n;
    for (auto _ : st) {
        Out o = fn(src, n, out, ctx);
        benchmark::DoNotOptimize(o);
        benchmark::ClobberMemory();
    }
    st.SetBytesProcessed((int64_t)st.iterations() * (int64_t)in_bytes);
    if (ctx && c.peer.teardown)
        c.peer.teardown(ctx);
    unilane_use_kernel("auto");
}

// ------------------------------------------------------------ flags, context

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
        "                    in DIR, whole file per call\n"
        "  --kernels=LIST    only these kernel rows (scalar,avx2,neon,auto)\n"
        "  --no-peers        no memcpy/naive/icu/iconv rows\n"
        "  --min-time=SEC    minimum measuring time per row\n"
        "  --chunk=UNITS     input chunk of the streaming rows (default %zu)\n"
        "  --dump=DIR        write the datasets to DIR/<name>.{utf8,utf16,latin1}.txt (UTF-16 in\n"
        "                    native order, no BOM) and exit\n"
        "  --progress        one progress line on stderr instead of the console table\n"
        "                    (use with --benchmark_out=FILE)\n"
        "Rows are named function/impl/dataset/size; filter with --benchmark_filter=REGEX.\n"
        "Write JSON with --benchmark_out=FILE --benchmark_out_format=json and read it with\n"
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

} // namespace

int main(int argc, char **argv)
{
    Options opt;
    std::vector<char *> rest;
    rest.push_back(argv[0]);
    bool sizes_set = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&](const char *flag) -> const char * {
            size_t k = std::strlen(flag);
            if (a.compare(0, k, flag) == 0 && a.size() > k && a[k] == '=')
                return argv[i] + k + 1;
            return nullptr;
        };
        const char *v;
        if (a == "--help" || a == "-h") {
            usage();
            std::printf("\nGoogle Benchmark options:\n");
            rest.push_back(argv[i]);
        } else if ((v = val("--sizes"))) {
            sizes_set = true;
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
    (void)sizes_set;
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

    // Datasets.
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

    // Registration: function, dataset, size, then kernels and peers, so the
    // rows to compare are next to each other.
    size_t count = 0;
    RowFilter filter(opt.filter);
    for (const Op &op : kOps) {
        std::vector<PeerImpl> peers;
        if (opt.peers)
            peers = peers_for(op.name);
        for (const auto &dp : data) {
            const Dataset &d = *dp;
            if (!d.has[op.in] || (!d.valid && !op.any_input))
                continue;
            if (op.need == NEED_ASCII && !d.all_ascii)
                continue;
            if (op.need == NEED_ASCII16 && !d.all_ascii16)
                continue;
            if (op.need == NEED_LATIN1 && !d.all_latin1)
                continue;
            std::vector<size_t> sizes = opt.sizes;
            if (d.whole)
                sizes.assign(1, 0);
            for (size_t want : sizes) {
                size_t n;
                size_t start = pick_slice(d, op.in, want, &n);
                if (!d.whole && n != want)
                    continue; // cannot cut this size on character boundaries
                Case c;
                c.op = &op;
                c.src = (const char *)input_base(d, op.in) + start * unit_size(op.in);
                c.n = n;
                std::string tail = "/" + d.name + "/" + std::to_string(n);
                std::vector<Case> rows;
                for (const std::string &k : kernels) {
                    Case r = c;
                    r.kernel = k;
                    rows.push_back(r);
                }
                for (const PeerImpl &p : peers) {
                    if (!d.valid && !p.lossy_ok)
                        continue;
                    Case r = c;
                    r.peer = p;
                    rows.push_back(r);
                }
                for (const Case &r : rows) {
                    std::string name = std::string(op.name) + "/" +
                                       (r.kernel.empty() ? r.peer.peer : r.kernel.c_str()) + tail;
                    benchmark::internal::Benchmark *b = benchmark::RegisterBenchmark(
                        name.c_str(), [r](benchmark::State &st) { run_case(st, r); });
                    if (opt.min_time > 0)
                        b->MinTime(opt.min_time);
                    if (filter.selects(name))
                        count++;
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

    // What the report header needs, in the JSON context.
    benchmark::AddCustomContext("cpu_model", cpu_model());
    benchmark::AddCustomContext("unilane_version", unilane_version());
    benchmark::AddCustomContext("unilane_kernels", avail);
    benchmark::AddCustomContext("unilane_auto_kernel", chosen);
    benchmark::AddCustomContext("unilane_kernel_env", env ? env : "");
    benchmark::AddCustomContext("unilane_initial_kernel", initial);
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

    if (opt.progress) {
        ProgressReporter rep(count);
        benchmark::RunSpecifiedBenchmarks(&rep);
    } else if (!std::getenv("UNILANE_BENCH_QUIET")) {
        std::printf("cpu: %s | unilane %s | kernels: %s | auto: %s | %s\n", cpu_model().c_str(),
                    unilane_version(), avail.c_str(), chosen.c_str(), peer_versions().c_str());
        benchmark::RunSpecifiedBenchmarks();
    } else {
        benchmark::RunSpecifiedBenchmarks();
    }
    benchmark::Shutdown();
    return 0;
}
