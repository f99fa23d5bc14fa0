// bench.h -- shared declarations of the unilane benchmark driver.
//
// A benchmark row is `function/impl/dataset/size`:
//   function  a public function of include/unilane.h (utf8_decode/utf8_encode
//             are the streaming calls, lossy mode, fed in chunks)
//   impl      a kernel set ("scalar", "avx2", "avx512", "neon"), "auto" (the public
//             entry point with the library's own choice), or a peer
//             ("memcpy", "icu", "iconv", "naive")
//   dataset   a generated text (see datasets.cpp) or a corpus file stem
//   size      input length in code units of the function's input: bytes for
//             UTF-8 / Latin-1 input, 16-bit units for UTF-16 input
//   regime    "fresh" (the default: consecutive calls rotate over different
//             inputs of this size: shuffled variants of a whole buffer, or
//             slices at different offsets for sizes < 1 KiB), "chained"
//             (sizes < 1 KiB: the same rotation, each call's input chosen by
//             the previous call's result) or "warm" (one buffer, every call)
// bytes_per_second counts input bytes.
#ifndef UNILANE_BENCH_H
#define UNILANE_BENCH_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ulb {

// What a measured call returns: a value to compare across implementations
// and the number of output bytes it wrote into dst.
struct Out {
    uint64_t value;
    size_t out_bytes;
};

// Every measured call has this shape. ctx is per-row state made before the
// timing loop (an iconv descriptor, an ICU converter, the chunk size).
typedef Out (*CallFn)(const void *src, size_t n, void *dst, void *ctx);

// Input buffers a function can take.
enum Input {
    IN_UTF8,     // UTF-8 text (may be ill-formed in *_err datasets)
    IN_UTF16,    // native-endian UTF-16 (may hold lone surrogates in *_err)
    IN_LATIN1,   // Latin-1 bytes
    IN_UTF8L,    // UTF-8 text whose characters are all <= U+00FF
    IN_UTF16L,   // UTF-16 text whose units are all <= 0xFF
    IN_MUTF8,    // the text's modified UTF-8 (Java): utf16_to_mutf8 of u16
    IN_WTF8,     // the text's WTF-8: utf16_to_wtf8 of u16 (its UTF-8 when u16 is
                 // well-formed; lone surrogates as 3-byte sequences in *_err)
    IN_COUNT
};

struct Dataset {
    std::string name;
    bool valid = true;  // well-formed UTF-8 / UTF-16
    bool whole = false; // corpus file: one size, the whole file
    std::string u8, l1, u8l, mu8, w8;
    std::vector<uint16_t> u16, u16l;
    bool has[IN_COUNT] = {false, false, false, false, false};
    // For the prefix scans: is every unit of u8 / u16 ASCII, of u16l <= 0xFF.
    bool all_ascii = false;
    bool all_ascii16 = false;
    bool all_latin1 = false;
};

// datasets.cpp
std::vector<std::string> generated_dataset_names(bool all);
// Builds one generated dataset with at least `min_units` units in every
// encoding. Returns false for an unknown name.
bool make_dataset(const std::string &name, size_t min_units, Dataset *out);
// Loads every dataset found in a corpus directory (see README in bench.sh).
std::vector<Dataset> load_corpus(const std::string &dir, std::string *err);
// A slice of exactly n units starting and ending on character boundaries
// (for valid data), or the nearest shorter one. Returns the start offset and
// sets *got to the slice length.
size_t pick_slice(const Dataset &d, Input in, size_t n, size_t *got);

// The text of one input kind of a dataset and its length in units.
const void *input_text(const Dataset &d, Input in, size_t *units);
inline size_t unit_bytes(Input in) { return (in == IN_UTF16 || in == IN_UTF16L) ? 2 : 1; }
// Up to `count` different slices of exactly n units (distinct, increasing
// offsets spread over the whole text), each starting and ending at a
// character start (UTF-8: not a continuation byte; UTF-16: not a low
// surrogate; the same rule on ill-formed text). Returns the offsets.
std::vector<size_t> pick_slices(const Dataset &d, Input in, size_t n, size_t count);
// Writes to dst (n units) a variant of src[0..n): the same tokens in another
// order (see datasets.cpp, "Variants"), deterministic in seed. The multiset
// of characters, and so the length in every encoding, the mix of sequence
// lengths and the number and kinds of errors, are those of src.
void make_variant(const void *src, size_t n, Input in, uint64_t seed, void *dst);
extern const char kVariantMethod[];

// peers.cpp: naive loops, ICU, iconv. Each peer call may need a context.
struct PeerImpl {
    const char *peer;      // "memcpy", "icu", "iconv", "naive"
    CallFn fn;
    void *(*setup)(void);  // may be null
    void (*teardown)(void *);
    bool lossy_ok;         // also meaningful on ill-formed input
};
// Peer implementations of a function (by its public name, without unilane_).
// in_unit: bytes per input unit of the function (the memcpy peer copies its
// input).
std::vector<PeerImpl> peers_for(const std::string &function, size_t in_unit);
std::string peer_versions(void);

} // namespace ulb

#endif
