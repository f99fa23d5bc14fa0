/*
 * unilane.h -- SIMD kernels for Unicode text at the boundaries between runtimes.
 *
 * The only public header of unilane. It compiles as C99 and as C++.
 *
 * Conventions (they hold for every function below):
 *
 *  - Every string is (pointer, length). Nothing is NUL-terminated: U+0000 is
 *    ordinary data. A NULL pointer is allowed when the length is 0.
 *  - UTF-8, Latin-1 and ASCII are `char` bytes; UTF-16 is `uint16_t` code
 *    units in the machine's native byte order (NSString/unichar, JNI jchar,
 *    V8/Hermes/JSC two-byte strings).
 *  - Lengths and positions count code units of the buffer they refer to:
 *    bytes for UTF-8 and Latin-1, 16-bit units for UTF-16.
 *  - Source and destination must not overlap, except where a function says so.
 *  - No function allocates, takes a lock, reads past `src + len`, or writes
 *    outside `dst[0 .. written)`, for any input. A destination of exactly the
 *    size the length functions give is always enough; the "dst bound" of each
 *    function is a size that is enough without computing anything.
 *  - Bounds and the width of size_t: a bound `k*len` (k = 2 or 3 below) is
 *    a size only while it fits in size_t, that is for
 *    len <= UNILANE_MAX_LEN(k) (= SIZE_MAX / k); beyond that k*len wraps
 *    to a small number. No function computes a bound or takes the size of
 *    dst: each writes the conversion of its input, at most the true k*len
 *    units, so a buffer sized by a wrapped bound would be overrun. The
 *    caller checks len <= UNILANE_MAX_LEN(k) before it computes k*len, or
 *    sizes dst with the exact-length function, or converts in pieces with
 *    the streaming functions, which take a capacity and never write past it.
 *    With a 64-bit size_t no real buffer comes near the limit; with a 32-bit
 *    one, UTF-16 -> UTF-8 passes it above 1431655765 units and
 *    Latin-1 -> UTF-8 above 2147483647 bytes. The exact-length functions
 *    count in size_t as well: unilane_utf8_length_from_utf16 and
 *    unilane_utf8_length_from_latin1 return the true count modulo
 *    SIZE_MAX + 1. The true count is never below len and a wrapped one
 *    always is (it is at most 3*len - SIZE_MAX - 1, and len < SIZE_MAX / 2
 *    for UTF-16 in memory), so a result below len says that the output
 *    cannot be addressed at all.
 *  - A byte order mark is data like any other character: no function strips
 *    or adds one (see unilane_detect_bom).
 *  - Every function is thread-safe and reentrant; the only global state is
 *    the choice of kernel set (see unilane_use_kernel).
 *
 * Errors: a function that can meet ill-formed input returns a unilane_result.
 * On an encoding error, `read` is the index of the first unit of the first
 * ill-formed sequence, and a converting function has written exactly the
 * conversion of src[0 .. read): `written` says how many units that is, so the
 * caller can always keep the good prefix.
 */
#ifndef UNILANE_H
#define UNILANE_H

#include <stddef.h>
#include <stdint.h>

#define UNILANE_VERSION_MAJOR 0
#define UNILANE_VERSION_MINOR 2
#define UNILANE_VERSION_PATCH 0

/* The largest len for which the destination bound k*len (k = 1, 2 or 3, see
   each function) does not wrap around in size_t: SIZE_MAX / k. */
#define UNILANE_MAX_LEN(k) ((size_t)-1 / (size_t)(k))

#if defined(_WIN32) && defined(UNILANE_SHARED)
#  if defined(UNILANE_BUILDING)
#    define UNILANE_API __declspec(dllexport)
#  else
#    define UNILANE_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) && __GNUC__ >= 4 && !defined(_WIN32)
#  define UNILANE_API __attribute__((visibility("default")))
#else
#  define UNILANE_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Result and status                                                        */
/* ------------------------------------------------------------------------ */

