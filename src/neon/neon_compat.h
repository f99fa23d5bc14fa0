/*
 * neon_compat.h -- the NEON kernels (the .c files of src/neon/) are one source for two
 * targets: AArch64 (kernel set "neon") and ARMv7-A with NEON (kernel set
 * "neon32"). On AArch64 this header adds nothing. On ARMv7 it provides the
 * A64-only intrinsics the kernels use, under their A64 names, built from
 * ARMv7 NEON instructions with exactly the A64 result for every input:
 *
 *   vqtbl1q_u8, vqtbl1_u8, vqtbl2q_u8, vqtbl4q_u8, vqtbx1q_u8
 *                                  VTBL/VTBX on pairs of D registers
 *   vmaxvq/vminvq/vmaxv/vminv (u8, u16, u32), vaddv_u8, vaddvq_u8,
 *   vaddlvq_u8, vaddlvq_u16        pairwise VPMAX/VPMIN/VPADD(L) chains
 *   vpaddq_u8, vpmaxq_u8, vpminq_u8 the D-register pairwise ops, twice
 *   vzip1q/vzip2q (u8, u16)        VZIP
 *   vuzp1q/vuzp2q (u8, u16)        VMOVN / VSHRN of the wider lanes
 *                                  (little-endian only, as the kernels are)
 *   vcltzq_s8, vceqzq_u8, vmovl_high_u8, vmovl_high_u16
 *   vld1q_u8_x2/_x4, vld1q_u16_x4, vst1q_u8_x4, vst1q_u16_x4
 *
 * THE RULE for every file in src/neon/ (and any new one): use only
 * intrinsics that exist on both AArch64 and ARMv7, or the names above. An
 * A64-only intrinsic that is not listed here breaks the ARMv7 build
 * (scripts/test.sh --only armv7, or `arm-linux-gnueabihf-gcc -c`): add its
 * equivalent here (with the exact A64 semantics) rather than copying the
 * kernel. Code that is measurably better with an A64-only instruction may
 * keep it under `#if UNILANE_NEON_A64`, with the portable code beside it.
 *
 * Each name is a macro for a static inline function named neon32_<name>,
 * and is defined only when no macro of that name exists: a newer ARMv7
 * <arm_neon.h> that declares one of these as a function is simply
 * overridden for the code after this header.
 *
 * Scalar widths: the across-vector results have the A64 return types
 * (vmaxvq_u8 -> uint8_t, vaddlvq_u8 -> uint16_t, vaddlvq_u16 -> uint32_t).
 *
 * For both targets: neon_load64_u8 (first), and at the end whole-vector
 * tests (neon_any_high_u8, neon_any_above_u16) and lane 0 as a word
 * (neon_lane0_u32) that each target does its cheapest way; prefer them to
 * "vmaxvq(...) >= 0x80" and vget_lane_u32 in new code.
 */
#ifndef UNILANE_NEON_COMPAT_H
#define UNILANE_NEON_COMPAT_H

#if defined(__aarch64__)
#  define UNILANE_NEON_A64 1
#else
#  define UNILANE_NEON_A64 0
#endif

/* 64 bytes as four separate 16-byte loads (two ldp on AArch64): unlike
   vld1q_u8_x4 this leaves the register choice free, which saves moves
   where the block feeds a longer computation (utf8_neon.c). */
static UNILANE_ALWAYS_INLINE uint8x16x4_t neon_load64_u8(const uint8_t *p)
{
    uint8x16x4_t b;
    b.val[0] = vld1q_u8(p);
    b.val[1] = vld1q_u8(p + 16);
    b.val[2] = vld1q_u8(p + 32);
    b.val[3] = vld1q_u8(p + 48);
    return b;
}

#if !UNILANE_NEON_A64

/* ---- table lookups: an index >= the table size gives 0 (VTBL) ---------- */

