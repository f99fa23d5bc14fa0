#!/usr/bin/env bash
# scripts/test.sh -- the README's test command: installs what is missing (as
# root, with apt-get), then builds and runs every test configuration.
#
#   ./scripts/test.sh            everything (about 15 minutes on 2 cores)
#   ./scripts/test.sh --no-arm   skip the AArch64 and ARMv7 cross builds under qemu
#   ./scripts/test.sh --only NAME  run one stage (see the list at the bottom)
#
# Build trees go to build-test/<stage>. Any failure stops the run with a
# non-zero exit status.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/build-test
JOBS=$(nproc 2>/dev/null || echo 2)
DO_ARM=1
ONLY=
while [ $# -gt 0 ]; do
  case "$1" in
    --no-arm) DO_ARM=0 ;;
    --only) ONLY=$2; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

say() { printf '\n=== %s ===\n' "$*"; }

# --------------------------------------------------------------------------
# Dependencies
# --------------------------------------------------------------------------
need_pkgs=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
# No "cmd | grep -q" under pipefail anywhere in these scripts: grep -q exits
# at the first match and cmd may then die of SIGPIPE, failing a good run.
# (dpkg-query prints one status per installed architecture, e.g. check:amd64
# and check:arm64, hence a substring match.)
have_pkg() { case "$(dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null || true)" in *"install ok installed"*) return 0 ;; *) return 1 ;; esac; }

for p in cmake gcc g++ clang clang-format git make pkg-config check libicu-dev libbenchmark-dev \
         libclang-rt-dev llvm binutils python3 openjdk-17-jdk-headless meson ninja-build; do
  have_pkg "$p" || need_pkgs+=("$p")
done
# s390x (big-endian, under qemu) and i386 (32-bit x86, run natively). The
# i686 cross gcc, not gcc-multilib: Debian's gcc-multilib conflicts with
# every gcc-*-linux-gnu cross compiler (cmake/i686-linux-gnu.cmake).
for p in qemu-user gcc-s390x-linux-gnu libc6-dev-s390x-cross check:s390x libsubunit-dev:s390x \
         gcc-i686-linux-gnu libc6-dev-i386-cross check:i386 libsubunit-dev:i386; do
  have_pkg "$p" || need_pkgs+=("$p")
done
# The Node-API example (stage node): node and the Node-API headers. Debian's
# nodejs has them in libnode-dev (/usr/include/node); nodesource's nodejs
# package carries them itself.
have_cmd node || have_pkg nodejs || need_pkgs+=(nodejs)
[ -f /usr/include/node/node_api.h ] || have_pkg libnode-dev || need_pkgs+=(libnode-dev)
if [ "$DO_ARM" = 1 ]; then
  # libicu-dev:arm64: test_icu in the arm64 stage too (tests/CMakeLists.txt).
  for p in qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross check:arm64 libsubunit-dev:arm64 \
           libicu-dev:arm64 gcc-arm-linux-gnueabihf libc6-dev-armhf-cross check:armhf libsubunit-dev:armhf; do
    have_pkg "$p" || need_pkgs+=("$p")
  done
fi
if [ ${#need_pkgs[@]} -gt 0 ]; then
  # Every foreign architecture named as pkg:arch needs dpkg --add-architecture
  # first; then one apt-get update and one apt-get install for everything.
  arches=$(printf '%s\n' "${need_pkgs[@]}" | sed -n 's/^[^:]*:\([a-z0-9]*\)$/\1/p' | sort -u | tr '\n' ' ')
  arch_prep=""
  for a in $arches; do arch_prep="${arch_prep}dpkg --add-architecture $a && "; done
  if [ "$(id -u)" = 0 ] && have_cmd apt-get; then
    say "installing: ${need_pkgs[*]}"
    for a in $arches; do dpkg --add-architecture "$a"; done
    export DEBIAN_FRONTEND=noninteractive
    # The JDK's postinst links its man pages; slim images lack the folder.
    case " ${need_pkgs[*]} " in *" openjdk-"*) mkdir -p /usr/share/man/man1 ;; esac
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need_pkgs[@]}" >/dev/null
  else
    echo "missing packages; install them with:" >&2
    echo "  sudo sh -c '${arch_prep}apt-get update && apt-get install -y ${need_pkgs[*]}'" >&2
    echo "(or run with --no-arm to skip the AArch64 and ARMv7 cross builds)" >&2
    exit 1
  fi