typedef enum unilane_status {
    UNILANE_OK = 0,
    UNILANE_HEADER_BITS, /* UTF-8: byte 0xF8..0xFF                                     */
    UNILANE_TOO_SHORT,   /* UTF-8: lead byte not followed by enough continuation bytes
                             (this includes a sequence cut off by the end of the input) */
    UNILANE_TOO_LONG,    /* UTF-8: continuation byte 0x80..0xBF where a lead was
                             expected                                                   */
    UNILANE_OVERLONG,    /* UTF-8: 0xC0, 0xC1; 0xE0 then 0x80..0x9F; 0xF0 then
                             0x80..0x8F                                                 */
    UNILANE_TOO_LARGE,   /* UTF-8: 0xF5..0xF7; 0xF4 then 0x90..0xBF.
                             Narrowing to Latin-1: a well-formed character above
                             U+00FF, or a UTF-16 unit above 0xFF (surrogates included)  */
    UNILANE_SURROGATE,   /* UTF-8: 0xED then 0xA0..0xBF.
                             UTF-16 validation and UTF-16 -> UTF-8: unpaired surrogate  */
    UNILANE_OUTPUT_FULL  /* streaming and bounded calls only: destination capacity
                             reached; not an encoding error                             */
} unilane_status;

/*
 * Classification of a UTF-8 error is decided in this order: the lead byte
 * alone (HEADER_BITS for F8..FF, OVERLONG for C0/C1, TOO_LARGE for F5..F7,
 * TOO_LONG for a stray continuation byte); then the second byte when it is a
 * continuation byte but outside the lead's allowed range (OVERLONG, SURROGATE,
 * TOO_LARGE as listed); otherwise TOO_SHORT. `read` on error equals Rust's
 * Utf8Error::valid_up_to: the length of the longest well-formed prefix that
 * ends on a character boundary.
 */
typedef struct unilane_result {
    unilane_status status;
    size_t read;    /* input units consumed; on an encoding error, the index of
                        the first unit of the first ill-formed sequence           */
    size_t written; /* output units written                                      */
} unilane_result;

/* A short English name of the status ("ok", "too short", ...). Never NULL,
   also for values outside the enum ("unknown status"). */
UNILANE_API const char *unilane_status_string(unilane_status s);

/* ------------------------------------------------------------------------ */
/* Detection and validation                                                 */
/* ------------------------------------------------------------------------ */

/* Number of bytes before the first byte >= 0x80 (len if there is none). */
UNILANE_API size_t unilane_ascii_prefix(const char *src, size_t len);
/* Number of units before the first unit >= 0x80 (len if there is none). */
UNILANE_API size_t unilane_utf16_ascii_prefix(const uint16_t *src, size_t len);
/* Number of units before the first unit > 0xFF (len if there is none). */
UNILANE_API size_t unilane_utf16_latin1_prefix(const uint16_t *src, size_t len);

/*
 * Validates UTF-8. On success: {UNILANE_OK, len, 0}. On error: the status of
 * the first ill-formed sequence (HEADER_BITS, TOO_SHORT, TOO_LONG, OVERLONG,
 * TOO_LARGE, SURROGATE), read = its index, written = 0.
 */
UNILANE_API unilane_result unilane_validate_utf8(const char *src, size_t len);

/*
 * Validates UTF-16: every high surrogate (D800..DBFF) must be followed by a
 * low surrogate (DC00..DFFF) and every low surrogate preceded by a high one.
 * On success: {UNILANE_OK, len, 0}. Otherwise {UNILANE_SURROGATE, index of
 * the first unpaired surrogate, 0}.
 */
UNILANE_API unilane_result unilane_validate_utf16(const uint16_t *src, size_t len);

/* ------------------------------------------------------------------------ */
/* Conversion, one shot                                                     */
/* ------------------------------------------------------------------------ */

/* Latin-1 -> UTF-16. dst bound: len units. Returns len. Cannot fail. */
UNILANE_API size_t unilane_latin1_to_utf16(const char *src, size_t len, uint16_t *dst);

/*
 * UTF-16 -> Latin-1. dst bound: len bytes. Stops at the first unit > 0xFF
 * (surrogates included) with UNILANE_TOO_LARGE, read = written = its index.
 */
UNILANE_API unilane_result unilane_utf16_to_latin1(const uint16_t *src, size_t len, char *dst);

/* Latin-1 -> UTF-8. dst bound: 2*len bytes (exact: unilane_utf8_length_from_latin1).
   Returns the number of bytes written. Cannot fail. */
UNILANE_API size_t unilane_latin1_to_utf8(const char *src, size_t len, char *dst);

