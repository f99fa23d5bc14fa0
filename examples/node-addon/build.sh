#!/usr/bin/env bash
# examples/node-addon/build.sh -- builds unilane_addon.node with the system C
# compiler against the Node headers, linked with a static unilane. No
# node-gyp, no download.
#
#   examples/node-addon/build.sh [BUILD_DIR]     (default: examples/node-addon/build)
#   examples/node-addon/build.sh --print-node-include
#                                  prints the directory of node_api.h it
#                                  would use, and builds nothing
#
# Environment: CC (default cc), NODE_INCLUDE (the directory holding
# node_api.h; found next to `node` or in /usr/include/node otherwise),
# CFLAGS_EXTRA (added to the addon's compile line).
# Output: BUILD_DIR/unilane_addon.node, BUILD_DIR/lib/libunilane.a.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PRINT_INC=0
case "${1:-}" in
  --print-node-include) PRINT_INC=1 ;;
  -*) echo "unknown option: $1" >&2; exit 2 ;;
esac

# The Node-API headers: Debian's libnode-dev and the nodejs packages of
# nodesource put them in /usr/include/node; an official tarball has them in
# <prefix>/include/node next to bin/node; node-gyp keeps a copy per version.
find_node_include() {
  local d node_bin ver
  if [ -n "${NODE_INCLUDE:-}" ]; then echo "$NODE_INCLUDE"; return; fi
  node_bin=$(command -v node || command -v nodejs || true)
  ver=""
  if [ -n "$node_bin" ]; then ver=$("$node_bin" -p 'process.versions.node' 2>/dev/null || true); fi
  for d in ${node_bin:+"$(dirname "$(readlink -f "$node_bin")")/../include/node"} \
           /usr/include/node /usr/local/include/node \
           ${ver:+"$HOME/.cache/node-gyp/$ver/include/node"}; do
    if [ -f "$d/node_api.h" ]; then (cd "$d" && pwd); return; fi
  done
  echo "node_api.h not found: install libnode-dev (Debian) or set NODE_INCLUDE" >&2
  return 1
}
NODE_INC=$(find_node_include)
if [ "$PRINT_INC" = 1 ]; then echo "$NODE_INC"; exit 0; fi

OUT=${1:-$HERE/build}
CC=${CC:-cc}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# unilane as a static library (position-independent, only unilane_* visible).
cmake -S "$ROOT" -B "$OUT/lib" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$CC" \
  -DBUILD_SHARED_LIBS=OFF -DUNILANE_BUILD_TESTS=OFF -DUNILANE_WERROR=ON \
  >"$OUT/lib.configure.log" 2>&1 || { cat "$OUT/lib.configure.log"; exit 1; }
cmake --build "$OUT/lib" --target unilane -j 2 >"$OUT/lib.build.log" 2>&1 ||
  { cat "$OUT/lib.build.log"; exit 1; }

# The addon: a shared object whose napi_* references node resolves at load
# time. Only napi_register_module_v1 is exported (-fvisibility=hidden, and
# --exclude-libs keeps unilane's symbols inside the addon).
WARN="-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Werror"
# shellcheck disable=SC2086
"$CC" -std=c99 -O2 -fPIC -fvisibility=hidden $WARN ${CFLAGS_EXTRA:-} \
  -isystem "$NODE_INC" -I"$ROOT/include" \
  -shared -o "$OUT/unilane_addon.node" "$HERE/unilane_addon.c" "$OUT/lib/libunilane.a" \
  -Wl,--exclude-libs,ALL
echo "built $OUT/unilane_addon.node (Node headers: $NODE_INC)"