fi

HAVE_AVX2=0
if grep -qw avx2 /proc/cpuinfo 2>/dev/null; then HAVE_AVX2=1; fi
NATIVE_REQUIRE=scalar
if [ "$HAVE_AVX2" = 1 ]; then NATIVE_REQUIRE=scalar,avx2; fi
# avx512 needs AVX-512 F/BW/VL/VBMI/VBMI2; bw and vbmi2 are read here from
# /proc/cpuinfo, independently of the library's own detection.
if [ "$HAVE_AVX2" = 1 ] && grep -qw avx512bw /proc/cpuinfo 2>/dev/null &&
   grep -qw avx512_vbmi2 /proc/cpuinfo 2>/dev/null; then
  NATIVE_REQUIRE=$NATIVE_REQUIRE,avx512
else
  echo "avx512 not tested: CPU lacks avx512bw/vbmi2"
fi

WARN="-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Werror"

# cmake_build DIR [cmake args...] -- configure and build with warnings as errors.
cmake_build() {
  local dir=$1; shift
  cmake -S "$ROOT" -B "$dir" -DUNILANE_WERROR=ON "$@" >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log"; return 1; }
  cmake --build "$dir" -j "$JOBS" >"$dir.build.log" 2>&1 ||
    { cat "$dir.build.log"; return 1; }
}

# run_ctest DIR [ctest args...] -- runs the suite, then sums what the test
# binaries printed: how many checks passed for each kernel.
run_ctest() {
  local dir=$1; shift
  (cd "$dir" && ctest --output-on-failure -j "$JOBS" "$@")
  # Per kernel: checks whose call entered that kernel's entries (counted by
  # the test build's thunks, tests/common.c), and checks on calls that did
  # not reach it.
  awk '/^kernel [a-z0-9]+ *: [0-9]+ checks passed on calls that entered/ {
         split($0, a, ":"); split(a[2], b, " "); n[$2] += b[1]
         for (i = 1; i < NF; i++) if ($(i + 1) == "not" && $(i + 2) == "reached") u[$2] += $i }
       /^kernel-independent: [0-9]+ checks passed/ { r += $2 }
       END { for (k in n) printf "  kernel %-8s %12d checks on calls that entered its code, %d not reached\n", k, n[k], u[k]
             if (r) printf "  %-15s %12d checks (tests of the reference itself)\n", "reference", r }' \
    "$dir/Testing/Temporary/LastTest.log" | sort
}

# --------------------------------------------------------------------------
# Stages
# --------------------------------------------------------------------------