/*
 * UTF-8 -> Latin-1. dst bound: len bytes (exact for valid input:
 * unilane_utf16_length_from_utf8). An ill-formed UTF-8 sequence is reported
 * with its UTF-8 status (as unilane_validate_utf8 would); a well-formed
 * character above U+00FF with UNILANE_TOO_LARGE. Whichever comes first wins.
 */
UNILANE_API unilane_result unilane_utf8_to_latin1(const char *src, size_t len, char *dst);

/*
 * UTF-8 -> UTF-16, strict. dst bound: len units (exact:
 * unilane_utf16_length_from_utf8). Stops at the first ill-formed sequence
 * with its UTF-8 status; `written` units (the conversion of src[0..read))
 * are in dst.
 */
UNILANE_API unilane_result unilane_utf8_to_utf16(const char *src, size_t len, uint16_t *dst);

/*
 * UTF-8 -> UTF-16 with replacement (WHATWG Encoding Standard, Unicode's
 * "maximal subpart" practice, as ICU, encoding_rs and TextDecoder do): each
 * maximal subpart of an ill-formed sequence becomes one U+FFFD. dst bound:
 * len units (exact: unilane_utf16_length_from_utf8_lossy). Returns the
 * number of units written.
 */
UNILANE_API size_t unilane_utf8_to_utf16_lossy(const char *src, size_t len, uint16_t *dst);

/*
 * UTF-16 -> UTF-8, strict. dst bound: 3*len bytes (exact for valid input:
 * unilane_utf8_length_from_utf16). Stops at the first unpaired surrogate
 * with UNILANE_SURROGATE.
 */
UNILANE_API unilane_result unilane_utf16_to_utf8(const uint16_t *src, size_t len, char *dst);

/*
 * UTF-16 -> UTF-8 with replacement: each unpaired surrogate becomes U+FFFD
 * (EF BF BD). dst bound: 3*len bytes (exact: unilane_utf8_length_from_utf16).
 * Returns the number of bytes written.
 */
UNILANE_API size_t unilane_utf16_to_utf8_lossy(const uint16_t *src, size_t len, char *dst);

/*
 * Copies UTF-16 to dst replacing every unpaired surrogate by U+FFFD (what
 * JavaScript's String.prototype.toWellFormed does). dst bound: len units;
 * dst == src is allowed (in-place), any other overlap is not. Returns the
 * number of surrogates replaced.
 */
UNILANE_API size_t unilane_utf16_make_well_formed(const uint16_t *src, size_t len, uint16_t *dst);

/* ------------------------------------------------------------------------ */
/* Lengths                                                                  */
/* ------------------------------------------------------------------------ */

/* Exact UTF-8 length of Latin-1 text: len plus the number of bytes >= 0x80. */
UNILANE_API size_t unilane_utf8_length_from_latin1(const char *src, size_t len);

/* Exact length of the strict UTF-8 output for valid UTF-16, and of the lossy
   output for any UTF-16 (an unpaired surrogate counts 3). */
UNILANE_API size_t unilane_utf8_length_from_utf16(const uint16_t *src, size_t len);

/* Exact UTF-16 length for valid UTF-8. For any input: the number of bytes
   outside 0x80..0xBF plus the number of bytes 0xF0..0xFF (every kernel
   returns this same value). For UTF-8 that converts to Latin-1 it is also the
   exact Latin-1 length. */
UNILANE_API size_t unilane_utf16_length_from_utf8(const char *src, size_t len);

/* Exact length of unilane_utf8_to_utf16_lossy's output, for any input. */
UNILANE_API size_t unilane_utf16_length_from_utf8_lossy(const char *src, size_t len);

/* ------------------------------------------------------------------------ */
/* WTF-8: a lossless 8-bit form of any UTF-16 (since 0.2)                   */
/* ------------------------------------------------------------------------ */

/*
 * For strings that must cross a UTF-8 channel and come back unchanged, lone
 * surrogates included (a JS string through a UTF-8 API; Rust's OsString on
 * Windows). WTF-8 is defined at https://simonsapin.github.io/wtf-8/: UTF-8 in
 * which a surrogate code point U+D800..DFFF may appear as its own 3-byte
 * sequence ED A0..BF 80..BF, except that a high surrogate directly followed
 * by a low one must be written as the 4-byte sequence of the pair.
 */

