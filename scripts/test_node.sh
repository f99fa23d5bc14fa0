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
# AArch64). Each run prints "node addon: kernel K: N checks passed"; the test
# fails if the addon does not run on the kernel asked for.
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
"$ROOT/examples/node-addon/build.sh" "$OUT"
for k in ${kernels//,/ }; do
  UNILANE_KERNEL=$k "$NODE" "$ROOT/examples/node-addon/test.js" "$OUT/unilane_addon.node"
done
