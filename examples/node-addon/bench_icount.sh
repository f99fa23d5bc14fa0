#!/usr/bin/env bash
# examples/node-addon/bench_icount.sh -- instructions per call of the
# addon's toString and of Buffer.toString('utf8'), under callgrind: each
# method's run of CALLS calls minus a run of 0 calls (same process setup),
# divided by CALLS. Everything node does for the call counts: the JS
# wrapper, N-API, unilane, V8's string allocation and the GC it causes.
# Slow (a minute or more per run under valgrind, two runs at a time); not
# part of the test command.
#
#   examples/node-addon/bench_icount.sh [path/to/unilane_addon.node] [SIZE:KIND ...]
#
# With no SIZE:KIND (e.g. 1024:accented), sizes 16 and 1024 of every kind
# (ascii, accented, emoji); rows print as their runs finish. Not at 1 MiB:
# there what the GC and V8's background threads do varies from run to run by
# more than a few calls cost (a negative count came out), so use bench.js.
#
# UNILANE_KERNEL applies as usual (valgrind hides AVX-512, so "auto" is
# avx2 there); when it is set, a run on another kernel fails.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ADDON=$(readlink -f "${1:-$HERE/build/unilane_addon.node}")
shift || true
export HERE ADDON

cell() {
  local size=$1 kind=$2 calls base a b
  case $size in 16) calls=10000 ;; 1024) calls=2000 ;; *) calls=6 ;; esac
  count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null node "$HERE/bench.js" "$ADDON" \
      --run "$@" 2>&1 | awk '/Collected/ { print $4 }'
  }
  base=$(count addon "$size" "$kind" 0)
  a=$(count addon "$size" "$kind" "$calls")
  b=$(count buffer "$size" "$kind" "$calls")
  python3 -c "
s, c = $size, $calls
a, b = ($a - $base) / c, ($b - $base) / c
print(f'| {s} | $kind | {a:.0f} ({a / s:.2f}) | {b:.0f} ({b / s:.2f}) | {b / a:.2f}x |')"
}
export -f cell

echo "kernel: ${UNILANE_KERNEL:-auto} (bench.js --run fails if the addon runs on another)"
echo "| size | text | addon.toString instr/call (/byte) | Buffer.toString instr/call (/byte) | addon / Buffer.toString |"
echo "|---|---|---|---|---|"
if [ $# -gt 0 ]; then
  printf '%s\n' "$@" | tr ':' ' '
else
  for size in 16 1024; do
    for kind in ascii accented emoji; do echo "$size $kind"; done
  done
fi | xargs -P 2 -n 2 bash -c 'cell "$@"' _