/* Never fails: a surrogate pair becomes its 4-byte sequence, an unpaired
   surrogate the 3-byte sequence of its own value, everything else its UTF-8.
   Returns the bytes written, exactly unilane_utf8_length_from_utf16(src,
   len). dst bound: 3 * len bytes. */
UNILANE_API size_t unilane_utf16_to_wtf8(const uint16_t *src, size_t len, char *dst);

/* Errors are those of unilane_validate_utf8 with two differences: ED A0..BF
   80..BF is allowed (not SURROGATE), and a high-surrogate sequence ED A0..AF
   xx directly followed by a low-surrogate sequence ED B0..BF xx is
   UNILANE_SURROGATE with `read` at the first byte of the low one (the high
   surrogate before it is a valid prefix). A cut-off surrogate sequence (ED
   A0..BF without a third byte 80..BF) is UNILANE_TOO_SHORT, like any cut-off
   sequence, also right after a high surrogate. */
UNILANE_API unilane_result unilane_validate_wtf8(const char *src, size_t len);

/* Strict WTF-8 to UTF-16 (errors as unilane_validate_wtf8; a surrogate
   sequence becomes that surrogate unit). dst bound: len units; the exact
   length is unilane_utf16_length_from_utf8(src, len). For every UTF-16 s,
   wtf8_to_utf16(utf16_to_wtf8(s)) == s, and for every well-formed WTF-8 b,
   utf16_to_wtf8(wtf8_to_utf16(b)) == b. */
UNILANE_API unilane_result unilane_wtf8_to_utf16(const char *src, size_t len, uint16_t *dst);

/* ------------------------------------------------------------------------ */
/* Java modified UTF-8: JNI, class files, DataOutput.writeUTF (since 0.2)   */
/* ------------------------------------------------------------------------ */

/*
 * Each UTF-16 unit is encoded on its own: 0x0001..0x007F as one byte; 0x0000
 * and 0x0080..0x07FF as two bytes (U+0000 is C0 80, so the output never
 * holds a zero byte); 0x0800..0xFFFF, surrogates included (paired or not), as
 * three bytes. These are exactly the bytes of JNI GetStringUTFChars (without
 * its terminating NUL) and of java.io.DataOutputStream.writeUTF after its
 * 2-byte length. Never fails; dst bound: 3 * len bytes; returns the bytes
 * written, exactly unilane_mutf8_length_from_utf16(src, len).
 *
 * writeUTF refuses strings whose encoding is longer than 65535 bytes; these
 * functions have no such limit (checking it is the caller's business).
 */
UNILANE_API size_t unilane_utf16_to_mutf8(const uint16_t *src, size_t len, char *dst);

/* Exact length of unilane_utf16_to_mutf8's output (JNI GetStringUTFLength). */
UNILANE_API size_t unilane_mutf8_length_from_utf16(const uint16_t *src, size_t len);

/*
 * Accepts exactly what java.io.DataInputStream.readUTF accepts and produces
 * the same UTF-16: a byte 00..7F is one unit (a zero byte is accepted, as
 * readUTF does); C0..DF then one byte 80..BF is ((b0 & 0x1F) << 6) | (b1 &
 * 0x3F); E0..EF then two bytes 80..BF is ((b0 & 0x0F) << 12) | ((b1 & 0x3F)
 * << 6) | (b2 & 0x3F). Overlong forms and surrogates are accepted, as Java
 * does. Errors, `read` at the lead byte: a byte 80..BF where a lead is due
 * is UNILANE_TOO_LONG; F0..FF is UNILANE_HEADER_BITS; a lead whose
 * continuation bytes are missing or not 80..BF is UNILANE_TOO_SHORT. dst
 * bound: len units; for accepted input the exact length is
 * unilane_utf16_length_from_utf8(src, len).
 */
UNILANE_API unilane_result unilane_mutf8_to_utf16(const char *src, size_t len, uint16_t *dst);

/* ------------------------------------------------------------------------ */
/* One pass before creating an engine string (since 0.2)                    */
/* ------------------------------------------------------------------------ */

/*
 * A JS engine or VM that makes a string from UTF-8 first needs its length
 * and its narrowest representation (V8 and JSC one-byte/two-byte, Hermes
 * ASCII/UTF-16, Dart one-byte/two-byte, the WebAssembly component model's
 * latin1+utf16). These give all of it in one pass.
 */
