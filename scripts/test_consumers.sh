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
#   install      cmake --install of a static and of a shared build, each to
#                its own prefix: each installs one library, its kind;
#                nm -D shows only unilane_*, SONAME; find_package consumer
#                of each (UNILANE_SHARED in the shared target's usage
#                requirements; a request for the other kind is refused)
#   subdir       add_subdirectory of the source tree (no tests/bench added;
#                `all` builds one library, the kind BUILD_SHARED_LIBS asks
#                for; a user's CMAKE_BUILD_TYPE, or its absence, is kept)
#   fetch        FetchContent with SOURCE_DIR and with URL (a local tarball)
#   pkgconfig    cc app.c $(pkg-config --cflags --libs unilane), static and
#                shared; the .pc is relocatable (prefix=${pcfiledir}/../..)
#                and still works after the installed tree is moved
#   meson        meson.build: the library (default_library=both) installed
#                with its .pc, a Meson consumer through that .pc and one with
#                unilane as a subproject; Meson compiles exactly src/*/*.c
#                (the list it reads from CMakeLists.txt) at CMake's version
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
    -h|--help) sed -n '2,34p' "$0"; exit 0 ;;
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
PREFIX_STATIC=$OUT/prefix-static
PREFIX_SHARED=$OUT/prefix-shared
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
# install_kind static|shared: configure, build and install that kind to
# $PREFIX_STATIC or $PREFIX_SHARED; checks the prefix holds that kind only.
install_kind() {
  local kind=$1 b=$OUT/lib-$1 p shared=OFF
  if [ "$kind" = shared ]; then shared=ON; p=$PREFIX_SHARED; else p=$PREFIX_STATIC; fi
  run cmake -S "$ROOT" -B "$b" -DCMAKE_BUILD_TYPE=Release -DUNILANE_BUILD_TESTS=OFF \
    -DBUILD_SHARED_LIBS=$shared -DUNILANE_WERROR=ON >"$b.configure.log" 2>&1 ||
    { cat "$b.configure.log"; fail configure; }
  run cmake --build "$b" -j $JOBS >"$b.build.log" 2>&1 || { cat "$b.build.log"; fail build; }
  run cmake --install "$b" --prefix "$p" >/dev/null

  [ -f "$p/include/unilane.h" ] || fail "header not installed ($kind)"
  [ -f "$p/lib/cmake/unilane/unilaneConfig.cmake" ] || fail "unilaneConfig.cmake not installed"
  [ -f "$p/lib/cmake/unilane/unilaneConfigVersion.cmake" ] || fail "version file not installed"
  [ -f "$p/lib/pkgconfig/unilane.pc" ] || fail "unilane.pc not installed"
  local libs
  libs=$(cd "$p/lib" && ls -d libunilane* | tr '\n' ' ')
  echo "$kind prefix: lib/$libs"
  if [ "$kind" = static ]; then
    [ "$libs" = "libunilane.a " ] || fail "the static build installed '$libs', expected libunilane.a only"
    if grep -q UNILANE_SHARED "$p/lib/cmake/unilane/unilaneTargets.cmake"; then
      fail "the static target carries UNILANE_SHARED"
    fi
  else
    [ "$libs" = "libunilane.so libunilane.so.$SOVERSION libunilane.so.$VERSION " ] ||
      fail "the shared build installed '$libs', expected libunilane.so* only"
    grep -q 'INTERFACE_COMPILE_DEFINITIONS "UNILANE_SHARED"' "$p/lib/cmake/unilane/unilaneTargets.cmake" ||
      fail "the shared target does not carry UNILANE_SHARED to its users"
  fi
}

stage_install() {
  say "(b) installed prefixes (static, shared) + find_package"
  install_kind static
  install_kind shared

  local so=$PREFIX_SHARED/lib/libunilane.so
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
    -DCMAKE_PREFIX_PATH="$PREFIX_STATIC"
  run cmake --build "$c"
  run "$c/app" || fail "find_package app (static)"
  deps=$(ldd "$c/app")  # never "ldd | grep -q" under pipefail: SIGPIPE fails a good build
  case $deps in *libunilane*) fail "static consumer links libunilane.so" ;; esac

  c=$OUT/consumer-find-shared
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=find_package \
    -DCMAKE_PREFIX_PATH="$PREFIX_SHARED"
  run cmake --build "$c"
  deps=$(ldd "$c/app")
  case $deps in *"$PREFIX_SHARED/lib/libunilane.so.$SOVERSION"*) ;; *) fail "shared consumer does not use $so" ;; esac
  grep -q -- '-DUNILANE_SHARED' "$c/CMakeFiles/app.dir/flags.make" ||
    fail "the shared consumer is not compiled with UNILANE_SHARED"
  run "$c/app" || fail "find_package app (shared)"

  # A request for another minor version must be refused while the major is
  # 0, and a request for the kind the prefix does not hold too.
  c=$OUT/consumer-find-wrongver
  mkdir -p "$c"
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(v C)\nfind_package(unilane 0.%s QUIET)\nif(unilane_FOUND)\n  message(FATAL_ERROR "0.x accepted another minor version")\nendif()\nset(UNILANE_USE_SHARED ON)\nfind_package(unilane 0.%s QUIET)\nif(unilane_FOUND)\n  message(FATAL_ERROR "UNILANE_USE_SHARED=ON accepted the static library")\nendif()\n' \
    "$(( ${SOVERSION#*.} + 1 ))" "${SOVERSION#*.}" >"$c/CMakeLists.txt"
  run cmake -S "$c" -B "$c/b" -DCMAKE_PREFIX_PATH="$PREFIX_STATIC" >/dev/null || fail "version/kind check"
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

