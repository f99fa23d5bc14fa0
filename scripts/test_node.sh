#!/usr/bin/env bash
# scripts/test_node.sh -- builds the Node-API example (examples/node-addon)
# and runs its test once per kernel set, comparing every result with Node's
# own Buffer.toString, TextDecoder, buf.write, encodeInto and StringDecoder.
#
#   ./scripts/test_node.sh
#
# Needs node and the Node-API headers (Debian: apt-get install nodejs
# libnode-dev). Environment: UNILANE_NODE_BUILD (build tree, default
# build-node/), UNILANE_NODE_KERNELS (comma-separated kernel sets to test;
# default: scalar plus avx2/avx512 when /proc/cpuinfo lists them, neon on
# AArch64).
#
# Two builds of the addon: the example as a user builds it
# (examples/node-addon/build.sh, release library), tested once on the kernel
# the library picks; and the test build (tests/node/addon_test.c: the same
# addon code over the test build of unilane, whose thunks count entries into
# each kernel's code), tested on every kernel set. Each run prints
# "node addon: kernel K: N checks passed"; the test build's runs also print
# how many of them were on calls that entered kernel K's code, and fail if
# none were, or if the addon does not run on the kernel asked for.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${UNILANE_NODE_BUILD:-$ROOT/build-node}
NODE=$(command -v node || command -v nodejs || true)
if [ -z "$NODE" ]; then
  echo "node not found: apt-get install nodejs libnode-dev" >&2
  exit 1
fi

kernels=${UNILANE_NODE_KERNELS:-}
if [ -z "$kernels" ]; then
  kernels=scalar
  if grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
    kernels=$kernels,avx2
    if grep -qw avx512bw /proc/cpuinfo && grep -qw avx512_vbmi2 /proc/cpuinfo; then
      kernels=$kernels,avx512
    fi
  fi
  case "$(uname -m)" in aarch64|arm64) kernels=$kernels,neon ;; esac
fi

echo "node $("$NODE" --version), N-API $("$NODE" -p process.versions.napi)"
NODE_INC=$("$ROOT/examples/node-addon/build.sh" --print-node-include)
"$ROOT/examples/node-addon/build.sh" "$OUT"
"$NODE" "$ROOT/examples/node-addon/test.js" "$OUT/unilane_addon.node"

CC=${CC:-cc}
WARN="-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Werror"
CC=$CC WARN=$WARN "$ROOT/scripts/testlib_pic.sh" "$OUT/testlib"
# shellcheck disable=SC2086
"$CC" -std=c99 -O2 -fPIC -fvisibility=hidden $WARN -DUNILANE_TEST_SUPPORT=1 \
  -isystem "$NODE_INC" -I"$ROOT/include" \
  -shared -o "$OUT/unilane_addon_test.node" "$ROOT/tests/node/addon_test.c" \
  "$ROOT/tests/reach_hooks.c" \
  "$OUT/testlib/libunilane_testpic.a" -Wl,--exclude-libs,ALL
for k in ${kernels//,/ }; do
  UNILANE_KERNEL=$k "$NODE" "$ROOT/examples/node-addon/test.js" "$OUT/unilane_addon_test.node"
done
