#!/usr/bin/env python3
"""amalgamate.py -- write the two-file distribution of unilane.

    python3 scripts/amalgamate.py [--out DIR] [--no-line]

writes DIR/unilane.h (a copy of include/unilane.h) and DIR/unilane.c (every
src/*/*.c file and the internal headers they include, in one translation
unit). DIR defaults to dist/ in the source tree. A vendoring user copies the
two files and builds with a bare

    cc -std=c99 -O2 -c unilane.c

no flags, no configure step (the AVX2 kernel carries target attributes and is
chosen at run time; NEON is the AArch64 baseline; on ARMv7 the NEON kernels
switch NEON on for themselves with GCC and are chosen at run time).

How the files are put together:

  * src/dispatch/config.h comes first; then the .c files, directory by
    directory (generic, dispatch, avx2, avx512, any other directory in name
    order, and neon last: on ARMv7 its header enables NEON for the rest of
    the file), each directory's files in name order. The order is fixed so
    that the output is reproducible.
  * `#include "x.h"` naming an internal header (resolved relative to the
    including file, as the compiler does) is replaced by the header's text
    the first time it is met; later includes of the same header are dropped.
    Every internal header must have an include guard (checked). A header
    first included inside an #if block is not marked as done (its guard
    takes care of a second copy), so a conditional include cannot hide it
    from a later file.
  * `#include "unilane.h"` stays an include: unilane.h sits next to
    unilane.c in the distribution.
  * `#line` directives keep compiler messages pointing at src/... (turn them
    off with --no-line).

Because every file lands in one translation unit, two files must not define
the same file-scope static name, typedef or tag, and a macro must not leak
from one .c file into the next. The project keeps this true by naming static
helpers with a per-family prefix (gen_, stream_, dispatch_, cpu_, avx2_,
neon_, ...) and #undef-ing file-local macros at the end of each .c file.
This script checks it and fails loudly (exit status 1, nothing written) on:

  * a static function or variable name defined at file scope in two files;
  * a typedef name or struct/union/enum tag defined in two files;
  * a macro #define'd in a file while another file's definition of the same
    name is still in force (not #undef'd at the end of that file);
  * a macro defined in a .c file and not #undef'd, whose name appears as an
    identifier in a later file (in separate compilation that later file
    would not see it).

The checks are a regex scan over the comment-stripped text, not a C parser;
they are meant to catch the mistakes people actually make.
"""

import argparse
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DIR_ORDER = ["generic", "dispatch", "avx2", "avx512", "neon"]
FIRST_HEADER = os.path.join("src", "dispatch", "config.h")
PUBLIC_HEADER = os.path.join("include", "unilane.h")

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
COND_OPEN_RE = re.compile(r"^\s*#\s*if(n?def)?\b")
COND_CLOSE_RE = re.compile(r"^\s*#\s*endif\b")
DEFINE_RE = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)", re.M)
UNDEF_RE = re.compile(r"^\s*#\s*undef\s+([A-Za-z_]\w*)", re.M)
# File-scope definitions; the text is comment-stripped and preprocessor lines
# are removed first, so `^static` can only be a top-level declaration.
STATIC_FUNC_RE = re.compile(r"^static\b[^;{}=()]*?\b([A-Za-z_]\w*)\s*\(", re.M)
STATIC_VAR_RE = re.compile(r"^static\b[^;{}=()]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*(?:=|;)", re.M)
TYPEDEF_RE = re.compile(r"^typedef\b[^;]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*;", re.M)
def without_bodies(code):
    """code with the text inside every (nested) pair of braces removed."""
    out, depth = [], 0
    for ch in code:
        if ch == "{":
            depth += 1
            if depth == 1:
                out.append("{")
        elif ch == "}":
            depth -= 1
            if depth == 0:
                out.append("}")
        elif depth == 0:
            out.append(ch)
    return "".join(out)


TAG_RE = re.compile(r"^(?:typedef\s+)?(?:struct|union|enum)\s+([A-Za-z_]\w*)\s*\{", re.M)
IDENT_RE = re.compile(r"[A-Za-z_]\w*")


class AmalgamationError(Exception):
    pass


def rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def strip_comments(text, keep_strings=False):
    """Removes comments and (unless keep_strings) the contents of string and
    char literals, keeping newlines so that line structure survives."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j) or " ")
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1] if keep_strings else c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def source_files():
    src = os.path.join(ROOT, "src")
    dirs = sorted(d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d)))
    # neon last of all: on ARMv7 with GCC, src/neon/neon.h switches NEON on
    # for the rest of the translation unit (#pragma GCC target), which must
    # not reach any other directory's code.
    dirs = ([d for d in DIR_ORDER if d in dirs and d != "neon"] +
            [d for d in dirs if d not in DIR_ORDER] + [d for d in dirs if d == "neon"])
    files = []
    for d in dirs:
        for f in sorted(os.listdir(os.path.join(src, d))):
            if f.endswith(".c"):
                files.append(os.path.join(src, d, f))
    return files


def has_guard(text):
    lines = [l for l in strip_comments(text).splitlines() if l.strip()]
    if any(re.match(r"^\s*#\s*pragma\s+once\b", l) for l in lines):
        return True
    if len(lines) < 3:
        return False
    m1 = re.match(r"^\s*#\s*ifndef\s+(\w+)", lines[0])
    m2 = re.match(r"^\s*#\s*define\s+(\w+)", lines[1])
    return bool(m1 and m2 and m1.group(1) == m2.group(1) and COND_CLOSE_RE.match(lines[-1]))


class Amalgamator:
    def __init__(self, line_directives=True):
        self.line_directives = line_directives
        self.done = set()        # headers inlined unconditionally
        self.seen = set()        # headers inlined at least once (scanned once)
        self.units = []          # (path, stripped text) in output order, for the checks
        self.out = []

    def resolve(self, name, including):
        for base in (os.path.dirname(including), os.path.join(ROOT, "include")):
            p = os.path.normpath(os.path.join(base, name))
            if os.path.isfile(p):
                return p
        raise AmalgamationError('%s: cannot resolve #include "%s"' % (rel(including), name))

    def line(self, n, path):
        if self.line_directives:
            self.out.append('#line %d "%s"\n' % (n, rel(path)))

    def emit_file(self, path, depth):
        """Appends path's text, inlining internal headers. depth is the number
        of #if blocks open around the point where path is included."""
        text = read(path)
        if not text.endswith("\n"):
            text += "\n"
        is_header = path.endswith(".h")
        if is_header and not has_guard(text):
            raise AmalgamationError("%s: internal header without an include guard" % rel(path))
        if path not in self.seen:
            self.seen.add(path)
            self.units.append((path, strip_comments(text)))
        self.line(1, path)
        # Conditional depth inside this file; a guarded header's own guard
        # does not count.
        local = -1 if is_header else 0
        in_comment = False
        for lineno, raw in enumerate(text.splitlines(True), 1):
            code = raw
            # Track block comments so that "#include" in a comment is ignored.
            if in_comment:
                end = code.find("*/")
                if end < 0:
                    self.out.append(raw)
                    continue
                in_comment = False
                code = code[end + 2:]
            s = strip_comments(code, keep_strings=True)
            if "/*" in code and code.rfind("/*") > code.rfind("*/"):
                in_comment = True
            m = INCLUDE_RE.match(s) if s.strip().startswith("#") else None
            if COND_OPEN_RE.match(s):
                local += 1
            elif COND_CLOSE_RE.match(s):
                local -= 1
            if not m:
                self.out.append(raw)
                continue
            target = self.resolve(m.group(1), path)
            if target == os.path.join(ROOT, PUBLIC_HEADER):
                self.out.append('#include "unilane.h"\n')
                continue
            if not target.startswith(os.path.join(ROOT, "src") + os.sep):
                raise AmalgamationError('%s:%d: #include "%s" is outside src/ and include/'
                                        % (rel(path), lineno, m.group(1)))
            if target in self.done:
                self.out.append("/* #include \"%s\": already above */\n" % m.group(1))
                continue
            total = depth + max(local, 0)
            if total == 0:
                self.done.add(target)
            self.out.append("/* begin #include \"%s\" (%s) */\n" % (m.group(1), rel(target)))
            self.emit_file(target, total)
            self.out.append("/* end #include \"%s\" */\n" % m.group(1))
            self.line(lineno + 1, path)

    def check(self):
        errors = []
        static_owner = {}
        type_owner = {}
        live_macros = {}      # name -> file whose definition is in force
        leaked = {}           # name -> .c file that leaves it defined
        for path, text in self.units:
            code_lines = [l for l in text.splitlines() if not l.lstrip().startswith("#")]
            code = "\n".join(code_lines)
            statics = set(STATIC_FUNC_RE.findall(code)) | set(STATIC_VAR_RE.findall(code))
            for name in sorted(statics):
                other = static_owner.setdefault(name, path)
                if other != path:
                    errors.append("static name '%s' defined in %s and %s" % (name, rel(other), rel(path)))
            # typedef names from the code with brace bodies emptied, so that a
            # field of "typedef struct x { size_t err; ... } x;" is no name
            types = set(TYPEDEF_RE.findall(without_bodies(code))) | set(TAG_RE.findall(code))
            for name in sorted(types):
                other = type_owner.setdefault(name, path)
                if other != path:
                    errors.append("type name '%s' defined in %s and %s" % (name, rel(other), rel(path)))
            # Identifiers used here that an earlier .c file left defined.
            idents = set(IDENT_RE.findall(text))
            for name in sorted(idents & set(leaked)):
                errors.append("macro '%s' is left defined by %s and appears in %s (#undef it at the "
                              "end of %s)" % (name, rel(leaked[name]), rel(path), rel(leaked[name])))
            defined, undefined = [], set()
            for m in re.finditer(r"^\s*#\s*(define|undef)\s+([A-Za-z_]\w*)", text, re.M):
                if m.group(1) == "define":
                    defined.append(m.group(2))
                else:
                    undefined.add(m.group(2))
            for name in sorted(set(defined)):
                other = live_macros.get(name)
                if other is not None and other != path:
                    errors.append("macro '%s' defined in %s is still defined when %s defines it"
                                  % (name, rel(other), rel(path)))
            for name in defined:
                if name not in undefined:
                    live_macros[name] = path
                    if path.endswith(".c"):
                        leaked[name] = path
            for name in undefined:
                live_macros.pop(name, None)
        if errors:
            raise AmalgamationError("the sources cannot be concatenated safely:\n  " +
                                    "\n  ".join(errors))

    def run(self):
        self.out.append(self.banner())
        first = os.path.join(ROOT, FIRST_HEADER)
        self.done.add(first)
        self.emit_file(first, 0)
        for path in source_files():
            self.out.append("\n/* ======== %s ======== */\n" % rel(path))
            self.emit_file(path, 0)
        self.check()
        return "".join(self.out)

    @staticmethod
    def banner():
        h = read(os.path.join(ROOT, PUBLIC_HEADER))
        ver = ".".join(re.search(r"#define\s+UNILANE_VERSION_%s\s+(\d+)" % k, h).group(1)
                       for k in ("MAJOR", "MINOR", "PATCH"))
        return ("/*\n * unilane.c -- unilane %s, amalgamated: every source file of the library\n"
                " * in one translation unit. Generated by scripts/amalgamate.py; do not edit.\n"
                " *\n * Build: cc -std=c99 -O2 -c unilane.c   (unilane.h next to this file)\n"
                " */\n" % ver)


def main():
    ap = argparse.ArgumentParser(description="Write dist/unilane.h and dist/unilane.c.")
    ap.add_argument("--out", default=os.path.join(ROOT, "dist"), help="output directory (default: dist/)")
    ap.add_argument("--no-line", action="store_true", help="omit #line directives")
    args = ap.parse_args()
    try:
        text = Amalgamator(line_directives=not args.no_line).run()
    except AmalgamationError as e:
        print("amalgamate.py: error: %s" % e, file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    header = read(os.path.join(ROOT, PUBLIC_HEADER))
    for name, content in (("unilane.h", header), ("unilane.c", text)):
        tmp = os.path.join(args.out, name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(content)
        os.replace(tmp, os.path.join(args.out, name))
    print("amalgamate.py: wrote %s/unilane.h and unilane.c (%d source files, %d lines)"
          % (args.out, len(source_files()), text.count("\n")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