# libunilane files built in the consumer tree $1 (its unilane/ subdirectory).
built_libs() { (cd "$1/unilane" && ls -d libunilane* 2>/dev/null | tr '\n' ' ') || true; }

stage_subdir() {
  say "(c) add_subdirectory of the source tree"
  # Static (BUILD_SHARED_LIBS unset), with the user's CMAKE_BUILD_TYPE.
  local c=$OUT/consumer-subdir libs
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=add_subdirectory \
    -DUNILANE_SOURCE_DIR="$ROOT" -DCMAKE_BUILD_TYPE=MinSizeRel
  grep -q '^CMAKE_BUILD_TYPE:STRING=MinSizeRel$' "$c/CMakeCache.txt" ||
    fail "the consumer's CMAKE_BUILD_TYPE=MinSizeRel was replaced"
  run cmake --build "$c" -j $JOBS
  run "$c/app" || fail "add_subdirectory app"
  check_no_tests "$c"
  grep -q '^UNILANE_BUILD_TESTS:BOOL=OFF' "$c/CMakeCache.txt" || fail "UNILANE_BUILD_TESTS is not OFF"
  libs=$(built_libs "$c")
  [ "$libs" = "libunilane.a " ] || fail "add_subdirectory built '$libs', expected libunilane.a only"
  echo "add_subdirectory, static: built $libs"

  # No CMAKE_BUILD_TYPE from the user: unilane must not put one in the cache.
  c=$OUT/consumer-subdir-notype
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=add_subdirectory \
    -DUNILANE_SOURCE_DIR="$ROOT" >/dev/null
  if grep -q '^CMAKE_BUILD_TYPE:STRING=.' "$c/CMakeCache.txt"; then
    fail "unilane as a subproject set CMAKE_BUILD_TYPE: $(grep '^CMAKE_BUILD_TYPE:' "$c/CMakeCache.txt")"
  fi
  echo "add_subdirectory, no build type given: CMAKE_BUILD_TYPE left empty"

  # Shared: one library, the shared one, and UNILANE_SHARED reaches the app.
  c=$OUT/consumer-subdir-shared
  run cmake -S "$ROOT/tests/consumer" -B "$c" -DUNILANE_CONSUMER_MODE=add_subdirectory \
    -DUNILANE_SOURCE_DIR="$ROOT" -DBUILD_SHARED_LIBS=ON -DCMAKE_BUILD_TYPE=Release
  run cmake --build "$c" -j $JOBS
  run "$c/app" || fail "add_subdirectory app (shared)"
  libs=$(built_libs "$c")
  [ "$libs" = "libunilane.so libunilane.so.$SOVERSION libunilane.so.$VERSION " ] ||
    fail "add_subdirectory with BUILD_SHARED_LIBS=ON built '$libs', expected libunilane.so* only"
  grep -q -- '-DUNILANE_SHARED' "$c/CMakeFiles/app.dir/flags.make" ||
    fail "the in-tree shared target does not give UNILANE_SHARED to its users"
  echo "add_subdirectory, BUILD_SHARED_LIBS=ON: built $libs"
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
# pc_app PCDIR OUTDIR [static|shared]: builds and runs app.c with the flags
# of PCDIR/unilane.pc.
pc_app() {
  local pcdir=$1 d=$2 kind=${3:-static} flags
  mkdir -p "$d"
  flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs unilane)
  echo "pkg-config --cflags --libs unilane ($pcdir): $flags"
  [ "$(PKG_CONFIG_PATH=$pcdir pkg-config --modversion unilane)" = "$VERSION" ] ||
    fail "pkg-config --modversion"
  # shellcheck disable=SC2086
  run cc $STRICT "$APP" $flags -o "$d/app"
  LD_LIBRARY_PATH=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir unilane) run "$d/app" ||
    fail "pkg-config app ($kind)"
  if [ "$kind" = shared ]; then
    deps=$(ldd "$d/app")
    case $deps in *libunilane.so.$SOVERSION*) ;; *) fail "pkg-config app ($kind) does not use the shared library" ;; esac
  fi
}

