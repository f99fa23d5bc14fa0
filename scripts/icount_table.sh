#!/usr/bin/env bash
# scripts/icount_table.sh [CORPUS_DIR] -- instructions per byte, scalar vs neon,
# for every row of the NEON issue's table (simdutf's arm64 figures beside),
# under qemu-aarch64 with the counting plugin. Prints a markdown table, then
# a second one for the 0.2 variants (WTF-8, modified UTF-8), each beside the
# NEON kernel it is measured against.
# CORPUS_DIR defaults to ../shared/corpus (wikipedia_mars/ inside it).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpus}
mars=$corpus/wikipedia_mars
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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

echo "| function | input | scalar | neon | simdutf arm64 | neon / simdutf |"
echo "|---|---|---:|---:|---:|---:|"
while IFS=: read -r fn file ref; do
  path=$mars/$file
  [ "$file" = ascii.utf8.txt ] && path=$tmp/ascii.utf8.txt
  s=$(ipb "$fn" "$path" scalar)
  n=$(ipb "$fn" "$path" neon)
  printf '| %s | %s | %s | %s | %s | %s |\n' "$fn" "$file" "$s" "$n" "$ref" \
    "$(awk -v n="$n" -v r="$ref" 'BEGIN { printf "%.2f", n / r }')"
done <<<"$rows"

# The 0.2 variants (issue 11), each beside the NEON kernel it must stay
# within 1.1x of: the encoders beside utf16_to_utf8_lossy, the decoders
# beside utf8_to_utf16 (mutf8_to_utf16 on the modified UTF-8 of the text:
# U+0000 as C0 80, a character above U+FFFF as two 3-byte surrogates),
# validate_wtf8 beside validate_utf8, mutf8_length_from_utf16 beside
# utf8_length_from_utf16.
python3 - "$mars" "$tmp" <<'PY'
import sys
src, out = sys.argv[1], sys.argv[2]
for name in ("english", "french", "chinese", "arabic"):
    t = open(f"{src}/{name}.utf8.txt", "rb").read().decode("utf-8")
    b = bytearray()
    for ch in t:
        o = ord(ch)
        if o == 0:
            b += b"\xc0\x80"
        elif o > 0xFFFF:
            o -= 0x10000
            for u in (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)):
                b += chr(u).encode("utf-8", "surrogatepass")
        else:
            b += ch.encode("utf-8")
    open(f"{out}/{name}.mutf8.txt", "wb").write(b)
PY
rows2="utf16_to_wtf8:utf16_to_utf8_lossy:utf16
utf16_to_mutf8:utf16_to_utf8_lossy:utf16
validate_wtf8:validate_utf8:utf8
wtf8_to_utf16:utf8_to_utf16:utf8
mutf8_to_utf16:utf8_to_utf16:mutf8
mutf8_length_from_utf16:utf8_length_from_utf16:utf16"
echo
echo "| function | input | neon | beside | its neon | ratio |"
echo "|---|---|---:|---|---:|---:|"
while IFS=: read -r fn ref kind; do
  for name in english french chinese arabic; do
    case $kind in
      mutf8) path=$tmp/$name.mutf8.txt rpath=$mars/$name.utf8.txt ;;
      *) path=$mars/$name.$kind.txt rpath=$path ;;
    esac
    n=$(ipb "$fn" "$path" neon)
    r=$(ipb "$ref" "$rpath" neon)
    printf '| %s | %s | %s | %s | %s | %s |\n' "$fn" "$(basename "$path")" "$n" "$ref" "$r" \
      "$(awk -v n="$n" -v r="$r" 'BEGIN { printf "%.3f", n / r }')"
  done
done <<<"$rows2"