# The library builds with no build system at all.
stage_bare() {
  say "bare cc build (no configuration step), gcc and clang, with and without AVX2"
  python3 "$ROOT/tools/gen_tables.py" --check
  # The C sources follow .clang-format (generated tables excluded).
  (cd "$ROOT" && git ls-files 'src/*.[ch]' 'include/*.h' 'tests/*.[ch]' 'fuzz/*.[ch]' 'tools/*.[ch]' |
     grep -v '/tables_' | xargs clang-format --dry-run -Werror) || { echo "clang-format: run clang-format -i on the files above"; return 1; }
  echo "clang-format: clean"
  local tmp; tmp=$(mktemp -d)
  for cc in gcc clang; do
    for opt in "" "-DUNILANE_NO_AVX2" "-DUNILANE_NO_AVX512"; do
      (cd "$tmp" && $cc -std=c99 $WARN $opt -O2 -I"$ROOT/include" -c "$ROOT"/src/*/*.c)
    done
  done
  rm -rf "$tmp"
  echo "bare build: ok"
}

# gcc, optimised, the whole suite for every kernel this CPU has.
stage_gcc() {
  say "gcc Release: full suite (required kernels: $NATIVE_REQUIRE)"
  cmake_build "$OUT/gcc" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release -DUNILANE_BUILD_BENCH=ON
  UNILANE_TEST_REQUIRE=$NATIVE_REQUIRE run_ctest "$OUT/gcc"
  # The benchmark's paired mode (bench/bench_main.cpp, run_paired) on one
  # small row group: it runs, checks each row first and prints every row.
  local pb rows
  pb=$(UNILANE_BENCH_QUIET=1 "$OUT/gcc/bench/unilane_bench" --paired=2 --sizes=64K --datasets=latin \
    --no-peers --kernels=scalar,auto --benchmark_filter='^utf8_to_utf16/') || { echo "$pb"; return 1; }
  rows=$(printf '%s\n' "$pb" | awk -F'\t' '$1 == "paired" && $2 == "utf8_to_utf16" && $7 > 0 { n++ } END { print n + 0 }')
  [ "$rows" = 2 ] || { echo "bench --paired: expected 2 rows, got:"; echo "$pb"; return 1; }
  echo "bench --paired: ok ($rows rows)"
}

# gcc -Os, whose vzeroupper pass is off: no AVX code returns or calls scalar
# code with the upper ymm/zmm state dirty (src/avx2/avx2.h). The library's
# objects by their control flow (scripts/check_vzeroupper.py), and at run
# time XINUSE after every public function, every kernel (tests/test_xinuse.c,
# whose own object must name no ymm/zmm register). Only that test is built.
stage_xinuse() {
  say "gcc -Os: vzeroupper on every exit (objdump) and XINUSE after every public function ($NATIVE_REQUIRE)"
  local dir=$OUT/xinuse
  mkdir -p "$dir"
  cmake -S "$ROOT" -B "$dir" -DUNILANE_WERROR=ON -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_C_FLAGS=-Os >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; return 1; }
  cmake --build "$dir" --target unilane test_xinuse -j "$JOBS" >"$dir.build.log" 2>&1 ||
    { cat "$dir.build.log"; return 1; }
  python3 "$ROOT/scripts/check_vzeroupper.py" "$dir"/CMakeFiles/unilane_objects.dir/src/avx*/*.o \
    "$dir"/CMakeFiles/unilane_testlib.dir/src/avx*/*.o
  echo "vzeroupper: every exit of the AVX2 and AVX-512 objects clean (gcc -Os)"
  local own
  own=$(objdump -d "$dir/tests/CMakeFiles/test_xinuse.dir/test_xinuse.c.o" | awk '/%[yz]mm/ { n++ } END { print n + 0 }')
  [ "$own" = 0 ] || { echo "test_xinuse.c.o uses ymm/zmm registers ($own instructions)" >&2; return 1; }
  UNILANE_TEST_REQUIRE=$NATIVE_REQUIRE run_ctest "$dir" -R '^test_xinuse$'
}

# The fallback: the gcc build's whole suite again, once with every CPU
# feature masked off through the test-only hook (as on a CPU without AVX2),
# once with UNILANE_KERNEL=scalar. Both must choose scalar and pass. At a
# quarter of the iterations: what is proved here is the choice (the scalar
# kernel itself ran the whole suite in the gcc stage, as every kernel did).
stage_fallback() {
  say "fallback: suite at scale 0.25 with CPU features masked, and with UNILANE_KERNEL=scalar"
  [ -f "$OUT/gcc/CMakeCache.txt" ] || stage_gcc
  UNILANE_TEST_MASK_CPU=0xffffffff UNILANE_TEST_REQUIRE=scalar UNILANE_TEST_SCALE=0.25 run_ctest "$OUT/gcc"
  UNILANE_KERNEL=scalar UNILANE_TEST_REQUIRE=$NATIVE_REQUIRE UNILANE_TEST_SCALE=0.25 run_ctest "$OUT/gcc"
}

# clang with AddressSanitizer and UndefinedBehaviorSanitizer, at 0.4 of the
# suite's iterations (every test and every kernel, fewer random inputs: the
# gcc stage runs them all; CI must stay under 25 minutes).
stage_asan() {
  say "clang ASan+UBSan: full suite at scale 0.4"
  cmake_build "$OUT/asan" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS="-O1" -DUNILANE_SANITIZE=address,undefined
  UNILANE_TEST_REQUIRE=$NATIVE_REQUIRE UNILANE_TEST_SCALE=0.4 ASAN_OPTIONS=detect_leaks=1 \
    run_ctest "$OUT/asan"
}

# The generic-only build: the AVX2 kernel compiled out.
stage_noavx2() {
  say "clang -O3 with -DUNILANE_NO_AVX2: full suite on scalar"
  cmake_build "$OUT/noavx2" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS="-O3" -DUNILANE_NO_AVX2=ON
  UNILANE_TEST_REQUIRE=scalar UNILANE_TEST_SCALE=0.25 run_ctest "$OUT/noavx2"
  # The AVX2 kernel alone: the AVX-512 one compiled out.
  say "clang -O3 with -DUNILANE_NO_AVX512: full suite on scalar and avx2"
  cmake_build "$OUT/noavx512" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS="-O3" -DUNILANE_NO_AVX512=ON
  UNILANE_TEST_REQUIRE=${NATIVE_REQUIRE%,avx512} UNILANE_TEST_SCALE=0.25 run_ctest "$OUT/noavx512"
}

# AArch64: gcc cross build, every test under qemu-aarch64; clang compile check.
stage_arm64() {
  if [ "$DO_ARM" != 1 ]; then echo "arm64: skipped (--no-arm)"; return 0; fi
  say "aarch64 (gcc cross, qemu-user): full suite on neon and scalar"
  cmake_build "$OUT/arm64" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/aarch64-linux-gnu.cmake" \
    -DCMAKE_BUILD_TYPE=Release
  UNILANE_TEST_REQUIRE=scalar,neon run_ctest "$OUT/arm64"
  say "aarch64: clang --target=aarch64-linux-gnu compile of the library"
  local tmp; tmp=$(mktemp -d)
  (cd "$tmp" && clang --target=aarch64-linux-gnu -std=c99 $WARN -O2 -I"$ROOT/include" \
     -c "$ROOT"/src/*/*.c)
  rm -rf "$tmp"
  echo "clang aarch64 compile: ok"
}

