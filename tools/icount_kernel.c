/*
 * icount_kernel.c -- calls one public unilane function K times on a whole
 * file, for instruction counting under qemu (scripts/icount.sh).
 *
 *   icount_kernel FUNCTION FILE K [KERNEL]
 *
 * FUNCTION  a public function name, with or without the "unilane_" prefix
 *           (run without arguments for the list): every one-shot operation
 *           of the registry (src/dispatch/ops.h, through op_call.h), then
 *           the streaming and trivial ones listed below.
 * FILE      the input. Its encoding is taken from the name: *.utf16.txt,
 *           *.utflatin16.txt are UTF-16LE, *.utf16be.txt / *.utflatin16be.txt
 *           UTF-16BE (a leading U+FEFF is stripped from UTF-16 files);
 *           *.latin1.txt is Latin-1; anything else is UTF-8.
 *           When the function wants the other kind of input, the file is
 *           converted once before the timed calls (UTF-16 -> UTF-8 lossy,
 *           UTF-8 -> UTF-16 lossy, Latin-1 -> UTF-16), so any file works.
 * K         how many calls (0 measures the start-up cost only).
 * KERNEL    "scalar", "neon", "neon32", "avx2" or "auto" (default: the automatic
 *           choice, which UNILANE_KERNEL may override).
 *
 * It prints the kernel, the input size in bytes (the number the per-byte
 * figure divides by) and a checksum of the results on stdout; the checksum
 * keeps every call alive. Exit status 2 on a usage error.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unilane.h"
#include "op_call.h" /* the one-shot operations, from the registry (ops.h) */

enum ik_input { IK_BYTES, IK_UTF16 };

/* The public functions that are not one-shot operations of the registry. */
typedef struct ik_func {
    const char *name;
    enum ik_input in;
    size_t out_per_unit; /* destination units per input unit (0: none) */
    int out16;           /* destination is uint16_t */
} ik_func;

static const ik_func ik_funcs[] = {
    /* streaming: one call with the whole input, cap = the bound, last = 1 */
    { "utf8_decode", IK_BYTES, 1, 1 },       /* strict decoder */
    { "utf8_decode_lossy", IK_BYTES, 1, 1 }, /* lossy decoder */
    { "utf8_encode", IK_UTF16, 3, 0 },       /* strict encoder */
    { "utf8_encode_lossy", IK_UTF16, 3, 0 }, /* lossy encoder */
    { "detect_bom", IK_BYTES, 0, 0 },
    /* trivial ones, so that every public name is accepted */
    { "status_string", IK_BYTES, 0, 0 },
    { "kernel", IK_BYTES, 0, 0 },
    { "use_kernel", IK_BYTES, 0, 0 },
    { "version", IK_BYTES, 0, 0 },
    { "utf8_decoder_init", IK_BYTES, 0, 0 },
    { "utf8_encoder_init", IK_BYTES, 0, 0 },
};

#define IK_NFUNCS (sizeof ik_funcs / sizeof ik_funcs[0])

static void ik_usage(void)
{
    size_t i;
    fprintf(stderr, "usage: icount_kernel FUNCTION FILE K [KERNEL]\nfunctions:");
    for (i = 0; i < UNILANE_NOPS + IK_NFUNCS; i++)
        fprintf(stderr, "%s%s", i % 6 ? " " : "\n  ",
                i < UNILANE_NOPS ? op_name((int)i) : ik_funcs[i - UNILANE_NOPS].name);
    fprintf(stderr, "\n");
}

static int ik_ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static unsigned char *ik_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return NULL;
    for (;;) {
        size_t got;
        if (n == cap) {
            unsigned char *nb;
            cap = cap ? 2 * cap : 1u << 16;
            nb = (unsigned char *)realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    *len = n;
    return buf;
}

static uint64_t ik_mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * UINT64_C(0x100000001B3);
}

