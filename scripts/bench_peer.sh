#!/bin/sh
# bench_peer.sh -- unilane against simdutf, in the same process, fresh regime,
# whole corpus files: markdown tables per function x file.
#
#   scripts/bench_peer.sh --simdutf SRC --corpus DIR      simdutf source tree SRC
#   scripts/bench_peer.sh --git URL [--ref REF] ...       fetch it (default URL
#                                      https://github.com/simdutf/simdutf, REF v9.1.0)
#   scripts/bench_peer.sh --simdutf-build BUILD ...       an existing simdutf build
#                                      directory (or install prefix): no simdutf build
#   --corpus DIR       a corpus directory (<stem>.utf8.txt, ...), or a directory of
#                      such directories (e.g. /work/shared/corpus: wikipedia_mars and
#                      lipsum); default /work/shared/corpus
#   --layouts K        K code layouts of the benchmark binary (same objects, other
#                      addresses: bench/CMakeLists.txt UNILANE_BENCH_LAYOUTS), run in
#                      turn; each row is the median over layouts x rounds and the
#                      report shows the spread across layouts (default 3; 1: the plain
#                      binary alone, as before)
#   --rounds N         runs of the whole table per layout, alternating; median per row
#                      (default 1 with layouts, 2 with --layouts 1)
#   --min-time S       Google Benchmark min time per row (default 0.02 s)
#   --long             --layouts 4 --rounds 2 --min-time 0.1
#   --c-flags FLAGS    extra CMAKE_C_FLAGS for the library (an experiment, e.g.
#                      -falign-functions=64; the default is the flags users get)
#   --misalign N       every input and output buffer N bytes past a 64-byte boundary
#                      (the driver's --misalign; default 0, 16: what malloc gives)
#   --functions RE     only these functions (a regex matched against the whole
#                      function name, e.g. 'latin1_to_utf8|ascii_prefix' or '.*latin1.*')
#   --cache DIR        where simdutf is fetched and built (default
#                      ${XDG_CACHE_HOME:-$HOME/.cache}/unilane-peer); never inside the repo
#   --build DIR        the benchmark's build directory (default <repo>/build-bench-peer)
#   --out DIR          results (default <build>/results/peer-<date>): round*.json, peer.md
#
# simdutf is fetched and built outside the repository (nothing of it is
# committed); the benchmark is built with -DUNILANE_BENCH_SIMDUTF=<its build>
# (bench/CMakeLists.txt), which adds the rows simdutf_haswell / simdutf_icelake
# (each simdutf kernel called through its own implementation object, and only
# if the CPU runs it). One pass of the table (~1550 rows on the two corpus
# directories) takes about 70 s of CPU time (measured: 135 s of CPU for two,
# 7 min wall at load average 13 on 2 vCPUs); the default runs 3 (3 layouts x 1
# round), builds excluded (a first simdutf build: 4 min wall there). The tables
# (scripts/bench_report.py --peer) go to stdout and to peer.md: GB/s of input
# per file for scalar, memcpy, avx2, simdutf_haswell, avx512, simdutf_icelake,
# the ratios avx2/haswell and avx512/icelake (unilane's speed-up: simdutf's
# time / unilane's), their median per function, the goals of issues 10 and 14
# marked, and with layouts the placement spread: per layout, each row's and each
# ratio's median, and how far they move between layouts (bench/README.md,
# "Code placement").
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/unilane-peer
src=""
git_url=""
ref=v9.1.0
su_build=""
corpus=/work/shared/corpus
layouts=3
rounds=""
min_time=0.02
c_flags=""
funcs=""
misalign=0
build=$root/build-bench-peer
out=""
while [ $# -gt 0 ]; do
    case $1 in
        --simdutf) src=${2:?--simdutf needs a directory}; shift ;;
        --git) git_url=${2:?--git needs a URL}; shift ;;
        --ref) ref=${2:?--ref needs a tag, branch or commit}; shift ;;
        --simdutf-build) su_build=${2:?--simdutf-build needs a directory}; shift ;;
        --corpus) corpus=${2:?--corpus needs a directory}; shift ;;
        --layouts) layouts=${2:?--layouts needs a number}; shift ;;
        --rounds) rounds=${2:?--rounds needs a number}; shift ;;
        --min-time) min_time=${2:?--min-time needs seconds}; shift ;;
        --long) layouts=4; rounds=2; min_time=0.1 ;;
        --c-flags) c_flags=${2?--c-flags needs flags}; shift ;;
        --functions) funcs=${2:?--functions needs a regex}; shift ;;
        --misalign) misalign=${2:?--misalign needs a number}; shift ;;
        --cache) cache=${2:?--cache needs a directory}; shift ;;
        --build) build=${2:?--build needs a directory}; shift ;;
        --out) out=${2:?--out needs a directory}; shift ;;
        -h|--help) sed -n '2,/^set -eu$/{/^set -eu$/d;p;}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $1 (see $0 --help)" >&2; exit 2 ;;
    esac
    shift
