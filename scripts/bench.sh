#!/bin/sh
# bench.sh -- build the unilane benchmark suite and print the report for
# this CPU.
#
#   scripts/bench.sh                   quick run on generated text (~2-4 min on 2 cores,
#                                      build included): sizes 16, 64, 1K, 64K units
#   scripts/bench.sh --long            every size 0..1M, every dataset, longer
#                                      measuring time (~13000 rows: 20-40 min)
#   scripts/bench.sh --corpus DIR      real files, whole file per call (e.g. simdutf's
#                                      unicode_lipsum/wikipedia_mars layout)
#   scripts/bench.sh --out DIR         results directory (default <build dir>/results/<date>-<host>)
#   scripts/bench.sh --sizes LIST      e.g. 0,1,7,8,15,16,17,31,32,64,256,1K,64K,1M (with
#                                      --corpus: the sizes below 1K, as slices of the files)
#   scripts/bench.sh --regime R        fresh (default: every call another input of the
#                                      row's size), warm (one buffer repeated, the old
#                                      numbers), both (side by side in the report)
#   scripts/bench.sh --short M         sizes < 1K: independent (default), chained
#                                      (latency: each call waits for the previous), both
#   scripts/bench.sh --layouts K       K code layouts of the binary (the same objects at
#                                      other addresses, bench/CMakeLists.txt), run in turn
#                                      (K times the run time): each row the median over
#                                      them, and the report's "Code placement" table
#   scripts/bench.sh -- ARGS...        more arguments for unilane_bench, e.g.
#                                      -- --benchmark_filter='^utf8_to_utf16/'
#
# Writes into the results directory: results.json (Google Benchmark JSON,
# with CPU, kernel, compiler and flags in its context; with --layouts K:
# results-L0.json .. results-L<K-1>.json), report.txt (the table printed
# here), chart.png (GB/s per function per kernel; with layouts: of layout 0).
# Compare two runs (two CPUs, before/after) with:
#   scripts/bench_compare.py A/results.json B/results.json > compare.md
# (with layouts: comma lists, A/results-L0.json,A/results-L1.json,...)
#
# Missing tools are installed with apt-get when running as root; otherwise the
# exact apt-get command is printed and the script stops.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=${UNILANE_BENCH_BUILD:-$root/build-bench}
out=""
corpus=""
long=0
sizes=""
regime=fresh
short=independent
layouts=1
while [ $# -gt 0 ]; do
    case $1 in
        --long) long=1 ;;
        --corpus) corpus=${2:?--corpus needs a directory}; shift ;;
        --corpus=*) corpus=${1#--corpus=} ;;
        --out) out=${2:?--out needs a directory}; shift ;;
        --out=*) out=${1#--out=} ;;
        --sizes) sizes=${2:?--sizes needs a list}; shift ;;
        --sizes=*) sizes=${1#--sizes=} ;;
        --build) build=${2:?--build needs a directory}; shift ;;
        --regime) regime=${2:?--regime needs fresh, warm or both}; shift ;;
        --regime=*) regime=${1#--regime=} ;;
        --short) short=${2:?--short needs independent, chained or both}; shift ;;
        --short=*) short=${1#--short=} ;;
        --layouts) layouts=${2:?--layouts needs a number}; shift ;;
        --layouts=*) layouts=${1#--layouts=} ;;
        -h|--help) sed -n '2,/^set -eu$/{/^set -eu$/d;p;}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        --) shift; break ;;
        *) echo "unknown option: $1 (see $0 --help)" >&2; exit 2 ;;
    esac
    shift
done

