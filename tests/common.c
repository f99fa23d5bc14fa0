/*
 * common.c -- see common.h.
 */
#include "common.h"
#include "cpu_probe.h"
#include "../src/dispatch/ops.h"
#include "../src/dispatch/test_hooks.h" /* test-only hooks of the test build */

#include <stdarg.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int ut_nkernels;
const char *ut_widest = "scalar";
const char *ut_kernels[UT_MAX_KERNELS];
int ut_cur;
unsigned long long *ut_counts;
char ut_msg[8192];
int ut_fails;
int ut_require_all_ops;
int ut_require_kernel_ops;
int ut_short_inputs;

static const char *const ut_all_kernels[UT_MAX_KERNELS] = { "scalar", "avx2", "avx512", "neon",
                                                            "neon32" };
static int ut_max_fails = 1;

/*
 * What a kernel's count counts. The test build of the library puts a
 * counting thunk in front of every kernel entry (UNILANE_DEFINE_KERNEL,
 * src/dispatch/impl.h) and counts the public calls. A passing check is
 * counted for the kernel under test only when the public call(s) made since
 * the previous check entered that kernel's entries; checks on calls that did
 * not (the dispatcher kept them on scalar, or the check made no call of its
 * own after such a call) go to ut_unreached. The shared-memory arrays below
 * survive Check's forked children.
 */
static unsigned long long *ut_unreached;       /* [UT_MAX_KERNELS] */
static unsigned long long *ut_opmask;          /* [UT_MAX_KERNELS]: entries entered */
static const unilane_test_counter *ut_counter; /* of the kernel under test */
static uint64_t ut_last_calls, ut_last_entered;
static int ut_last_reached;
/* UNILANE_TEST_DIRECT (default 1): a SIMD kernel under test gets every call,
   whatever its length (unilane_test_set_direct); 0 tests through the
   dispatcher's short-input rule as users call it. */
static int ut_direct = 1;

static void ut_snapshot(void)
{
    ut_last_calls = UNILANE_ATOMIC_LOAD64(unilane_test_calls());
    ut_last_entered = ut_counter ? UNILANE_ATOMIC_LOAD64(&ut_counter->entered) : 0;
    ut_last_reached = 0;
}

void ut_pass(void)
{
    uint64_t calls, entered;
    if (ut_cur == UT_REF_SLOT) {
        ut_counts[UT_REF_SLOT]++;
        return;
    }
    calls = UNILANE_ATOMIC_LOAD64(unilane_test_calls());
    if (calls != ut_last_calls) {
        entered = UNILANE_ATOMIC_LOAD64(&ut_counter->entered);
        ut_last_reached = entered != ut_last_entered;
        ut_last_calls = calls;
        ut_last_entered = entered;
        if (ut_last_reached)
            ut_opmask[ut_cur] |= UNILANE_ATOMIC_LOAD64(&ut_counter->ops);
    }
    if (ut_last_reached)
        ut_counts[ut_cur]++;
    else
        ut_unreached[ut_cur]++;
}

void ut_select(int i)
{
    ut_fails = 0;
    ut_cur = i;
    ck_assert_msg(i >= 0 && i < ut_nkernels, "bad kernel index %d", i);
    ck_assert_msg(unilane_use_kernel(ut_kernels[i]) == 0, "cannot select kernel %s", ut_kernels[i]);
    ck_assert_msg(strcmp(unilane_kernel(), ut_kernels[i]) == 0, "kernel %s selected, %s active",
                  ut_kernels[i], unilane_kernel());
    unilane_test_set_direct(ut_direct);
    ut_counter = unilane_test_counter_of(ut_kernels[i]);
    ck_assert_msg(ut_counter != NULL, "no entry counter for kernel %s", ut_kernels[i]);
    ut_snapshot();
}

void ut_select_ref(void)
{
    ut_fails = 0;
    ut_cur = UT_REF_SLOT;
}

