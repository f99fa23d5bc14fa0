#!/usr/bin/env bash
# icount.sh -- instructions per byte of one public unilane function on one
# file, for AArch64 under qemu (exact, repeatable counts; a proxy for speed).
#
#   scripts/icount.sh FUNCTION FILE [KERNEL]
#
# FUNCTION  a public function name, with or without "unilane_"
#           (tools/icount_kernel.c lists them; run it without arguments).
# FILE      input; *.utf16.txt / *.utflatin16.txt are UTF-16LE (BOM stripped),
#           *.utf16be.txt UTF-16BE, *.latin1.txt Latin-1, others UTF-8.
# KERNEL    scalar | neon | auto (default: the automatic choice).
#
# Environment:
#   ICOUNT_BUILD  an aarch64 build directory of unilane (default:
#                 <repo>/build-icount, configured on first use). The script
#                 brings its libunilane.a up to date, then links
#                 tools/icount_kernel.c statically against it.
#   ICOUNT_K      number of calls in the measured run (default 10).
#   ICOUNT_TOOL   the icount wrapper (default <repo>/../shared/tools/qemu-icount/icount).
#   ICOUNT_CC     the aarch64 C compiler command (default aarch64-linux-gnu-gcc).
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
build=${ICOUNT_BUILD:-$repo/build-icount}
k=${ICOUNT_K:-10}
icount=${ICOUNT_TOOL:-$repo/../shared/tools/qemu-icount/icount}
cc=${ICOUNT_CC:-aarch64-linux-gnu-gcc}

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -B "$build" -S "$repo" -DCMAKE_TOOLCHAIN_FILE="$repo/cmake/aarch64-linux-gnu.cmake" \
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
info=$(qemu-aarch64 "$exe" "$func" "$file" 1 "$kernel")
bytes=$(sed -n 's/.* bytes \([0-9]*\) .*/\1/p' <<<"$info")
kname=$(sed -n 's/^kernel \([^ ]*\) .*/\1/p' <<<"$info")
awk -v f="$func" -v file="$(basename "$file")" -v kn="$kname" -v n0="$n0" -v nk="$nk" -v k="$k" -v b="$bytes" \
  'BEGIN { ipb = b ? (nk - n0) / k / b : 0;
           printf "%-28s %-28s %-7s %8.3f instr/byte  (N_%d-N_0=%d, bytes=%d)\n", f, file, kn, ipb, k, nk - n0, b }'
