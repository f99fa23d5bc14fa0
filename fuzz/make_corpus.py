#!/usr/bin/env python3
"""make_corpus.py -- writes the seed corpus fuzz/corpus/<target>/.

    python3 fuzz/make_corpus.py

Every file is generated here from short phrases written for this project
(no third-party text): valid multilingual snippets, one sample of every
UTF-8 error class, truncated sequences, lone and reversed surrogates, and
errors placed at SIMD block edges (15/16/17, 31/32/33, 63/64/65). UTF-16 is
written little-endian, the native order of x86-64 and AArch64. Re-running
the script rewrites the same files (names are content hashes).

Files named regress-* are inputs that once made a target fail (copied from
libFuzzer's crash-* artifacts); this script leaves them in place, and every
fuzz run starts by executing them.
"""
import hashlib
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

PHRASES = [
    "plain ASCII, nothing else",
    "Grüße aus Köln, ça va? Señor Ñandú",
    "Καλημέρα κόσμε",
    "Привет, мир",
    "你好，世界。日本語のテキスト",
    "नमस्ते दुनिया",
    "مرحبا بالعالم",
    "שלום עולם",
    "emoji 😀🎉👍🏽 and 𝄞 music",
    "mixed: a€b¢c😀d日e\u00a0f\u0000g",
    "\ufeffBOM first",
]


def utf16le(s):
    return s.encode("utf-16-le")


def units(*us):
    return struct.pack("<%dH" % len(us), *us)


def utf8_seeds():
    out = [p.encode("utf-8") for p in PHRASES]
    long_text = " | ".join(PHRASES).encode("utf-8")
    out.append(long_text)
    out.append(b"a" * 100)
    errors = {
        "header_bits": b"\xf8\x88\x80\x80\x80",
        "header_ff": b"ab\xff",
        "too_short": b"x\xe2\x82y",
        "too_short_4": b"\xf0\x9f\x98",
        "too_long": b"\x80abc",
        "too_long_after": b"\xc3\xa9\xa9",
        "overlong_2": b"\xc0\xaf",
        "overlong_c1": b"\xc1\xbf",
        "overlong_3": b"\xe0\x80\xaf",
        "overlong_4": b"\xf0\x80\x80\xaf",
        "too_large_f5": b"\xf5\x80\x80\x80",
        "too_large_f4": b"\xf4\x90\x80\x80",
        "surrogate": b"\xed\xa0\x80",
        "surrogate_low": b"\xed\xbf\xbf",
        "maximal_subpart": b"\xf1\x80\x80\x41\xe1\x80\xe2\xf0\x91\x92\xf1\xbf\x41",
    }
    out.extend(errors.values())
    # Truncations of every multi-byte form at the end of the input.
    for ch in ("é", "€", "😀"):
        b = ch.encode("utf-8")
        for cut in range(1, len(b)):
            out.append(b"abc" + b[:cut])
    # An error at SIMD block edges inside ASCII and inside multi-byte text.
    for pos in (15, 16, 17, 31, 32, 33, 63, 64, 65):
        for bad in (b"\x80", b"\xed\xa0\x80", b"\xe2\x82", b"\xf4\x90\x80\x80"):
            out.append(b"a" * pos + bad + b"tail")
        out.append(("é" * pos).encode("utf-8")[:pos] + b"\xc0\x80" + b"z" * 8)
    # A 4-byte character straddling a 32-byte block.
    for pos in (29, 30, 31):
        out.append(b"b" * pos + "😀".encode("utf-8") + b"c" * 40)
    # Latin-1 range only, and a character above U+00FF after it (utf8_to_latin1).
    out.append("café crème brûlée".encode("utf-8"))
    out.append(("é" * 20 + "Ā").encode("utf-8"))
    return out


def utf16_seeds():
    out = [utf16le(p) for p in PHRASES]
    out.append(utf16le(" | ".join(PHRASES)))
    out.append(utf16le("café crème brûlée"))
    out.append(utf16le("A" * 70))
    lone = {
        "high_end": units(0x61, 0x62, 0xD83D),
        "low_alone": units(0xDE00, 0x61),
        "reversed": units(0xDE00, 0xD83D, 0x61),
        "high_high_low": units(0xD83D, 0xD83D, 0xDE00),
        "pair": units(0xD83D, 0xDE00),
        "max_pair": units(0xDBFF, 0xDFFF),
        "latin1_edge": units(0xFF, 0x100, 0x7F, 0x80),
        "bom": units(0xFEFF, 0xFFFE, 0x41),
    }
    out.extend(lone.values())
    # Surrogate pairs split at vector edges (8 and 16 units) and lone ones there.
    for pos in (7, 8, 15, 16, 17, 31, 32, 33):
        out.append(units(*([0x41] * pos + [0xD83D, 0xDE00] + [0x42] * 20)))
        out.append(units(*([0xE9] * pos + [0xD800] + [0x43] * 20)))
        out.append(units(*([0x4E16] * pos + [0xDC00] + [0x4E16] * 20)))
        out.append(units(*([0x41] * pos + [0x100] + [0x41] * 20)))
    return out


def latin1_seeds():
    out = [bytes(range(256)), b"plain ASCII text " * 4]
    out.append("café crème brûlée à la française".encode("latin-1"))
    out.append("Grüße aus Köln, ça va? Señor Ñandú".encode("latin-1"))
    for pos in (15, 16, 31, 32, 33, 63, 64):
        out.append(b"a" * pos + b"\xe9" + b"b" * 40)
    out.append(b"\xff" * 70)
    out.append(b"\x00\x80\x7f\xa0")
    return out


def stream_seeds():
    out = []
    u8 = utf8_seeds()
    u16 = utf16_seeds()
    # Header: byte 0 = chunk regime | cap regime << 2 | lossy << 4; 7 seed bytes.
    flags = [0x00, 0x05, 0x0A, 0x0F, 0x10, 0x15, 0x1A, 0x1F, 0x13, 0x1C]
    for i, payload in enumerate(u8[:: max(1, len(u8) // 20)] + u16[:: max(1, len(u16) // 20)]):
        f = flags[i % len(flags)]
        seed = hashlib.sha256(payload).digest()[:7]
        out.append(bytes([f]) + seed + payload)
    return out


def write(target, seeds):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    for old in os.listdir(d):
        if not old.startswith("regress-"):  # inputs that once crashed stay
            os.remove(os.path.join(d, old))
    for s in seeds:
        name = hashlib.sha1(s).hexdigest()[:16]
        with open(os.path.join(d, name), "wb") as f:
            f.write(s)
    print("%s: %d files" % (target, len(set(seeds))))


def main():
    write("fuzz_utf8", utf8_seeds())
    write("fuzz_utf16", utf16_seeds())
    write("fuzz_latin1", latin1_seeds())
    write("fuzz_stream", stream_seeds())


if __name__ == "__main__":
    main()
