#!/usr/bin/env bash
# scripts/bench_jni.sh -- unilane's modified UTF-8 against the JVM's own JNI
# functions (GetStringUTFChars, NewStringUTF), per kernel, on corpus text at
# 16, 256, 4096 and 65536 UTF-16 units (bench/jni/). Not part of the test
# command; wall-clock timings, so run it on a quiet machine.
#
#   ./scripts/bench_jni.sh [--corpus DIR] [--reps N] [--kernels scalar,avx2]
#
# Needs a JDK (openjdk-17-jdk-headless). Build tree: build-bench/jni.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/build-bench/jni
CORPUS=$ROOT/../shared/corpus/wikipedia_mars
REPS=5
KERNELS=scalar,avx2,avx512,neon
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) CORPUS=$2; shift ;;
    --reps) REPS=$2; shift ;;
    --kernels) KERNELS=$2; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done
CC=${CC:-gcc}

if ! command -v javac >/dev/null 2>&1; then
  echo "no JDK (javac) found; install it with:" >&2
  echo "  sudo sh -c 'apt-get update && apt-get install -y openjdk-17-jdk-headless'" >&2
  exit 1
fi
JAVA_HOME=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
[ -f "$CORPUS/english.utf8.txt" ] || { echo "no corpus at $CORPUS (--corpus DIR)" >&2; exit 1; }

rm -rf "$OUT"
mkdir -p "$OUT/obj" "$OUT/classes" "$OUT/h"
javac -Xlint:all -Werror -d "$OUT/classes" -h "$OUT/h" "$ROOT/bench/jni/JniBench.java"
# The release library (no test hooks), position-independent, -O2.
ls "$ROOT"/src/*/*.c | xargs -P 2 -I{} sh -c \
  'f={}; '"$CC"' -std=c99 -O2 -fPIC -fvisibility=hidden -I'"$ROOT"'/include -c "$f" -o '"$OUT"'/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o'
$CC -std=c99 -Wall -Wextra -Werror -O2 -fPIC -I"$ROOT/include" -I"$OUT/h" \
  -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" -c "$ROOT/bench/jni/bench_jni.c" -o "$OUT/bench_jni.o"
$CC -shared -o "$OUT/libunilane_jnibench.so" "$OUT/bench_jni.o" "$OUT"/obj/*.o

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //') ($(nproc) cores)"
echo "JVM: $(java -version 2>&1 | sed -n 2p)"
echo "compiler: $($CC --version | head -n 1), -O2"
header=header
for k in ${KERNELS//,/ }; do
  # UNILANE_KERNEL picks the kernel when this CPU has it (else the run is skipped).
  if [ "$(UNILANE_KERNEL=$k java -Djava.library.path="$OUT" -cp "$OUT/classes" JniBench --kernel)" != "$k" ]; then
    echo "($k: not available here)"
    continue
  fi
  UNILANE_KERNEL=$k java -Xms1g -Xmx1g -Djava.library.path="$OUT" -cp "$OUT/classes" \
    JniBench "$CORPUS" "$REPS" $header
  header=
done
