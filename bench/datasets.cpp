// datasets.cpp -- benchmark inputs.
//
// Generated text: deterministic (fixed seed, no text shipped), shaped like
// real prose in each script: word lengths, ASCII spaces and punctuation,
// sentence and paragraph breaks. What matters for the kernels is the mix of
// sequence lengths and how often it changes, which these reproduce:
//   ascii      English-like prose, ASCII only
//   latin      the same with ~5% two-byte characters (accented Latin-1 letters)
//   cyrillic, greek, arabic, hebrew
//              two-byte letters, ASCII spaces and punctuation
//   cjk        three-byte ideographs and CJK punctuation, no spaces, with some
//              ASCII digits and words
//   hindi      Devanagari syllables (three-byte, combining signs), ASCII spaces
//   thai       Thai (three-byte), spaces only between phrases
//   emoji      emoji runs (four-byte; surrogate pairs in UTF-16), some ZWJ and
//              VS16 (three-byte), ASCII words between
//   <x>_err    <x> with about one error per KiB: ill-formed UTF-8 sequences
//              (stray continuation, truncated sequences, overlong, surrogate,
//              F5..FF bytes) and lone surrogates in UTF-16
// Latin-1 exists for ascii and latin.
//
// Corpus: every `<stem>.<kind>.txt` of a directory laid out like
// simdutf's unicode_lipsum/wikipedia_mars: utf8, utf16 (little-endian, BOM
// stripped), latin1, utflatin8, utflatin16. Whole file per call.
//
// Variants (the fresh regime of whole-buffer rows, make_variant). A
// character's class is its UTF-8 length (1..4; by the lead byte alone on
// ill-formed UTF-8; Latin-1: 1 or 2); a run is a maximal sequence of
// characters of one class (an Arabic word, the spaces and punctuation
// between two Arabic words, a stretch of CJK, the ASCII between two accented
// letters of French text).
// Two passes, each a Fisher-Yates shuffle within windows of kWindow tokens
// (splitmix64, a fixed seed per dataset, encoding, size and variant number),
// a token only taking the place of a token of the same signature:
//   1. pieces: every run is cut into pieces after ASCII whitespace or once a
//      piece holds kTokenCap units; a piece moves to the slot of a piece of
//      the same class and length. Runs keep their classes and lengths; their
//      contents are recombined.
//   2. runs: a whole run moves to the slot of a run of the same class, of
//      any length. The sequence of classes is kept; which length follows
//      which is new.
// A cut is only ever made at a character start: never before a UTF-8
// continuation byte (10xxxxxx) nor a UTF-16 low surrogate. Hence:
//   - the same multiset of characters: the exact same length in units, the
//     same mix of 1/2/3/4-byte sequences and surrogate pairs;
//   - the same number of class changes (ASCII to 2-byte, 3-byte to ASCII,
//     ...) and the same multiset of run lengths per class: the word lengths
//     of Arabic or Russian text, the lengths of the ASCII stretches in
//     Chinese text are the original's, in another order;
//   - valid text stays valid, Latin-1-representable text stays so, ASCII
//     stays ASCII;
//   - on ill-formed text an error never leaves its token, and what follows a
//     token is always a character start, so every error keeps its meaning: a
//     truncated sequence is still followed by a non-continuation unit, a
//     stray continuation byte or a lone low surrogate stays after the unit
//     before it, a lone high surrogate is never followed by a low one. The
//     number and kinds of errors and the lossy output length are kept;
//   - the order at scales above a window (64 runs, a few hundred bytes to a
//     few KiB) is kept, so the fraction of all-ASCII 64-byte blocks stays
//     within about 1% of the original's (the row's `ascii64` counter);
//   - what changes is which run follows which and what a long run holds:
//     on the corpus files and the generated text 94-100% of a variant's
//     aligned 32-byte blocks are no aligned block of the original, so what
//     the branch predictor learned on one variant does not hold on the next.
// `unilane_bench --variant-stats` prints these statistics per dataset and
// encoding and fails if a variant differs in any of the exact ones.
#include "bench.h"
#include "unilane.h"

#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>

