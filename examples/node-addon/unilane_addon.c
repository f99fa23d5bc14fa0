/*
 * unilane_addon.c -- a Node-API addon in plain C on unilane.
 *
 *   toString(u8)          UTF-8 bytes -> JS string, as buf.toString('utf8'):
 *                         one unilane_utf8_inspect_lossy pass picks a
 *                         one-byte (Latin-1) or a two-byte (UTF-16) string
 *   inspect(u8)           that pass's result: { status, read, utf16Length, width }
 *   write(u8, str[, offset[, length]])
 *                         JS string -> UTF-8 in a caller's buffer, as
 *                         buf.write(str, offset, length): whole characters
 *                         only, lone surrogates as U+FFFD; returns
 *                         { read, written } (UTF-16 units read, bytes written,
 *                         as TextEncoder.encodeInto)
 *   Utf8Decoder           new Utf8Decoder(); d.write(u8) -> string;
 *                         d.end([u8]) -> string, as StringDecoder('utf8')
 *   kernel(), version()   unilane_kernel(), unilane_version()
 *
 * Built by build.sh with the system compiler against the Node headers; no
 * node-gyp. Only the N-API functions of NAPI_VERSION 1 are used.
 */
#include <node_api.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unilane.h>

/* ------------------------------------------------------------------------ */
/* Plumbing                                                                 */
/* ------------------------------------------------------------------------ */

/* Throws (unless an exception is already pending) and returns NULL, which
   N-API turns into `undefined` with the exception propagating. */
static napi_value fail(napi_env env, const char *msg)
{
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (!pending)
        napi_throw_error(env, NULL, msg);
    return NULL;
}

