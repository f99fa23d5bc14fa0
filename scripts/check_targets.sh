#!/usr/bin/env bash
# scripts/check_targets.sh -- compiles the library with clang for the targets
# that this Linux machine cannot run: Android (arm64-v8a, armeabi-v7a, x86_64),
# iOS and macOS (arm64, x86_64). No SDK or NDK is installed here, so the C
# library headers are stand-ins: the libc headers the library uses
# (<string.h>, <stdlib.h>, <sys/auxv.h> for ARMv7 NEON detection) are
# declared minimally below; <stddef.h>, <stdint.h>, <arm_neon.h>,
# <immintrin.h>, <cpuid.h> are clang's own. What this proves: the sources
# compile warning-free for each target's predefined macros, ABI and SIMD
# configuration (NEON on arm64, neon32 on armv7 -- clang's Android armv7
# default has NEON -- and AVX2/AVX-512 through target attributes on x86_64),
# and each target's objects hold the kernel sets listed for it below. What
# it does not: linking or running there.
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
