/*
 * test_xinuse.c -- no public function returns with the upper halves of the
 * ymm registers dirty (src/avx2/avx2.h, AVX2_LEAVE; avx512_leave).
 *
 * After every operation of the registry (tools/op_call.h) and the streaming
 * calls, for every kernel, at lengths around the kernels' block sizes and on
 * inputs that are valid, ASCII, or end in an error, the test reads XINUSE
 * (XGETBV with ECX = 1) and fails when bit 2 (AVX state: the upper 128 bits
 * of ymm0-15) or bit 6 (ZMM_Hi256: bits 256-511 of zmm0-15) is set. It also
 * reads XINUSE before each call, so that a dirty state is blamed on the call
 * that left it. The caller of a kernel that leaves the state dirty pays for
 * it at its next SSE instruction (or keeps a false dependency on every one).
 *
 * This file must not dirty the state itself: it is compiled without -mavx
 * (the test stage checks that its object names no ymm or zmm register).
 * Without XGETBV ECX = 1 (CPUID.(EAX=0Dh,ECX=1):EAX bit 2; also any non-x86
 * machine) the test says so and exits 77 (skipped).
 */
#include "checks.h"
#include "../tools/op_call.h"

#if defined(__x86_64__) || defined(__i386__)
#  include <cpuid.h>
#  define XIN_X86 1
#else
#  define XIN_X86 0
#endif

/* XINUSE bits checked: 2 (AVX) and 6 (ZMM_Hi256). */
#define XIN_DIRTY 0x44u

/* 1 when XGETBV with ECX = 1 is available (OSXSAVE and the XSAVE leaf's
   bit 2), with *why saying what is missing otherwise. */
static int xin_supported(const char **why)
{
#if XIN_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) {
        *why = "no OSXSAVE (CPUID.1:ECX bit 27)";
        return 0;
    }
    if (__get_cpuid_max(0, NULL) < 0xD) {
        *why = "no CPUID leaf 0Dh";
        return 0;
    }
    __cpuid_count(0xD, 1, a, b, c, d);
    if (!(a & 4u)) {
        *why = "no XGETBV with ECX=1 (CPUID.(EAX=0Dh,ECX=1):EAX bit 2)";
        return 0;
    }
    return 1;
#else
    *why = "not an x86 machine";
    return 0;
#endif
}

/* XINUSE: the state components not in their initial configuration. */
static uint32_t xin_read(void)
{
#if XIN_X86
    uint32_t lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1u));
    (void)hi;
    return lo;
#else
    return 0;
#endif
}

/* Lengths in source units: around 8/16/32/64-unit blocks, the kernels'
   short-input thresholds, and long inputs. */
static const size_t xin_lens[] = { 0,  1,  7,  8,  15, 16,  17,  31,  32,   33,
                                   35, 48, 63, 64, 65, 127, 128, 200, 1000, 4096 };
#define XIN_NLENS (sizeof xin_lens / sizeof xin_lens[0])
#define XIN_MAX   4096

/* Input kinds: ASCII; text with 2-, 3- and 4-byte characters (valid); the
   same ending in an error (UTF-8: a last byte 0xFF; UTF-16: an unpaired
   high surrogate last); mostly non-ASCII text. */
enum { XIN_ASCII, XIN_TEXT, XIN_ERROR_END, XIN_WIDE, XIN_NKINDS };
static const char *const xin_kind_names[XIN_NKINDS] = { "ascii", "text", "error at end",
                                                        "wide text" };

static unsigned char xin_b[XIN_MAX];
static uint16_t xin_u[XIN_MAX];
/* Output: 3 bytes a unit at most, as UTF-16 units or bytes. */
static uint16_t xin_out[3 * XIN_MAX + 64];

/* n bytes of kind k: whole characters, padded with ASCII to n. */
static void xin_bytes(ut_rng *r, int k, size_t n)
{
    size_t m = 0;
    if (k != XIN_ASCII)
        m = ut_gen_utf8(r, xin_b, n, 0, k == XIN_WIDE ? 0 : 300);
    memset(xin_b + m, 'a', n - m);
    if (k == XIN_ERROR_END && n > 0)
        xin_b[n - 1] = 0xFF;
}

static void xin_units(ut_rng *r, int k, size_t n)
{
    size_t m = 0, i;
    if (k != XIN_ASCII)
        m = ut_gen_utf16(r, xin_u, n, 0, k == XIN_WIDE ? 0 : 300);
    for (i = m; i < n; i++)
        xin_u[i] = 'a';
    if (k == XIN_ERROR_END && n > 0)
        xin_u[n - 1] = 0xD800;
}

