#!/usr/bin/env bash
# scripts/icount_short.sh [--x86|--time] [--text NAME] [--slices S] [--max N] [--funcs LIST]
#                         [--rounds R] [CORPUS_DIR]
#
# Instructions per CALL of the public one-shot functions at every length
# 0..N units (default 64), averaged over S different slices of a corpus text
# (default 256 slices of wikipedia_mars/french; each slice holds whole
# characters, tools/icount_short.c), with the scalar kernel set and with the
# SIMD set, through the public entry points (so the short-input rule of
# impl.h decides as it does for users).
#   default  AArch64 under qemu with the counting plugin
#            (../shared/tools/qemu-icount): scalar vs neon.
#   --x86    natively under valgrind --tool=callgrind (counting only inside
#            unilane_FUNCTION): scalar vs avx2.
#   --time   natively, CPU time instead of counts (ICS_KERNEL, default avx2):
#            per length R rounds (default 101), each timing the S slices
#            with scalar and then with the SIMD set, in independent calls
#            and in chained ones (each call's input depends on the previous
#            call's result); medians. Two tables: scalar's time over the
#            SIMD set's (so above 100 the SIMD set is faster; below 97
#            marked *), independent calls, then chained.
# Prints a markdown table, one row per function: the SIMD set's count over
# scalar's at each length (in %, so 100 is equal; a cell above 103 is marked
# with *), then the worst cell. The raw counts go to $ICS_OUT (default
# icount_short.tsv in the build directory): function, length, scalar, simd.
# Builds (Release) build-icount/ (AArch64) or build-icount-x86/.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
arch=aarch64 text=french slices=256 max=64 funcs="" corpus="" rounds=101
while [ $# -gt 0 ]; do
  case $1 in
    --x86) arch=x86 ;;
    --time) arch=time ;;
    --rounds) rounds=$2; shift ;;
    --text) text=$2; shift ;;
    --slices) slices=$2; shift ;;
    --max) max=$2; shift ;;
    --funcs) funcs=$2; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) corpus=$1 ;;
  esac
  shift
done
shared=$repo/../shared
if [ ! -d "$shared" ]; then
  common=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
  [ -z "$common" ] || shared=$(dirname "$common")/../shared
fi
mars=${corpus:-$shared/corpus}/wikipedia_mars
[ -n "$funcs" ] || funcs="ascii_prefix validate_utf8 utf8_to_utf16 utf8_to_utf16_lossy utf8_to_latin1
  utf16_length_from_utf8 utf16_length_from_utf8_lossy validate_wtf8 wtf8_to_utf16 mutf8_to_utf16
  utf8_inspect utf8_inspect_lossy utf16_ascii_prefix utf16_latin1_prefix validate_utf16
  utf16_make_well_formed utf16_to_utf8 utf16_to_utf8_lossy utf16_to_latin1 utf8_length_from_utf16
  utf16_to_wtf8 utf16_to_mutf8 mutf8_length_from_utf16 utf16_inspect
  latin1_to_utf16 latin1_to_utf8 utf8_length_from_latin1 latin1_to_utf8_bounded"
funcs=$(echo $funcs | tr ',' ' ')

if [ $arch = x86 ] || [ $arch = time ]; then
  build=${ICOUNT_BUILD:-$repo/build-icount-x86} simd=avx2
  [ -f "$build/CMakeCache.txt" ] ||
    cmake -B "$build" -S . -DCMAKE_BUILD_TYPE=Release -DUNILANE_BUILD_TESTS=OFF >/dev/null
  cc=${ICOUNT_CC:-cc} flags="-DICS_CALLGRIND"
  [ $arch = x86 ] || { flags="-DICS_TIME -D_POSIX_C_SOURCE=200112L" simd=${ICS_KERNEL:-avx2}; }
else
  build=${ICOUNT_BUILD:-$repo/build-icount} simd=neon
  [ -f "$build/CMakeCache.txt" ] ||
    cmake -B "$build" -S . -DCMAKE_TOOLCHAIN_FILE="$repo/cmake/aarch64-linux-gnu.cmake" \
      -DCMAKE_BUILD_TYPE=Release -DUNILANE_BUILD_TESTS=OFF >/dev/null
  cc=${ICOUNT_CC:-aarch64-linux-gnu-gcc} flags="-DICS_FORK -D_DEFAULT_SOURCE -static"
  so=${XDG_CACHE_HOME:-$HOME/.cache}/qemu-icount/libinsncount.so
  # the wrapper builds the plugin on first use
  "$shared/tools/qemu-icount/icount" /bin/true >/dev/null 2>&1 || true
fi
if ! log=$(cmake --build "$build" --target unilane -j2 2>&1); then
  printf '%s\n' "$log" >&2; exit 1
