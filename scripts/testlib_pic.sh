#!/usr/bin/env bash
# scripts/testlib_pic.sh -- the test build of unilane (UNILANE_TEST_SUPPORT=1:
# counting thunks in front of every kernel entry, test hooks) as one
# position-independent archive, for test modules loaded into another runtime
# (the JVM's JNI libraries, the Node-API addon).
#
#   scripts/testlib_pic.sh OUT_DIR      writes OUT_DIR/libunilane_testpic.a
#
# Environment: CC (default gcc), WARN (the warning flags, -Werror included).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:?usage: testlib_pic.sh OUT_DIR}
CC=${CC:-gcc}
WARN=${WARN:--Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Werror}
mkdir -p "$OUT/obj"
rm -f "$OUT"/obj/*.o "$OUT/libunilane_testpic.a"
export CC WARN OUT ROOT
ls "$ROOT"/src/*/*.c | xargs -P 2 -I{} sh -c \
  'f={}; o=$OUT/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o; $CC -std=c99 $WARN -O2 -fPIC -fvisibility=hidden -DUNILANE_TEST_SUPPORT=1 -I$ROOT/include -c "$f" -o "$o"'
ar rcs "$OUT/libunilane_testpic.a" "$OUT"/obj/*.o