namespace ulb {
namespace {

struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed) {}
    uint64_t next() // splitmix64
    {
        uint64_t z = (s += UINT64_C(0x9E3779B97F4A7C15));
        z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
        return z ^ (z >> 31);
    }
    uint32_t below(uint32_t n) { return (uint32_t)(next() % n); }
    bool chance(double p) { return (double)(next() >> 11) * (1.0 / 9007199254740992.0) < p; }
    uint32_t range(uint32_t lo, uint32_t hi) { return lo + below(hi - lo + 1); } // inclusive
};

const uint64_t kSeed = UINT64_C(0x756E696C616E6521); // "unilane!"

typedef std::vector<uint32_t> Cps;

// Letter frequencies of English, roughly.
const char kEnglish[] = "eeeeeeeeeeeetttttttttaaaaaaaaoooooooiiiiiiinnnnnnnssssss"
                        "hhhhhhrrrrrrddddlllllcccuuummmwwffggyyppbbvkjxqz";

uint32_t pick_latin_letter(Rng &r) { return (unsigned char)kEnglish[r.below(sizeof kEnglish - 1)]; }

const uint32_t kAccented[] = {0xE9, 0xE8, 0xEA, 0xE0, 0xE2, 0xE7, 0xF4, 0xFB, 0xFC, 0xF6,
                              0xE4, 0xF1, 0xED, 0xF3, 0xE1, 0xDF, 0xFA, 0xEB, 0xEF, 0xEE};

// Generic alphabetic prose: words of 1..`maxw` letters from `letter`, ASCII
// spaces, commas, periods, paragraph breaks, a few numbers.
template <class Letter>
void prose(Rng &r, Cps &o, size_t want, Letter letter, int maxw, uint32_t comma, uint32_t stop,
           int upper_delta)
{
    bool cap = true;
    int words = 0, sentences = 0;
    while (o.size() < want) {
        if (r.chance(0.02)) { // a number
            int nd = (int)r.range(1, 4);
            for (int i = 0; i < nd; i++)
                o.push_back('0' + r.below(10));
        } else {
            int wl = 1 + (int)(r.below((uint32_t)maxw) + r.below((uint32_t)maxw)) / 2;
            for (int i = 0; i < wl; i++) {
                uint32_t c = letter(r);
                if (cap && i == 0 && upper_delta)
                    c -= (uint32_t)upper_delta;
                o.push_back(c);
            }
        }
        cap = false;
        words++;
        if (words > 4 && r.chance(0.12)) {
            o.push_back(stop);
            words = 0;
            cap = true;
            if (++sentences > 5 && r.chance(0.3)) {
                o.push_back('\n');
                o.push_back('\n');
                sentences = 0;
                continue;
            }
        } else if (words > 3 && r.chance(0.06)) {
            o.push_back(comma);
        }
        o.push_back(' ');
    }
}

void gen_ascii(Rng &r, Cps &o, size_t want)
{
    prose(r, o, want, pick_latin_letter, 11, ',', '.', 0x20);
}

void gen_latin(Rng &r, Cps &o, size_t want)
{
    prose(r, o, want,
          [](Rng &rr) -> uint32_t {
              if (rr.chance(0.066))
                  return kAccented[rr.below(sizeof kAccented / sizeof kAccented[0])];
              return pick_latin_letter(rr);
          },
          11, ',', '.', 0);
}

void gen_range(Rng &r, Cps &o, size_t want, uint32_t lo, uint32_t hi, uint32_t comma, int updelta)
{
    prose(r, o, want, [lo, hi](Rng &rr) -> uint32_t { return rr.range(lo, hi); }, 11, comma, '.',
          updelta);
}

void gen_arabic(Rng &r, Cps &o, size_t want)
{
    prose(r, o, want,
          [](Rng &rr) -> uint32_t {
              uint32_t c = rr.range(0x627, 0x64A);
              return (c >= 0x63B && c <= 0x640) ? 0x644 : c;
          },
          9, 0x60C, '.', 0);
}

