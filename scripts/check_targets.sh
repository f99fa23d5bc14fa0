#!/usr/bin/env bash
# scripts/check_targets.sh -- compiles the library with clang for the targets
# that this Linux machine cannot run: Android (arm64-v8a, armeabi-v7a, x86_64),
# iOS and macOS (arm64, x86_64), and Windows with the MSVC ABI (x64, x86,
# ARM64: clang --target=*-pc-windows-msvc -fms-compatibility -fms-extensions,
# which defines _MSC_VER as cl does). No SDK, NDK or Windows SDK is installed
# here, so the C library headers are stand-ins: the libc headers the library
# uses (<string.h>, <stdlib.h>, <sys/auxv.h> for ARMv7 NEON detection) and
# the two MSVC CRT headers clang's <intrin.h> and <mm_malloc.h> pull in
# (<setjmp.h>, <malloc.h>) are declared minimally below; <stddef.h>,
# <stdint.h>, <stdatomic.h>, <arm_neon.h>, <immintrin.h>, <intrin.h>,
# <cpuid.h> are clang's own.
#
# Windows is compiled as a DLL (UNILANE_SHARED + UNILANE_BUILDING, as CMake
# does for the shared target): the objects' /EXPORT directives must name
# exactly the UNILANE_API functions of include/unilane.h. It is compiled in
# C99 (the MSVC Interlocked/volatile atomics of src/dispatch/atomic.h, and
# __cpuidex/_xgetbv in cpu.c) and in C11 (the <stdatomic.h> branch), with the
# test hooks on (UNILANE_TEST_SUPPORT=1: the 64-bit counter atomics) and off.
#
# What this proves: the sources compile warning-free for each target's
# predefined macros, ABI and SIMD configuration (NEON on arm64, neon32 on
# armv7 -- clang's Android armv7 default has NEON -- and AVX2/AVX-512
# through target attributes on x86), each target's objects hold the kernel
# sets listed for it below, and the DLL exports. What it does not: linking
# or running there (no real Windows, phone or Mac; nor MSVC's own cl, which
# has no target attributes and so builds the scalar set only).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sys"
cat >"$tmp/sys/string.h" <<'H'
#include <stddef.h>
void *memcpy(void *, const void *, size_t);
void *memset(void *, int, size_t);
int memcmp(const void *, const void *, size_t);
int strcmp(const char *, const char *);
H
cat >"$tmp/sys/stdlib.h" <<'H'
char *getenv(const char *);
H
cat >"$tmp/sys/malloc.h" <<'H'
#include <stddef.h>
void *_aligned_malloc(size_t, size_t);
void _aligned_free(void *);
H
cat >"$tmp/sys/setjmp.h" <<'H'
typedef struct { unsigned long long part_[32]; } jmp_buf[1];
H
mkdir -p "$tmp/sys/sys"
cat >"$tmp/sys/sys/auxv.h" <<'H'
#define AT_HWCAP 16
unsigned long getauxval(unsigned long);
H
NM=$(command -v llvm-nm || command -v llvm-nm-14 || echo nm)
WARN="-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Werror"
# target:kernel sets it must contain
for spec in aarch64-linux-android24:"neon scalar" armv7a-linux-androideabi24:"neon32 scalar" \
            x86_64-linux-android24:"avx2 avx512 scalar" arm64-apple-ios13.0:"neon scalar" \
            arm64-apple-macos11:"neon scalar" x86_64-apple-macos10.15:"avx2 avx512 scalar"; do
  target=${spec%%:*} want=${spec#*:}
  mkdir -p "$tmp/$target"
  (cd "$tmp/$target" && clang --target="$target" -std=c99 -O2 $WARN -nostdlibinc \
     -isystem "$tmp/sys" -I"$ROOT/include" -c "$ROOT"/src/*/*.c)
  kernels=$(cd "$tmp/$target" && $NM *.o 2>/dev/null | grep -Eo 'unilane_impl_(avx2|avx512|neon32|neon|scalar)$' | sort -u | sed 's/unilane_impl_//' | tr '\n' ' ' || true)
  if [ "${kernels% }" != "$want" ]; then
    echo "$target: kernel sets '${kernels% }', expected '$want'" >&2
    exit 1
  fi
  printf '%-28s ok; kernel sets: %s\n' "$target" "$kernels"
done

# Windows (MSVC ABI): DLL builds.
api=$(sed -n 's/^UNILANE_API .*[ *]\(unilane_[a-z0-9_]*\)(.*/\1/p' "$ROOT/include/unilane.h" | LC_ALL=C sort -u)
[ -n "$api" ] || { echo "check_targets.sh: no UNILANE_API declarations found in unilane.h" >&2; exit 1; }
# C99 with the test hooks: every MSVC branch of atomic.h (the 64-bit counter
# helpers included; on x86 the compare-exchange load); C99 without them: the
# release DLL; C11: the <stdatomic.h> branch.
for tm in "x86_64-pc-windows-msvc c99 0" "x86_64-pc-windows-msvc c99 1" "x86_64-pc-windows-msvc c11 1" \
          "i686-pc-windows-msvc c99 1" "aarch64-pc-windows-msvc c99 0"; do
  set -- $tm
  target=$1
  shift
  d=$tmp/$target-$1-$2
  mkdir -p "$d"
  (cd "$d" && clang --target="$target" -fms-compatibility -fms-extensions -std="$1" -O2 $WARN \
     -nostdlibinc -isystem "$tmp/sys" -I"$ROOT/include" -DUNILANE_SHARED -DUNILANE_BUILDING \
     -DUNILANE_TEST_SUPPORT="$2" -c "$ROOT"/src/*/*.c)
  exports=$(cd "$d" && strings -a *.o | grep -o '/EXPORT:_\{0,1\}unilane_[a-z0-9_]*' |
            sed 's|^/EXPORT:_\{0,1\}||' | LC_ALL=C sort -u || true)
  if [ "$exports" != "$api" ]; then
    echo "$target ($1): the DLL exports differ from the UNILANE_API functions of unilane.h:" >&2
    diff <(printf '%s\n' "$api") <(printf '%s\n' "$exports") >&2 || true
    exit 1
  fi
  kernels=$(cd "$d" && $NM *.o 2>/dev/null | grep -Eo 'unilane_impl_(avx2|avx512|neon|scalar)$' | sort -u | sed 's/unilane_impl_//' | tr '\n' ' ' || true)
  printf '%-28s ok (-std=%s, test hooks %s); kernel sets: %s; DLL exports: %d\n' "$target" "$1" \
    "$([ "$2" = 1 ] && echo on || echo off)" "$kernels" "$(printf '%s\n' "$exports" | wc -l)"
done
# The two-file distribution too (scripts/amalgamate.py): one translation
# unit, so a static helper a configuration leaves unused would warn here.
python3 "$ROOT/scripts/amalgamate.py" --out "$tmp/dist" >/dev/null
for target in x86_64-pc-windows-msvc aarch64-pc-windows-msvc; do
  clang --target="$target" -fms-compatibility -fms-extensions -std=c99 -O2 $WARN -nostdlibinc \
    -isystem "$tmp/sys" -DUNILANE_SHARED -DUNILANE_BUILDING -c "$tmp/dist/unilane.c" -o "$tmp/dist/$target.o"
  printf '%-28s ok (amalgamated unilane.c)\n' "$target"
done