done

case $layouts in ''|*[!0-9]*|0) echo "--layouts: a number >= 1" >&2; exit 2 ;; esac
if [ -z "$rounds" ]; then rounds=$([ "$layouts" = 1 ] && echo 2 || echo 1); fi
jobs=2
inside_repo() { # is directory $1 (created if needed) inside the repository?
    mkdir -p "$1"
    case "$(cd "$1" && pwd -P)/" in "$(cd "$root" && pwd -P)/"*) return 0 ;; esac
    return 1
}

# ---------------------------------------------------------------- simdutf
if [ -z "$su_build" ]; then
    if [ -z "$src" ]; then
        git_url=${git_url:-https://github.com/simdutf/simdutf}
        src=$cache/src-$(printf '%s' "$ref" | tr -c 'A-Za-z0-9._-' '_')
        if inside_repo "$cache"; then
            echo "--cache $cache is inside the repository; simdutf must stay outside it" >&2
            exit 2
        fi
        if [ ! -d "$src/.git" ]; then
            echo "== fetching $git_url $ref into $src"
            rm -rf "$src"
            git init -q "$src"
            git -C "$src" fetch -q --depth 1 "$git_url" "$ref"
            git -C "$src" -c advice.detachedHead=false checkout -q FETCH_HEAD
        fi
    fi
    [ -f "$src/include/simdutf.h" ] || { echo "$src: no include/simdutf.h (not a simdutf source tree)" >&2; exit 2; }
    if inside_repo "$src"; then
        echo "$src is inside the repository; simdutf must stay outside it" >&2
        exit 2
    fi
    src=$(cd "$src" && pwd -P)
    su_build=$cache/build-$(printf '%s' "$src" | cksum | cut -d' ' -f1)
    if inside_repo "$su_build"; then
        echo "simdutf build directory $su_build is inside the repository" >&2
        exit 2
    fi
    echo "== building simdutf ($src) in $su_build"
    cmake -S "$src" -B "$su_build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
          -DSIMDUTF_TESTS=OFF -DSIMDUTF_BENCHMARKS=OFF -DSIMDUTF_TOOLS=OFF \
          -DSIMDUTF_ICONV=OFF >"$su_build/unilane-configure.log" 2>&1 ||
        { cat "$su_build/unilane-configure.log" >&2; exit 1; }
    cmake --build "$su_build" --target simdutf -j "$jobs" >"$su_build/unilane-build.log" 2>&1 ||
        { tail -40 "$su_build/unilane-build.log" >&2; exit 1; }
fi
su_build=$(cd "$su_build" && pwd -P)
su_desc=$su_build
if [ -n "$src" ] && [ -d "$src/.git" ]; then
    su_desc="$src @ $(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null || echo '?')"
fi

# ---------------------------------------------------------------- unilane
echo "== building the benchmark (Release, simdutf peer${c_flags:+, C flags $c_flags}, $layouts layout(s)) in $build"
mkdir -p "$build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DUNILANE_BUILD_BENCH=ON \
      -DUNILANE_BUILD_TESTS=OFF -DUNILANE_BENCH_SIMDUTF="$su_build" \
      -DUNILANE_BENCH_LAYOUTS="$layouts" -DCMAKE_C_FLAGS="$c_flags" >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log" >&2; exit 1; }