void gen_cjk(Rng &r, Cps &o, size_t want)
{
    int run = 0;
    while (o.size() < want) {
        if (r.chance(0.03)) { // ASCII: a number or a Latin word, with spaces
            o.push_back(' ');
            if (r.chance(0.5)) {
                int nd = (int)r.range(1, 4);
                for (int i = 0; i < nd; i++)
                    o.push_back('0' + r.below(10));
            } else {
                int wl = (int)r.range(2, 8);
                for (int i = 0; i < wl; i++)
                    o.push_back(pick_latin_letter(r));
            }
            o.push_back(' ');
        }
        // Skewed towards the first ideographs, like real frequency.
        uint32_t idx = std::min(r.below(6000), r.below(6000));
        o.push_back(0x4E00 + idx);
        if (++run > 6 && r.chance(0.08)) {
            o.push_back(r.chance(0.6) ? 0xFF0C : 0x3002);
            run = 0;
            if (r.chance(0.05))
                o.push_back('\n');
        }
    }
}

void gen_hindi(Rng &r, Cps &o, size_t want)
{
    int words = 0;
    while (o.size() < want) {
        int syl = (int)r.range(1, 4);
        for (int s = 0; s < syl; s++) {
            if (s == 0 && r.chance(0.1)) {
                o.push_back(r.range(0x905, 0x914)); // independent vowel
                continue;
            }
            o.push_back(r.range(0x915, 0x939));
            if (r.chance(0.1)) {
                o.push_back(0x94D); // virama + conjunct
                o.push_back(r.range(0x915, 0x939));
            }
            if (r.chance(0.6))
                o.push_back(r.range(0x93E, 0x94C));
            if (r.chance(0.05))
                o.push_back(0x902); // anusvara
        }
        if (++words > 5 && r.chance(0.1)) {
            o.push_back(' ');
            o.push_back(0x964); // danda
            words = 0;
            if (r.chance(0.1))
                o.push_back('\n');
        }
        o.push_back(' ');
    }
}

void gen_thai(Rng &r, Cps &o, size_t want)
{
    int words = 0;
    while (o.size() < want) {
        int syl = (int)r.range(1, 3);
        for (int s = 0; s < syl; s++) {
            if (r.chance(0.2))
                o.push_back(r.range(0xE40, 0xE44)); // leading vowel
            o.push_back(r.range(0xE01, 0xE2E));
            if (r.chance(0.5))
                o.push_back(r.range(0xE30, 0xE39));
            if (r.chance(0.2))
                o.push_back(r.range(0xE48, 0xE4B)); // tone mark
        }
        if (++words > 3 && r.chance(0.2)) { // spaces only between phrases
            o.push_back(' ');
            words = 0;
            if (r.chance(0.03))
                o.push_back('\n');
        }
    }
}

uint32_t pick_emoji(Rng &r)
{
    switch (r.below(4)) {
    case 0: return r.range(0x1F600, 0x1F64F);
    case 1: return r.range(0x1F300, 0x1F5FF);
    case 2: return r.range(0x1F680, 0x1F6FF);
    default: return r.range(0x1F900, 0x1F9FF);
    }
}

void gen_emoji(Rng &r, Cps &o, size_t want)
{
    while (o.size() < want) {
        if (r.chance(0.3)) {
            int wl = (int)r.range(2, 8);
            for (int i = 0; i < wl; i++)
                o.push_back(pick_latin_letter(r));
        } else {
            int n = (int)r.range(1, 4);
            for (int i = 0; i < n; i++) {
                o.push_back(pick_emoji(r));
                if (r.chance(0.1))
                    o.push_back(0xFE0F);
                if (r.chance(0.05)) {
                    o.push_back(0x200D);
                    o.push_back(pick_emoji(r));
                }
            }
        }
        o.push_back(r.chance(0.05) ? '\n' : ' ');
    }
}

