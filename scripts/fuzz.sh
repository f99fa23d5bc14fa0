#!/usr/bin/env bash
# scripts/fuzz.sh -- builds the libFuzzer targets (clang, ASan + UBSan) and
# runs each for a fixed time, one after the other.
#
#   ./scripts/fuzz.sh                  15 s per target (about a minute in all)
#   ./scripts/fuzz.sh 600              the longer run: 10 minutes per target
#   ./scripts/fuzz.sh 60 fuzz_stream   one target
#   ./scripts/fuzz.sh --qemu-aarch64 [SECONDS] [TARGET...]
#                                      NEON vs scalar: the same targets built
#                                      with aarch64-linux-gnu-gcc and a plain
#                                      driver (fuzz/standalone_main.c: seed
#                                      corpus, then random mutations, no
#                                      coverage guidance, no sanitizers; the
#                                      guard pages still catch over-reads and
#                                      over-writes), run under qemu-aarch64
#   ./scripts/fuzz.sh --qemu-arm [SECONDS] [TARGET...]
#                                      the same for ARMv7 (neon32 vs scalar):
#                                      arm-linux-gnueabihf-gcc, qemu-arm
#
# Targets: fuzz_utf8 fuzz_utf16 fuzz_latin1 fuzz_stream (see fuzz/*.c). Each
# compares every kernel this CPU has against scalar on guarded buffers and
# aborts on a difference or a broken invariant.
#
# Environment: UNILANE_FUZZ_BUILD (build tree, default build-fuzz/),
# UNILANE_FUZZ_MAX_LEN (default 8192), CC (default clang),
# UNILANE_FUZZ_ARGS (extra libFuzzer flags), UNILANE_FUZZ_KERNELS (e.g.
# "scalar" or "scalar,avx2": the kernels compared; default all available).
# The seed corpus fuzz/corpus/<target>/ is only read; new inputs go to
# <build>/corpus/<target>/ and crashes to <build>/artifacts/.
# Exit status: 0 if no target crashed, 1 otherwise.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
QEMU=0
case "${1:-}" in
  --qemu-aarch64) QEMU=1 QEMU_BIN=qemu-aarch64 QARCH=aarch64 QXCC=aarch64-linux-gnu-gcc
                  QBUILD=build-fuzz-arm64; shift ;;
  --qemu-arm) QEMU=1 QEMU_BIN=qemu-arm QARCH=armv7 QXCC=arm-linux-gnueabihf-gcc
              QBUILD=build-fuzz-armv7; shift ;;
esac
SECONDS_PER_TARGET=${1:-15}
shift || true
TARGETS=${*:-fuzz_utf8 fuzz_utf16 fuzz_latin1 fuzz_stream}
BUILD=${UNILANE_FUZZ_BUILD:-$ROOT/build-fuzz}
MAX_LEN=${UNILANE_FUZZ_MAX_LEN:-8192}
CC=${CC:-clang}

# "scalar 123, avx2 123": per kernel, the calls that entered its entries
# (printed at exit by fuzz/fuzz_common.c from the test build's counters).
entered() {
  sed -n 's/^unilane fuzz: kernel \([a-z0-9]*\): \([0-9]*\) calls entered.*/\1 \2/p' "$1" |
    tr '\n' ',' | sed 's/,$//; s/,/, /g'
}

case "$SECONDS_PER_TARGET" in
  ''|*[!0-9]*) echo "usage: $0 [SECONDS_PER_TARGET] [TARGET...]" >&2; exit 2 ;;
esac

