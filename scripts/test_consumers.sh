#!/usr/bin/env bash
# scripts/test_consumers.sh -- builds and runs tests/consumer/app.c in every
# way a user can get unilane, and checks the installed package.
#
#   ./scripts/test_consumers.sh [--only STAGE]... [--no-arm] [--no-suite] [--no-arm-suite]
#
# Stages (in this order):
#   amalgam      dist/unilane.{h,c} from scripts/amalgamate.py, bare cc:
#                gcc and clang (x86-64), aarch64-linux-gnu-gcc (run under
#                qemu-aarch64) and clang --target=aarch64-linux-gnu (compile)
#   install      cmake --install to a prefix; nm -D shows only unilane_*,
#                SONAME; find_package consumer, static and shared
#   subdir       add_subdirectory of the source tree (no tests/bench added)
#   fetch        FetchContent with SOURCE_DIR and with URL (a local tarball)
#   pkgconfig    cc app.c $(pkg-config --cflags --libs unilane)
#   suite        the whole test suite built from the amalgamation
#                (-DUNILANE_AMALGAMATED=ON), x86-64 and aarch64 under qemu
#
# Build trees go to $UNILANE_CONSUMER_BUILD (default build-pkg-consumers/).
# UNILANE_CONSUMER_CTEST_ARGS adds ctest arguments to the suite stage, e.g.
# "-E test_exhaustive" on a loaded machine (qemu is slow).
# Exit status: non-zero on the first failure.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${UNILANE_CONSUMER_BUILD:-$ROOT/build-pkg-consumers}
JOBS=2
DO_ARM=1
DO_SUITE=1
DO_ARM_SUITE=1
ONLY=()
while [ $# -gt 0 ]; do
  case "$1" in
    --only) ONLY+=("$2"); shift ;;
    --no-arm) DO_ARM=0 ;;
    --no-suite) DO_SUITE=0 ;;
    --no-arm-suite) DO_ARM_SUITE=0 ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