void enc_utf8(const Cps &cps, std::string &o)
{
    o.clear();
    o.reserve(cps.size() * 3);
    for (uint32_t c : cps) {
        if (c < 0x80) {
            o.push_back((char)c);
        } else if (c < 0x800) {
            o.push_back((char)(0xC0 | (c >> 6)));
            o.push_back((char)(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            o.push_back((char)(0xE0 | (c >> 12)));
            o.push_back((char)(0x80 | ((c >> 6) & 0x3F)));
            o.push_back((char)(0x80 | (c & 0x3F)));
        } else {
            o.push_back((char)(0xF0 | (c >> 18)));
            o.push_back((char)(0x80 | ((c >> 12) & 0x3F)));
            o.push_back((char)(0x80 | ((c >> 6) & 0x3F)));
            o.push_back((char)(0x80 | (c & 0x3F)));
        }
    }
}

void enc_utf16(const Cps &cps, std::vector<uint16_t> &o)
{
    o.clear();
    o.reserve(cps.size() * 2);
    for (uint32_t c : cps) {
        if (c < 0x10000) {
            o.push_back((uint16_t)c);
        } else {
            c -= 0x10000;
            o.push_back((uint16_t)(0xD800 | (c >> 10)));
            o.push_back((uint16_t)(0xDC00 | (c & 0x3FF)));
        }
    }
}

// About one error per KiB of UTF-8, inserted at character boundaries.
void corrupt_utf8(Rng &r, std::string &s)
{
    static const char *const bad[] = {
        "\x80",             // stray continuation
        "\xBF\xBF",         // two stray continuations
        "\xC3",             // truncated two-byte
        "\xE4\xB8",         // truncated three-byte
        "\xF0\x9F\x98",     // truncated four-byte
        "\xC0\xAF",         // overlong
        "\xE0\x80\xAF",     // overlong three-byte
        "\xED\xA0\x80",     // surrogate
        "\xF4\x90\x80\x80", // above U+10FFFF
        "\xFF",             // never valid
        "\xF5\x80",         // never valid lead
    };
    std::string o;
    o.reserve(s.size() + s.size() / 256);
    size_t next = r.range(256, 1024);
    for (size_t i = 0; i < s.size(); i++) {
        unsigned char c = (unsigned char)s[i];
        if (i >= next && (c & 0xC0) != 0x80) {
            o += bad[r.below(sizeof bad / sizeof bad[0])];
            next = i + r.range(512, 1536);
        }
        o.push_back((char)c);
    }
    s.swap(o);
}

// About one lone surrogate per KiB (512 units) of UTF-16.
void corrupt_utf16(Rng &r, std::vector<uint16_t> &s)
{
    std::vector<uint16_t> o;
    o.reserve(s.size() + s.size() / 128);
    size_t next = r.range(128, 512);
    for (size_t i = 0; i < s.size(); i++) {
        uint16_t c = s[i];
        if (i >= next && !(c >= 0xDC00 && c <= 0xDFFF)) {
            // At a boundary: a low surrogate here has no high before it; a
            // high one is followed by the start of a character, never a low.
            o.push_back((uint16_t)(r.chance(0.5) ? r.range(0xD800, 0xDBFF) : r.range(0xDC00, 0xDFFF)));
            next = i + r.range(256, 768);
        }
        o.push_back(c);
    }
    s.swap(o);
}

typedef void (*GenFn)(Rng &, Cps &, size_t);

struct GenDef {
    const char *name;
    GenFn fn;
    bool core; // in the default set
};

void gen_cyrillic(Rng &r, Cps &o, size_t w) { gen_range(r, o, w, 0x430, 0x44F, ',', 0x20); }
void gen_greek(Rng &r, Cps &o, size_t w) { gen_range(r, o, w, 0x3B1, 0x3C9, ',', 0x20); }
void gen_hebrew(Rng &r, Cps &o, size_t w) { gen_range(r, o, w, 0x5D0, 0x5EA, ',', 0); }

const GenDef kGens[] = {
    {"ascii", gen_ascii, true},   {"latin", gen_latin, true},   {"cyrillic", gen_cyrillic, true},
    {"greek", gen_greek, false},  {"arabic", gen_arabic, false}, {"hebrew", gen_hebrew, false},
    {"cjk", gen_cjk, true},       {"hindi", gen_hindi, true},   {"thai", gen_thai, false},
    {"emoji", gen_emoji, true},
};
const char *const kErrCore[] = {"latin", "cjk"};
const char *const kErrAll[] = {"ascii", "latin", "cyrillic", "cjk", "emoji"};

bool utf8_valid(const std::string &s)
{
    const unsigned char *p = (const unsigned char *)s.data();
    size_t n = s.size(), i = 0;
    while (i < n) {
        unsigned c = p[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t len;
        unsigned lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0)
                lo = 0xA0;
            if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0)
                lo = 0x90;
            if (c == 0xF4)
                hi = 0x8F;
        } else {
            return false;
        }
        if (n - i < len || p[i + 1] < lo || p[i + 1] > hi)
            return false;
        for (size_t k = 2; k < len; k++)
            if ((p[i + k] & 0xC0) != 0x80)
                return false;
        i += len;
    }
    return true;
}

