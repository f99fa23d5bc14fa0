#!/bin/sh
# check_symbols.sh NM SHARED_LIB STATIC_LIB
# The shared library exports exactly the public API; every global symbol
# defined in the static library starts with unilane_.
set -u
NM=$1
SHARED=$2
STATIC=$3
status=0

expected='unilane_ascii_prefix
unilane_detect_bom
unilane_kernel
unilane_latin1_to_utf16
unilane_latin1_to_utf8
unilane_status_string
unilane_use_kernel
unilane_utf16_ascii_prefix
unilane_utf16_latin1_prefix
unilane_utf16_length_from_utf8
unilane_utf16_length_from_utf8_lossy
unilane_utf16_make_well_formed
unilane_utf16_to_latin1
unilane_utf16_to_utf8
unilane_utf16_to_utf8_lossy
unilane_utf8_decode
unilane_utf8_decoder_init
unilane_utf8_encode
unilane_utf8_encoder_init
unilane_utf8_length_from_latin1
unilane_utf8_length_from_utf16
unilane_utf8_to_latin1
unilane_utf8_to_utf16
unilane_utf8_to_utf16_lossy
unilane_validate_utf16
unilane_validate_utf8
unilane_utf16_to_wtf8
unilane_validate_wtf8
unilane_wtf8_to_utf16
unilane_utf16_to_mutf8
unilane_mutf8_length_from_utf16
unilane_mutf8_to_utf16
unilane_utf8_inspect
unilane_utf8_inspect_lossy
unilane_utf16_inspect
unilane_latin1_to_utf8_bounded
unilane_version'

tmp=${TMPDIR:-/tmp}/unilane_symbols.$$
trap 'rm -f "$tmp".*' EXIT INT TERM

printf '%s\n' "$expected" | LC_ALL=C sort > "$tmp.expected"
# Defined dynamic symbols; drop the linker's own (_init, _fini, __bss_start,
# _edata, _end) which are not functions of ours.
"$NM" -D --defined-only "$SHARED" | awk '{print $NF}' | sed 's/@.*//' |
    grep -v -E '^(_init|_fini|__bss_start|_edata|_end|__end__|_bss_end__|__bss_end__|__bss_start__)$' |
    LC_ALL=C sort -u > "$tmp.actual"
if ! cmp -s "$tmp.expected" "$tmp.actual"; then
    echo "FAIL: $SHARED exports a different symbol set than the API"
    echo "--- expected (API)   +++ exported"
    diff "$tmp.expected" "$tmp.actual"
    status=1
else
    echo "ok: $SHARED exports exactly the $(wc -l < "$tmp.expected") API functions"
fi

# Global (external) defined symbols of every object in the static library
# (sanitizer instrumentation symbols such as __odr_asan.* are not ours, nor
# are the hidden __x86.get_pc_thunk.* helpers gcc emits for i386 PIC code).
"$NM" -g --defined-only "$STATIC" | awk 'NF >= 3 {print $NF}' |
    grep -v -E '^(__odr_asan|__asan|__ubsan|__sancov|__tsan|__msan|__x86\.get_pc_thunk\.)' | LC_ALL=C sort -u > "$tmp.static"
if grep -v '^unilane_' "$tmp.static" > "$tmp.bad"; then
    echo "FAIL: $STATIC defines global symbols without the unilane_ prefix:"
    cat "$tmp.bad"
    status=1
else
    echo "ok: every global symbol of $STATIC ($(wc -l < "$tmp.static")) starts with unilane_"
fi
if [ ! -s "$tmp.static" ]; then
    echo "FAIL: no global symbols found in $STATIC"
    status=1
fi
exit $status
