#!/usr/bin/env python3
"""check_vzeroupper.py -- does AVX code leave the upper YMM/ZMM state clean?

    scripts/check_vzeroupper.py [--summary] OBJECT.o...

For every x86 object (objdump -d -r), follows each function's control flow
and reports each exit that may run with the upper halves of ymm/zmm dirty:

  * a `ret` reached from a global function (an entry point called by non-AVX
    code), also through tail jumps into local functions;
  * a call or tail jump to a symbol outside the object (scalar kernels,
    memcpy, ...), except unilane_avx2_* / unilane_avx512_* entry points
    (and the integer-only i386 __x86.get_pc_thunk.*, libgcc __popcount?i2);
  * a call or tail jump to a local function named gen_* or unilane_scalar_*
    (scalar finishers inlined into the AVX TU keep the rule of the source:
    AVX2_LEAVE() before them).

The state is dirty after any instruction naming a ymm or zmm register and
clean after vzeroupper/vzeroall. Calls and tail jumps to local functions
are followed with the caller's state (a local function on its own is also
checked entered dirty: its callers are AVX code; a gen_* or unilane_scalar_*
one entered clean, since a dirty call of it is reported where it is made).
Indirect jumps and calls are reported as unanalysed. Exit status 1 if anything is reported.

--summary prints one line per object: functions using ymm/zmm and the
functions with a dirty exit (at most four named), for bench_matrix.sh.
"""
import re
import subprocess
import sys

FUNC = re.compile(r"^([0-9a-f]+) <(.+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
RELOC = re.compile(r"^\s*([0-9a-f]+): R_\S+\s+(\S+?)(?:[-+]0x[0-9a-f]+)?$")
TARGET = re.compile(r"^([0-9a-f]+) <([^>+]+)(?:\+0x([0-9a-f]+))?>")
WIDE = re.compile(r"%[yz]mm([0-9]|1[0-5])\b")  # ymm/zmm16-31: no upper state (vzeroupper leaves them)
# AVX entry points; the i386 PIC thunks and libgcc's integer popcount (no SSE)
AVX_ENTRY = re.compile(r"^(unilane_avx(2|512)_|__x86\.get_pc_thunk\.|__popcount[sd]i2$)")
SCALAR = re.compile(r"^(gen_|unilane_scalar_)")


def parse(obj):
    """{name: [(addr, mnemonic, operands, reloc_symbol)]}, set of globals."""
    text = subprocess.run(["objdump", "-d", "-r", "--no-show-raw-insn", obj],
                          check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in text.splitlines():
        m = FUNC.match(line)
        if m:
            cur = funcs.setdefault(m.group(2), [])
            continue
        if cur is None:
            continue
        m = RELOC.match(line)
        if m and cur:
            a, mn, op, _ = cur[-1]
            cur[-1] = (a, mn, op, m.group(2))
            continue
        m = INSN.match(line)
        if m:
            cur.append((int(m.group(1), 16), m.group(2), m.group(3), None))
    syms = subprocess.run(["objdump", "-t", obj], check=True, capture_output=True,
                          text=True).stdout
    glob = set()
    for line in syms.splitlines():
        f = line.split()
        if len(f) >= 6 and f[1] == "g" and "F" in f[2:4]:
            glob.add(f[-1])
    return funcs, glob


def check(obj):
    funcs, glob = parse(obj)
    wide = {f for f, ins in funcs.items() if any(WIDE.search(i[2]) for i in ins)}
    memo = {}  # (function, entry dirty, external context) -> (problems, may return dirty)

    def analyze(f, entry, ext):
        key = (f, entry, ext)
        if key in memo:
            return memo[key]
        memo[key] = ([], True)  # a recursive call meets the pessimistic guess
        ins = funcs[f]
        index = {a: k for k, (a, _, _, _) in enumerate(ins)}
        problems, ret_dirty = [], False
        seen = set()
        work = [(0, entry)] if ins else []

        def need_clean(addr, dirty, what):
            if dirty:
                problems.append((f, addr, what))

        while work:
            i, dirty = work.pop()
            if (i, dirty) in seen or i >= len(ins):
                continue
            seen.add((i, dirty))
            addr, mn, op, rel = ins[i]
            if mn in ("vzeroupper", "vzeroall"):
                dirty = False
            elif WIDE.search(op):
                dirty = True
            t = TARGET.match(op)
            nxt = []
            if mn.startswith("ret"):
                if ext:
                    need_clean(addr, dirty, "ret")
                ret_dirty = ret_dirty or dirty
            elif mn.startswith("call") or mn == "jmp" or mn.startswith("j"):
                call = mn.startswith("call")
                cond = not call and mn != "jmp"
                local = t is not None and rel is None and t.group(2) in funcs
                if op.startswith("*"):
                    problems.append((f, addr, "indirect %s (unanalysed)" % mn))
                elif local and t.group(2) == f and not call:
                    nxt.append(index.get(int(t.group(1), 16), len(ins)))
                elif local and t.group(3) is None:
                    g = t.group(2)
                    if SCALAR.match(g):
                        need_clean(addr, dirty, ("call " if call else "tail jump ") + g)
                    sub, rd = analyze(g, dirty, False if call else ext)
                    problems.extend(sub)
                    if call:
                        dirty = rd
                    else:
                        ret_dirty = ret_dirty or rd
                elif rel is not None:
                    if not AVX_ENTRY.match(rel):
                        need_clean(addr, dirty, ("call " if call else "tail jump ") + rel)
                else:
                    problems.append((f, addr, "%s to unknown target %s" % (mn, op)))
                if call or cond:
                    nxt.append(i + 1)
            elif mn not in ("ud2", "hlt"):
                nxt.append(i + 1)
            for k in nxt:
                work.append((k, dirty))
        memo[key] = (problems, ret_dirty)
        return memo[key]

    problems = []
    for f in funcs:
        if f in glob:
            problems.extend(analyze(f, False, True)[0])
        elif SCALAR.match(f):
            # A scalar finisher is entered clean: every call of it with the
            # state dirty is reported at the call (need_clean above).
            problems.extend(analyze(f, False, False)[0])
        else:
            problems.extend(analyze(f, True, False)[0])
    return wide, sorted(set(problems))


def main(argv):
    summary = argv[:1] == ["--summary"]
    objs = argv[1:] if summary else argv
    bad = 0
    for obj in objs:
        wide, problems = check(obj)
        bad += len(problems)
        if summary:
            names = sorted({p[0] for p in problems})
            shown = ", ".join(names[:4]) + (", ..." if len(names) > 4 else "")
            print("%d %d%s" % (len(wide), len(names), " (%s)" % shown if names else ""))
        else:
            for f, addr, what in problems:
                print("%s: %s (0x%x): dirty upper state at %s" % (obj, f, addr, what))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
