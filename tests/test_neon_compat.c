/*
 * test_neon_compat.c -- every name src/neon/neon_compat.h provides, against
 * a scalar model of the A64 instruction it stands for (the Arm
 * architecture's definition: TBL, TBX, UMAXV, UADDLV, ADDP, ZIP1, UZP1, ...),
 * on random vectors and edge values. On AArch64 the names are the real
 * intrinsics, so the run checks the models; on ARMv7 it checks the
 * equivalents. Built for ARM targets only; prints "neon_compat: N checks
 * passed" and exits 1 at the first difference (77, skipped, on a CPU
 * without NEON).
 */
#include <stdio.h>
#include <string.h>

#if defined(__arm__) && defined(__linux__)
#  include <sys/auxv.h>
#  include <asm/hwcap.h>
#endif

/* 0 on an ARMv7 Linux CPU without NEON (the test is skipped there: exit
   77). Defined before neon.h, which may switch NEON code generation on. */
static int nc_cpu_has_neon(void)
{
#if defined(__arm__) && defined(__linux__)
    return (getauxval(AT_HWCAP) & HWCAP_NEON) != 0;
#else
    return 1;
#endif
}

#include "../src/neon/neon.h"

#if UNILANE_HAVE_NEON

static unsigned long long nc_checks;
static uint64_t nc_state = UINT64_C(0x6e656f6e33325f31);

static uint8_t nc_byte(void)
{
    /* xorshift64*, with a bias towards the edges (0, 0x7F..0x80, 0xFF,
       small indices, 16, 32, 64) */
    static const uint8_t edges[] = { 0,  1,  15, 16,   17,   31,   32,  33,
                                     63, 64, 65, 0x7F, 0x80, 0xFE, 0xFF };
    uint64_t x = nc_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    nc_state = x;
    x *= UINT64_C(0x2545F4914F6CDD1D);
    if ((x >> 60) == 0)
        return edges[(x >> 8) % sizeof edges];
    return (uint8_t)(x >> 24);
}

static void nc_fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = nc_byte();
}

static int nc_fail(const char *what, int round)
{
    fprintf(stderr, "FAIL neon_compat: %s differs from its model (round %d)\n", what, round);
    return 1;
}

#  define NC_EXPECT(cond, what)      \
    do {                             \
      if (!(cond))                   \
        return nc_fail(what, round); \
      nc_checks++;                   \
    } while (0)

/* The 16 result bytes r against the model m. */
#  define NC_SAME16(v, m, what)                \
    do {                                       \
      uint8_t r_[16];                          \
      vst1q_u8(r_, v);                         \
      NC_EXPECT(memcmp(r_, m, 16) == 0, what); \
    } while (0)