# The binaries: the plain one, or one per code layout (the same objects at other addresses).
bins=""
if [ "$layouts" = 1 ]; then
    bins=$build/bench/unilane_bench
else
    l=0
    while [ "$l" -lt "$layouts" ]; do bins="$bins $build/bench/unilane_bench_layout$l"; l=$((l + 1)); done
fi
targets=""
for b in $bins; do targets="$targets $(basename "$b")"; done
# shellcheck disable=SC2086 # $targets: the target names, split on purpose
cmake --build "$build" --target $targets -j "$jobs" >"$build/build.log" 2>&1 ||
    { tail -40 "$build/build.log" >&2; exit 1; }

# ---------------------------------------------------------------- run
# The corpus directories: DIR itself if it holds *.utf8.txt, else its subdirectories that do.
dirs=""
if ls "$corpus"/*.utf8.txt >/dev/null 2>&1; then
    dirs=$corpus
else
    for d in "$corpus"/*/; do
        if ls "$d"*.utf8.txt >/dev/null 2>&1; then dirs="$dirs ${d%/}"; fi
    done
fi
[ -n "$dirs" ] || { echo "$corpus: no <stem>.utf8.txt files" >&2; exit 2; }

if [ -z "$out" ]; then
    out=$build/results/peer-$(date -u +%Y%m%d-%H%M%S)
fi
mkdir -p "$out"
# The functions simdutf has an equivalent of (bench/peers.cpp), the rows to compare.
all_funcs='ascii_prefix|validate_utf8|validate_utf16|latin1_to_utf16|utf16_to_latin1|latin1_to_utf8|utf8_to_latin1|utf8_to_utf16|utf16_to_utf8|utf16_to_utf8_lossy|utf16_make_well_formed|utf8_length_from_latin1|utf8_length_from_utf16|utf16_length_from_utf8'
filter="^(${funcs:-$all_funcs})/(scalar|avx2|avx512|memcpy|simdutf_haswell|simdutf_icelake)/"
echo "== $layouts layout(s) x $rounds round(s), min time $min_time s per row, corpus:$dirs"
echo "   load average before: $(cat /proc/loadavg 2>/dev/null || echo '?')"
start=$(date +%s)
jsons=""
loads=""
r=1
while [ "$r" -le "$rounds" ]; do
    # Every layout once per round, each round starting one layout later (so that no
    # layout always runs first, or always right after the same one).
    set -- $bins
    k=1
    while [ "$k" -lt "$r" ] && [ "$layouts" -gt 1 ]; do set -- "$@" "$1"; shift; k=$((k + 1)); done
    for b in "$@"; do
        tag=round$r
        case $b in *_layout*) tag=$tag-L${b##*_layout} ;; esac
        for d in $dirs; do
            j=$out/$tag-$(basename "$d").json
            "$b" --corpus="$d" --regime=fresh --min-time="$min_time" --misalign="$misalign" \
                 --benchmark_filter="$filter" --benchmark_out="$j" --benchmark_out_format=json \
                 >"$out/$tag-$(basename "$d").txt" 2>&1 ||
                { tail -20 "$out/$tag-$(basename "$d").txt" >&2; exit 1; }
            # A filter that matches no row of this directory leaves an empty file.
            if [ -s "$j" ]; then jsons="$jsons $j"; fi
        done
    done
    loads="$loads${loads:+; }round $r: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
    echo "   round $r done, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
    r=$((r + 1))
done
echo "== measured in $(( $(date +%s) - start )) s"
echo

rev=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo '?')
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then rev="$rev + uncommitted changes"; fi
# shellcheck disable=SC2086 # $jsons: the file names, split on purpose
python3 "$root/scripts/bench_report.py" --peer --note "unilane: $root at $rev" \
    --note "simdutf: $su_desc (built in $su_build)" \
    --note "layouts: $layouts, rounds: $rounds, min time $min_time s per row, buffers $misalign bytes past a 64-byte boundary${c_flags:+, library C flags $c_flags}; load average after each round: $loads" \
    $jsons >"$out/peer.md"
cat "$out/peer.md"
echo
echo "tables: $out/peer.md"