say() { printf '\n=== %s ===\n' "$*"; }
run() { printf '+ %s\n' "$*"; "$@"; }
fail() { echo "test_consumers.sh: FAIL: $*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

rm -rf "$OUT"
mkdir -p "$OUT"
PREFIX=$OUT/prefix
APP=$ROOT/tests/consumer/app.c
STRICT="-std=c99 -O2 -Wall -Wextra -Wpedantic -Werror"
VERSION=$(sed -n 's/^project(unilane VERSION \([0-9.]*\).*/\1/p' "$ROOT/CMakeLists.txt")
SOVERSION=${VERSION%.*}

# --------------------------------------------------------------------------
stage_amalgam() {
  say "(a) amalgamation: two files and a bare cc"
  local d=$OUT/amalgam
  mkdir -p "$d"
  run python3 "$ROOT/scripts/amalgamate.py" --out "$d/dist"
  for cc in gcc clang; do
    have $cc || { echo "$cc: not installed, skipped"; continue; }
    (cd "$d" && run $cc $STRICT -c dist/unilane.c -o unilane-$cc.o &&
       run $cc $STRICT -Idist "$APP" unilane-$cc.o -o app-$cc)
    for k in "" scalar avx2; do
      UNILANE_KERNEL=$k run "$d/app-$cc" || fail "amalgamation app ($cc, UNILANE_KERNEL=$k)"
    done
  done
  # The header also compiles as C++.
  if have g++; then
    echo '#include "unilane.h"' | run g++ -std=c++11 -Wall -Wextra -Wpedantic -Werror \
      -I"$d/dist" -x c++ -fsyntax-only -
  fi
  if [ "$DO_ARM" = 1 ] && have aarch64-linux-gnu-gcc; then
    (cd "$d" && run aarch64-linux-gnu-gcc $STRICT -c dist/unilane.c -o unilane-a64.o &&
       run aarch64-linux-gnu-gcc $STRICT -static -Idist "$APP" unilane-a64.o -o app-a64)
    if have qemu-aarch64; then
      for k in "" scalar neon; do
        UNILANE_KERNEL=$k run qemu-aarch64 "$d/app-a64" || fail "amalgamation app (aarch64, $k)"
      done
    fi
    if have clang; then
      (cd "$d" && run clang --target=aarch64-linux-gnu $STRICT -c dist/unilane.c -o unilane-ca64.o)
    fi
  fi
}

# --------------------------------------------------------------------------
stage_install() {
  say "(b) installed prefix + find_package"
  local b=$OUT/lib
  run cmake -S "$ROOT" -B "$b" -DCMAKE_BUILD_TYPE=Release -DUNILANE_BUILD_TESTS=OFF \
    -DUNILANE_WERROR=ON >"$b.configure.log" 2>&1 || { cat "$b.configure.log"; fail configure; }
  run cmake --build "$b" -j $JOBS >"$b.build.log" 2>&1 || { cat "$b.build.log"; fail build; }
  run cmake --install "$b" --prefix "$PREFIX"

  local so=$PREFIX/lib/libunilane.so
  [ -f "$PREFIX/include/unilane.h" ] || fail "header not installed"
  [ -f "$PREFIX/lib/libunilane.a" ] || fail "static library not installed"
  [ -e "$so" ] || fail "shared library not installed"
  [ -f "$PREFIX/lib/cmake/unilane/unilaneConfig.cmake" ] || fail "unilaneConfig.cmake not installed"
  [ -f "$PREFIX/lib/cmake/unilane/unilaneConfigVersion.cmake" ] || fail "version file not installed"
  [ -f "$PREFIX/lib/pkgconfig/unilane.pc" ] || fail "unilane.pc not installed"

  local bad
  bad=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^unilane_' || true)
  [ -z "$bad" ] || fail "the shared library exports non-unilane symbols: $bad"
  echo "nm -D: $(nm -D --defined-only "$so" | wc -l) exported symbols, all unilane_*"
  local soname
  soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
  [ "$soname" = "libunilane.so.$SOVERSION" ] || fail "SONAME is '$soname', expected libunilane.so.$SOVERSION"
  echo "SONAME: $soname"

  local c=$OUT/consumer-find
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=find_package \
    -DCMAKE_PREFIX_PATH="$PREFIX"
  run cmake --build "$c"
  run "$c/app" || fail "find_package app (static)"
  deps=$(ldd "$c/app")  # never "ldd | grep -q" under pipefail: SIGPIPE fails a good build
  case $deps in *libunilane*) fail "static consumer links libunilane.so" ;; esac

  c=$OUT/consumer-find-shared
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=find_package \
    -DCMAKE_PREFIX_PATH="$PREFIX" -DUNILANE_USE_SHARED=ON
  run cmake --build "$c"
  deps=$(ldd "$c/app")
  case $deps in *"$PREFIX/lib/libunilane.so.$SOVERSION"*) ;; *) fail "shared consumer does not use $so" ;; esac
  run "$c/app" || fail "find_package app (shared)"

  # A request for another minor version must be refused while the major is 0.
  c=$OUT/consumer-find-wrongver
  mkdir -p "$c"
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(v C)\nfind_package(unilane 0.%s QUIET)\nif(unilane_FOUND)\n  message(FATAL_ERROR "0.x accepted another minor version")\nendif()\n' \
    "$(( ${SOVERSION#*.} + 1 ))" >"$c/CMakeLists.txt"
  run cmake -S "$c" -B "$c/b" -DCMAKE_PREFIX_PATH="$PREFIX" >/dev/null || fail "version check"
}

# --------------------------------------------------------------------------
check_no_tests() {
  local b=$1
  if [ -n "$(find "$b" -type f \( -name 'test_*' -o -name 'bench_*' -o -name 'fuzz_*' \) -perm -u+x)" ]; then
    fail "tests or benchmarks were built in $b"
  fi
  if [ -f "$b/unilane/CTestTestfile.cmake" ] && grep -q add_test "$b/unilane/CTestTestfile.cmake"; then
    fail "unilane registered tests in the consumer's build"
  fi
}

stage_subdir() {
  say "(c) add_subdirectory of the source tree"
  local c=$OUT/consumer-subdir
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=add_subdirectory \
    -DUNILANE_SOURCE_DIR="$ROOT"
  run cmake --build "$c" -j $JOBS
  run "$c/app" || fail "add_subdirectory app"
  check_no_tests "$c"
  grep -q '^UNILANE_BUILD_TESTS:BOOL=OFF' "$c/CMakeCache.txt" || fail "UNILANE_BUILD_TESTS is not OFF"
}

