#!/usr/bin/env bash
# scripts/test_jvm.sh -- unilane against a real JVM (the test command's `jvm`
# stage): builds the JNI libraries of tests/jvm/ and examples/jni/ over the
# test build of unilane (UNILANE_TEST_SUPPORT=1, whose thunks count entries
# into each kernel's code) and runs, for every kernel this machine has:
#   tests/jvm/JvmMutf8Test    modified UTF-8 against GetStringUTFChars,
#                             GetStringUTFLength, NewStringUTF, writeUTF, readUTF
#   examples/jni/BridgeTest   the jstring <-> UTF-8 bridge against
#                             new String(bytes, UTF_8) and String.getBytes(UTF_8)
#
#   UNILANE_TEST_REQUIRE=scalar,avx2 ./scripts/test_jvm.sh
#
# Needs a JDK (javac, jni.h): openjdk-17-jdk-headless on Debian/Ubuntu.
# Build tree: $UNILANE_JVM_BUILD (default build-test/jvm).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${UNILANE_JVM_BUILD:-$ROOT/build-test/jvm}
REQUIRE=${UNILANE_TEST_REQUIRE:-scalar}
SCALE=${UNILANE_TEST_SCALE:-1}
CC=${CC:-gcc}
WARN="-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Werror"
start=$(date +%s)

if ! command -v javac >/dev/null 2>&1 || ! command -v java >/dev/null 2>&1; then
  echo "jvm: no JDK (javac) found; install it with:" >&2
  echo "  sudo sh -c 'apt-get update && apt-get install -y openjdk-17-jdk-headless'" >&2
  exit 1
fi
JAVA_HOME=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
if [ ! -f "$JAVA_HOME/include/jni.h" ]; then
  echo "jvm: no jni.h under JAVA_HOME=$JAVA_HOME (set JAVA_HOME to a JDK)" >&2
  exit 1
fi
JNI_INC="-I$JAVA_HOME/include -I$JAVA_HOME/include/linux"
echo "JDK: $JAVA_HOME ($(java -version 2>&1 | head -n 1))"

rm -rf "$OUT"
mkdir -p "$OUT/classes" "$OUT/h" "$OUT/lib"

# The Java side first: javac -h writes the JNI headers the C files include,
# so a native whose C signature differs from its Java declaration does not
# compile.
javac -Xlint:all -Werror -d "$OUT/classes" -h "$OUT/h" \
  "$ROOT"/tests/jvm/*.java "$ROOT"/examples/jni/*.java

# The test build of the library, position-independent, as one archive.
CC=$CC WARN=$WARN "$ROOT/scripts/testlib_pic.sh" "$OUT/lib"

jni_cc() { # jni_cc OUT.o SRC.c
  $CC -std=c99 $WARN -O2 -fPIC -fvisibility=hidden -DUNILANE_TEST_SUPPORT=1 \
    -I"$ROOT/include" -I"$OUT/h" $JNI_INC -c "$2" -o "$1"
}
jni_cc "$OUT/jni_hooks.o" "$ROOT/tests/jvm/jni_hooks.c"
jni_cc "$OUT/reach_hooks.o" "$ROOT/tests/reach_hooks.c"
jni_cc "$OUT/mutf8_jni.o" "$ROOT/tests/jvm/mutf8_jni.c"
jni_cc "$OUT/unilane_bridge.o" "$ROOT/examples/jni/unilane_bridge.c"
$CC -shared -o "$OUT/lib/libunilane_jvmtest.so" "$OUT/mutf8_jni.o" "$OUT/jni_hooks.o" "$OUT/reach_hooks.o" \
  "$OUT/lib/libunilane_testpic.a"
$CC -shared -o "$OUT/lib/libunilane_bridge.so" "$OUT/unilane_bridge.o" "$OUT/jni_hooks.o" "$OUT/reach_hooks.o" \
  "$OUT/lib/libunilane_testpic.a"
echo "built in $(( $(date +%s) - start )) s"

run_java() {
  java -Xss4m -Xcheck:jni -Djava.library.path="$OUT/lib" -cp "$OUT/classes" "$@"
}
echo "--- JvmMutf8Test (required kernels: $REQUIRE)"
run_java JvmMutf8Test "$REQUIRE" "$SCALE"
echo "--- BridgeTest (examples/jni, required kernels: $REQUIRE)"
run_java BridgeTest "$REQUIRE" "$SCALE"
# AArch64: Debian's openjdk-17-jre-headless:arm64, unpacked next to the
# cross libc, did not finish `java -version` under qemu-aarch64 7.2 (user
# mode): not in 10 minutes with default flags, not in 2 minutes with -Xint
# -Xshare:off -XX:+UseSerialGC. So there is no JVM check under qemu.
echo "jvm: AArch64 not run (an arm64 JVM under qemu-aarch64 does not start within minutes)"
echo "jvm: ok in $(( $(date +%s) - start )) s"
