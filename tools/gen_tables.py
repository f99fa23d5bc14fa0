#!/usr/bin/env python3
"""gen_tables.py -- computes the lookup tables of the SIMD kernels and writes
them as C:

    src/avx2/tables_avx2.c   (declared in src/avx2/avx2.h)
    src/neon/tables_neon.c   (declared in src/neon/neon.h)

    python3 tools/gen_tables.py          rewrite both files
    python3 tools/gen_tables.py --check  regenerate in memory and compare with
                                         the committed files; print each file
                                         that differs and exit 1 (ctest test
                                         "tables", first step of the bare
                                         stage of scripts/test.sh)

Python 3, standard library only. Every table is computed below from its
definition; the definition is also written, as a comment, above the table in
the generated file. Do not edit the generated files: change the rule here and
rerun the script.

Conventions. "m" is the index of a table row, a bit mask; bit k is
(m >> k) & 1. A shuffle entry that selects nothing is 0x80 for x86 pshufb
(bit 7 set: the byte is zeroed) and 0xFF for AArch64 tbl (an index >= 16
gives 0). Shuffle rows list the source byte positions to keep, in order,
packed to the front; the rest of the row is that filler. The kernels store
whole registers and advance the output by the row's length, so the filler
bytes are overwritten by the next store or never counted.
"""

import argparse
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

PSHUFB_ZERO = 0x80
TBL_ZERO = 0xFF


def popcount(m):
    return bin(m).count("1")


def packed(keep, width, filler):
    """A shuffle row: the positions in `keep`, then `filler` up to `width`."""
    assert len(keep) <= width
    return list(keep) + [filler] * (width - len(keep))


class Table:
    """One C array: name, element type, dimensions, values (nested lists
    matching the dimensions), the comment that says what it is, and the
    number base of the printed values."""

    def __init__(self, name, ctype, dims, values, doc, static=False, hexa=False):
        self.name, self.ctype, self.dims, self.values = name, ctype, dims, values
        self.doc, self.static, self.hexa = doc, static, hexa
        self._check(values, dims)

    def _check(self, v, dims):
        if not dims:
            assert isinstance(v, int) and 0 <= v <= 255, (self.name, v)
            return
        assert len(v) == dims[0], (self.name, len(v), dims)
        for x in v:
            self._check(x, dims[1:])


# ---------------------------------------------------------------------------
# AVX2 (src/avx2/tables_avx2.c)
# ---------------------------------------------------------------------------

def avx2_utf8_pack2():
    # Eight 16-bit slots of one 128-bit lane; slot k holds the UTF-8 of
    # unit k: byte 2k the ASCII or lead byte, byte 2k+1 the continuation.
    rows = []
    for m in range(256):
        keep = []
        for k in range(8):
            keep.append(2 * k)
            if m >> k & 1:
                keep.append(2 * k + 1)
        rows.append(packed(keep, 16, PSHUFB_ZERO))
    return rows


def avx2_u16_pack3():
    # Four 32-bit slots of one 128-bit lane; slot k holds in its bytes:
    # 0 the lead byte of 3 (or the first byte of a surrogate pair's half),
    # 1 the second byte of 3 or the lead byte of 2 (or the half's second),
    # 2 the last byte of 2 or 3, 3 the ASCII byte. Bit 2k (e): unit k is
    # ASCII, or half of a surrogate pair; bit 2k+1 (o): unit k is below
    # U+0800. e o: ASCII [3]; o alone: 2 bytes [1, 2]; e alone: a pair's
    # half [0, 1]; neither: 3 bytes [0, 1, 2].
    rows, lens = [], []
    for m in range(256):
        keep = []
        for k in range(4):
            e, o = m >> (2 * k) & 1, m >> (2 * k + 1) & 1
            if not o:
                keep.append(4 * k)
            if not (e and o):
                keep.append(4 * k + 1)
            if not e:
                keep.append(4 * k + 2)
            if e and o:
                keep.append(4 * k + 3)
        rows.append(packed(keep, 16, PSHUFB_ZERO))
        lens.append(len(keep))
    return rows, lens