# ARMv7-A (armhf): gcc cross build with Debian's default FPU (VFPv3-D16, no
# -mfpu=neon: the neon32 files switch NEON on for themselves), every test
# under qemu-arm for neon32 and scalar; the same binaries on an emulated
# ARMv7 core without NEON (cortex-r5f, where a NEON instruction is SIGILL),
# which must choose scalar; clang compile checks with and without NEON.
stage_armv7() {
  if [ "$DO_ARM" != 1 ]; then echo "armv7: skipped (--no-arm)"; return 0; fi
  say "armv7 (gcc cross armhf, qemu-arm): full suite on neon32 and scalar"
  cmake_build "$OUT/armv7" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/arm-linux-gnueabihf.cmake" \
    -DCMAKE_BUILD_TYPE=Release
  UNILANE_TEST_REQUIRE=scalar,neon32 run_ctest "$OUT/armv7"
  # No function outside the NEON kernels contains a NEON instruction (Q
  # registers, VLDn/VSTn, VTBL/VTBX, 8/16-bit or integer element types): the
  # library built without -mfpu=neon must run on a VFP-only core. (With a
  # global -mfpu=neon GCC vectorizes scalar loops with NEON, which this
  # catches.)
  local neon_fns
  neon_fns=$(arm-linux-gnueabihf-objdump -d --no-show-raw-insn "$OUT/armv7/libunilane.a" |
    awk '/^[0-9a-f]+ <.*>:$/ { fn = $2 }
         /\tv(ld|st)[1-4]|\tvtb[lx]|[^a-z]q[0-9]+|\.(i|u|s|p)(8|16)[\t ]|\.i(32|64)[\t ]/ { print fn }' |
    sort -u)
  case "$(printf '%s\n' "$neon_fns" | grep -v neon || true)" in
    "") echo "NEON instructions only in the NEON kernels ($(printf '%s\n' "$neon_fns" | wc -l) functions)" ;;
    *) echo "NEON instructions outside the NEON kernels:" >&2
       printf '%s\n' "$neon_fns" | grep -v neon >&2; return 1 ;;
  esac
  say "armv7 without NEON (QEMU_CPU=cortex-r5f: HWCAP lacks NEON): full suite, scalar chosen"
  QEMU_CPU=cortex-r5f UNILANE_TEST_REQUIRE=scalar run_ctest "$OUT/armv7"
  say "armv7: clang --target=armv7a-linux-gnueabihf compile, -mfpu=neon (neon32) and without (scalar)"
  local tmp fpu syms nm_; tmp=$(mktemp -d)
  nm_=$(command -v llvm-nm || command -v llvm-nm-14 || echo nm)
  for fpu in -mfpu=neon ""; do
    rm -f "$tmp"/*.o
    # shellcheck disable=SC2086 # $fpu and $WARN are lists of flags
    (cd "$tmp" && clang --target=armv7a-linux-gnueabihf $fpu -std=c99 $WARN -O2 \
       -I"$ROOT/include" -c "$ROOT"/src/*/*.c)
    syms=$("$nm_" "$tmp/impl_neon.o")
    case "$syms:$fpu" in
      *" unilane_impl_neon32"*:-mfpu=neon) echo "clang armv7 -mfpu=neon: neon32 compiled" ;;
      *" unilane_impl_neon32"*) echo "clang armv7 without NEON compiled neon32" >&2; return 1 ;;
      *:-mfpu=neon) echo "clang armv7 -mfpu=neon: neon32 missing" >&2; return 1 ;;
      *) echo "clang armv7 without -mfpu=neon: neon32 left out (scalar only), as documented" ;;
    esac
  done
  rm -rf "$tmp"
  # clang's own multi-register intrinsics carry alignment hints that fault on
  # unaligned text (src/neon/neon_compat.h), so a clang -mfpu=neon build must
  # also run: the API, guard-page and length tests on neon32 under qemu-arm.
  say "armv7: clang -mfpu=neon build, test_api, test_guard, test_lengths on neon32"
  cmake_build "$OUT/armv7-clang" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/arm-linux-gnueabihf.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang \
    -DCMAKE_C_COMPILER_TARGET=arm-linux-gnueabihf -DCMAKE_C_FLAGS=-mfpu=neon
  UNILANE_TEST_REQUIRE=scalar,neon32 run_ctest "$OUT/armv7-clang" -R '^test_(api|guard|lengths)$'
}