if [ "$QEMU" = 1 ]; then
  BUILD=${UNILANE_FUZZ_BUILD:-$ROOT/$QBUILD}
  XCC=${UNILANE_FUZZ_XCC:-$QXCC}
  echo "=== building the standalone fuzz drivers in $BUILD ($XCC)"
  rm -rf "$BUILD/obj"
  mkdir -p "$BUILD/obj" "$BUILD/artifacts"
  for f in "$ROOT"/src/*/*.c "$ROOT/fuzz/fuzz_common.c" "$ROOT/fuzz/standalone_main.c"; do
    o=$BUILD/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o
    "$XCC" -std=c99 -O2 -g -Wall -Wextra -Werror -DUNILANE_TEST_SUPPORT=1 -I"$ROOT/include" -I"$ROOT/fuzz" \
      -c "$f" -o "$o" || exit 1
  done
  failed=()
  summary=()
  for t in $TARGETS; do
    "$XCC" -std=c99 -O2 -g -Wall -Wextra -Werror -I"$ROOT/include" -I"$ROOT/fuzz" -static \
      "$ROOT/fuzz/$t.c" "$BUILD"/obj/*.o -o "$BUILD/$t" || exit 1
    log=$BUILD/$t.log
    echo "=== $t ($QARCH, qemu): ${SECONDS_PER_TARGET}s (log: $log)"
    (cd "$BUILD/artifacts" && "$QEMU_BIN" "$BUILD/$t" -seconds="$SECONDS_PER_TARGET" \
       -max_len="$MAX_LEN" "$ROOT/fuzz/corpus/$t") >"$log" 2>&1
    rc=$?
    kernels=$(sed -n '/^unilane fuzz: kernels: /{s///p;q}' "$log")
    if [ $rc -ne 0 ]; then
      failed+=("$t")
      grep -m 5 -E 'unilane fuzz FAILURE|standalone:' "$log" || true
      summary+=("$t: CRASHED (kernels: $kernels)")
    else
      summary+=("$t: $(sed -n 's/^standalone [^:]*: //p' "$log") (kernels: $kernels; entries entered: $(entered "$log"))")
    fi
  done
  echo
  echo "=== fuzz summary ($QARCH under qemu, standalone driver)"
  printf '  %s\n' "${summary[@]}"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]} (inputs in $BUILD/artifacts; reproduce: $QEMU_BIN $BUILD/<target> <file>)"
    exit 1
  fi
  echo "no crash"
  exit 0
fi

echo "=== building the fuzz targets in $BUILD ($CC)"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_C_COMPILER="$CC" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DUNILANE_BUILD_FUZZ=ON -DUNILANE_BUILD_TESTS=OFF -DUNILANE_WERROR=ON >"$BUILD.configure.log" 2>&1 ||
  { cat "$BUILD.configure.log"; exit 1; }
# shellcheck disable=SC2086
cmake --build "$BUILD" -j 2 --target $TARGETS >"$BUILD.build.log" 2>&1 ||
  { cat "$BUILD.build.log"; exit 1; }

mkdir -p "$BUILD/artifacts"
failed=()
summary=()
for t in $TARGETS; do
  work=$BUILD/corpus/$t
  seeds=$ROOT/fuzz/corpus/$t
  mkdir -p "$work"
  log=$BUILD/$t.log
  echo "=== $t: ${SECONDS_PER_TARGET}s (log: $log)"
  # shellcheck disable=SC2086
  "$BUILD/fuzz/$t" -max_total_time="$SECONDS_PER_TARGET" -max_len="$MAX_LEN" -timeout=20 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$BUILD/artifacts/$t-" \
    ${UNILANE_FUZZ_ARGS:-} "$work" "$seeds" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [ -n "$runs" ] || runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  kernels=$(sed -n '/^unilane fuzz: kernels: /{s///p;q}' "$log")
  if [ $rc -ne 0 ]; then
    failed+=("$t")
    grep -m 8 -E 'unilane fuzz FAILURE|ERROR: AddressSanitizer|runtime error|SUMMARY|Test unit written' "$log" || true
    summary+=("$t: CRASHED after ${runs:-?} runs (kernels: $kernels)")
  else
    summary+=("$t: ${runs:-?} runs in ${secs:-?} s, $cov (kernels: $kernels; entries entered: $(entered "$log"))")
  fi
done

echo
echo "=== fuzz summary"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]} (reproduce: $BUILD/fuzz/<target> $BUILD/artifacts/<file>)"
  exit 1
fi
echo "no crash"