stage_fetch() {
  say "(c') FetchContent: SOURCE_DIR and URL"
  local c=$OUT/consumer-fetch-dir
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=fetchcontent \
    -DUNILANE_SOURCE_DIR="$ROOT"
  run cmake --build "$c" -j $JOBS
  run "$c/app" || fail "FetchContent (SOURCE_DIR) app"
  check_no_tests "$c"

  local tarball=$OUT/unilane-$VERSION.tar.gz
  (cd "$ROOT" && run tar -czf "$tarball" --transform "s,^,unilane-$VERSION/," \
     CMakeLists.txt include src cmake scripts/amalgamate.py $(ls -d CHANGELOG.md 2>/dev/null || true))
  c=$OUT/consumer-fetch-url
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=fetchcontent \
    -DUNILANE_URL="file://$tarball"
  run cmake --build "$c" -j $JOBS
  run "$c/app" || fail "FetchContent (URL) app"
  check_no_tests "$c"
}

# --------------------------------------------------------------------------
stage_pkgconfig() {
  say "(d) pkg-config"
  [ -f "$PREFIX/lib/pkgconfig/unilane.pc" ] || stage_install
  local d=$OUT/consumer-pkgconfig flags
  mkdir -p "$d"
  flags=$(PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig pkg-config --cflags --libs unilane)
  echo "pkg-config --cflags --libs unilane: $flags"
  [ "$(PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig pkg-config --modversion unilane)" = "$VERSION" ] ||
    fail "pkg-config --modversion"
  # shellcheck disable=SC2086
  run cc $STRICT "$APP" $flags -o "$d/app"
  LD_LIBRARY_PATH=$PREFIX/lib run "$d/app" || fail "pkg-config app"
}

# --------------------------------------------------------------------------
stage_suite() {
  if [ "$DO_SUITE" != 1 ]; then echo "suite: skipped (--no-suite)"; return 0; fi
  say "the test suite on the amalgamation (x86-64)"
  local b=$OUT/suite-x86
  run cmake -S "$ROOT" -B "$b" -DCMAKE_BUILD_TYPE=Release -DUNILANE_AMALGAMATED=ON \
    -DUNILANE_WERROR=ON >"$b.configure.log" 2>&1 || { cat "$b.configure.log"; fail configure; }
  grep -q "building the library from" "$b.configure.log" || fail "UNILANE_AMALGAMATED had no effect"
  run cmake --build "$b" -j $JOBS >"$b.build.log" 2>&1 || { cat "$b.build.log"; fail build; }
  # shellcheck disable=SC2086
  (cd "$b" && run ctest --output-on-failure -j $JOBS ${UNILANE_CONSUMER_CTEST_ARGS:-}) ||
    fail "suite on the amalgamation (x86-64)"

  if [ "$DO_ARM" != 1 ] || [ "$DO_ARM_SUITE" != 1 ]; then
    echo "aarch64 suite: skipped"; return 0
  fi
  say "the test suite on the amalgamation (aarch64, qemu)"
  b=$OUT/suite-arm64
  run cmake -S "$ROOT" -B "$b" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/aarch64-linux-gnu.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DUNILANE_AMALGAMATED=ON -DUNILANE_WERROR=ON \
    >"$b.configure.log" 2>&1 || { cat "$b.configure.log"; fail configure; }
  run cmake --build "$b" -j $JOBS >"$b.build.log" 2>&1 || { cat "$b.build.log"; fail build; }
  # shellcheck disable=SC2086
  (cd "$b" && run ctest --output-on-failure -j $JOBS ${UNILANE_CONSUMER_CTEST_ARGS:-}) ||
    fail "suite on the amalgamation (aarch64)"
}

STAGES="amalgam install subdir fetch pkgconfig suite"
for s in $STAGES; do
  if [ ${#ONLY[@]} -gt 0 ] && [[ " ${ONLY[*]} " != *" $s "* ]]; then continue; fi
  "stage_$s"
done
say "consumers: all passed"