# The first call racing in many threads, under ThreadSanitizer.
stage_tsan() {
  say "clang ThreadSanitizer: first-call race, kernel choice, CPU-feature mask hook"
  mkdir -p "$OUT/tsan"
  clang -std=c99 -g -O1 -fsanitize=thread -pthread -DUNILANE_TEST_SUPPORT=1 -I"$ROOT/include" \
    "$ROOT/tests/dispatch/test_dispatch.c" "$ROOT"/src/*/*.c -o "$OUT/tsan/test_dispatch"
  TSAN_OPTIONS=halt_on_error=1 "$OUT/tsan/test_dispatch"
  UNILANE_KERNEL=scalar TSAN_OPTIONS=halt_on_error=1 "$OUT/tsan/test_dispatch"
}

# Android, iOS, macOS and Windows targets: compile-only (no NDK, SDK or
# Windows SDK on this machine).
stage_targets() {
  say "clang compile for Android / iOS / macOS / Windows (MSVC ABI) targets (stand-in libc headers)"
  ./scripts/check_targets.sh
}

# Big-endian: the scalar kernel set (the only one there) cross-built for
# s390x, the whole suite under qemu-s390x. UTF-16 is native-endian by
# contract, so this shows that the scalar code and the tests assume no byte
# order. UNILANE_TEST_SCALE_CROSS keeps the random iterations short.
stage_s390x() {
  say "s390x (big-endian; gcc cross, qemu-user): full suite on scalar"
  cmake_build "$OUT/s390x" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/s390x-linux-gnu.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DUNILANE_TEST_SCALE_CROSS=0.1
  local hdr
  hdr=$(readelf -h "$OUT/s390x/tests/test_api")
  case $hdr in *"big endian"*) echo "test binaries: ELF big endian (s390x)" ;; *) echo "s390x: not a big-endian build" >&2; return 1 ;; esac
  UNILANE_TEST_REQUIRE=scalar run_ctest "$OUT/s390x"
}

# 32-bit x86: the whole suite built with the i686 gcc (32-bit pointers and
# size_t, PIE), run natively, with the AVX2 and AVX-512 kernel sets compiled
# in and required as on x86-64.
stage_i386() {
  say "i386 (gcc i686, 32-bit, native): full suite (required kernels: $NATIVE_REQUIRE)"
  cmake_build "$OUT/i386" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/i686-linux-gnu.cmake" \
    -DCMAKE_BUILD_TYPE=Release
  local hdr
  hdr=$(readelf -h "$OUT/i386/tests/test_api")
  case $hdr in *"ELF32"*"Intel 80386"*) echo "test binaries: ELF32 i386" ;; *) echo "i386: not an i386 build" >&2; return 1 ;; esac
  UNILANE_TEST_REQUIRE=$NATIVE_REQUIRE UNILANE_TEST_SCALE=0.25 run_ctest "$OUT/i386"
}

# The ways a consumer gets unilane (two amalgamated files, installed CMake
# package static and shared, add_subdirectory/FetchContent, pkg-config,
# Meson) with the CMake-as-a-guest checks, and the whole suite built from the
# amalgamation on x86-64 and AArch64.
stage_consumers() {
  say "consumers: amalgamation, find_package, add_subdirectory, FetchContent, pkg-config, Meson"
  local arm=()
  if [ "$DO_ARM" != 1 ]; then arm=(--no-arm); fi
  UNILANE_CONSUMER_BUILD="$OUT/consumers" ./scripts/test_consumers.sh "${arm[@]}"
}

# A real JVM (OpenJDK 17, JNI): modified UTF-8 against GetStringUTFChars,
# GetStringUTFLength, NewStringUTF, writeUTF and readUTF, and the jstring
# bridge of examples/jni against String's own UTF-8, every kernel.
stage_jvm() {
  say "JVM (OpenJDK, JNI): modified UTF-8 and examples/jni (required kernels: $NATIVE_REQUIRE)"
  UNILANE_JVM_BUILD="$OUT/jvm" UNILANE_TEST_REQUIRE=$NATIVE_REQUIRE ./scripts/test_jvm.sh
}

# The Node-API example: the addon (plain C, system compiler, static unilane)
# against Node's own conversions, once per kernel this CPU has.
stage_node() {
  say "node: examples/node-addon against Buffer.toString, TextDecoder, buf.write, StringDecoder ($NATIVE_REQUIRE)"
  UNILANE_NODE_BUILD="$OUT/node" UNILANE_NODE_KERNELS=$NATIVE_REQUIRE ./scripts/test_node.sh
}

# libFuzzer (clang, ASan+UBSan): every kernel against scalar on guarded
# buffers, a fixed short time per target; the NEON builds (AArch64, ARMv7)
# under qemu too.
stage_fuzz() {
  say "fuzzing: 10 s per target (x86-64), 6 s per target (AArch64 under qemu), 5 s (ARMv7)"
  UNILANE_FUZZ_BUILD="$OUT/fuzz" ./scripts/fuzz.sh 7
  if [ "$DO_ARM" = 1 ]; then
    UNILANE_FUZZ_BUILD="$OUT/fuzz-arm64" ./scripts/fuzz.sh --qemu-aarch64 6
    UNILANE_FUZZ_BUILD="$OUT/fuzz-armv7" ./scripts/fuzz.sh --qemu-arm 5
  fi
}

# CPU_NOW: CPU seconds (user + system) of this shell's finished children so
# far. `times` runs in this shell (a $(...) subshell would report its own).
child_cpu() {
  times >"$OUT/.times"
  CPU_NOW=$(awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] }
                           printf "%.0f", s }' "$OUT/.times")
}

STAGES="bare targets tsan gcc xinuse fallback asan noavx2 arm64 armv7 s390x i386 consumers jvm node fuzz"
case " $STAGES " in *" ${ONLY:-bare} "*) ;; *) echo "unknown stage: $ONLY (stages: $STAGES)" >&2; exit 2 ;; esac
timing=()
for s in $STAGES; do
  if [ -n "$ONLY" ] && [ "$ONLY" != "$s" ]; then continue; fi
  mkdir -p "$OUT"
  child_cpu
  t0=$SECONDS c0=$CPU_NOW
  "stage_$s"
  child_cpu
  timing+=("$(printf '%-10s %5d s wall %6d s CPU' "$s" $((SECONDS - t0)) $((CPU_NOW - c0)))")
done
say "all test stages passed"
echo "time per stage (wall clock; CPU = user + system of its processes, on $JOBS cores):"
printf '  %s\n' "${timing[@]}"
