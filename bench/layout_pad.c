/* layout_pad.c -- never-executed bytes in .text, linked between the
 * benchmark's objects to move the code that follows them (a code layout,
 * bench/CMakeLists.txt UNILANE_BENCH_LAYOUTS, bench/README.md "Code
 * placement"). It holds no function and changes no compiled code: the
 * objects after it keep their bytes and land at other addresses.
 *
 *   UNILANE_BENCH_PAD           its size in bytes (a multiple of 16, the
 *                               alignment of the objects it moves)
 *   UNILANE_BENCH_LAYOUT_NAME   only in a layout's first pad: the layout's
 *                               description, which bench_main.cpp puts into
 *                               the JSON context ("layout")
 */
#define UB_STR2(x) #x
#define UB_STR(x)  UB_STR2(x)

#if UNILANE_BENCH_PAD > 0
__asm__(
    ".pushsection .text\n\t.balign 16\n\t.skip " UB_STR(UNILANE_BENCH_PAD) ", 0xcc\n\t.popsection");
#else
__asm__(".pushsection .text\n\t.balign 16\n\t.popsection");
#endif

#ifdef UNILANE_BENCH_LAYOUT_NAME
extern const char unilane_bench_layout[];
const char unilane_bench_layout[] = UNILANE_BENCH_LAYOUT_NAME;
#endif