bool utf16_valid(const std::vector<uint16_t> &s)
{
    for (size_t i = 0; i < s.size(); i++) {
        uint16_t c = s[i];
        if (c >= 0xD800 && c <= 0xDBFF) {
            if (i + 1 >= s.size() || s[i + 1] < 0xDC00 || s[i + 1] > 0xDFFF)
                return false;
            i++;
        } else if (c >= 0xDC00 && c <= 0xDFFF) {
            return false;
        }
    }
    return true;
}

void finish_flags(Dataset &d)
{
    // Inputs meant to be Latin-1 representable must be: a narrowing that
    // stops early would report a meaningless speed for the whole input.
    if (std::any_of(d.u8l.begin(), d.u8l.end(), [](char c) { return (unsigned char)c >= 0xC4; }))
        d.u8l.clear();
    if (std::any_of(d.u16l.begin(), d.u16l.end(), [](uint16_t c) { return c > 0xFF; }))
        d.u16l.clear();
    d.has[IN_UTF8] = !d.u8.empty();
    d.has[IN_UTF16] = !d.u16.empty();
    d.has[IN_LATIN1] = !d.l1.empty();
    d.has[IN_UTF8L] = !d.u8l.empty();
    d.has[IN_UTF16L] = !d.u16l.empty();
    // The 0.2 byte forms of the UTF-16 text (made by the library's public
    // encoders: inputs, not answers).
    d.mu8.assign(3 * d.u16.size(), '\0');
    d.mu8.resize(unilane_utf16_to_mutf8(d.u16.data(), d.u16.size(), &d.mu8[0] + 0));
    d.w8.assign(3 * d.u16.size(), '\0');
    d.w8.resize(unilane_utf16_to_wtf8(d.u16.data(), d.u16.size(), &d.w8[0] + 0));
    d.has[IN_MUTF8] = !d.mu8.empty();
    d.has[IN_WTF8] = !d.w8.empty();
    d.all_ascii = d.has[IN_UTF8] && std::all_of(d.u8.begin(), d.u8.end(), [](char c) {
                      return (unsigned char)c < 0x80;
                  });
    d.all_ascii16 = d.has[IN_UTF16] && std::all_of(d.u16.begin(), d.u16.end(), [](uint16_t c) {
                        return c < 0x80;
                    });
    d.all_latin1 = d.has[IN_UTF16L];
}

bool read_file(const std::string &path, std::string &out)
{
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f)
        return false;
    char buf[65536];
    size_t k;
    out.clear();
    while ((k = std::fread(buf, 1, sizeof buf, f)) > 0)
        out.append(buf, k);
    std::fclose(f);
    return true;
}

// UTF-16LE bytes to native units, without a leading BOM.
void utf16le_units(const std::string &bytes, std::vector<uint16_t> &o)
{
    size_t i = 0;
    if (bytes.size() >= 2 && (unsigned char)bytes[0] == 0xFF && (unsigned char)bytes[1] == 0xFE)
        i = 2;
    o.clear();
    for (; i + 1 < bytes.size(); i += 2)
        o.push_back((uint16_t)((unsigned char)bytes[i] | ((unsigned char)bytes[i + 1] << 8)));
}

void strip_utf8_bom(std::string &s)
{
    if (s.size() >= 3 && s.compare(0, 3, "\xEF\xBB\xBF") == 0)
        s.erase(0, 3);
}

bool ends_with(const std::string &s, const std::string &suf)
{
    return s.size() >= suf.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0;
}

const size_t kTokenCap = 16; // units
const size_t kWindow = 64;   // tokens

bool is_utf16_input(Input in) { return in == IN_UTF16 || in == IN_UTF16L; }