typedef enum unilane_width {
    UNILANE_WIDTH_ASCII = 0, /* every character below U+0080 (also the empty string)  */
    UNILANE_WIDTH_LATIN1,    /* every character at most U+00FF, one at least U+0080    */
    UNILANE_WIDTH_BMP,       /* every character at most U+FFFF (UTF-16 with no
                                surrogate pair), one above U+00FF                      */
    UNILANE_WIDTH_ASTRAL     /* some character above U+FFFF (a surrogate pair in UTF-16) */
} unilane_width;

typedef struct unilane_utf8_info {
    unilane_status status; /* OK, or the first error's status, as unilane_validate_utf8 */
    size_t read;           /* len, or the first error's index, as unilane_validate_utf8  */
    size_t utf16_length;   /* UTF-16 units of the text described (below)                 */
    unilane_width width;   /* the narrowest width that holds the text described          */
} unilane_utf8_info;

/* Describes the valid prefix src[0 .. read): its UTF-16 length (what
   unilane_utf8_to_utf16 writes for it) and its width. */
UNILANE_API unilane_utf8_info unilane_utf8_inspect(const char *src, size_t len);

/* Describes the whole lossy output (unilane_utf8_to_utf16_lossy): its length
   is unilane_utf16_length_from_utf8_lossy(src, len), and a U+FFFD that
   replaces an ill-formed sequence counts as BMP. status and read still name
   the first error (as unilane_validate_utf8), so the caller knows whether
   anything was replaced. */
UNILANE_API unilane_utf8_info unilane_utf8_inspect_lossy(const char *src, size_t len);

typedef struct unilane_utf16_info {
    unilane_status status; /* OK, or SURROGATE at the first unpaired surrogate          */
    size_t read;           /* len, or that surrogate's index, as unilane_validate_utf16 */
    size_t utf8_length;    /* unilane_utf8_length_from_utf16(src, len): the whole input */
    unilane_width width;   /* of the whole input; an unpaired surrogate counts as BMP   */
} unilane_utf16_info;

/* For UTF-16 the width is decided per unit: ASCII if every unit is below
   0x80, LATIN1 if every unit is at most 0xFF, ASTRAL if the input holds a
   valid surrogate pair, BMP otherwise. utf8_length and width always describe
   the whole input, also when status is SURROGATE. */
UNILANE_API unilane_utf16_info unilane_utf16_inspect(const uint16_t *src, size_t len);

/* ------------------------------------------------------------------------ */
/* Bounded Latin-1 to UTF-8 (since 0.2)                                     */
/* ------------------------------------------------------------------------ */

/*
 * V8's one-byte strings are Latin-1; writing one into a fixed buffer must
 * stop at a character boundary (Node's buf.write). Writes the longest prefix
 * of unilane_latin1_to_utf8's output that ends on a character boundary and
 * fits in cap bytes: `read` source bytes converted, `written` bytes written
 * (nothing is written past dst + written, even when a 2-byte character did
 * not fit in the last byte of cap). status is UNILANE_OK when all of src was
 * converted (read == len), else UNILANE_OUTPUT_FULL. cap == 0 is allowed
 * (dst may then be NULL). A cap above 2 * len is the same as 2 * len.
 */
UNILANE_API unilane_result unilane_latin1_to_utf8_bounded(const char *src, size_t len, char *dst,
                                                          size_t cap);

/* ------------------------------------------------------------------------ */
/* Streaming and bounded output                                             */
/* ------------------------------------------------------------------------ */

/*
 * For text that arrives in chunks and for writes into a buffer that may be
 * too small. No allocation: the state lives in a small struct the caller
 * owns. Rules, for both directions:
 *
 *  - Output stops before a character that does not fit whole (a UTF-8
 *    sequence or a surrogate pair is never split): then status is
 *    UNILANE_OUTPUT_FULL, and the caller calls again with src + read.
 *    Everything that fits is written.
 *  - A sequence cut off by the end of a chunk is kept in the state (its units
 *    count as read) and completed by the next chunk. With last != 0 the state
 *    is flushed: in lossy mode a partial sequence or pending high surrogate
 *    becomes U+FFFD; in strict mode it is UNILANE_TOO_SHORT (decoder) or
 *    UNILANE_SURROGATE (encoder).
 *  - In strict mode the call stops at the first error; `read` is the error's
 *    index in this chunk (0 if it began in an earlier chunk) and `written`
 *    counts what was written by this call.
 *  - cap == 0 makes no output and reports OUTPUT_FULL if output was due; it
 *    is never an error in itself.
 *  - Any split of the input into chunks, and any output capacities, give the
 *    same output as the one-shot function on the whole input.
 *  - A final call that returns OUTPUT_FULL is repeated, with the rest of the
 *    input and `last` still set, until it returns OK. After a call with
 *    last != 0 that returns OK the object is back in its initial state.
 *  - The structs must be set up with the _init function; a zeroed or copied
 *    struct is not a valid state. After a strict error the state is
 *    unspecified until the next _init. A mode other than UNILANE_STRICT or
 *    UNILANE_LOSSY is undefined behaviour.
 *
 * Bounded output of a whole string (V8's WriteUtf8 rule) is one call with
 * last = 1: it writes the longest prefix of whole characters that fits.
 */