int ut_report(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    int n;

    n = snprintf(ut_msg, sizeof ut_msg, "[kernel %s] ",
                 ut_cur == UT_REF_SLOT ? "reference" : ut_kernels[ut_cur]);
    va_start(ap, fmt);
    vsnprintf(ut_msg + n, sizeof ut_msg - (size_t)n, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s:%d: FAIL %s\n", file, line, ut_msg);
    fflush(stderr);
    /* Check refuses messages above CK_MAX_MSG_SIZE (4096 by default) and
       then ends the test as an error: keep the start, the whole text is on
       stderr. */
    if (strlen(ut_msg) > 3000)
        strcpy(ut_msg + 2950, " ... (cut; the whole message is on stderr)");
    ut_fails++;
    return ut_fails >= ut_max_fails;
}

double ut_scale(void)
{
    static double scale = -1;
    if (scale < 0) {
        const char *e = getenv("UNILANE_TEST_SCALE");
        scale = e && *e ? atof(e) : 1.0;
        if (!(scale > 0))
            scale = 1.0;
    }
    return scale;
}

int ut_full(void)
{
    return ut_scale() >= 0.5;
}

size_t ut_iters(size_t n)
{
    double v = (double)n * ut_scale();
    return v < 1 ? 1 : (size_t)v;
}

uint64_t ut_seed(void)
{
    static int have;
    static uint64_t seed;
    if (!have) {
        const char *e = getenv("UNILANE_TEST_SEED");
        seed = e && *e ? strtoull(e, NULL, 0) : UINT64_C(0x756e696c616e6531);
        have = 1;
    }
    return seed;
}

uint64_t ut_rand(ut_rng *r)
{
    uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void ut_rng_init(ut_rng *r, const char *tag, uint64_t extra)
{
    uint64_t h = UINT64_C(1469598103934665603);
    while (*tag)
        h = (h ^ (unsigned char)*tag++) * UINT64_C(1099511628211);
    r->s = ut_seed() ^ h ^ (extra * UINT64_C(0x2545F4914F6CDD1D));
    (void)ut_rand(r);
}

size_t ut_below(ut_rng *r, size_t n)
{
    return (size_t)(ut_rand(r) % n);
}

/* A random scalar value with a bias towards the interesting ranges. */
static uint32_t ut_rand_cp(ut_rng *r)
{
    uint32_t cp;
    switch (ut_below(r, 6)) {
    case 0: return (uint32_t)ut_below(r, 0x80);
    case 1: return 0x80 + (uint32_t)ut_below(r, 0x80);
    case 2: return 0x100 + (uint32_t)ut_below(r, 0x700);
    case 3:
        do
            cp = 0x800 + (uint32_t)ut_below(r, 0xF800);
        while (cp >= 0xD800 && cp <= 0xDFFF);
        return cp;
    case 4: return 0x10000 + (uint32_t)ut_below(r, 0x100000);
    default: {
        static const uint32_t edges[] = { 0x7F,   0x80,   0xFF,    0x100,    0x7FF,
                                          0x800,  0xD7FF, 0xE000,  0xFEFF,   0xFFFD,
                                          0xFFFE, 0xFFFF, 0x10000, 0x10FFFF, 0 };
        return edges[ut_below(r, sizeof edges / sizeof edges[0])];
    }
    }
}

/* An ill-formed UTF-8 element (1..4 bytes). */
static size_t ut_bad_utf8(ut_rng *r, unsigned char *o)
{
    static const unsigned char leads[] = { 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0,
                                           0xF1, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF, 0x80, 0xBF };
    size_t k = 1, n = 1 + ut_below(r, 4), i;
    o[0] = leads[ut_below(r, sizeof leads)];
    for (i = 1; i < n; i++)
        o[k++] = (unsigned char)(ut_below(r, 8) ? 0x80 + ut_below(r, 0x40) : ut_below(r, 256));
    return k;
}

size_t ut_gen_utf8(ut_rng *r, unsigned char *buf, size_t cap, int bad, int ascii)
{
    size_t n = 0, k, run = 0;
    unsigned char tmp[4];
    while (n < cap) {
        if (run) {
            buf[n++] = (unsigned char)(0x20 + ut_below(r, 0x5F));
            run--;
            continue;
        }
        if ((int)ut_below(r, 1000) < ascii) {
            run = 1 + ut_below(r, 80);
            continue;
        }
        if ((int)ut_below(r, 1000) < bad)
            k = ut_bad_utf8(r, tmp);
        else
            k = ref_encode_utf8(ut_rand_cp(r), tmp);
        if (n + k > cap)
            break;
        memcpy(buf + n, tmp, k);
        n += k;
    }
    return n;
}

size_t ut_gen_utf16(ut_rng *r, uint16_t *buf, size_t cap, int bad, int ascii)
{
    size_t n = 0, k, run = 0;
    uint16_t tmp[2];
    while (n < cap) {
        if (run) {
            buf[n++] = (uint16_t)(0x20 + ut_below(r, 0x5F));
            run--;
            continue;
        }
        if ((int)ut_below(r, 1000) < ascii) {
            run = 1 + ut_below(r, 80);
            continue;
        }
        if ((int)ut_below(r, 1000) < bad) {
            tmp[0] = (uint16_t)(0xD800 + ut_below(r, 0x800));
            k = 1;
        } else {
            k = ref_encode_utf16(ut_rand_cp(r), tmp);
        }
        if (n + k > cap)
            break;
        memcpy(buf + n, tmp, k * 2);
        n += k;
    }
    return n;
}

size_t ut_gen_latin1(ut_rng *r, unsigned char *buf, size_t cap, int ascii)
{
    size_t n = 0, run = 0;
    while (n < cap) {
        if (run) {
            buf[n++] = (unsigned char)(0x20 + ut_below(r, 0x5F));
            run--;
        } else if ((int)ut_below(r, 1000) < ascii) {
            run = 1 + ut_below(r, 80);
        } else {
            buf[n++] = (unsigned char)ut_below(r, 256);
        }
    }
    return n;
}

size_t ut_mutate_bytes(ut_rng *r, unsigned char *buf, size_t len, size_t cap)
{
    size_t p;
    switch (ut_below(r, 5)) {
    case 0: /* flip a bit */
        if (len)
            buf[ut_below(r, len)] ^= (unsigned char)(1u << ut_below(r, 8));
        break;
    case 1: /* overwrite a byte */
        if (len)
            buf[ut_below(r, len)] = (unsigned char)ut_below(r, 256);
        break;
    case 2: /* insert a byte */
        if (len < cap) {
            p = ut_below(r, len + 1);
            memmove(buf + p + 1, buf + p, len - p);
            buf[p] = (unsigned char)(0x80 + ut_below(r, 0x80));
            len++;
        }
        break;
    case 3: /* delete a byte */
        if (len) {
            p = ut_below(r, len);
            memmove(buf + p, buf + p + 1, len - p - 1);
            len--;
        }
        break;
    default: /* truncate */
        if (len)
            len = ut_below(r, len);
        break;
    }
    return len;
}

size_t ut_mutate_units(ut_rng *r, uint16_t *buf, size_t len, size_t cap)
{
    size_t p;
    switch (ut_below(r, 4)) {
    case 0:
        if (len)
            buf[ut_below(r, len)] = (uint16_t)(0xD800 + ut_below(r, 0x800));
        break;
    case 1:
        if (len < cap) {
            p = ut_below(r, len + 1);
            memmove(buf + p + 1, buf + p, (len - p) * 2);
            buf[p] = (uint16_t)ut_below(r, 0x10000);
            len++;
        }
        break;
    case 2:
        if (len) {
            p = ut_below(r, len);
            memmove(buf + p, buf + p + 1, (len - p - 1) * 2);
            len--;
        }
        break;
    default:
        if (len)
            len = ut_below(r, len);
        break;
    }
    return len;
}

static char ut_hexbuf[4][2000];
static int ut_hexnext;

const char *ut_hex8(const void *p, size_t n)
{
    const unsigned char *s = (const unsigned char *)p;
    char *o = ut_hexbuf[ut_hexnext++ & 3];
    size_t i, k = 0;
    for (i = 0; i < n && i < 384; i++)
        k += (size_t)sprintf(o + k, "%02X ", s[i]);
    if (i < n)
        sprintf(o + k, "...(%zu bytes)", n);
    else if (k)
        o[k - 1] = 0;
    else
        strcpy(o, "(empty)");
    return o;
}

const char *ut_hex16(const uint16_t *p, size_t n)
{
    char *o = ut_hexbuf[ut_hexnext++ & 3];
    size_t i, k = 0;
    for (i = 0; i < n && i < 384; i++)
        k += (size_t)sprintf(o + k, "%04X ", p[i]);
    if (i < n)
        sprintf(o + k, "...(%zu units)", n);
    else if (k)
        o[k - 1] = 0;
    else
        strcpy(o, "(empty)");
    return o;
}

size_t ut_first_diff(const void *a, const void *b, size_t n)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    size_t i;
    for (i = 0; i < n; i++)
        if (x[i] != y[i])
            break;
    return i;
}

void ut_guard_alloc(ut_guard *g, size_t size, int at_end)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t data = (size + page - 1) / page * page;
    void *m;
    if (data == 0)
        data = page;
    g->maplen = data + 2 * page;
    m = mmap(NULL, g->maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        ck_abort_msg("mmap failed");
    g->map = (unsigned char *)m;
    /* [guard][data ...][guard] */
    if (mprotect(g->map, page, PROT_NONE) != 0 ||
        mprotect(g->map + page + data, page, PROT_NONE) != 0)
        ck_abort_msg("mprotect failed");
    g->ptr = at_end ? g->map + page + data - size : g->map + page;
}

void ut_guard_free(ut_guard *g)
{
    munmap(g->map, g->maplen);
    g->map = NULL;
}

TCase *ut_tcase(const char *name)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 0);
    return tc;
}