int main(int argc, char **argv)
{
    const char *fname, *path, *kname;
    const ik_func *fn = NULL;
    int op; /* the registry's operation, or -1 (then fn) */
    enum ik_input in_kind;
    size_t out_per_unit, out_unit;
    unsigned char *raw;
    size_t rawlen = 0, i;
    long k;
    int file16 = 0, file_be = 0, file_latin1 = 0;
    /* the input as the function gets it */
    const char *in8 = NULL;
    const uint16_t *in16 = NULL;
    uint16_t *units = NULL;
    char *bytes = NULL;
    size_t n = 0; /* input length in units of the function's input */
    size_t inbytes;
    void *dst = NULL;
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    volatile uint64_t sink;

    if (argc < 4 || argc > 5) {
        ik_usage();
        return 2;
    }
    fname = argv[1];
    if (strncmp(fname, "unilane_", 8) == 0)
        fname += 8;
    op = op_find(fname);
    for (i = 0; op < 0 && i < IK_NFUNCS; i++)
        if (strcmp(fname, ik_funcs[i].name) == 0)
            fn = &ik_funcs[i];
    if (op < 0 && !fn) {
        fprintf(stderr, "icount_kernel: unknown function '%s'\n", argv[1]);
        ik_usage();
        return 2;
    }
    path = argv[2];
    k = strtol(argv[3], NULL, 10);
    if (k < 0) {
        ik_usage();
        return 2;
    }
    kname = argc == 5 ? argv[4] : NULL;
    if (kname && unilane_use_kernel(kname) != 0) {
        fprintf(stderr, "icount_kernel: kernel '%s' is not available\n", kname);
        return 2;
    }

    if (op >= 0) {
        in_kind = op_in_unit(op) == 2 ? IK_UTF16 : IK_BYTES;
        out_per_unit = op_bound(op);
        out_unit = (size_t)op_out_unit(op);
    } else {
        in_kind = fn->in;
        out_per_unit = fn->out_per_unit;
        out_unit = fn->out16 ? 2 : 1;
    }

    raw = ik_read_file(path, &rawlen);
    if (!raw) {
        fprintf(stderr, "icount_kernel: cannot read %s\n", path);
        return 2;
    }
    if (ik_ends_with(path, "16be.txt")) {
        file16 = 1;
        file_be = 1;
    } else if (ik_ends_with(path, "16.txt") || ik_ends_with(path, "16le.txt")) {
        file16 = 1;
    } else if (ik_ends_with(path, "latin1.txt")) {
        file_latin1 = 1;
    }

    if (file16) {
        size_t nu = rawlen / 2, start = 0;
        units = (uint16_t *)malloc((nu ? nu : 1) * sizeof *units);
        if (!units)
            return 2;
        for (i = 0; i < nu; i++) {
            unsigned lo = raw[2 * i + (file_be ? 1 : 0)], hi = raw[2 * i + (file_be ? 0 : 1)];
            units[i] = (uint16_t)(lo | hi << 8);
        }
        if (nu && units[0] == 0xFEFF)
            start = 1; /* BOM */
        memmove(units, units + start, (nu - start) * sizeof *units);
        nu -= start;
        if (in_kind == IK_UTF16) {
            in16 = units;
            n = nu;
        } else {
            bytes = (char *)malloc(3 * nu + 1);
            if (!bytes)
                return 2;
            n = unilane_utf16_to_utf8_lossy(units, nu, bytes);
            in8 = bytes;
        }
    } else {
        if (in_kind == IK_BYTES) {
            in8 = (const char *)raw;
            n = rawlen;
        } else {
            units = (uint16_t *)malloc((rawlen ? rawlen : 1) * sizeof *units);
            if (!units)
                return 2;
            if (file_latin1)
                n = unilane_latin1_to_utf16((const char *)raw, rawlen, units);
            else
                n = unilane_utf8_to_utf16_lossy((const char *)raw, rawlen, units);
            in16 = units;
        }
    }
    inbytes = in_kind == IK_UTF16 ? 2 * n : n;
    if (out_per_unit) {
        dst = malloc(out_per_unit * (n ? n : 1) * out_unit);
        if (!dst)
            return 2;
    }

#define IK_LOOP(stmt)            \
  do {                           \
    long r_;                     \
    for (r_ = 0; r_ < k; r_++) { \
      stmt;                      \
    }                            \
  } while (0)
#define IK_RES(call) \
  IK_LOOP(unilane_result r = call; h = ik_mix(h, r.status + 3 * r.read + 7 * r.written))
#define IK_SIZE(call) IK_LOOP(h = ik_mix(h, (uint64_t)(call)))

    /* A one-shot operation: the plain public call in the loop, as the
       registry describes it (RESULT: the result's fields go into the
       checksum; SIZE: the returned value). */
#define IK_SRC_U8            in8
#define IK_SRC_U16           in16
#define IK_CALL_RESULT(call) IK_RES(call)
#define IK_CALL_SIZE(call)   IK_SIZE(call)
#define IK_CALL_COUNT(call)  IK_SIZE(call)
#define IK_CALL_INFO8(call)           \
  IK_LOOP(unilane_utf8_info r = call; \
          h = ik_mix(h, r.status + 3 * r.read + 7 * r.utf16_length + 11 * r.width))
#define IK_CALL_INFO16(call)           \
  IK_LOOP(unilane_utf16_info r = call; \
          h = ik_mix(h, r.status + 3 * r.read + 7 * r.utf8_length + 11 * r.width))
#define IK_CASE_(a, name, in, out, ret, family, bound)                                   \
  case UNILANE_OP_##name:                                                                \
    IK_CALL_##ret(OP_CALL_TYPED(name, in, out, IK_SRC_##in, n, dst, (size_t)(bound)*n)); \
    break;
    if (op >= 0) {
        switch (op) {
            UNILANE_OPS(IK_CASE_, _)
        default: break;
        }
    } else if (!strcmp(fn->name, "utf8_decode") || !strcmp(fn->name, "utf8_decode_lossy")) {
        int mode = strcmp(fn->name, "utf8_decode") ? UNILANE_LOSSY : UNILANE_STRICT;
        unilane_utf8_decoder d;
        IK_LOOP(unilane_result r; unilane_utf8_decoder_init(&d, mode);
                r = unilane_utf8_decode(&d, in8, n, (uint16_t *)dst, n, 1);
                h = ik_mix(h, r.status + 3 * r.read + 7 * r.written));
    } else if (!strcmp(fn->name, "utf8_encode") || !strcmp(fn->name, "utf8_encode_lossy")) {
        int mode = strcmp(fn->name, "utf8_encode") ? UNILANE_LOSSY : UNILANE_STRICT;
        unilane_utf8_encoder e;
        IK_LOOP(unilane_result r; unilane_utf8_encoder_init(&e, mode);
                r = unilane_utf8_encode(&e, in16, n, (char *)dst, 3 * n, 1);
                h = ik_mix(h, r.status + 3 * r.read + 7 * r.written));
    } else if (!strcmp(fn->name, "detect_bom")) {
        IK_LOOP(size_t bl; unilane_encoding e = unilane_detect_bom(in8, n, &bl);
                h = ik_mix(h, (uint64_t)e + 8 * bl));
    } else if (!strcmp(fn->name, "status_string")) {
        IK_SIZE((uintptr_t)unilane_status_string((unilane_status)(r_ & 7)));
    } else if (!strcmp(fn->name, "kernel")) {
        IK_SIZE((uintptr_t)unilane_kernel());
    } else if (!strcmp(fn->name, "use_kernel")) {
        IK_SIZE(unilane_use_kernel(kname ? kname : "auto"));
    } else if (!strcmp(fn->name, "version")) {
        IK_SIZE((uintptr_t)unilane_version());
    } else if (!strcmp(fn->name, "utf8_decoder_init")) {
        unilane_utf8_decoder d;
        IK_LOOP(unilane_utf8_decoder_init(&d, UNILANE_LOSSY); h = ik_mix(h, d.npending_));
    } else if (!strcmp(fn->name, "utf8_encoder_init")) {
        unilane_utf8_encoder e;
        IK_LOOP(unilane_utf8_encoder_init(&e, UNILANE_LOSSY); h = ik_mix(h, e.high_));
    }
#undef IK_CASE_
#undef IK_CALL_SIZE
#undef IK_CALL_COUNT
#undef IK_CALL_INFO8
#undef IK_CALL_INFO16
#undef IK_CALL_RESULT
#undef IK_SRC_U16
#undef IK_SRC_U8
#undef IK_LOOP
#undef IK_RES
#undef IK_SIZE

    sink = h;
    printf("kernel %s bytes %zu units %zu calls %ld checksum %016llx\n", unilane_kernel(), inbytes,
           n, k, (unsigned long long)sink);
    free(dst);
    free(bytes);
    free(units);
    free(raw);
    return 0;
}