static UNILANE_ALWAYS_INLINE uint8x8x4_t neon32_d4(uint8x16_t a, uint8x16_t b)
{
    uint8x8x4_t d;
    d.val[0] = vget_low_u8(a);
    d.val[1] = vget_high_u8(a);
    d.val[2] = vget_low_u8(b);
    d.val[3] = vget_high_u8(b);
    return d;
}

/*
 * The 16-byte table of one Q register is its two D halves, which VTBL takes
 * as a register list {d2n, d2n+1} as they are. Through vtbl2_u8 GCC 12
 * builds the uint8x8x2_t in memory whenever registers are short (a store
 * and a load of the table per lookup in the validation loop), so GCC and
 * clang get the instructions directly (%e / %f: the low / high D register
 * of a Q register operand).
 */
#  if defined(__GNUC__) || defined(__clang__)
static UNILANE_ALWAYS_INLINE uint8x16_t neon32_qtbl1q_u8(uint8x16_t t, uint8x16_t idx)
{
    uint8x16_t r;
    __asm__("vtbl.8 %e0, {%e1, %f1}, %e2\n\tvtbl.8 %f0, {%e1, %f1}, %f2"
            : "=&w"(r)
            : "w"(t), "w"(idx));
    return r;
}

static UNILANE_ALWAYS_INLINE uint8x8_t neon32_qtbl1_u8(uint8x16_t t, uint8x8_t idx)
{
    uint8x8_t r;
    __asm__("vtbl.8 %P0, {%e1, %f1}, %P2" : "=w"(r) : "w"(t), "w"(idx));
    return r;
}

/* Where idx >= 16, the lane of d (VTBX). */
static UNILANE_ALWAYS_INLINE uint8x16_t neon32_qtbx1q_u8(uint8x16_t d, uint8x16_t t, uint8x16_t idx)
{
    __asm__("vtbx.8 %e0, {%e1, %f1}, %e2\n\tvtbx.8 %f0, {%e1, %f1}, %f2"
            : "+w"(d)
            : "w"(t), "w"(idx));
    return d;
}
#  else
static UNILANE_ALWAYS_INLINE uint8x8x2_t neon32_d2(uint8x16_t t)
{
    uint8x8x2_t d;
    d.val[0] = vget_low_u8(t);
    d.val[1] = vget_high_u8(t);
    return d;
}

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_qtbl1q_u8(uint8x16_t t, uint8x16_t idx)
{
    uint8x8x2_t d = neon32_d2(t);
    return vcombine_u8(vtbl2_u8(d, vget_low_u8(idx)), vtbl2_u8(d, vget_high_u8(idx)));
}

static UNILANE_ALWAYS_INLINE uint8x8_t neon32_qtbl1_u8(uint8x16_t t, uint8x8_t idx)
{
    return vtbl2_u8(neon32_d2(t), idx);
}

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_qtbx1q_u8(uint8x16_t d, uint8x16_t t, uint8x16_t idx)
{
    uint8x8x2_t x = neon32_d2(t);
    return vcombine_u8(vtbx2_u8(vget_low_u8(d), x, vget_low_u8(idx)),
                       vtbx2_u8(vget_high_u8(d), x, vget_high_u8(idx)));
}
#  endif

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_qtbl2q_u8(uint8x16x2_t t, uint8x16_t idx)
{
    uint8x8x4_t d = neon32_d4(t.val[0], t.val[1]);
    return vcombine_u8(vtbl4_u8(d, vget_low_u8(idx)), vtbl4_u8(d, vget_high_u8(idx)));
}

/* 64 bytes: the first 32 by VTBL, the next 32 by VTBX with idx - 32
   (indices below 32 wrap to >= 224 and leave the lane alone). */
