#!/usr/bin/env bash
# icount.sh -- instructions per byte of one public unilane function on one
# file, for AArch64 (or ARMv7) under qemu (exact, repeatable counts; a proxy
# for speed).
#
#   scripts/icount.sh FUNCTION FILE [KERNEL]
#
# FUNCTION  a public function name, with or without "unilane_"
#           (tools/icount_kernel.c lists them; run it without arguments).
# FILE      input; *.utf16.txt / *.utflatin16.txt are UTF-16LE (BOM stripped),
#           *.utf16be.txt UTF-16BE, *.latin1.txt Latin-1, others UTF-8.
# KERNEL    scalar | neon | neon32 | auto (default: the automatic choice).
#           neon32 implies ICOUNT_ARCH=armv7.
#
# Environment:
#   ICOUNT_ARCH   aarch64 (default) or armv7 (ARMv7-A hard-float, built with
#                 cmake/arm-linux-gnueabihf.cmake, run under qemu-arm).
#   ICOUNT_BUILD  a build directory of unilane for that architecture
#                 (default: <repo>/build-icount, or <repo>/build-icount-armv7;
#                 configured on first use). The script brings its
#                 libunilane.a up to date, then links tools/icount_kernel.c
#                 statically against it.
#   ICOUNT_K      number of calls in the measured run (default 10).
#   ICOUNT_TOOL   the icount wrapper (default: tools/qemu-icount/icount in
#                 ../shared next to the repository, or next to the main
#                 checkout of a git worktree).
#   ICOUNT_CC     the C compiler command (default aarch64-linux-gnu-gcc,
#                 or arm-linux-gnueabihf-gcc).
#
# It runs the harness with K=0 and with K=N and prints
#   (N_K - N_0) / K / bytes
# where bytes is the size in bytes of the buffer the function receives
# (2 bytes per unit for UTF-16 input).
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
func=$1 file=$2 kernel=${3:-auto}
repo=$(cd "$(dirname "$0")/.." && pwd)
arch=${ICOUNT_ARCH:-aarch64}
if [ "$kernel" = neon32 ]; then arch=armv7; fi
case "$arch" in
  aarch64) suffix="" toolchain=aarch64-linux-gnu qemu=qemu-aarch64 ;;
  armv7) suffix=-armv7 toolchain=arm-linux-gnueabihf qemu=qemu-arm ;;
  *) echo "icount.sh: ICOUNT_ARCH must be aarch64 or armv7" >&2; exit 2 ;;
esac
build=${ICOUNT_BUILD:-$repo/build-icount$suffix}
k=${ICOUNT_K:-10}
shared=$repo/../shared
if [ ! -d "$shared" ]; then
  # a git worktree: ../shared beside the main checkout
  common=$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
  [ -z "$common" ] || shared=$(dirname "$common")/../shared
fi
icount=${ICOUNT_TOOL:-$shared/tools/qemu-icount/icount}
cc=${ICOUNT_CC:-$toolchain-gcc}
export ICOUNT_QEMU=$qemu

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -B "$build" -S "$repo" -DCMAKE_TOOLCHAIN_FILE="$repo/cmake/$toolchain.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DUNILANE_BUILD_TESTS=OFF >/dev/null
fi
if ! log=$(cmake --build "$build" --target unilane -j2 2>&1); then
  printf '%s\n' "$log" >&2; echo "icount.sh: building $build failed" >&2; exit 1
fi
lib=$build/libunilane.a
exe=$build/icount_kernel_static
if [ ! -x "$exe" ] || [ "$lib" -nt "$exe" ] || [ "$repo/tools/icount_kernel.c" -nt "$exe" ]; then
  # shellcheck disable=SC2086 # ICOUNT_CC may carry extra words
  $cc -std=c99 -O2 -static -I"$repo/include" -o "$exe" "$repo/tools/icount_kernel.c" "$lib"
fi

count() { # K -> instruction count on stdout; the harness line on fd 3
  local out
  out=$("$icount" "$exe" "$func" "$file" "$1" "$kernel" 2>&1 >/dev/null) || {
    echo "icount.sh: harness failed: $out" >&2; exit 1; }
  sed -n 's/^instructions //p' <<<"$out" | tail -n1
}
n0=$(count 0)
nk=$(count "$k")
info=$("$qemu" "$exe" "$func" "$file" 1 "$kernel")
bytes=$(sed -n 's/.* bytes \([0-9]*\) .*/\1/p' <<<"$info")
kname=$(sed -n 's/^kernel \([^ ]*\) .*/\1/p' <<<"$info")
awk -v f="$func" -v file="$(basename "$file")" -v kn="$kname" -v n0="$n0" -v nk="$nk" -v k="$k" -v b="$bytes" \
  'BEGIN { ipb = b ? (nk - n0) / k / b : 0;
           printf "%-28s %-28s %-7s %8.3f instr/byte  (N_%d-N_0=%d, bytes=%d)\n", f, file, kn, ipb, k, nk - n0, b }'