stage_pkgconfig() {
  say "(d) pkg-config"
  [ -f "$PREFIX_STATIC/lib/pkgconfig/unilane.pc" ] || stage_install
  local pc=$PREFIX_STATIC/lib/pkgconfig/unilane.pc
  [ "$(sed -n 's/^prefix=//p' "$pc")" = '${pcfiledir}/../..' ] ||
    fail "unilane.pc is not relocatable: $(grep '^prefix=' "$pc")"
  pc_app "$PREFIX_STATIC/lib/pkgconfig" "$OUT/consumer-pkgconfig"
  pc_app "$PREFIX_SHARED/lib/pkgconfig" "$OUT/consumer-pkgconfig-shared" shared
  case "$(PKG_CONFIG_PATH=$PREFIX_SHARED/lib/pkgconfig pkg-config --cflags unilane)" in
    *-DUNILANE_SHARED*) ;; *) fail "the shared unilane.pc lacks -DUNILANE_SHARED" ;;
  esac

  # The installed tree, moved: the .pc finds the new place by itself.
  local moved=$OUT/moved/elsewhere
  mkdir -p "$moved"
  cp -a "$PREFIX_STATIC" "$moved/prefix"
  rm -rf "$PREFIX_STATIC.away" && mv "$PREFIX_STATIC" "$PREFIX_STATIC.away"
  local inc
  inc=$(PKG_CONFIG_PATH=$moved/prefix/lib/pkgconfig pkg-config --variable=includedir unilane)
  [ "$(cd "$inc" && pwd)" = "$(cd "$moved/prefix/include" && pwd)" ] ||
    fail "the moved unilane.pc gives includedir $inc"
  pc_app "$moved/prefix/lib/pkgconfig" "$OUT/consumer-pkgconfig-moved"
  mv "$PREFIX_STATIC.away" "$PREFIX_STATIC"
  echo "unilane.pc: relocatable (works from $moved/prefix)"
}