static UNILANE_ALWAYS_INLINE uint8x16_t neon32_qtbl4q_u8(uint8x16x4_t t, uint8x16_t idx)
{
    uint8x8x4_t a = neon32_d4(t.val[0], t.val[1]), b = neon32_d4(t.val[2], t.val[3]);
    uint8x16_t i2 = vsubq_u8(idx, vdupq_n_u8(32));
    uint8x8_t lo = vtbl4_u8(a, vget_low_u8(idx)), hi = vtbl4_u8(a, vget_high_u8(idx));
    lo = vtbx4_u8(lo, b, vget_low_u8(i2));
    hi = vtbx4_u8(hi, b, vget_high_u8(i2));
    return vcombine_u8(lo, hi);
}

/* ---- across-vector reductions ------------------------------------------ */

/* Lane 0 of a D register as a 32-bit word: one VMOV (GCC 12 often moves a
   lane through memory, a store and one or two loads, when the word is used
   more than once). */
static UNILANE_ALWAYS_INLINE uint32_t neon32_lane0(uint8x8_t m)
{
#  if defined(__GNUC__) || defined(__clang__)
    uint32_t w;
    __asm__("vmov.32 %0, %P1[0]" : "=r"(w) : "w"(m));
    return w;
#  else
    return vget_lane_u32(vreinterpret_u32_u8(m), 0);
#  endif
}

/*
 * neon32_maxv_<t> / neon32_minv_<t> (a D register: `steps` pairwise steps,
 * then lane 0) and neon32_maxvq_<t> / neon32_minvq_<t> (a Q register: the
 * two halves first). `widen` reinterprets the D register as bytes.
 */
#  define NEON32_ACROSS_(op, ut, dt, qt, sfx, steps, widen)                              \
    static UNILANE_ALWAYS_INLINE ut neon32_##op##v_##sfx(dt m)                           \
    {                                                                                    \
      if ((steps) > 2)                                                                   \
        m = vp##op##_##sfx(m, m);                                                        \
      if ((steps) > 1)                                                                   \
        m = vp##op##_##sfx(m, m);                                                        \
      m = vp##op##_##sfx(m, m);                                                          \
      return (ut)neon32_lane0(widen(m));                                                 \
    }                                                                                    \
    static UNILANE_ALWAYS_INLINE ut neon32_##op##vq_##sfx(qt v)                          \
    {                                                                                    \
      return neon32_##op##v_##sfx(v##op##_##sfx(vget_low_##sfx(v), vget_high_##sfx(v))); \
    }
NEON32_ACROSS_(max, uint8_t, uint8x8_t, uint8x16_t, u8, 3, )
NEON32_ACROSS_(min, uint8_t, uint8x8_t, uint8x16_t, u8, 3, )
NEON32_ACROSS_(max, uint16_t, uint16x4_t, uint16x8_t, u16, 2, vreinterpret_u8_u16)
NEON32_ACROSS_(min, uint16_t, uint16x4_t, uint16x8_t, u16, 2, vreinterpret_u8_u16)
NEON32_ACROSS_(max, uint32_t, uint32x2_t, uint32x4_t, u32, 1, vreinterpret_u8_u32)
NEON32_ACROSS_(min, uint32_t, uint32x2_t, uint32x4_t, u32, 1, vreinterpret_u8_u32)
#  undef NEON32_ACROSS_

/* The sum of the 8 lanes, modulo 256. */
static UNILANE_ALWAYS_INLINE uint8_t neon32_addv_u8(uint8x8_t v)
{
    v = vpadd_u8(v, v);
    v = vpadd_u8(v, v);
    v = vpadd_u8(v, v);
    return (uint8_t)neon32_lane0(v);
}

static UNILANE_ALWAYS_INLINE uint8_t neon32_addvq_u8(uint8x16_t v)
{
    return neon32_addv_u8(vadd_u8(vget_low_u8(v), vget_high_u8(v)));
}

/* The sum of the 16 lanes, widened (at most 16 * 255). */
static UNILANE_ALWAYS_INLINE uint16_t neon32_addlvq_u8(uint8x16_t v)
{
    uint16x8_t a = vpaddlq_u8(v);
    uint16x4_t b = vadd_u16(vget_low_u16(a), vget_high_u16(a));
    b = vpadd_u16(b, b);
    b = vpadd_u16(b, b);
    return (uint16_t)neon32_lane0(vreinterpret_u8_u16(b));
}

