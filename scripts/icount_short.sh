#!/usr/bin/env bash
# scripts/icount_short.sh [CORPUS_DIR] -- instructions per CALL of every
# one-shot function at short lengths (0, 1, 8, 16, 32, 64 units of French
# text), scalar vs neon, under qemu-aarch64 with the counting plugin
# (scripts/icount.sh with K=1000). Prints a markdown table "scalar / neon".
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpus}
mars=$corpus/wikipedia_mars
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lens="0 1 8 16 32 64"
for n in $lens; do
  head -c "$n" "$mars/french.utf8.txt" >"$tmp/f$n.utf8.txt"
  head -c "$n" "$mars/french.latin1.txt" >"$tmp/f$n.latin1.txt"
  # UTF-16LE: keep the BOM (the harness strips it), then n units
  head -c $((2 + 2 * n)) "$mars/french.utf16.txt" >"$tmp/f$n.utf16.txt"
done
K=1000
per_call() { ICOUNT_K=$K scripts/icount.sh "$1" "$2" "$3" | sed -n 's/.*N_[0-9]*-N_0=\([0-9-]*\).*/\1/p' |
             awk -v k=$K '{ printf "%.0f", $1 / k }'; }
printf '| function | input |'; for n in $lens; do printf ' %s |' "$n"; done; echo
printf '|---|---|'; for n in $lens; do printf -- '---:|'; done; echo
for spec in ascii_prefix:utf8 validate_utf8:utf8 utf8_to_utf16:utf8 utf8_to_utf16_lossy:utf8 utf8_to_latin1:utf8 \
            utf16_length_from_utf8:utf8 utf16_length_from_utf8_lossy:utf8 utf16_ascii_prefix:utf16 \
            utf16_latin1_prefix:utf16 validate_utf16:utf16 utf16_make_well_formed:utf16 utf16_to_utf8:utf16 \
            utf16_to_utf8_lossy:utf16 utf16_to_latin1:utf16 utf8_length_from_utf16:utf16 \
            latin1_to_utf16:latin1 latin1_to_utf8:latin1 utf8_length_from_latin1:latin1; do
  fn=${spec%%:*} enc=${spec##*:}
  printf '| %s | %s (scalar / neon) |' "$fn" "$enc"
  for n in $lens; do
    printf ' %s / %s |' "$(per_call "$fn" "$tmp/f$n.$enc.txt" scalar)" "$(per_call "$fn" "$tmp/f$n.$enc.txt" neon)"
  done
  echo
done
