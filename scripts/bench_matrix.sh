#!/bin/sh
# bench_matrix.sh -- the same benchmark table on several builds of the
# library, side by side: what a vendoring user gets with plain flags.
#
#   scripts/bench_matrix.sh                      generated text, 64K units, fresh regime
#   scripts/bench_matrix.sh --corpus DIR         whole files of DIR instead
#   scripts/bench_matrix.sh --rounds 3           run the builds in turn 3 times, median
#                                                per row (steadier on a shared machine)
#   scripts/bench_matrix.sh --sizes LIST --min-time SEC --builds LIST --out DIR
#   scripts/bench_matrix.sh -- ARGS...           more arguments for unilane_bench
#
# Builds (library and benchmark driver with the same compiler and flags;
# CMAKE_BUILD_TYPE=None adds no flags of its own, so CMAKE_C_FLAGS is all):
#   gcc-O2    CC=gcc   -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O2
#   gcc-Os    CC=gcc   -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-Os
#   clang-O2  CC=clang -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O2
#   release   CC=gcc   -DCMAKE_BUILD_TYPE=Release (CMake's -O3 -DNDEBUG)
# (--builds gcc-O2,clang-O2 picks some.) Each runs the `scalar` and `auto`
# rows of every function, fresh regime, no peers. Prints (and writes to
# DIR/matrix.md) one table per kernel row: GB/s per function per build
# (geometric mean over the datasets) and each build's ratio to the best
# build of that function; then, per build, the vzeroupper count of the
# AVX2 and AVX-512 objects (objdump) and the functions there with an exit
# (ret, call or tail jump out of AVX code) that may run with the upper
# ymm/zmm state dirty (scripts/check_vzeroupper.py).
# Build directories: ${UNILANE_BENCH_BUILD:-build-bench}/matrix/<build>.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
base=${UNILANE_BENCH_BUILD:-$root/build-bench}/matrix
out=""
corpus=""
sizes=64K
min_time=0.05
rounds=1
builds="gcc-O2 gcc-Os clang-O2 release"
while [ $# -gt 0 ]; do
    case $1 in
        --corpus) corpus=${2:?--corpus needs a directory}; shift ;;
        --corpus=*) corpus=${1#--corpus=} ;;
        --sizes) sizes=${2:?}; shift ;;
        --sizes=*) sizes=${1#--sizes=} ;;
        --min-time) min_time=${2:?}; shift ;;
        --min-time=*) min_time=${1#--min-time=} ;;
        --rounds) rounds=${2:?}; shift ;;
        --rounds=*) rounds=${1#--rounds=} ;;
        --builds) builds=$(echo "${2:?}" | tr ',' ' '); shift ;;
        --builds=*) builds=$(echo "${1#--builds=}" | tr ',' ' ') ;;
        --out) out=${2:?}; shift ;;
        --out=*) out=${1#--out=} ;;
        -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        --) shift; break ;;
        *) echo "unknown option: $1 (see $0 --help)" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$out" ] || out=$base/results/$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"
jobs=$(nproc 2>/dev/null || echo 2)

# ---------------------------------------------------------------- build
for b in $builds; do
    case $b in
        gcc-O2)   cc=gcc;   cxx=g++;     args="-DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O2 -DCMAKE_CXX_FLAGS=-O2" ;;
        gcc-Os)   cc=gcc;   cxx=g++;     args="-DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-Os -DCMAKE_CXX_FLAGS=-Os" ;;
        clang-O2) cc=clang; cxx=clang++; args="-DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O2 -DCMAKE_CXX_FLAGS=-O2" ;;
        release)  cc=gcc;   cxx=g++;     args="-DCMAKE_BUILD_TYPE=Release" ;;
        *) echo "unknown build '$b' (gcc-O2, gcc-Os, clang-O2, release)" >&2; exit 2 ;;
    esac
    command -v $cc >/dev/null 2>&1 && command -v $cxx >/dev/null 2>&1 ||
        { echo "$b: $cc / $cxx not found" >&2; exit 1; }
    dir=$base/$b
    echo "== building $b in $dir"
    mkdir -p "$dir"
    # shellcheck disable=SC2086 # $args is a list of words
    CC=$cc CXX=$cxx cmake -S "$root" -B "$dir" $args -DUNILANE_BUILD_BENCH=ON -DUNILANE_BUILD_TESTS=OFF \
        >"$dir/configure.log" 2>&1 || { cat "$dir/configure.log" >&2; exit 1; }
    cmake --build "$dir" --target unilane_bench -j "$jobs" >"$dir/build.log" 2>&1 ||
        { cat "$dir/build.log" >&2; exit 1; }
done

# ---------------------------------------------------------------- run
if [ -n "$corpus" ]; then
    set -- --corpus="$corpus" "$@"
else
    set -- --sizes="$sizes" "$@"
fi
set -- --regime=fresh --kernels=scalar,auto --no-peers --min-time="$min_time" --progress "$@"
r=1
while [ "$r" -le "$rounds" ]; do
    for b in $builds; do
        echo "== round $r/$rounds: $b ($(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?') load)"
        "$base/$b/bench/unilane_bench" "$@" --benchmark_out="$out/$b.$r.json" \
            --benchmark_out_format=json 2>"$out/$b.$r.log" ||
            { cat "$out/$b.$r.log" >&2; exit 1; }
    done
    r=$((r + 1))
done

# ---------------------------------------------------------------- table
specs=""
for b in $builds; do
    files=""
    r=1
    while [ "$r" -le "$rounds" ]; do
        files="$files${files:+,}$out/$b.$r.json"
        r=$((r + 1))
    done
    specs="$specs $b=$files"
done
{
    echo "# unilane build matrix"
    echo
    echo "Inputs: ${corpus:-generated text, sizes $sizes}; $rounds round(s), median per row; $(nproc) CPUs."
    for k in auto scalar; do
        echo
        echo "## \`$k\` rows"
        echo
        # shellcheck disable=SC2086 # $specs is a list of words
        python3 "$root/scripts/bench_compare.py" --impl "$k" --matrix $specs
    done
    echo
    echo "## vzeroupper in the AVX2 and AVX-512 objects (objdump -d)"
    echo
    echo "Dirty exits: returns to the caller, calls and tail jumps to non-AVX code"
    echo "that may run with the upper ymm/zmm state dirty (scripts/check_vzeroupper.py,"
    echo "control flow of every function)."
    echo
    echo "| build | object | vzeroupper | functions using ymm/zmm | functions with a dirty exit |"
    echo "|---|---|---:|---:|---|"
    for b in $builds; do
        for o in "$base/$b"/CMakeFiles/unilane_objects.dir/src/avx2/*.o \
                 "$base/$b"/CMakeFiles/unilane_objects.dir/src/avx512/*.o; do
            [ -f "$o" ] || continue
            nvz=$(objdump -d --no-show-raw-insn "$o" | awk '$2 == "vzeroupper" { n++ } END { print n + 0 }')
            # "<functions using ymm/zmm> <functions with a dirty exit> (names)"
            sum=$(python3 "$root/scripts/check_vzeroupper.py" --summary "$o")
            printf '| %s | %s | %d | %s | %s |\n' "$b" "$(basename "$o")" "$nvz" \
                "${sum%% *}" "${sum#* }"
        done
    done
} >"$out/matrix.md"
cat "$out/matrix.md"
echo
echo "matrix: $out/matrix.md (JSON per build and round in $out)"
