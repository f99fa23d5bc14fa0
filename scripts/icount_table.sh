#!/usr/bin/env bash
# scripts/icount_table.sh [--arch aarch64|armv7|both] [CORPUS_DIR] -- instructions
# per byte of every row of the NEON issue's table, under qemu with the counting
# plugin (scripts/icount.sh). Prints a markdown table:
#   aarch64: scalar vs neon (simdutf's arm64 figures beside);
#   armv7:   scalar vs neon32 (ARMv7-A hard-float, qemu-arm), their ratio and
#            the goal (neon32 at most 0.35x scalar for the validators,
#            0.6x for the other functions).
# --arch defaults to both. CORPUS_DIR defaults to ../shared/corpus
# (wikipedia_mars/ inside it, next to the repository or to the main checkout
# of a git worktree); without it the rows run on generated text of the same
# kinds (seeded, reproducible; the table says so).
set -euo pipefail
cd "$(dirname "$0")/.."
arch=both
if [ "${1:-}" = --arch ]; then arch=$2; shift 2; fi
case "$arch" in aarch64|armv7|both) ;; *) echo "usage: $0 [--arch aarch64|armv7|both] [CORPUS_DIR]" >&2; exit 2 ;; esac
shared=../shared
if [ ! -d "$shared" ]; then
  common=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
  [ -z "$common" ] || shared=$(dirname "$common")/../shared
fi
corpus=${1:-$shared/corpus}
mars=$corpus/wikipedia_mars
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ ! -f "$mars/english.utf8.txt" ]; then
  echo "(no corpus at $mars: generated text)"
  mars=$tmp/gen
  mkdir -p "$mars"
  python3 - "$mars" <<'PY'
import random, sys
out = sys.argv[1]
rng = random.Random(20261201)
def words(alphabet, n, lo=2, hi=9):
    return " ".join("".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi))) for _ in range(n))
ascii_ = "abcdefghijklmnopqrstuvwxyz" * 3 + "ABCDEFGHIJ,.0123456789"
texts = {
    "english": words(ascii_, 60000),
    "french": words(ascii_ + "éèàçêùô", 60000),
    "chinese": "".join(chr(rng.randint(0x4E00, 0x9FA5)) if rng.random() < 0.9 else rng.choice("，。 1a")
                       for _ in range(60000)),
    "arabic": words("".join(chr(c) for c in range(0x0621, 0x064B)), 50000),
}
for name, t in texts.items():
    open(f"{out}/{name}.utf8.txt", "wb").write(t.encode("utf-8"))
    open(f"{out}/{name}.utf16.txt", "wb").write(b"\xff\xfe" + t.encode("utf-16-le"))
t = texts["french"]
open(f"{out}/french.latin1.txt", "wb").write(t.encode("latin-1"))
open(f"{out}/french.utflatin8.txt", "wb").write(t.encode("utf-8"))
open(f"{out}/french.utflatin16.txt", "wb").write(b"\xff\xfe" + t.encode("utf-16-le"))
PY
fi
# ASCII input for ascii_prefix: the English article with every byte >= 0x80 removed.
LC_ALL=C tr -d '\200-\377' <"$mars/english.utf8.txt" >"$tmp/ascii.utf8.txt"

rows="validate_utf8:english.utf8.txt:0.33
validate_utf8:chinese.utf8.txt:1.29
validate_utf8:arabic.utf8.txt:1.15
utf8_to_utf16:english.utf8.txt:0.83
utf8_to_utf16:french.utf8.txt:2.88
utf8_to_utf16:chinese.utf8.txt:3.84
utf8_to_utf16:arabic.utf8.txt:3.28
utf16_to_utf8:english.utf16.txt:0.61
utf16_to_utf8:chinese.utf16.txt:1.42
utf16_to_utf8:arabic.utf16.txt:1.12
validate_utf16:chinese.utf16.txt:0.66
utf8_length_from_utf16:chinese.utf16.txt:0.47
utf16_length_from_utf8:chinese.utf8.txt:0.63
utf16_make_well_formed:chinese.utf16.txt:0.42
latin1_to_utf16:french.latin1.txt:0.50
utf16_to_latin1:french.utflatin16.txt:0.69
latin1_to_utf8:french.latin1.txt:1.46
utf8_to_latin1:french.utflatin8.txt:3.10
ascii_prefix:ascii.utf8.txt:0.20"

ipb() { scripts/icount.sh "$1" "$2" "$3" | awk '{ for (i = 1; i <= NF; i++) if ($i == "instr/byte") print $(i-1) }'; }
ratio() { awk -v n="$1" -v r="$2" 'BEGIN { printf "%.2f", n / r }'; }

head="| function | input |" rule="|---|---|"
if [ "$arch" != armv7 ]; then
  head="$head scalar | neon | simdutf arm64 | neon / simdutf |"; rule="$rule---:|---:|---:|---:|"
fi
if [ "$arch" != aarch64 ]; then
  head="$head armv7 scalar | neon32 | neon32 / scalar | goal |"; rule="$rule---:|---:|---:|---|"
fi
echo "$head"
echo "$rule"
while IFS=: read -r fn file ref; do
  path=$mars/$file
  [ "$file" = ascii.utf8.txt ] && path=$tmp/ascii.utf8.txt
  line="| $fn | $file |"
  if [ "$arch" != armv7 ]; then
    s=$(ipb "$fn" "$path" scalar)
    n=$(ipb "$fn" "$path" neon)
    line="$line $s | $n | $ref | $(ratio "$n" "$ref") |"
  fi
  if [ "$arch" != aarch64 ]; then
    s=$(ICOUNT_ARCH=armv7 ipb "$fn" "$path" scalar)
    n=$(ipb "$fn" "$path" neon32)
    case "$fn" in validate_*) goal=0.35 ;; *) goal=0.60 ;; esac
    r=$(ratio "$n" "$s")
    line="$line $s | $n | $r | $(awk -v r="$r" -v g="$goal" 'BEGIN { print (r <= g ? "<= " g " met" : "<= " g " MISSED") }') |"
  fi
  echo "$line"
done <<<"$rows"