enum { UNILANE_STRICT = 0, UNILANE_LOSSY = 1 };

typedef struct unilane_utf8_decoder {
    /* private: at most 3 bytes of a partial sequence */
    unsigned char pending_[4];
    unsigned char npending_;
    unsigned char mode_;
    unsigned char reserved_[2]; /* zero; keeps the size of 0.1 */
} unilane_utf8_decoder;

UNILANE_API void unilane_utf8_decoder_init(unilane_utf8_decoder *d, int mode);

/* Decodes UTF-8 in src[0..len) into at most cap units of dst. */
UNILANE_API unilane_result unilane_utf8_decode(unilane_utf8_decoder *d, const char *src, size_t len,
                                               uint16_t *dst, size_t cap, int last);

typedef struct unilane_utf8_encoder {
    /* private: at most one high surrogate */
    uint16_t high_;
    unsigned char mode_;
    unsigned char reserved_; /* zero; keeps the size of 0.1 */
} unilane_utf8_encoder;

UNILANE_API void unilane_utf8_encoder_init(unilane_utf8_encoder *e, int mode);

/* Encodes UTF-16 in src[0..len) as UTF-8 into at most cap bytes of dst. */
UNILANE_API unilane_result unilane_utf8_encode(unilane_utf8_encoder *e, const uint16_t *src,
                                               size_t len, char *dst, size_t cap, int last);

/* ------------------------------------------------------------------------ */
/* Byte order mark                                                          */
/* ------------------------------------------------------------------------ */

typedef enum unilane_encoding {
    UNILANE_ENC_UNKNOWN,
    UNILANE_ENC_UTF8,
    UNILANE_ENC_UTF16LE,
    UNILANE_ENC_UTF16BE,
    UNILANE_ENC_UTF32LE,
    UNILANE_ENC_UTF32BE
} unilane_encoding;

/*
 * Looks for a byte order mark at the start of src. The longest match wins
 * (FF FE 00 00 is UTF-32LE, 4 bytes; FF FE 00 with len 3 is UTF-16LE, 2
 * bytes). With no BOM: UNILANE_ENC_UNKNOWN and *bom_len = 0. bom_len may be
 * NULL.
 */
UNILANE_API unilane_encoding unilane_detect_bom(const void *src, size_t len, size_t *bom_len);

/* ------------------------------------------------------------------------ */
/* Kernels                                                                  */
/* ------------------------------------------------------------------------ */

/*
 * Name of the kernel set in use: "scalar", "avx2", "avx512", "neon"
 * (AArch64) or "neon32" (ARMv7 with NEON). The first call of any function picks the best set the CPU and OS support, once and
 * thread-safely; the environment variable UNILANE_KERNEL (same names)
 * overrides that choice when the named set is available ("auto", an empty
 * value or an unavailable name mean no override).
 */
UNILANE_API const char *unilane_kernel(void);

/*
 * Selects a kernel set by its exact lower-case name, or "auto" for the best
 * one the CPU supports. Returns 0 on success, -1 if this CPU or build lacks
 * it (the choice is then unchanged). May be called at any time: a call
 * running concurrently in another thread uses either the old or the new set.
 */
UNILANE_API int unilane_use_kernel(const char *name);

/* ------------------------------------------------------------------------ */
/* Version                                                                  */
/* ------------------------------------------------------------------------ */

/* "MAJOR.MINOR.PATCH" of the library that is linked. */
UNILANE_API const char *unilane_version(void);

#ifdef __cplusplus
}
#endif

#endif /* UNILANE_H */