static int nc_round(int round)
{
    uint8_t a[64], b[16], d[16], idx[16], m[64];
    uint16_t a16[8], b16[8], m16[8];
    uint32_t a32[4];
    uint8x16_t va, vb, vd, vi;
    uint16x8_t wa, wb;
    unsigned j, mx, mn, sum;
    uint64_t lsum;

    nc_fill(a, 64);
    nc_fill(b, 16);
    nc_fill(d, 16);
    nc_fill(idx, 16);
    memcpy(a16, a, 16);
    memcpy(b16, b, 16);
    memcpy(a32, a, 16);
    va = vld1q_u8(a);
    vb = vld1q_u8(b);
    vd = vld1q_u8(d);
    vi = vld1q_u8(idx);
    wa = vld1q_u16(a16);
    wb = vld1q_u16(b16);

    /* table lookups: an index past the table gives 0 (TBL) or the lane of d (TBX) */
    for (j = 0; j < 16; j++)
        m[j] = idx[j] < 16 ? a[idx[j]] : 0;
    NC_SAME16(vqtbl1q_u8(va, vi), m, "vqtbl1q_u8");
    {
        uint8_t r[8];
        vst1_u8(r, vqtbl1_u8(va, vget_low_u8(vi)));
        NC_EXPECT(memcmp(r, m, 8) == 0, "vqtbl1_u8");
    }
    for (j = 0; j < 16; j++)
        m[j] = idx[j] < 16 ? a[idx[j]] : d[j];
    NC_SAME16(vqtbx1q_u8(vd, va, vi), m, "vqtbx1q_u8");
    {
        uint8x16x2_t t2;
        uint8x16x4_t t4;
        t2.val[0] = va;
        t2.val[1] = vld1q_u8(a + 16);
        for (j = 0; j < 16; j++)
            m[j] = idx[j] < 32 ? a[idx[j]] : 0;
        NC_SAME16(vqtbl2q_u8(t2, vi), m, "vqtbl2q_u8");
        t4.val[0] = va;
        t4.val[1] = vld1q_u8(a + 16);
        t4.val[2] = vld1q_u8(a + 32);
        t4.val[3] = vld1q_u8(a + 48);
        for (j = 0; j < 16; j++)
            m[j] = idx[j] < 64 ? a[idx[j]] : 0;
        NC_SAME16(vqtbl4q_u8(t4, vi), m, "vqtbl4q_u8");
    }

    /* across-vector reductions */
    for (mx = 0, mn = 255, sum = 0, j = 0; j < 8; j++) {
        mx = a[j] > mx ? a[j] : mx;
        mn = a[j] < mn ? a[j] : mn;
        sum += a[j];
    }
    NC_EXPECT(vmaxv_u8(vget_low_u8(va)) == mx, "vmaxv_u8");
    NC_EXPECT(vminv_u8(vget_low_u8(va)) == mn, "vminv_u8");
    NC_EXPECT(vaddv_u8(vget_low_u8(va)) == (sum & 0xFF), "vaddv_u8");
    for (; j < 16; j++) {
        mx = a[j] > mx ? a[j] : mx;
        mn = a[j] < mn ? a[j] : mn;
        sum += a[j];
    }
    NC_EXPECT(vmaxvq_u8(va) == mx, "vmaxvq_u8");
    NC_EXPECT(vminvq_u8(va) == mn, "vminvq_u8");
    NC_EXPECT(vaddvq_u8(va) == (sum & 0xFF), "vaddvq_u8");
    NC_EXPECT(vaddlvq_u8(va) == sum, "vaddlvq_u8");
    NC_EXPECT(neon_any_high_u8(va) == (mx >= 0x80), "neon_any_high_u8");
    for (mx = 0, mn = 0xFFFF, lsum = 0, j = 0; j < 8; j++) {
        if (j == 4) {
            NC_EXPECT(vmaxv_u16(vget_low_u16(wa)) == mx, "vmaxv_u16");
            NC_EXPECT(vminv_u16(vget_low_u16(wa)) == mn, "vminv_u16");
        }
        mx = a16[j] > mx ? a16[j] : mx;
        mn = a16[j] < mn ? a16[j] : mn;
        lsum += a16[j];
    }
    NC_EXPECT(vmaxvq_u16(wa) == mx, "vmaxvq_u16");
    NC_EXPECT(vminvq_u16(wa) == mn, "vminvq_u16");
    NC_EXPECT(vaddlvq_u16(wa) == lsum, "vaddlvq_u16");
    NC_EXPECT(neon_any_above_u16(wa, 0x7F) == (mx > 0x7F), "neon_any_above_u16(0x7F)");
    NC_EXPECT(neon_any_above_u16(wa, 0xFF) == (mx > 0xFF), "neon_any_above_u16(0xFF)");
    NC_EXPECT(neon_any_above_u16(wa, 0x7FF) == (mx > 0x7FF), "neon_any_above_u16(0x7FF)");
    {
        uint32_t mx32 = 0, mn32 = 0xFFFFFFFFu, w0;
        for (j = 0; j < 4; j++) {
            mx32 = a32[j] > mx32 ? a32[j] : mx32;
            mn32 = a32[j] < mn32 ? a32[j] : mn32;
        }
        NC_EXPECT(vmaxvq_u32(vreinterpretq_u32_u8(va)) == mx32, "vmaxvq_u32");
        NC_EXPECT(vminvq_u32(vreinterpretq_u32_u8(va)) == mn32, "vminvq_u32");
        memcpy(&w0, a, 4);
        NC_EXPECT(neon_lane0_u32(vget_low_u8(va)) == w0, "neon_lane0_u32");
    }

    /* pairwise operations on the concatenation a:b */
    for (j = 0; j < 16; j++) {
        const uint8_t *s = j < 8 ? a + 2 * j : b + 2 * (j - 8);
        m[j] = (uint8_t)(s[0] + s[1]);
        m[16 + j] = s[0] > s[1] ? s[0] : s[1];
        m[32 + j] = s[0] < s[1] ? s[0] : s[1];
    }
    NC_SAME16(vpaddq_u8(va, vb), m, "vpaddq_u8");
    NC_SAME16(vpmaxq_u8(va, vb), m + 16, "vpmaxq_u8");
    NC_SAME16(vpminq_u8(va, vb), m + 32, "vpminq_u8");

    /* permutations */
    for (j = 0; j < 8; j++) {
        m[2 * j] = a[j];
        m[2 * j + 1] = b[j];
        m[16 + 2 * j] = a[8 + j];
        m[16 + 2 * j + 1] = b[8 + j];
        m[32 + j] = a[2 * j];
        m[32 + 8 + j] = b[2 * j];
        m[48 + j] = a[2 * j + 1];
        m[48 + 8 + j] = b[2 * j + 1];
    }
    NC_SAME16(vzip1q_u8(va, vb), m, "vzip1q_u8");
    NC_SAME16(vzip2q_u8(va, vb), m + 16, "vzip2q_u8");
    NC_SAME16(vuzp1q_u8(va, vb), m + 32, "vuzp1q_u8");
    NC_SAME16(vuzp2q_u8(va, vb), m + 48, "vuzp2q_u8");
    for (j = 0; j < 4; j++) {
        m16[2 * j] = a16[j];
        m16[2 * j + 1] = b16[j];
    }
    NC_SAME16(vreinterpretq_u8_u16(vzip1q_u16(wa, wb)), m16, "vzip1q_u16");
    for (j = 0; j < 4; j++) {
        m16[2 * j] = a16[4 + j];
        m16[2 * j + 1] = b16[4 + j];
    }
    NC_SAME16(vreinterpretq_u8_u16(vzip2q_u16(wa, wb)), m16, "vzip2q_u16");
    for (j = 0; j < 4; j++) {
        m16[j] = a16[2 * j];
        m16[4 + j] = b16[2 * j];
    }
    NC_SAME16(vreinterpretq_u8_u16(vuzp1q_u16(wa, wb)), m16, "vuzp1q_u16");
    for (j = 0; j < 4; j++) {
        m16[j] = a16[2 * j + 1];
        m16[4 + j] = b16[2 * j + 1];
    }
    NC_SAME16(vreinterpretq_u8_u16(vuzp2q_u16(wa, wb)), m16, "vuzp2q_u16");

    /* comparisons with zero, widening */
    for (j = 0; j < 16; j++) {
        m[j] = a[j] >= 0x80 ? 0xFF : 0;
        m[16 + j] = a[j] == 0 ? 0xFF : 0;
    }
    NC_SAME16(vcltzq_s8(vreinterpretq_s8_u8(va)), m, "vcltzq_s8");
    NC_SAME16(vceqzq_u8(va), m + 16, "vceqzq_u8");
    for (j = 0; j < 8; j++)
        m16[j] = a[8 + j];
    NC_SAME16(vreinterpretq_u8_u16(vmovl_high_u8(va)), m16, "vmovl_high_u8");
    {
        uint32_t m32[4];
        for (j = 0; j < 4; j++)
            m32[j] = a16[4 + j];
        NC_SAME16(vreinterpretq_u8_u32(vmovl_high_u16(wa)), m32, "vmovl_high_u16");
    }

    /* multi-register loads and stores (at an odd offset: no alignment) */
    {
        uint8_t buf[72], out[72];
        uint8x16x2_t x2;
        uint8x16x4_t x4;
        uint16x8x4_t y4;
        nc_fill(buf, sizeof buf);
        x2 = vld1q_u8_x2(buf + 1);
        NC_SAME16(x2.val[0], buf + 1, "vld1q_u8_x2[0]");
        NC_SAME16(x2.val[1], buf + 17, "vld1q_u8_x2[1]");
        x4 = vld1q_u8_x4(buf + 3);
        for (j = 0; j < 4; j++)
            NC_SAME16(x4.val[j], buf + 3 + 16 * j, "vld1q_u8_x4");
        memset(out, 0xA5, sizeof out);
        vst1q_u8_x4(out + 5, x4);
        NC_EXPECT(memcmp(out + 5, buf + 3, 64) == 0 && out[4] == 0xA5 && out[69] == 0xA5,
                  "vst1q_u8_x4");
        y4 = vld1q_u16_x4((const uint16_t *)(const void *)(buf + 2));
        for (j = 0; j < 4; j++)
            NC_SAME16(vreinterpretq_u8_u16(y4.val[j]), buf + 2 + 16 * j, "vld1q_u16_x4");
        memset(out, 0x5A, sizeof out);
        vst1q_u16_x4((uint16_t *)(void *)(out + 6), y4);
        NC_EXPECT(memcmp(out + 6, buf + 2, 64) == 0 && out[5] == 0x5A && out[70] == 0x5A,
                  "vst1q_u16_x4");
    }
    return 0;
}

int main(void)
{
    int round;
    if (!nc_cpu_has_neon()) {
        printf("neon_compat: skipped, this CPU has no NEON\n");
        return 77;
    }
    for (round = 0; round < 20000; round++)
        if (nc_round(round))
            return 1;
    printf("neon_compat (%s): %llu checks passed\n",
           UNILANE_NEON_A64 ? "AArch64 intrinsics" : "ARMv7 equivalents", nc_checks);
    return 0;
}

#else
int main(void)
{
    printf("neon_compat: no NEON kernels in this build (%d)\n", nc_cpu_has_neon());
    return 77;
}
#endif