/* The sum of the 8 lanes, widened (at most 8 * 65535). */
static UNILANE_ALWAYS_INLINE uint32_t neon32_addlvq_u16(uint16x8_t v)
{
    uint32x4_t a = vpaddlq_u16(v);
    uint32x2_t b = vadd_u32(vget_low_u32(a), vget_high_u32(a));
    return vget_lane_u32(vpadd_u32(b, b), 0);
}

/* ---- pairwise operations on the concatenation a:b ---------------------- */

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_paddq_u8(uint8x16_t a, uint8x16_t b)
{
    return vcombine_u8(vpadd_u8(vget_low_u8(a), vget_high_u8(a)),
                       vpadd_u8(vget_low_u8(b), vget_high_u8(b)));
}

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_pmaxq_u8(uint8x16_t a, uint8x16_t b)
{
    return vcombine_u8(vpmax_u8(vget_low_u8(a), vget_high_u8(a)),
                       vpmax_u8(vget_low_u8(b), vget_high_u8(b)));
}

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_pminq_u8(uint8x16_t a, uint8x16_t b)
{
    return vcombine_u8(vpmin_u8(vget_low_u8(a), vget_high_u8(a)),
                       vpmin_u8(vget_low_u8(b), vget_high_u8(b)));
}

/* ---- permutations ------------------------------------------------------ */

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_zip1q_u8(uint8x16_t a, uint8x16_t b)
{
    return vzipq_u8(a, b).val[0];
}

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_zip2q_u8(uint8x16_t a, uint8x16_t b)
{
    return vzipq_u8(a, b).val[1];
}

static UNILANE_ALWAYS_INLINE uint16x8_t neon32_zip1q_u16(uint16x8_t a, uint16x8_t b)
{
    return vzipq_u16(a, b).val[0];
}

static UNILANE_ALWAYS_INLINE uint16x8_t neon32_zip2q_u16(uint16x8_t a, uint16x8_t b)
{
    return vzipq_u16(a, b).val[1];
}

/* Even bytes of a:b: the low byte of each 16-bit lane (little-endian). */
static UNILANE_ALWAYS_INLINE uint8x16_t neon32_uzp1q_u8(uint8x16_t a, uint8x16_t b)
{
    return vcombine_u8(vmovn_u16(vreinterpretq_u16_u8(a)), vmovn_u16(vreinterpretq_u16_u8(b)));
}

/* Odd bytes of a:b: the high byte of each 16-bit lane. */
static UNILANE_ALWAYS_INLINE uint8x16_t neon32_uzp2q_u8(uint8x16_t a, uint8x16_t b)
{
    return vcombine_u8(vshrn_n_u16(vreinterpretq_u16_u8(a), 8),
                       vshrn_n_u16(vreinterpretq_u16_u8(b), 8));
}

static UNILANE_ALWAYS_INLINE uint16x8_t neon32_uzp1q_u16(uint16x8_t a, uint16x8_t b)
{
    return vcombine_u16(vmovn_u32(vreinterpretq_u32_u16(a)), vmovn_u32(vreinterpretq_u32_u16(b)));
}

static UNILANE_ALWAYS_INLINE uint16x8_t neon32_uzp2q_u16(uint16x8_t a, uint16x8_t b)
{
    return vcombine_u16(vshrn_n_u32(vreinterpretq_u32_u16(a), 16),
                        vshrn_n_u32(vreinterpretq_u32_u16(b), 16));
}

/* ---- comparisons with zero, widening ----------------------------------- */

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_cltzq_s8(int8x16_t v)
{
    return vcltq_s8(v, vdupq_n_s8(0));
}

static UNILANE_ALWAYS_INLINE uint8x16_t neon32_ceqzq_u8(uint8x16_t v)
{
    return vceqq_u8(v, vdupq_n_u8(0));
}