// Can a slice or a token start at unit i (i < n) of this text?
inline bool char_start(const void *p, Input in, size_t i)
{
    if (in == IN_LATIN1)
        return true;
    if (is_utf16_input(in)) {
        uint16_t u = ((const uint16_t *)p)[i];
        return !(u >= 0xDC00 && u <= 0xDFFF);
    }
    return (((const unsigned char *)p)[i] & 0xC0) != 0x80;
}

inline bool ascii_space(unsigned u) { return u == ' ' || u == '\n' || u == '\t' || u == '\r'; }

inline unsigned unit_at(const void *p, Input in, size_t i)
{
    return is_utf16_input(in) ? ((const uint16_t *)p)[i] : ((const unsigned char *)p)[i];
}

// The class of the character starting at unit i: its UTF-8 length (1..4),
// whatever the encoding; by the lead byte alone on ill-formed UTF-8.
inline unsigned seq_class(const void *p, Input in, size_t i)
{
    unsigned u = unit_at(p, in, i);
    if (in == IN_LATIN1)
        return u < 0x80 ? 1 : 2;
    if (is_utf16_input(in))
        return u < 0x80 ? 1 : u < 0x800 ? 2 : (u >= 0xD800 && u <= 0xDBFF) ? 4 : 3;
    return u < 0x80 ? 1 : u < 0xE0 ? 2 : u < 0xF0 ? 3 : 4;
}

} // namespace

const char kVariantMethod[] = "class-run-shuffle-v4: runs of characters of one UTF-8 length cut into "
                              "pieces (after ASCII whitespace or at 16 units) swapped with pieces of the same "
                              "class and length, then whole runs swapped with runs of the same class; both "
                              "within windows of 64; cuts only at character starts";

const void *input_text(const Dataset &d, Input in, size_t *units)
{
    switch (in) {
    case IN_UTF8: *units = d.u8.size(); return d.u8.data();
    case IN_UTF8L: *units = d.u8l.size(); return d.u8l.data();
    case IN_UTF16: *units = d.u16.size(); return d.u16.data();
    case IN_UTF16L: *units = d.u16l.size(); return d.u16l.data();
    case IN_MUTF8: *units = d.mu8.size(); return d.mu8.data();
    case IN_WTF8: *units = d.w8.size(); return d.w8.data();
    default: *units = d.l1.size(); return d.l1.data();
    }
}

std::vector<size_t> pick_slices(const Dataset &d, Input in, size_t n, size_t count)
{
    std::vector<size_t> v;
    size_t total;
    const void *p = input_text(d, in, &total);
    if (n > total || count == 0)
        return v;
    if (n == 0 || n == total) {
        v.push_back(0);
        return v;
    }
    auto boundary = [&](size_t i) { return i >= total || char_start(p, in, i); };
    size_t span = total - n; // last possible start
    size_t next_min = 0;
    for (size_t k = 0; k < count; k++) {
        size_t s = std::max(next_min, (size_t)((double)span * (double)k / (double)count));
        while (s <= span && !(boundary(s) && boundary(s + n)))
            s++;
        if (s > span)
            break;
        v.push_back(s);
        next_min = s + 1;
    }
    return v;
}

namespace {

struct Tok {
    size_t start, len;
    unsigned sig;
};

// Within each window of kWindow consecutive tokens, a Fisher-Yates shuffle
// of the tokens of each signature among the slots of that signature; then
// the tokens are written out in their new order.
void shuffle_tokens(std::vector<Tok> &tok, Rng &r, const char *src, size_t unit, char *dst)
{
    std::vector<size_t> slots;
    for (size_t w = 0; w < tok.size(); w += kWindow) {
        size_t m = std::min(kWindow, tok.size() - w);
        bool done[kWindow] = {false};
        for (size_t a = 0; a < m; a++) {
            if (done[a])
                continue;
            slots.clear();
            for (size_t b = a; b < m; b++)
                if (tok[w + b].sig == tok[w + a].sig) {
                    slots.push_back(w + b);
                    done[b] = true;
                }
            for (size_t i = slots.size() - 1; i > 0; i--)
                std::swap(tok[slots[i]], tok[slots[r.below((uint32_t)(i + 1))]]);
        }
    }
    for (const Tok &t : tok) {
        std::memcpy(dst, src + t.start * unit, t.len * unit);
        dst += t.len * unit;
    }
}

} // namespace