#define NAPI_OR_FAIL(env, call)            \
  do {                                     \
    if ((call) != napi_ok)                 \
      return fail((env), "N-API: " #call); \
  } while (0)

/* Scratch memory: a buffer on the stack for short strings (no malloc on the
   path that N-API call overhead already dominates), the heap above it. */
enum { SCRATCH_LOCAL = 2048 };
typedef struct scratch {
    void *heap;
    union {
        uint16_t u16[SCRATCH_LOCAL / 2];
        char u8[SCRATCH_LOCAL];
    } local;
} scratch;

static void *scratch_get(scratch *s, size_t bytes)
{
    s->heap = NULL;
    if (bytes <= sizeof s->local)
        return &s->local;
    s->heap = malloc(bytes);
    return s->heap;
}

static void scratch_free(scratch *s)
{
    free(s->heap);
    s->heap = NULL;
}

/* The bytes of a Uint8Array (a Buffer is one). */
static int get_bytes(napi_env env, napi_value v, char **data, size_t *len)
{
    bool is_ta = false;
    napi_typedarray_type type;
    void *p = NULL;
    if (napi_is_typedarray(env, v, &is_ta) != napi_ok || !is_ta ||
        napi_get_typedarray_info(env, v, &type, len, &p, NULL, NULL) != napi_ok ||
        type != napi_uint8_array) {
        napi_throw_type_error(env, NULL, "expected a Buffer or Uint8Array");
        return -1;
    }
    *data = p;
    return 0;
}

static napi_value make_uint(napi_env env, size_t n)
{
    napi_value v;
    if (napi_create_double(env, (double)n, &v) != napi_ok)
        return NULL;
    return v;
}

/* ------------------------------------------------------------------------ */
/* UTF-8 -> JS string                                                       */
/* ------------------------------------------------------------------------ */

/* One inspection pass gives the length and the narrowest width of the lossy
   output; then one conversion into the representation V8 would pick
   itself: one-byte for ASCII and Latin-1 text, two-byte otherwise. */
static napi_value string_from_utf8(napi_env env, const char *src, size_t len)
{
    unilane_utf8_info info = unilane_utf8_inspect_lossy(src, len);
    napi_value out = NULL;
    napi_status st;
    scratch s;

    if (info.width == UNILANE_WIDTH_ASCII) {
        /* ASCII bytes are their own Latin-1 (and a replaced byte would have
           made the width BMP, so the input is valid). */
        st = napi_create_string_latin1(env, len ? src : "", len, &out);
    } else if (info.width == UNILANE_WIDTH_LATIN1) {
        /* Valid UTF-8 with every character at most U+00FF. */
        char *l1 = scratch_get(&s, info.utf16_length);
        unilane_result r;
        if (!l1)
            return fail(env, "out of memory");
        r = unilane_utf8_to_latin1(src, len, l1);
        if (r.status != UNILANE_OK || r.written != info.utf16_length) {
            scratch_free(&s);
            return fail(env, "unilane: inspect_lossy and utf8_to_latin1 disagree");
        }
        st = napi_create_string_latin1(env, l1, r.written, &out);
        scratch_free(&s);
    } else {
        /* BMP or astral, or anything replaced by U+FFFD. */
        uint16_t *u = scratch_get(&s, info.utf16_length * sizeof *u);
        size_t n;
        if (!u)
            return fail(env, "out of memory");
        n = unilane_utf8_to_utf16_lossy(src, len, u);
        if (n != info.utf16_length) {
            scratch_free(&s);
            return fail(env, "unilane: inspect_lossy and utf8_to_utf16_lossy disagree");
        }
        st = napi_create_string_utf16(env, u, n, &out);
        scratch_free(&s);
    }
    if (st != napi_ok)
        return fail(env, "N-API: napi_create_string");
    return out;
}

static napi_value js_to_string(napi_env env, napi_callback_info cbinfo)
{
    size_t argc = 1;
    napi_value argv[1];
    char *data;
    size_t len;
    NAPI_OR_FAIL(env, napi_get_cb_info(env, cbinfo, &argc, argv, NULL, NULL));
    if (argc < 1 || get_bytes(env, argv[0], &data, &len) != 0)
        return fail(env, "toString(u8)");
    return string_from_utf8(env, data, len);
}

static napi_value js_inspect(napi_env env, napi_callback_info cbinfo)
{
    size_t argc = 1;
    napi_value argv[1], obj, v;
    char *data;
    size_t len;
    unilane_utf8_info info;
    static const char *const widths[] = { "ascii", "latin1", "bmp", "astral" };
    NAPI_OR_FAIL(env, napi_get_cb_info(env, cbinfo, &argc, argv, NULL, NULL));
    if (argc < 1 || get_bytes(env, argv[0], &data, &len) != 0)
        return fail(env, "inspect(u8)");
    info = unilane_utf8_inspect_lossy(data, len);
    NAPI_OR_FAIL(env, napi_create_object(env, &obj));
    NAPI_OR_FAIL(env, napi_create_string_utf8(env, unilane_status_string(info.status),
                                              NAPI_AUTO_LENGTH, &v));
    NAPI_OR_FAIL(env, napi_set_named_property(env, obj, "status", v));
    NAPI_OR_FAIL(env, napi_set_named_property(env, obj, "read", make_uint(env, info.read)));
    NAPI_OR_FAIL(
        env, napi_set_named_property(env, obj, "utf16Length", make_uint(env, info.utf16_length)));
    NAPI_OR_FAIL(env, napi_create_string_utf8(env, widths[info.width & 3], NAPI_AUTO_LENGTH, &v));
    NAPI_OR_FAIL(env, napi_set_named_property(env, obj, "width", v));
    return obj;
}

/* ------------------------------------------------------------------------ */
/* JS string -> UTF-8 in a fixed buffer                                     */
/* ------------------------------------------------------------------------ */

/* N-API does not say whether a string is one-byte or two-byte, and its
   Latin-1 getter truncates two-byte units silently, so the string is read
   as UTF-16 and unilane_utf16_inspect decides. A Latin-1 string (every unit
   at most 0xFF) is narrowed and written by unilane_latin1_to_utf8_bounded;
   an embedder that sees the engine's one-byte storage (V8's IsOneByte and
   WriteOneByte, JSC's characters8) hands it over directly. Any other string
   goes through the encoder with last = 1: whole characters that fit, an
   unpaired surrogate as U+FFFD, never a split pair. */
static int write_string(const uint16_t *u, size_t n, char *dst, size_t cap, unilane_result *r)
{
    unilane_utf16_info info = unilane_utf16_inspect(u, n);
    if (info.width <= UNILANE_WIDTH_LATIN1) {
        scratch s;
        char *l1 = scratch_get(&s, n);
        if (!l1)
            return -1;
        unilane_utf16_to_latin1(u, n, l1); /* cannot fail: every unit <= 0xFF */
        *r = unilane_latin1_to_utf8_bounded(l1, n, dst, cap);
        scratch_free(&s);
    } else {
        unilane_utf8_encoder e;
        unilane_utf8_encoder_init(&e, UNILANE_LOSSY);
        *r = unilane_utf8_encode(&e, u, n, dst, cap, 1);
    }
    return 0;
}

static int get_index(napi_env env, napi_value v, size_t max, size_t *out)
{
    double d;
    if (napi_get_value_double(env, v, &d) != napi_ok || !(d >= 0) || d > (double)max ||
        d != (double)(size_t)d) {
        napi_throw_range_error(env, NULL, "offset or length out of range");
        return -1;
    }
    *out = (size_t)d;
    return 0;
}

static napi_value js_write(napi_env env, napi_callback_info cbinfo)
{
    size_t argc = 4, blen, offset = 0, cap, n16 = 0, got = 0;
    napi_value argv[4], obj;
    napi_valuetype t;
    char *data;
    uint16_t *u;
    scratch s16;
    unilane_result r;
    int ok;

    NAPI_OR_FAIL(env, napi_get_cb_info(env, cbinfo, &argc, argv, NULL, NULL));
    if (argc < 2 || get_bytes(env, argv[0], &data, &blen) != 0)
        return fail(env, "write(u8, str[, offset[, length]])");
    NAPI_OR_FAIL(env, napi_typeof(env, argv[1], &t));
    if (t != napi_string) {
        napi_throw_type_error(env, NULL, "write: the second argument must be a string");
        return NULL;
    }
    if (argc > 2 && get_index(env, argv[2], blen, &offset) != 0)
        return NULL;
    cap = blen - offset;
    if (argc > 3) {
        size_t want;
        if (get_index(env, argv[3], SIZE_MAX / 2, &want) != 0)
            return NULL;
        if (want < cap)
            cap = want;
    }

    NAPI_OR_FAIL(env, napi_get_value_string_utf16(env, argv[1], NULL, 0, &n16));
    /* + 1: N-API writes a terminating NUL. */
    u = scratch_get(&s16, (n16 + 1) * sizeof *u);
    if (!u)
        return fail(env, "out of memory");
    if (napi_get_value_string_utf16(env, argv[1], u, n16 + 1, &got) != napi_ok || got != n16) {
        scratch_free(&s16);
        return fail(env, "N-API: napi_get_value_string_utf16");
    }
    ok = write_string(u, n16, data + offset, cap, &r);
    scratch_free(&s16);
    if (ok != 0)
        return fail(env, "out of memory");
    if (r.status != UNILANE_OK && r.status != UNILANE_OUTPUT_FULL)
        return fail(env, "unilane: lossy write failed");

    NAPI_OR_FAIL(env, napi_create_object(env, &obj));
    NAPI_OR_FAIL(env, napi_set_named_property(env, obj, "read", make_uint(env, r.read)));
    NAPI_OR_FAIL(env, napi_set_named_property(env, obj, "written", make_uint(env, r.written)));
    return obj;
}

/* ------------------------------------------------------------------------ */
/* A StringDecoder-like streaming object                                    */
/* ------------------------------------------------------------------------ */

static void decoder_finalize(napi_env env, void *data, void *hint)
{
    (void)env;
    (void)hint;
    free(data);
}

static napi_value decoder_new(napi_env env, napi_callback_info cbinfo)
{
    napi_value self;
    unilane_utf8_decoder *d;
    NAPI_OR_FAIL(env, napi_get_cb_info(env, cbinfo, NULL, NULL, &self, NULL));
    d = malloc(sizeof *d);
    if (!d)
        return fail(env, "out of memory");
    unilane_utf8_decoder_init(d, UNILANE_LOSSY);
    if (napi_wrap(env, self, d, decoder_finalize, NULL, NULL) != napi_ok) {
        free(d);
        return fail(env, "N-API: napi_wrap");
    }
    return self;
}

/* Decodes one chunk (last: flush the state) into a JS string. A chunk of
   len bytes after at most 3 pending ones gives at most len + 3 units (each
   byte is at most one unit, except the 4 bytes of an astral character,
   which give 2); the loop on OUTPUT_FULL is there all the same. */
static napi_value decoder_chunk(napi_env env, napi_callback_info cbinfo, int last)
{
    size_t argc = 1, len = 0, cap, n = 0;
    napi_value argv[1], self, out;
    unilane_utf8_decoder *d;
    char *data = NULL;
    uint16_t *u;
    scratch s;
    unilane_result r;

    NAPI_OR_FAIL(env, napi_get_cb_info(env, cbinfo, &argc, argv, &self, NULL));
    NAPI_OR_FAIL(env, napi_unwrap(env, self, (void **)&d));
    if (argc >= 1) {
        napi_valuetype t;
        NAPI_OR_FAIL(env, napi_typeof(env, argv[0], &t));
        if (t != napi_undefined && get_bytes(env, argv[0], &data, &len) != 0)
            return NULL;
    }
    cap = len + 4;
    u = scratch_get(&s, cap * sizeof *u);
    if (!u)
        return fail(env, "out of memory");
    for (;;) {
        r = unilane_utf8_decode(d, data, len, u + n, cap - n, last);
        n += r.written;
        data += r.read;
        len -= r.read;
        if (r.status != UNILANE_OUTPUT_FULL)
            break;
        /* Not expected (see above); grow and go on. */
        {
            size_t ncap = 2 * cap;
            uint16_t *nu = malloc(ncap * sizeof *nu);
            if (!nu) {
                scratch_free(&s);
                return fail(env, "out of memory");
            }
            memcpy(nu, u, n * sizeof *u);
            scratch_free(&s);
            s.heap = nu;
            u = nu;
            cap = ncap;
        }
    }
    if (r.status != UNILANE_OK) {
        scratch_free(&s);
        return fail(env, "unilane: lossy decode failed");
    }
    if (napi_create_string_utf16(env, u, n, &out) != napi_ok) {
        scratch_free(&s);
        return fail(env, "N-API: napi_create_string_utf16");
    }
    scratch_free(&s);
    return out;
}

static napi_value decoder_write(napi_env env, napi_callback_info cbinfo)
{
    return decoder_chunk(env, cbinfo, 0);
}

static napi_value decoder_end(napi_env env, napi_callback_info cbinfo)
{
    return decoder_chunk(env, cbinfo, 1);
}

/* ------------------------------------------------------------------------ */
/* Module                                                                   */
/* ------------------------------------------------------------------------ */

static napi_value js_kernel(napi_env env, napi_callback_info cbinfo)
{
    napi_value v;
    (void)cbinfo;
    NAPI_OR_FAIL(env, napi_create_string_utf8(env, unilane_kernel(), NAPI_AUTO_LENGTH, &v));
    return v;
}

static napi_value js_version(napi_env env, napi_callback_info cbinfo)
{
    napi_value v;
    (void)cbinfo;
    NAPI_OR_FAIL(env, napi_create_string_utf8(env, unilane_version(), NAPI_AUTO_LENGTH, &v));
    return v;
}

NAPI_MODULE_INIT()
{
    napi_value cls;
    napi_property_descriptor fns[] = {
        { "toString", NULL, js_to_string, NULL, NULL, NULL, napi_enumerable, NULL },
        { "inspect", NULL, js_inspect, NULL, NULL, NULL, napi_enumerable, NULL },
        { "write", NULL, js_write, NULL, NULL, NULL, napi_enumerable, NULL },
        { "kernel", NULL, js_kernel, NULL, NULL, NULL, napi_enumerable, NULL },
        { "version", NULL, js_version, NULL, NULL, NULL, napi_enumerable, NULL },
    };
    napi_property_descriptor methods[] = {
        { "write", NULL, decoder_write, NULL, NULL, NULL, napi_default, NULL },
        { "end", NULL, decoder_end, NULL, NULL, NULL, napi_default, NULL },
    };
    NAPI_OR_FAIL(env, napi_define_properties(env, exports, sizeof fns / sizeof fns[0], fns));
    NAPI_OR_FAIL(env, napi_define_class(env, "Utf8Decoder", NAPI_AUTO_LENGTH, decoder_new, NULL,
                                        sizeof methods / sizeof methods[0], methods, &cls));
    NAPI_OR_FAIL(env, napi_set_named_property(env, exports, "Utf8Decoder", cls));
    return exports;
}