static UNILANE_ALWAYS_INLINE uint16x8_t neon32_movl_high_u8(uint8x16_t v)
{
    return vmovl_u8(vget_high_u8(v));
}

static UNILANE_ALWAYS_INLINE uint32x4_t neon32_movl_high_u16(uint16x8_t v)
{
    return vmovl_u16(vget_high_u16(v));
}

/* ---- multi-register loads and stores ----------------------------------- */

/*
 * 64 bytes as two VLD1 of four D registers (32 bytes each, the pointer
 * post-incremented), and four VST1 of two. VLD1 has no immediate offset, and GCC 12 turns
 * four vld1q_u8 into four loads from four address registers, each computed
 * with its own add; %h prints the register list {dN-dN+3} of a pair of Q
 * registers, which only GCC offers (clang takes the vld1q_u8 form). The
 * "m" operands tell the compiler which memory the instructions read or
 * write.
 */
#  if defined(__GNUC__) && !defined(__clang__)
struct neon32_b64 {
    uint8_t b[64];
};

static UNILANE_ALWAYS_INLINE uint8x16x4_t neon32_ld1q_u8_x4(const uint8_t *p)
{
    uint8x16x2_t a, b;
    uint8x16x4_t v;
    __asm__("vld1.8 %h0, [%2]!\n\tvld1.8 %h1, [%2]"
            : "=w"(a), "=w"(b), "+r"(p)
            : "m"(*(const struct neon32_b64 *)(const void *)p));
    v.val[0] = a.val[0];
    v.val[1] = a.val[1];
    v.val[2] = b.val[0];
    v.val[3] = b.val[1];
    return v;
}

/* (Four stores of one Q register each: a register pair built from four
   vectors goes through memory.) */
static UNILANE_ALWAYS_INLINE void neon32_st1q_u8_x4(uint8_t *p, uint8x16x4_t v)
{
    __asm__("vst1.8 {%e2, %f2}, [%1]!\n\tvst1.8 {%e3, %f3}, [%1]!\n\t"
            "vst1.8 {%e4, %f4}, [%1]!\n\tvst1.8 {%e5, %f5}, [%1]"
            : "=m"(*(struct neon32_b64 *)(void *)p), "+r"(p)
            : "w"(v.val[0]), "w"(v.val[1]), "w"(v.val[2]), "w"(v.val[3]));
}
#  else
static UNILANE_ALWAYS_INLINE uint8x16x4_t neon32_ld1q_u8_x4(const uint8_t *p)
{
    return neon_load64_u8(p);
}

static UNILANE_ALWAYS_INLINE void neon32_st1q_u8_x4(uint8_t *p, uint8x16x4_t v)
{
    vst1q_u8(p, v.val[0]);
    vst1q_u8(p + 16, v.val[1]);
    vst1q_u8(p + 32, v.val[2]);
    vst1q_u8(p + 48, v.val[3]);
}
#  endif

static UNILANE_ALWAYS_INLINE uint8x16x2_t neon32_ld1q_u8_x2(const uint8_t *p)
{
    uint8x16x2_t v;
    v.val[0] = vld1q_u8(p);
    v.val[1] = vld1q_u8(p + 16);
    return v;
}

static UNILANE_ALWAYS_INLINE uint16x8x4_t neon32_ld1q_u16_x4(const uint16_t *p)
{
    uint8x16x4_t b = neon32_ld1q_u8_x4((const uint8_t *)p);
    uint16x8x4_t v;
    v.val[0] = vreinterpretq_u16_u8(b.val[0]);
    v.val[1] = vreinterpretq_u16_u8(b.val[1]);
    v.val[2] = vreinterpretq_u16_u8(b.val[2]);
    v.val[3] = vreinterpretq_u16_u8(b.val[3]);
    return v;
}