void make_variant(const void *src, size_t n, Input in, uint64_t seed, void *dst)
{
    size_t unit = unit_bytes(in);
    Rng r(seed);
    std::vector<char> mid(n * unit + 1);
    std::vector<Tok> tok;

    // 1. Pieces: every run of characters of one class is cut into pieces
    //    after ASCII whitespace or once a piece holds kTokenCap units (a run
    //    shorter than that is one piece). A piece takes the place of a piece
    //    of the same class and length: the runs keep their classes and
    //    lengths, their contents change.
    size_t start = 0;
    unsigned cls = n ? seq_class(src, in, 0) : 0;
    for (size_t i = 1; i < n; i++) {
        if (!char_start(src, in, i))
            continue;
        unsigned c = seq_class(src, in, i);
        if (c != cls || ascii_space(unit_at(src, in, i - 1)) || i - start >= kTokenCap) {
            tok.push_back({start, i - start, (unsigned)(i - start) * 8 + cls});
            start = i;
            cls = c;
        }
    }
    if (n > start)
        tok.push_back({start, n - start, (unsigned)(n - start) * 8 + cls});
    shuffle_tokens(tok, r, (const char *)src, unit, mid.data());

    // 2. Runs: a maximal run of characters of one class takes the place of a
    //    run of the same class (any length): the sequence of classes and the
    //    lengths of the runs of each class are the original's, the order of
    //    the lengths is new.
    tok.clear();
    const void *m = mid.data();
    start = 0;
    cls = n ? seq_class(m, in, 0) : 0;
    for (size_t i = 1; i < n; i++) {
        if (!char_start(m, in, i))
            continue;
        unsigned c = seq_class(m, in, i);
        if (c != cls) {
            tok.push_back({start, i - start, cls});
            start = i;
            cls = c;
        }
    }
    if (n > start)
        tok.push_back({start, n - start, cls});
    shuffle_tokens(tok, r, mid.data(), unit, (char *)dst);
}

std::vector<std::string> generated_dataset_names(bool all)
{
    std::vector<std::string> v;
    for (const GenDef &g : kGens)
        if (all || g.core)
            v.push_back(g.name);
    if (all)
        for (const char *e : kErrAll)
            v.push_back(std::string(e) + "_err");
    else
        for (const char *e : kErrCore)
            v.push_back(std::string(e) + "_err");
    return v;
}

bool make_dataset(const std::string &name, size_t min_units, Dataset *out)
{
    std::string base = name;
    bool err = ends_with(name, "_err");
    if (err)
        base = name.substr(0, name.size() - 4);
    const GenDef *g = nullptr;
    for (const GenDef &x : kGens)
        if (base == x.name)
            g = &x;
    if (!g)
        return false;

    // Every dataset has its own stream: adding one does not change the others.
    uint64_t seed = kSeed;
    for (char c : name)
        seed = seed * 131 + (unsigned char)c;
    Rng r(seed);
    Cps cps;
    // Generated in blocks whose ends depend only on the text itself, so a
    // longer dataset (a larger --sizes) starts with the same text: a row
    // measures the same bytes whatever the other sizes of the run are.
    // UTF-8 and UTF-16 must both reach min_units (+ room to pick slices).
    size_t need = min_units + 4096, n8 = 0, n16 = 0, done = 0;
    while (n8 < need || n16 < need) {
        g->fn(r, cps, cps.size() + 4096);
        for (; done < cps.size(); done++) {
            uint32_t c = cps[done];
            n8 += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
            n16 += c < 0x10000 ? 1 : 2;
        }
    }
    Dataset d;
    d.name = name;
    enc_utf8(cps, d.u8);
    enc_utf16(cps, d.u16);
    bool latin = std::all_of(cps.begin(), cps.end(), [](uint32_t c) { return c <= 0xFF; });
    if (err) {
        Rng er8(seed ^ UINT64_C(0xE77E77E77E77E77E)), er16(seed ^ UINT64_C(0x16E77E77E77E77E1));
        corrupt_utf8(er8, d.u8);
        corrupt_utf16(er16, d.u16);
        d.valid = false;
    } else if (latin) {
        d.l1.assign(cps.begin(), cps.end());
        for (size_t i = 0; i < cps.size(); i++)
            d.l1[i] = (char)(unsigned char)cps[i];
        d.u8l = d.u8;
        d.u16l = d.u16;
    }
    finish_flags(d);
    *out = std::move(d);
    return true;
}

