#!/bin/sh
# bench_chart.sh -- PNG bar chart of a unilane benchmark JSON file:
# GB/s of input per function, one bar per kernel set (and ICU, memcpy),
# geometric mean over the datasets at one size (log scale), in the file's
# primary regime (fresh when present, see bench/README.md).
#
#   scripts/bench_chart.sh results.json chart.png [SIZE]
#
# SIZE defaults to the largest size each function was run at (corpus runs:
# every file). Needs python3 and gnuplot (gnuplot-nox).
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 results.json chart.png [size]" >&2
    exit 2
fi
json=$1
png=$2
size=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
command -v gnuplot >/dev/null 2>&1 || { echo "gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }
tsv=$(mktemp "${TMPDIR:-/tmp}/unilane_chart.XXXXXX")
trap 'rm -f "$tsv"' EXIT
if [ -n "$size" ]; then
    python3 "$here/bench_report.py" "$json" --chart-data "$tsv" --chart-size "$size"
else
    python3 "$here/bench_report.py" "$json" --chart-data "$tsv"
fi
ncols=$(head -n 1 "$tsv" | awk -F '\t' '{print NF}')
names=$(head -n 1 "$tsv" | tr '\t' ' ')
title=$(python3 - "$json" "$size" <<'PY'
import json, sys
ctx = json.load(open(sys.argv[1])).get("context", {})
size = sys.argv[2]
inputs = ctx.get("inputs", "generated")
if inputs.startswith("corpus"):
    what = "whole files of " + inputs[len("corpus "):]
else:
    sizes = set()
    for b in json.load(open(sys.argv[1])).get("benchmarks", []):
        parts = b.get("name", "").split("/")
        if len(parts) >= 4 and parts[3].isdigit():
            sizes.add(int(parts[3]))
    s = int(size) if size else max(sizes or {0})
    what = "size %s units" % (("%d Ki" % (s // 1024)) if s >= 1024 and s % 1024 == 0 else s)
regime = {"both": "fresh", "": "warm"}.get(ctx.get("regime", ""), ctx.get("regime", "warm"))
print("unilane %s: GB/s of input per function, geometric mean over datasets (%s, %s regime)  -  %s, auto = %s, %s %s"
      % (ctx.get("unilane_version", "?"), what, regime, ctx.get("cpu_model", "?"),
         ctx.get("unilane_auto_kernel", "?"), ctx.get("c_compiler", ""), ctx.get("c_flags", "")))
PY
)
gnuplot -c "$here/bench_chart.gp" "$tsv" "$png" "$title" "$ncols" "$names"
echo "chart: $png"