# ---------------------------------------------------------------- tools
missing=""
need() { # need PACKAGE TEST...
    pkg=$1; shift
    if ! "$@" >/dev/null 2>&1; then missing="$missing $pkg"; fi
}
have_header() { # the benchmark headers, found by the C++ compiler
    printf '#include <%s>\nint main(){return 0;}\n' "$1" |
        ${CXX:-c++} -x c++ -fsyntax-only - 2>/dev/null
}
need cmake command -v cmake
need make command -v make
need g++ command -v "${CXX:-c++}"
need pkg-config command -v pkg-config
need python3 command -v python3
need gnuplot-nox command -v gnuplot
need libbenchmark-dev have_header benchmark/benchmark.h
need libicu-dev pkg-config --exists icu-uc
if [ -n "$missing" ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "missing:$missing (Debian/Ubuntu package names); install them and run again" >&2
        exit 1
    fi
    if [ "$(id -u)" = 0 ]; then
        echo "installing:$missing"
        apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
    else
        echo "missing packages; run this, then run $0 again:" >&2
        echo "  sudo apt-get install -y$missing" >&2
        exit 1
    fi
fi

# ---------------------------------------------------------------- build
case $layouts in ''|*[!0-9]*|0) echo "--layouts: a number >= 1" >&2; exit 2 ;; esac
jobs=$(nproc 2>/dev/null || echo 2)
echo "== building (Release) in $build"
mkdir -p "$build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DUNILANE_BUILD_BENCH=ON \
      -DUNILANE_BUILD_TESTS=OFF -DUNILANE_BENCH_LAYOUTS="$layouts" >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log" >&2; exit 1; }
bins=$build/bench/unilane_bench
if [ "$layouts" -gt 1 ]; then
    bins=""
    l=0
    while [ "$l" -lt "$layouts" ]; do bins="$bins $build/bench/unilane_bench_layout$l"; l=$((l + 1)); done
fi
targets=""
for b in $bins; do targets="$targets $(basename "$b")"; done
# shellcheck disable=SC2086 # $targets: the target names, split on purpose
cmake --build "$build" --target $targets -j "$jobs" >/dev/null ||
    { cmake --build "$build" --target $targets -j 1; exit 1; }

# ---------------------------------------------------------------- run
if [ -z "$out" ]; then
    out=$build/results/$(date -u +%Y%m%d-%H%M%S)-$(hostname 2>/dev/null || echo host)
fi
mkdir -p "$out"
json=$out/results.json

case $regime in fresh|warm|both) ;; *) echo "--regime: fresh, warm or both" >&2; exit 2 ;; esac
case $short in independent|chained|both) ;; *) echo "--short: independent, chained or both" >&2; exit 2 ;; esac
set -- --progress --benchmark_out_format=json --regime="$regime" --short="$short" "$@"
if [ -n "$corpus" ]; then
    # Whole files: a few hundred KiB each, fewer rows; sizes below 1K as slices if asked.
    set -- --corpus="$corpus" --min-time="$([ $long = 1 ] && echo 0.2 || echo 0.03)" "$@"
    if [ -n "$sizes" ]; then
        set -- --sizes="$sizes" "$@"
        echo "note: with --corpus, only the sizes below 1K are used (slices of the files), besides whole files" >&2
    fi
elif [ $long = 1 ]; then
    set -- --sizes="${sizes:-all}" --datasets=all --min-time=0.05 "$@"
else
    set -- --sizes="${sizes:-16,64,1K,64K}" --min-time=0.02 "$@"
fi
start=$(date +%s)
jsons=""
for bin in $bins; do
    case $bin in *_layout*) json=$out/results-L${bin##*_layout}.json ;; esac
    echo "== running $bin $*"
    "$bin" --benchmark_out="$json" "$@"
    jsons="$jsons${jsons:+ }$json"
done
echo "== measured in $(( $(date +%s) - start )) s"

# shellcheck disable=SC2086 # $jsons: the file names, split on purpose
python3 "$root/scripts/bench_report.py" $jsons >"$out/report.txt"
cat "$out/report.txt"
json=${jsons%% *}
"$root/scripts/bench_chart.sh" "$json" "$out/chart.png" >/dev/null
jsons=$(echo "$jsons" | tr ' ' ',')
echo
echo "results: $jsons"
echo "report:  $out/report.txt"
echo "chart:   $out/chart.png"
echo "compare: $root/scripts/bench_compare.py OTHER/results.json $jsons > compare.md"