static UNILANE_ALWAYS_INLINE void neon32_st1q_u16_x4(uint16_t *p, uint16x8x4_t v)
{
    uint8x16x4_t b;
    b.val[0] = vreinterpretq_u8_u16(v.val[0]);
    b.val[1] = vreinterpretq_u8_u16(v.val[1]);
    b.val[2] = vreinterpretq_u8_u16(v.val[2]);
    b.val[3] = vreinterpretq_u8_u16(v.val[3]);
    neon32_st1q_u8_x4((uint8_t *)p, b);
}

/* ---- the A64 names ----------------------------------------------------- */

/* clang-format off */
#  ifndef vqtbl1q_u8
#    define vqtbl1q_u8(t, i) neon32_qtbl1q_u8(t, i)
#  endif
#  ifndef vqtbl1_u8
#    define vqtbl1_u8(t, i) neon32_qtbl1_u8(t, i)
#  endif
#  ifndef vqtbx1q_u8
#    define vqtbx1q_u8(d, t, i) neon32_qtbx1q_u8(d, t, i)
#  endif
#  ifndef vqtbl2q_u8
#    define vqtbl2q_u8(t, i) neon32_qtbl2q_u8(t, i)
#  endif
#  ifndef vqtbl4q_u8
#    define vqtbl4q_u8(t, i) neon32_qtbl4q_u8(t, i)
#  endif
#  ifndef vmaxv_u8
#    define vmaxv_u8(v) neon32_maxv_u8(v)
#  endif
#  ifndef vminv_u8
#    define vminv_u8(v) neon32_minv_u8(v)
#  endif
#  ifndef vmaxvq_u8
#    define vmaxvq_u8(v) neon32_maxvq_u8(v)
#  endif
#  ifndef vminvq_u8
#    define vminvq_u8(v) neon32_minvq_u8(v)
#  endif
#  ifndef vmaxv_u16
#    define vmaxv_u16(v) neon32_maxv_u16(v)
#  endif
#  ifndef vminv_u16
#    define vminv_u16(v) neon32_minv_u16(v)
#  endif
#  ifndef vmaxvq_u16
#    define vmaxvq_u16(v) neon32_maxvq_u16(v)
#  endif
#  ifndef vminvq_u16
#    define vminvq_u16(v) neon32_minvq_u16(v)
#  endif
#  ifndef vmaxvq_u32
#    define vmaxvq_u32(v) neon32_maxvq_u32(v)
#  endif
#  ifndef vminvq_u32
#    define vminvq_u32(v) neon32_minvq_u32(v)
#  endif
#  ifndef vaddv_u8
#    define vaddv_u8(v) neon32_addv_u8(v)
#  endif
#  ifndef vaddvq_u8
#    define vaddvq_u8(v) neon32_addvq_u8(v)
#  endif
#  ifndef vaddlvq_u8
#    define vaddlvq_u8(v) neon32_addlvq_u8(v)
#  endif
#  ifndef vaddlvq_u16
#    define vaddlvq_u16(v) neon32_addlvq_u16(v)
#  endif
#  ifndef vpaddq_u8
#    define vpaddq_u8(a, b) neon32_paddq_u8(a, b)
#  endif
#  ifndef vpmaxq_u8
#    define vpmaxq_u8(a, b) neon32_pmaxq_u8(a, b)
#  endif
#  ifndef vpminq_u8
#    define vpminq_u8(a, b) neon32_pminq_u8(a, b)
#  endif
#  ifndef vzip1q_u8
#    define vzip1q_u8(a, b) neon32_zip1q_u8(a, b)
#  endif
#  ifndef vzip2q_u8
#    define vzip2q_u8(a, b) neon32_zip2q_u8(a, b)
#  endif
#  ifndef vzip1q_u16
#    define vzip1q_u16(a, b) neon32_zip1q_u16(a, b)
#  endif
#  ifndef vzip2q_u16
#    define vzip2q_u16(a, b) neon32_zip2q_u16(a, b)
#  endif
#  ifndef vuzp1q_u8
#    define vuzp1q_u8(a, b) neon32_uzp1q_u8(a, b)
#  endif
#  ifndef vuzp2q_u8
#    define vuzp2q_u8(a, b) neon32_uzp2q_u8(a, b)
#  endif
#  ifndef vuzp1q_u16
#    define vuzp1q_u16(a, b) neon32_uzp1q_u16(a, b)
#  endif
#  ifndef vuzp2q_u16
#    define vuzp2q_u16(a, b) neon32_uzp2q_u16(a, b)
#  endif
#  ifndef vcltzq_s8
#    define vcltzq_s8(v) neon32_cltzq_s8(v)
#  endif
#  ifndef vceqzq_u8
#    define vceqzq_u8(v) neon32_ceqzq_u8(v)
#  endif
#  ifndef vmovl_high_u8
#    define vmovl_high_u8(v) neon32_movl_high_u8(v)
#  endif
#  ifndef vmovl_high_u16
#    define vmovl_high_u16(v) neon32_movl_high_u16(v)
#  endif
/* The multi-register loads and stores are always ours on ARMv7: GCC 12
   has none, and clang 14 gives its own a 256-bit alignment hint
   ({d16-d19}, [r0:256]) whatever the pointer, so they fault (SIGBUS)
   on text at any other address. */