# --------------------------------------------------------------------------
stage_meson() {
  say "(e) Meson: the library, its .pc, a consumer through it and as a subproject"
  have meson || fail "meson is not installed"
  local b=$OUT/meson-lib p=$OUT/prefix-meson
  run meson setup "$b" "$ROOT" -Ddefault_library=both -Dwerror=true --prefix="$p" \
    --libdir=lib >"$b.log" 2>&1 || { cat "$b.log"; fail "meson setup"; }
  run meson compile -C "$b" -j $JOBS >>"$b.log" 2>&1 || { cat "$b.log"; fail "meson compile"; }
  run meson install -C "$b" >>"$b.log" 2>&1 || { cat "$b.log"; fail "meson install"; }
  [ -f "$p/include/unilane.h" ] || fail "meson: header not installed"
  [ -f "$p/lib/libunilane.a" ] || fail "meson: static library not installed"
  [ -e "$p/lib/libunilane.so.$SOVERSION" ] || fail "meson: libunilane.so.$SOVERSION not installed"
  [ "$(sed -n 's/^prefix=//p' "$p/lib/pkgconfig/unilane.pc")" = '${pcfiledir}/../..' ] ||
    fail "meson: unilane.pc is not relocatable"
  local soname
  soname=$(readelf -d "$p/lib/libunilane.so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
  [ "$soname" = "libunilane.so.$SOVERSION" ] || fail "meson: SONAME is '$soname'"

  # One source list: what Meson compiles is every src/*/*.c (the list it
  # reads from CMakeLists.txt, which must therefore be complete), and its
  # version is CMake's.
  meson introspect "$b" --targets >"$b/targets.json"
  python3 - "$b/targets.json" "$ROOT" "$VERSION" "$b/meson-info/intro-projectinfo.json" <<'PY' || fail "meson: source list or version differs"
import glob, json, os, sys
targets = json.load(open(sys.argv[1]))
root = os.path.realpath(sys.argv[2])
meson = set()
for t in targets:
    if t["name"] == "unilane":
        for src in t["target_sources"]:
            meson.update(os.path.relpath(os.path.realpath(f), root) for f in src["sources"])
want = {os.path.relpath(f, root) for f in glob.glob(os.path.join(root, "src", "*", "*.c"))}
if meson != want:
    print("meson compiles:", sorted(meson - want), "missing:", sorted(want - meson))
    sys.exit(1)
version = json.load(open(sys.argv[4]))["version"]
if version != sys.argv[3]:
    print("meson.build version", version, "!= CMakeLists.txt version", sys.argv[3])
    sys.exit(1)
print(f"meson: compiles the {len(meson)} files of src/*/*.c (CMakeLists.txt's list), version {version}")
PY

  # A Meson consumer through the installed .pc (no fallback allowed).
  local c=$OUT/meson-consumer-pc
  mkdir -p "$c"
  cp "$ROOT/tests/consumer/meson.build" "$APP" "$c/"
  PKG_CONFIG_PATH=$p/lib/pkgconfig run meson setup "$c/b" "$c" --wrap-mode=nofallback \
    >"$c.log" 2>&1 || { cat "$c.log"; fail "meson consumer (pkg-config): setup"; }
  grep -q 'consumer: unilane .* (pkgconfig)' "$c.log" || { cat "$c.log"; fail "meson consumer did not use pkg-config"; }
  run meson compile -C "$c/b" >>"$c.log" 2>&1 || { cat "$c.log"; fail "meson consumer (pkg-config): compile"; }
  LD_LIBRARY_PATH=$p/lib run "$c/b/app" || fail "meson consumer (pkg-config) app"

  # A Meson consumer with unilane as a subproject.
  c=$OUT/meson-consumer-sub
  mkdir -p "$c/subprojects"
  cp "$ROOT/tests/consumer/meson.build" "$APP" "$c/"
  ln -sfn "$ROOT" "$c/subprojects/unilane"
  run meson setup "$c/b" "$c" --force-fallback-for=unilane -Ddefault_library=static \
    >"$c.log" 2>&1 || { cat "$c.log"; fail "meson consumer (subproject): setup"; }
  grep -q 'consumer: unilane .* (internal)' "$c.log" || { cat "$c.log"; fail "meson consumer did not use the subproject"; }
  run meson compile -C "$c/b" >>"$c.log" 2>&1 || { cat "$c.log"; fail "meson consumer (subproject): compile"; }
  run "$c/b/app" || fail "meson consumer (subproject) app"
  echo "meson: library, .pc consumer and subproject consumer ok"
}

# --------------------------------------------------------------------------
# At a quarter of the iterations (UNILANE_TEST_SCALE, unless set): what is
# proved here is that the amalgamated build is the library; the gcc and
# arm64 stages ran the whole suite on the sources.
stage_suite() {
  if [ "$DO_SUITE" != 1 ]; then echo "suite: skipped (--no-suite)"; return 0; fi
  say "the test suite on the amalgamation (x86-64)"
  local b=$OUT/suite-x86
  run cmake -S "$ROOT" -B "$b" -DCMAKE_BUILD_TYPE=Release -DUNILANE_AMALGAMATED=ON \
    -DUNILANE_WERROR=ON >"$b.configure.log" 2>&1 || { cat "$b.configure.log"; fail configure; }
  grep -q "building the library from" "$b.configure.log" || fail "UNILANE_AMALGAMATED had no effect"
  run cmake --build "$b" -j $JOBS >"$b.build.log" 2>&1 || { cat "$b.build.log"; fail build; }
  # shellcheck disable=SC2086
  (cd "$b" && export UNILANE_TEST_SCALE=${UNILANE_TEST_SCALE:-0.25} &&
     run ctest --output-on-failure -j $JOBS ${UNILANE_CONSUMER_CTEST_ARGS:-}) ||
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
  (cd "$b" && export UNILANE_TEST_SCALE=${UNILANE_TEST_SCALE:-0.25} &&
     run ctest --output-on-failure -j $JOBS ${UNILANE_CONSUMER_CTEST_ARGS:-}) ||
    fail "suite on the amalgamation (aarch64)"
}

STAGES="amalgam install subdir fetch pkgconfig meson suite"
# CPU_NOW: CPU seconds (user + system) of this shell's finished children
# (`times` must run in this shell, not in a $(...) subshell).
child_cpu() {
  times >"$OUT/.times"
  CPU_NOW=$(awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] }
                           printf "%.0f", s }' "$OUT/.times")
}
times=()
for s in $STAGES; do
  if [ ${#ONLY[@]} -gt 0 ] && [[ " ${ONLY[*]} " != *" $s "* ]]; then continue; fi
  child_cpu
  t0=$SECONDS c0=$CPU_NOW
  "stage_$s"
  child_cpu
  times+=("$(printf '%-10s %4d s wall %5d s CPU' "$s" $((SECONDS - t0)) $((CPU_NOW - c0)))")
done
say "consumers: all passed"
printf '  %s\n' "${times[@]}"