fi
exe=$build/icount_short
# shellcheck disable=SC2086 # flags holds several words
$cc -std=c99 -O2 $flags -Iinclude -Itools -o "$exe" tools/icount_short.c "$build/libunilane.a"
out=${ICS_OUT:-$build/icount_short.tsv}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

file_of() { # function -> input file
  case $1 in
    latin1_*|utf8_length_from_latin1) echo "$mars/$text.latin1.txt" ;;
    utf16_*|validate_utf16|utf8_length_from_utf16|mutf8_length_from_utf16) echo "$mars/$text.utf16.txt" ;;
    *) echo "$mars/$text.utf8.txt" ;;
  esac
}
counts() { # function kernel -> "len count-per-call" lines
  local f=$1 k=$2 file
  file=$(file_of "$f")
  if [ $arch = x86 ]; then
    rm -f "$tmp"/cg.*
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect="unilane_$f" \
      --callgrind-out-file="$tmp/cg.%p" "$exe" "$f" "$file" "$k" "$slices" 0 "$max" 1 >/dev/null 2>&1
    for d in "$tmp"/cg.*.*; do
      awk -v s="$slices" '/^desc: Trigger: Client Request: len/ { n = $NF } /^totals:/ { t = $2 }
                          END { printf "%d %.1f\n", n, t / s }' "$d"
    done | sort -n
  else
    # per length: the grandchild's count, then the child's (tools/icount_short.c)
    qemu-aarch64 -plugin "$so" "$exe" "$f" "$file" "$k" "$slices" 0 "$max" 0 2>&1 >/dev/null |
      sed -n 's/^insns //p' | paste - - | head -n $((max + 1)) >"$tmp/k0"
    qemu-aarch64 -plugin "$so" "$exe" "$f" "$file" "$k" "$slices" 0 "$max" 1 2>&1 >/dev/null |
      sed -n 's/^insns //p' | paste - - | head -n $((max + 1)) >"$tmp/k1"
    paste "$tmp/k0" "$tmp/k1" | awk -v s="$slices" '{ printf "%d %.1f\n", NR - 1, (($4 - $3) - ($2 - $1)) / s }'
  fi
}

if [ $arch = time ]; then
  : >"$out"
  for f in $funcs; do
    "$exe" "$f" "$(file_of "$f")" "$simd" "$slices" 0 "$max" "$rounds" |
      awk -v f="$f" '/^len/ { print f "\t" $2 "\t" $4 "\t" $5 "\t" $7 "\t" $8 }' >>"$out"
  done
  for mode in independent chained; do
    printf '\n%s calls, %s: scalar ns / %s ns (%%)\n\n| function |' "$mode" "$text" "$simd"
    for n in $(seq 0 "$max"); do printf ' %s |' "$n"; done
    printf ' worst |\n|---|'
    for n in $(seq 0 "$max"); do printf -- '---:|'; done
    printf -- '---|\n'
    awk -F'\t' -v c=$([ $mode = chained ] && echo 5 || echo 3) '
      { r = $(c + 1) > 0 ? 100 * $c / $(c + 1) : 100
        if ($1 != f) { if (f != "") printf " %.0f at %d |\n", worst, at; f = $1; printf "| %s |", f; worst = r; at = $2 }
        printf " %.0f%s |", r, r < 97 ? "*" : ""; if (r < worst) { worst = r; at = $2 } }
      END { printf " %.0f at %d |\n", worst, at }' "$out"
  done
  echo "raw medians (function, length, scalar and $simd ns independent, then chained): $out" >&2
  exit 0
fi

: >"$out"
printf '| function (%s, %s/scalar %%) |' "$text" "$simd"
for n in $(seq 0 "$max"); do printf ' %s |' "$n"; done
printf ' worst |\n|---|'
for n in $(seq 0 "$max"); do printf -- '---:|'; done
printf -- '---|\n'
for f in $funcs; do
  counts "$f" scalar >"$tmp/s"
  counts "$f" "$simd" >"$tmp/v"
  paste -d' ' "$tmp/s" "$tmp/v" | awk -v f="$f" '{ print f "\t" $1 "\t" $2 "\t" $4 }' >>"$out"
  paste -d' ' "$tmp/s" "$tmp/v" | awk -v f="$f" '
    { r = $2 > 0 ? 100 * $4 / $2 : 100; cell[NR] = sprintf("%.0f%s", r, r > 103 ? "*" : "")
      if (NR == 1 || r > worst) { worst = r; at = $1 } }
    END { printf "| %s |", f; for (i = 1; i <= NR; i++) printf " %s |", cell[i]
          printf " %.0f at %d |\n", worst, at }'
done
echo "raw counts (function, length, scalar, $simd per call): $out" >&2