/* One check on the state around a call: `before` and after. */
static void xin_check(uint32_t before, const char *what, size_t len, int k)
{
    uint32_t after = xin_read();
    UT_CHECK(!((before | after) & XIN_DIRTY),
             "XINUSE 0x%x before, 0x%x after %s (%zu units, %s): upper ymm/zmm state dirty %s",
             (unsigned)before, (unsigned)after, what, len, xin_kind_names[k],
             before & XIN_DIRTY ? "BEFORE the call (left by the test or an earlier call)"
                                : "after the call");
}

/* Every operation on every length and kind of input. */
START_TEST(xin_every_op)
{
    ut_rng r;
    size_t li;
    int op, k;
    ut_select(_i);
    ut_rng_init(&r, "xin_every_op", 0);
    for (op = 0; op < UNILANE_NOPS; op++) {
        for (li = 0; li < XIN_NLENS; li++) {
            size_t n = xin_lens[li];
            for (k = 0; k < XIN_NKINDS; k++) {
                const void *src;
                uint32_t before;
                if (op_in_unit(op) == 1) {
                    xin_bytes(&r, k, n);
                    src = xin_b;
                } else {
                    xin_units(&r, k, n);
                    src = xin_u;
                }
                before = xin_read();
                (void)op_call(op, src, n, xin_out);
                xin_check(before, op_name(op), n, k);
                if (op_has_cap(op)) {
                    /* a capacity that stops the output early */
                    before = xin_read();
                    (void)op_call_cap(op, src, n, xin_out, n + n / 4);
                    xin_check(before, op_name(op), n, k);
                }
            }
        }
    }
    UT_DONE();
}
END_TEST

/* One streaming run (enc: the encoder on xin_u, else the decoder on xin_b)
   of n units in chunks of `chunk` into at most cap units a call: each
   OUTPUT_FULL call is repeated with the rest, as API.md says. */
static void xin_stream_run(int enc, int mode, size_t n, int k, size_t chunk, size_t cap)
{
    unilane_utf8_decoder d;
    unilane_utf8_encoder e;
    size_t p = 0, calls;
    unilane_utf8_decoder_init(&d, mode);
    unilane_utf8_encoder_init(&e, mode);
    for (calls = 0; calls < 2 * XIN_MAX; calls++) {
        size_t c = n - p < chunk ? n - p : chunk;
        int last = p + c == n;
        uint32_t before = xin_read();
        unilane_result res =
            enc ? unilane_utf8_encode(&e, xin_u + p, c, (char *)xin_out, cap, last)
                : unilane_utf8_decode(&d, (const char *)xin_b + p, c, xin_out, cap, last);
        xin_check(before, enc ? "utf8_encode" : "utf8_decode", n, k);
        p += res.read;
        if (res.status != UNILANE_OUTPUT_FULL && (res.status != UNILANE_OK || last))
            break; /* done, or a strict error */
    }
}

/* The streaming decoder and encoder, strict and lossy: the whole input in
   one call, in 64- and 1000-unit chunks, and into an output too small for
   it (room for any one character: 2 units, 4 bytes). */
START_TEST(xin_stream)
{
    static const size_t chunks[] = { 0, 64, 1000, 0 };
    ut_rng r;
    size_t li, ci;
    int mode, k;
    ut_select(_i);
    ut_rng_init(&r, "xin_stream", 0);
    for (mode = UNILANE_STRICT; mode <= UNILANE_LOSSY; mode++)
        for (li = 0; li < XIN_NLENS; li++)
            for (k = 0; k < XIN_NKINDS; k++)
                for (ci = 0; ci < sizeof chunks / sizeof chunks[0]; ci++) {
                    size_t n = xin_lens[li], chunk = chunks[ci] ? chunks[ci] : n + 1;
                    size_t cap = ci == 3 ? 4 + n / 3 : 3 * XIN_MAX;
                    xin_bytes(&r, k, n);
                    xin_stream_run(0, mode, n, k, chunk, cap);
                    xin_units(&r, k, n);
                    xin_stream_run(1, mode, n, k, chunk, cap);
                }
    UT_DONE();
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("xinuse");
    TCase *tc = ut_tcase("xin_every_op");
    tcase_add_loop_test(tc, xin_every_op, 0, ut_nkernels);
    suite_add_tcase(s, tc);
    tc = ut_tcase("xin_stream");
    tcase_add_loop_test(tc, xin_stream, 0, ut_nkernels);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    const char *why = "";
    if (!xin_supported(&why)) {
        printf("test_xinuse: skipped: %s\n", why);
        return 77;
    }
    printf("XINUSE at start: 0x%x\n", (unsigned)xin_read());
    ut_require_all_ops = 1; /* this suite calls every operation */
    return ut_main(make_suite);
}