std::vector<Dataset> load_corpus(const std::string &dir, std::string *err)
{
    std::map<std::string, Dataset> by_stem;
    DIR *dp = opendir(dir.c_str());
    if (!dp) {
        *err = "cannot open corpus directory " + dir;
        return {};
    }
    std::vector<std::string> names;
    while (struct dirent *e = readdir(dp))
        names.push_back(e->d_name);
    closedir(dp);
    std::sort(names.begin(), names.end());
    static const char *const kinds[] = {".utf8.txt", ".utf16.txt", ".latin1.txt", ".utflatin8.txt",
                                        ".utflatin16.txt"};
    for (const std::string &fn : names) {
        int kind = -1;
        for (int k = 0; k < 5; k++)
            if (ends_with(fn, kinds[k])) {
                kind = k;
                break;
            }
        if (kind < 0)
            continue;
        std::string stem = fn.substr(0, fn.size() - std::strlen(kinds[kind]));
        // Benchmark names are split on '/'; keep names simple.
        std::replace(stem.begin(), stem.end(), '/', '_');
        std::string bytes;
        if (!read_file(dir + "/" + fn, bytes)) {
            *err = "cannot read " + dir + "/" + fn;
            return {};
        }
        Dataset &d = by_stem[stem];
        d.name = stem;
        d.whole = true;
        switch (kind) {
        case 0: strip_utf8_bom(bytes); d.u8 = bytes; break;
        case 1: utf16le_units(bytes, d.u16); break;
        case 2: d.l1 = bytes; break;
        case 3: strip_utf8_bom(bytes); d.u8l = bytes; break;
        case 4: utf16le_units(bytes, d.u16l); break;
        }
    }
    std::vector<Dataset> v;
    for (auto &kv : by_stem) {
        Dataset &d = kv.second;
        d.valid = utf8_valid(d.u8) && utf16_valid(d.u16) && utf8_valid(d.u8l) && utf16_valid(d.u16l);
        finish_flags(d);
        v.push_back(std::move(d));
    }
    if (v.empty())
        *err = "no *.utf8.txt / *.utf16.txt / *.latin1.txt files in " + dir;
    return v;
}

size_t pick_slice(const Dataset &d, Input in, size_t n, size_t *got)
{
    size_t total;
    switch (in) {
    case IN_UTF8: total = d.u8.size(); break;
    case IN_UTF8L: total = d.u8l.size(); break;
    case IN_UTF16: total = d.u16.size(); break;
    case IN_UTF16L: total = d.u16l.size(); break;
    case IN_MUTF8: total = d.mu8.size(); break;
    case IN_WTF8: total = d.w8.size(); break;
    default: total = d.l1.size(); break;
    }
    if (n >= total) {
        *got = total;
        return 0;
    }
    *got = n;
    if (in == IN_LATIN1 || (!d.valid && in != IN_WTF8))
        return 0;
    auto boundary = [&](size_t i) -> bool {
        if (i >= total)
            return true;
        if (!is_utf16_input(in)) {
            const std::string &s = in == IN_UTF8 ? d.u8 : in == IN_UTF8L ? d.u8l : in == IN_MUTF8 ? d.mu8 : d.w8;
            return ((unsigned char)s[i] & 0xC0) != 0x80;
        }
        const std::vector<uint16_t> &s = in == IN_UTF16 ? d.u16 : d.u16l;
        return !(s[i] >= 0xDC00 && s[i] <= 0xDFFF);
    };
    for (size_t s = 0; s + n <= total; s++)
        if (boundary(s) && boundary(s + n))
            return s;
    // No exact slice: the longest prefix that ends on a boundary.
    size_t k = n;
    while (k > 0 && !boundary(k))
        k--;
    *got = k;
    return 0;
}

} // namespace ulb