#define UT_OP_NAME_(a, op, in, out, ret, family, bound) #op,
#define UT_OPS_REQUIRED_                                ((1ull << UNILANE_NOPS) - 1)
/* the entries of UNILANE_KERNEL_OPS (ops.h), after the operations */
#define UT_KOPS_                                        ((1ull << UNILANE_NALL_OPS) - 1 - UT_OPS_REQUIRED_)

const char *const ut_op_names[UNILANE_NOPS] = { UNILANE_OPS(UT_OP_NAME_, _) };
static const char *const ut_kop_names[UNILANE_NALL_OPS - UNILANE_NOPS] = { UNILANE_KERNEL_OPS(
    UT_OP_NAME_, _) };
#undef UT_OP_NAME_

/* 1 when name is an element of the comma-separated list. */
static int ut_listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    while (*list) {
        while (*list == ',' || *list == ' ')
            list++;
        if (strncmp(list, name, n) == 0 && (list[n] == 0 || list[n] == ',' || list[n] == ' '))
            return 1;
        while (*list && *list != ',')
            list++;
    }
    return 0;
}

int ut_main(Suite *(*make)(void))
{
    const char *req = getenv("UNILANE_TEST_REQUIRE");
    const char *mf = getenv("UNILANE_TEST_MAX_FAILS");
    SRunner *sr;
    int i, failed, missing = 0;
    void *m;

    const char *mask = getenv("UNILANE_TEST_MASK_CPU");

    if (mf && atoi(mf) > 0)
        ut_max_fails = atoi(mf);
    /* UNILANE_TEST_MASK_CPU=0xffffffff: the CPU features in the mask count
       as absent, as on a CPU without them; the whole suite then runs on what
       the library falls back to. */
    if (mask && *mask) {
        unilane_test_mask_cpu_features((uint32_t)strtoul(mask, NULL, 0));
        printf("CPU features masked: %s\n", mask);
    }
    {
        const char *d = getenv("UNILANE_TEST_DIRECT");
        if (d && *d)
            ut_direct = atoi(d) != 0;
    }
    m = mmap(NULL, sizeof(unsigned long long) * (3 * UT_MAX_KERNELS + 1), PROT_READ | PROT_WRITE,
             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    ut_counts = (unsigned long long *)m;
    ut_unreached = ut_counts + UT_MAX_KERNELS + 1;
    ut_opmask = ut_unreached + UT_MAX_KERNELS;

    /* What must be available: the CPU probe (cpu_probe.c, independent of the
       library) less the masked features, and the build's options. */
    {
        const char *how;
        uint32_t feats = ut_probe_cpu(&how);
        if (mask && *mask)
            feats &= ~(uint32_t)strtoul(mask, NULL, 0);
        ut_widest = ut_expected_best(feats);
        printf("CPU probe: %s; expected best kernel: %s\n", how, ut_widest);
        for (i = 0; i < UT_MAX_KERNELS; i++) {
            int avail = unilane_use_kernel(ut_all_kernels[i]) == 0;
            int want = ut_kernel_expected(ut_all_kernels[i], feats);
            if (avail != want) {
                fprintf(stderr,
                        "FAIL: kernel %s is %savailable, but the CPU probe and the build say it "
                        "should%s be\n",
                        ut_all_kernels[i], avail ? "" : "not ", want ? "" : " not");
                missing = 1;
            }
        }
    }
    for (i = 0; i < UT_MAX_KERNELS; i++) {
        const char *only = getenv("UNILANE_TEST_KERNELS");
        /* UNILANE_TEST_KERNELS=a,b restricts the run (scalar always stays: it is the reference) */
        if (i > 0 && only && *only && !ut_listed(only, ut_all_kernels[i]))
            continue;
        if (unilane_use_kernel(ut_all_kernels[i]) == 0)
            ut_kernels[ut_nkernels++] = ut_all_kernels[i];
    }
    unilane_use_kernel("auto");
    if (ut_nkernels == 0 || strcmp(ut_kernels[0], "scalar") != 0) {
        fprintf(stderr, "FATAL: the scalar kernel is not available\n");
        return 1;
    }
    printf("unilane %s; seed 0x%llx; scale %g; kernels:", unilane_version(),
           (unsigned long long)ut_seed(), ut_scale());
    for (i = 0; i < ut_nkernels; i++)
        printf(" %s", ut_kernels[i]);
    printf(" (best: %s)\n", unilane_kernel());

    if (req && *req) {
        char buf[256], *tok, *save = NULL;
        snprintf(buf, sizeof buf, "%s", req);
        for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
            int found = 0;
            for (i = 0; i < ut_nkernels; i++)
                found |= strcmp(ut_kernels[i], tok) == 0;
            if (!found) {
                fprintf(stderr,
                        "FAIL: UNILANE_TEST_REQUIRE names kernel '%s', which is not "
                        "available on this machine/build (or excluded by UNILANE_TEST_KERNELS)\n",
                        tok);
                missing = 1;
            }
        }
    }
    printf("calls %s: every call goes to the kernel under test, whatever its length\n",
           ut_direct ? "direct" : "through the dispatcher");
    fflush(stdout);

    if (getenv("CK_RUN_CASE") || getenv("CK_RUN_SUITE") || getenv("CK_INCLUDE_TAGS"))
        ut_require_all_ops = 0; /* a part of the suite need not call every operation */
    sr = srunner_create(make());
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);

    printf(
        "Counts: a check counts for a kernel only when the call it checks entered that kernel's\n"
        "entries (counted inside the test build of the library); 'not reached' checks were on\n"
        "calls that stayed in scalar code (below the kernel's threshold, without direct calls).\n");
    for (i = 0; i < ut_nkernels; i++) {
        int nops = 0, nkops = 0, k;
        for (k = 0; k < UNILANE_NOPS; k++)
            nops += (int)((ut_opmask[i] >> k) & 1);
        for (k = UNILANE_NOPS; k < UNILANE_NALL_OPS; k++)
            nkops += (int)((ut_opmask[i] >> k) & 1);
        printf("kernel %-9s: %llu checks passed on calls that entered %s code (%d of %d entries "
               "entered, and %d of %d streaming entries); %llu not reached\n",
               ut_kernels[i], ut_counts[i], ut_kernels[i], nops, UNILANE_NOPS, nkops,
               UNILANE_NALL_OPS - UNILANE_NOPS, ut_unreached[i]);
        /* A suite with no looped kernel tests (test_reference) checks nothing
           per kernel; test_differential leaves out scalar against itself. */
        if (req && *req && ut_listed(req, ut_kernels[i]) && ut_counts[i] + ut_unreached[i] > 0) {
            /* a suite of short inputs through the dispatcher: reported only */
            int lenient = ut_short_inputs && !ut_direct;
            FILE *o = lenient ? stdout : stderr;
            const char *what = lenient
                                   ? "note (inputs below the short-input thresholds, calls through "
                                     "the dispatcher)"
                                   : "FAIL";
            if (ut_counts[i] == 0) {
                fprintf(o, "%s: kernel %s is required, but no checked call entered its code\n",
                        what, ut_kernels[i]);
                missing |= !lenient;
            } else if (ut_require_all_ops && (~ut_opmask[i] & UT_OPS_REQUIRED_) != 0) {
                fprintf(o, "%s: kernel %s is required, but these entries were never entered:", what,
                        ut_kernels[i]);
                for (k = 0; k < UNILANE_NOPS; k++)
                    if (!((ut_opmask[i] >> k) & 1) && ((UT_OPS_REQUIRED_ >> k) & 1))
                        fprintf(o, " %s", ut_op_names[k]);
                fprintf(o, "\n");
                missing |= !lenient;
            } else if (ut_require_kernel_ops && (~ut_opmask[i] & UT_KOPS_) != 0) {
                fprintf(o,
                        "%s: kernel %s is required, but these streaming entries were never "
                        "entered:",
                        what, ut_kernels[i]);
                for (k = UNILANE_NOPS; k < UNILANE_NALL_OPS; k++)
                    if (!((ut_opmask[i] >> k) & 1))
                        fprintf(o, " %s", ut_kop_names[k - UNILANE_NOPS]);
                fprintf(o, "\n");
                missing |= !lenient;
            }
        }
    }
    if (ut_counts[UT_REF_SLOT])
        printf("kernel-independent: %llu checks passed\n", ut_counts[UT_REF_SLOT]);
    return failed == 0 && !missing ? 0 : 1;
}