def avx2_u8_compress8():
    return [packed([i for i in range(8) if m >> i & 1], 8, PSHUFB_ZERO) for m in range(256)]


# ---------------------------------------------------------------------------
# Modified UTF-8 (Java): the Keiser-Lemire classes, shared by both kernels
# ---------------------------------------------------------------------------

def u8_class_bits():
    """The class bits UNILANE_U8_<NAME> of src/generic/utf8_rules.h, read from
    it (one definition of the bit values)."""
    bits = {}
    with open(os.path.join(ROOT, "src", "generic", "utf8_rules.h"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#define UNILANE_U8_([A-Z0-9_]+?)\s+(0x[0-9A-Fa-f]+)\b", line)
            if m:
                bits[m.group(1)] = int(m.group(2), 16)
    for name in ("TOO_SHORT", "TOO_LONG", "TOO_LARGE", "TWO_CONTS"):
        assert name in bits, "utf8_rules.h has no UNILANE_U8_" + name
    return bits


def mutf8_classes():
    """BYTE1_HIGH, BYTE1_LOW, BYTE2_HIGH of modified UTF-8, by nibble class:
    leads C0..DF and E0..EF (no range rule: C0/C1, E0 80..9F and ED A0..BF
    are allowed), and F0..FF never a lead: followed by a continuation byte
    TOO_LARGE, by anything else TOO_SHORT (so an error whatever follows)."""
    b = u8_class_bits()
    short, long_, large, two = b["TOO_SHORT"], b["TOO_LONG"], b["TOO_LARGE"], b["TWO_CONTS"]
    carry = short | long_ | two

    def cont(n):
        return 0x8 <= n <= 0xB

    byte1_high = [long_ if n < 8 else two if cont(n) else short | (large if n == 0xF else 0)
                  for n in range(16)]
    byte1_low = [carry | large] * 16
    byte2_high = [long_ | two | large if cont(n) else short for n in range(16)]

    # the rule for every pair (p, c), checked over all of them: the error
    # classes (all but TWO_CONTS, which the kernels' "must" bit decides) are
    # nonzero iff the pair is ill-formed by itself; TWO_CONTS iff both are
    # continuation bytes
    for p in range(256):
        for c in range(256):
            x = byte1_high[p >> 4] & byte1_low[p & 15] & byte2_high[c >> 4]
            pc, cc = cont(p >> 4), cont(c >> 4)
            bad = (p < 0x80 and cc) or (p >= 0xC0 and not cc) or (p >= 0xF0)
            assert bool(x & ~two) == bool(bad), (p, c)
            assert bool(x & two) == (pc and cc), (p, c)
    return [byte1_high, byte1_low, byte2_high]


MUTF8_DOC = [
    "Keiser-Lemire classes of Java's modified UTF-8 (mutf8_to_utf16): rows",
    "BYTE1_HIGH (by the high nibble of the previous byte), BYTE1_LOW (its low",
    "nibble), BYTE2_HIGH (the high nibble of the byte itself); the bits are",
    "the UNILANE_U8_* classes of src/generic/utf8_rules.h. A pair is",
    "ill-formed iff the AND of its three entries has a bit other than",
    "TWO_CONTS: ASCII then continuation (TOO_LONG), a lead C0..EF then no",
    "continuation (TOO_SHORT), F0..FF then anything (TOO_LARGE before a",
    "continuation, TOO_SHORT before anything else); no range rule (C0/C1,",
    "E0 80..9F and ED A0..BF are allowed). TWO_CONTS marks a continuation",
    "after a continuation, decided by the bytes two and three back as for",
    "UTF-8.",
]


def avx2_tables():
    pack3, pack3_len = avx2_u16_pack3()
    return [
        Table("avx2_u8_mutf8_classes", "uint8_t", (3, 32), [r + r for r in mutf8_classes()],
              MUTF8_DOC + [
                  "avx2_u8_mutf8_classes[t]: row t twice, once per 128-bit lane (pshufb",
                  "looks up each lane by itself). Used by utf8_avx2.c.",
              ], hexa=True),
        Table("unilane_avx2_utf8_pack2", "unsigned char", (256, 16), avx2_utf8_pack2(), [
            "unilane_avx2_utf8_pack2[m]: pshufb control that compacts one 128-bit lane",
            "of eight 16-bit slots, slot k holding the UTF-8 bytes of unit k in its",
            "low byte (ASCII or lead byte, position 2k) and its high byte",
            "(continuation byte, position 2k+1). Bit k of m set: unit k has 2 bytes,",
            "keep both; clear: keep the low byte only. Row: for k = 0..7, 2k, then",
            "2k+1 if bit k is set; then 0x80 (pshufb writes 0). Output length is",
            "8 + popcount(m). Used by utf16_avx2.c (UTF-16 -> UTF-8) and",
            "latin1_avx2.c (Latin-1 -> UTF-8).",
        ], hexa=True),
        Table("avx2_u16_pack3", "unsigned char", (256, 16), pack3, [
            "avx2_u16_pack3[m]: pshufb control that compacts one 128-bit lane of four",
            "32-bit slots of units k = 0..3 (positions 4k..4k+3): byte 0 the lead",
            "byte of 3 (or the first byte of half a surrogate pair), byte 1 the second",
            "byte of 3 or the lead byte of 2 (or the half's second), byte 2 the last",
            "byte of 2 or 3, byte 3 the ASCII byte. Bit 2k of m (e): unit k is ASCII",
            "or half a pair; bit 2k+1 (o): unit k is below U+0800. Row: for k = 0..3,",
            "4k if not o, 4k+1 unless e and o, 4k+2 if not e, 4k+3 if e and o; then",
            "0x80. (ASCII [3], 2 bytes [1, 2], 3 bytes [0, 1, 2], a half [0, 1].)",
            "Used by utf16_avx2.c (UTF-16 -> UTF-8, 3-byte and pair blocks).",
        ], hexa=True),
        Table("avx2_u16_pack3_len", "unsigned char", (256,), pack3_len, [
            "avx2_u16_pack3_len[m]: output length of avx2_u16_pack3[m], the number of",
            "positions its row keeps: 12 - popcount(m).",
        ]),
        Table("avx2_u8_compress8", "uint8_t", (256, 8), avx2_u8_compress8(), [
            "avx2_u8_compress8[m]: pshufb indices that move the bytes i of an 8-byte",
            "group whose bit i is set in m to the front, in order (i = 0..7); the",
            "rest is 0x80 (pshufb writes 0). Adding 8 to an entry keeps 0x80",
            "entries >= 0x80. Used by utf8_avx2.c (UTF-8 -> UTF-16 and Latin-1:",
            "keeps the bytes that end a character).",
        ], hexa=True),
    ]


# ---------------------------------------------------------------------------
# NEON (src/neon/tables_neon.c)
# ---------------------------------------------------------------------------

def neon_pack2():
    # Eight units; lane 2k holds the lead byte of unit k (first of a 2-byte
    # sequence), lane 2k+1 its tail byte (the ASCII byte or the continuation).
    rows, lens = [], []
    for m in range(256):
        keep = []
        for k in range(8):
            if m >> k & 1:
                keep.append(2 * k)
            keep.append(2 * k + 1)
        rows.append(packed(keep, 16, TBL_ZERO))
        lens.append(len(keep))
    return rows, lens


def neon_pack3():
    # Four units; lanes 4k..4k+3 hold A B C C of unit k: A the first byte of
    # a 3-byte sequence, B the byte before the last, C the last byte.
    rows, lens = [], []
    for m in range(256):
        keep = []
        for k in range(4):
            c = m >> (2 * k) & 3
            if c == 3:  # never produced by the kernel: taken as 0
                c = 0
            if c == 2:
                keep.append(4 * k)
            if c >= 1:
                keep.append(4 * k + 1)
            keep.append(4 * k + 2)
        rows.append(packed(keep, 16, TBL_ZERO))
        lens.append(len(keep))
    return rows, lens


def neon_u8_pack16():
    rows = []
    for m in range(256):
        keep = []
        for j in range(8):
            if m >> j & 1:
                keep += [2 * j, 2 * j + 1]
        rows.append(packed(keep, 16, TBL_ZERO))
    return rows


def neon_u8_pack8():
    return [[packed([8 * h + j for j in range(8) if m >> j & 1], 8, TBL_ZERO) for m in range(256)]
            for h in range(2)]


def neon_tables():
    s2, l2 = neon_pack2()
    s3, l3 = neon_pack3()
    return [
        Table("neon_u8_mutf8_classes", "uint8_t", (3, 16), mutf8_classes(),
              MUTF8_DOC + ["Used by utf8_neon.c."], hexa=True),
        Table("unilane_neon_pack2_shuf", "uint8_t", (256, 16), s2, [
            "unilane_neon_pack2_shuf[m]: tbl indices for 8 units of 1 or 2 UTF-8 bytes.",
            "The register holds, for unit k, its lead byte (first of a 2-byte",
            "sequence) in lane 2k and its tail byte (the ASCII byte or the",
            "continuation byte) in lane 2k+1. Bit k of m: unit k needs 2 bytes. Row:",
            "for k = 0..7, 2k if bit k is set, then 2k+1; then 0xFF (tbl gives 0).",
            "Used by utf16_neon.c and latin1_neon.c (-> UTF-8).",
        ]),
        Table("unilane_neon_pack2_len", "uint8_t", (256,), l2, [
            "unilane_neon_pack2_len[m]: output length of unilane_neon_pack2_shuf[m]:",
            "8 + popcount(m).",
        ]),
        Table("unilane_neon_pack3_shuf", "uint8_t", (256, 16), s3, [
            "unilane_neon_pack3_shuf[m]: tbl indices for 4 units of 1, 2 or 3 UTF-8",
            "bytes. The register holds, for unit k, A (first byte of a 3-byte",
            "sequence) in lane 4k, B (the byte before the last) in lane 4k+1 and C",
            "(the last byte) in lanes 4k+2 and 4k+3. Bits 2k..2k+1 of m are c = 0, 1",
            "or 2: unit k needs c bytes beyond one (c = 3 is never produced and is",
            "taken as 0). Row: for k = 0..3, 4k if c = 2, 4k+1 if c >= 1, then 4k+2;",
            "then 0xFF. Used by utf16_neon.c (UTF-16 -> UTF-8).",
        ]),
        Table("unilane_neon_pack3_len", "uint8_t", (256,), l3, [
            "unilane_neon_pack3_len[m]: output length of unilane_neon_pack3_shuf[m]:",
            "4 + the sum of the four c (c = 3 counted as 0).",
        ]),
        Table("neon_u8_bytes16", "uint8_t", (256,), [2 * popcount(m) for m in range(256)], [
            "neon_u8_bytes16[m]: bytes taken by the 16-bit units that mask m keeps",
            "(2 * popcount(m)). Used by utf8_neon.c (UTF-8 -> UTF-16).",
        ]),
        Table("neon_u8_pack16", "uint8_t", (256, 16), neon_u8_pack16(), [
            "neon_u8_pack16[m]: tbl indices that pack the 16-bit lanes j of one",
            "register whose bit j of m is set to the front: for j = 0..7 with bit j",
            "set, 2j, 2j+1; then 0xFF (tbl gives 0). Used by utf8_neon.c",
            "(UTF-8 -> UTF-16).",
        ]),
        Table("neon_u8_pack8", "uint8_t", (2, 256, 8), neon_u8_pack8(), [
            "neon_u8_pack8[h][m]: tbl indices that pack bytes 8h+j (bit j of m set,",
            "j = 0..7) of one 16-byte register to the front, in order; then 0xFF.",
            "Used by utf8_neon.c (UTF-8 -> Latin-1).",
        ]),
    ]


# ---------------------------------------------------------------------------
# C output
# ---------------------------------------------------------------------------

def fmt_value(v, hexa):
    return "0x%02x" % v if hexa else "%d" % v


def emit_table(t):
    out = ["/*"]
    out += [(" * " + line).rstrip() for line in t.doc]
    out.append(" */")
    dims = "".join("[%d]" % d for d in t.dims)
    qual = "static const" if t.static else "UNILANE_INTERNAL const"
    out.append("%s %s %s%s = {" % (qual, t.ctype, t.name, dims))

    def index_comment(idx):
        return "/* %s */ " % ("0x%02x" % idx)

    def body(v, dims, indent):
        pad = " " * indent
        if len(dims) == 1:
            # a 1-D table: 16 values a line, each line tagged with its first index
            for i in range(0, dims[0], 16):
                out.append(pad + index_comment(i) + ",".join(fmt_value(x, t.hexa) for x in v[i:i + 16]) + ",")
        elif len(dims) == 2:
            # rows of a shuffle table: 16 values a line (rows of 8: two a line)
            per_line = max(1, 16 // dims[1])
            for i in range(0, dims[0], per_line):
                rows = ["{" + ",".join(fmt_value(x, t.hexa) for x in r) + "}" for r in v[i:i + per_line]]
                out.append(pad + index_comment(i) + ", ".join(rows) + ",")
        else:
            for i, sub in enumerate(v):
                out.append(pad + "{ /* [%d] */" % i)
                body(sub, dims[1:], indent + 2)
                out.append(pad + "},")

    body(t.values, t.dims, 4)
    out.append("};")
    return "\n".join(out)


BANNER = """/*
 * %(file)s -- generated by tools/gen_tables.py -- do not edit.
 *
 * %(what)s
 * Names without the unilane_ prefix are macros of %(header)s for the
 * prefixed symbols (every global symbol of the library starts with unilane_).
 * Each table's rule is in the comment above it and, as code, in
 * tools/gen_tables.py; change the rule there and rerun
 *   python3 tools/gen_tables.py
 * (`python3 tools/gen_tables.py --check`, ctest test "tables", fails when
 * this file is not what the script generates).
 */
#include "%(header)s"

#if %(guard)s
"""

TRAILER = """
#else
/* ISO C forbids an empty translation unit. */
typedef int %(unused)s;
#endif
"""


def render(file, what, header, guard, unused, tables):
    parts = [BANNER % {"file": file, "what": what, "header": header, "guard": guard}]
    for t in tables:
        parts.append(emit_table(t))
        parts.append("")
    text = "\n".join(parts).rstrip("\n") + "\n" + TRAILER % {"unused": unused}
    return text


def outputs():
    return [
        ("src/avx2/tables_avx2.c",
         render("tables_avx2.c",
                "Shuffle and length tables of the AVX2 kernels (declared in avx2.h).",
                "avx2.h", "UNILANE_HAVE_AVX2", "unilane_avx2_tables_unused", avx2_tables())),
        ("src/neon/tables_neon.c",
         render("tables_neon.c",
                "Shuffle and length tables of the NEON kernels (declared in neon.h).",
                "neon.h", "UNILANE_HAVE_NEON", "unilane_neon_tables_unused", neon_tables())),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare with the committed files instead of writing them")
    args = ap.parse_args()
    status = 0
    for rel, text in outputs():
        path = os.path.join(ROOT, rel)
        if args.check:
            try:
                with open(path, encoding="utf-8", newline="") as f:
                    old = f.read()
            except OSError as e:
                print("gen_tables.py --check: %s: cannot read (%s)" % (rel, e.strerror))
                status = 1
                continue
            if old != text:
                print("gen_tables.py --check: %s differs from what tools/gen_tables.py generates "
                      "(run python3 tools/gen_tables.py)" % rel)
                status = 1
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            print("wrote %s" % rel)
    if args.check and status == 0:
        print("gen_tables.py --check: tables up to date")
    return status


if __name__ == "__main__":
    sys.exit(main())