#  undef vld1q_u8_x2
#  define vld1q_u8_x2(p) neon32_ld1q_u8_x2(p)
#  undef vld1q_u8_x4
#  define vld1q_u8_x4(p) neon32_ld1q_u8_x4(p)
#  undef vld1q_u16_x4
#  define vld1q_u16_x4(p) neon32_ld1q_u16_x4(p)
#  undef vst1q_u8_x4
#  define vst1q_u8_x4(p, v) neon32_st1q_u8_x4(p, v)
#  undef vst1q_u16_x4
#  define vst1q_u16_x4(p, v) neon32_st1q_u16_x4(p, v)
/* clang-format on */

#endif /* !UNILANE_NEON_A64 */

/*
 * Tests of a whole vector, for both targets: on AArch64 the across-vector
 * maximum (what the kernels wrote before), on ARMv7 one pairwise maximum
 * of the two D halves' maximum and a test of the four lanes in a core
 * register, two instructions shorter than the whole pairwise chain.
 * `limit` must be 2^k - 1 (0x7F, 0xFF, 0x7FF: a constant).
 */

/* Bytes 0..3 of m as a word (little-endian). */
static UNILANE_ALWAYS_INLINE uint32_t neon_lane0_u32(uint8x8_t m)
{
#if UNILANE_NEON_A64
    return vget_lane_u32(vreinterpret_u32_u8(m), 0);
#else
    return neon32_lane0(m);
#endif
}

/* 1 iff some byte of v is >= 0x80. */
static UNILANE_ALWAYS_INLINE int neon_any_high_u8(uint8x16_t v)
{
#if UNILANE_NEON_A64
    return vmaxvq_u8(v) >= 0x80;
#else
    uint8x8_t m = vmax_u8(vget_low_u8(v), vget_high_u8(v));
    return (neon32_lane0(vpmax_u8(m, m)) & 0x80808080u) != 0;
#endif
}

/* 1 iff some unit of v is > limit, limit = 2^k - 1. */
UNILANE_MAYBE_UNUSED static UNILANE_ALWAYS_INLINE int neon_any_above_u16(uint16x8_t v,
                                                                         uint16_t limit)
{
#if UNILANE_NEON_A64
    return vmaxvq_u16(v) > limit;
#else
    uint16x4_t m = vmax_u16(vget_low_u16(v), vget_high_u16(v));
    uint32_t high = (uint32_t)(uint16_t)~limit * 0x10001u;
    return (neon32_lane0(vreinterpret_u8_u16(vpmax_u16(m, m))) & high) != 0;
#endif
}

#endif /* UNILANE_NEON_COMPAT_H */
