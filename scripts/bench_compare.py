#!/usr/bin/env python3
"""Side-by-side markdown table of two unilane benchmark JSON files.

    scripts/bench_compare.py A.json B.json > compare.md
    scripts/bench_compare.py A.json B.json --impl auto,icu --size 65536 --function 'utf8_to'

A and B are files written by `unilane_bench --benchmark_out=FILE` (for
instance by scripts/bench.sh on two CPUs, or before/after a change). Rows are
matched by name `function/impl/dataset/size`; cells are GB/s of input for
sizes >= 1024 units and ns per call below; `B/A` is A's CPU time / B's CPU
time, so > 1 means B is faster. A summary per function (geometric mean of
B/A over datasets at the largest common size) comes first.
Python 3 standard library only.
"""
import argparse
import os
import re
import signal
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_report import (KERNELS, PEERS, SMALL, functions_in, geomean, load)  # noqa: E402


def cell(r):
    if r is None:
        return ""
    if r.error:
        return "error"
    if r.size < SMALL or not r.bps:
        return "%.1f ns" % r.ns
    return "%.2f" % (r.bps / 1e9)


def describe(ctx):
    return "%s; kernels %s (auto: %s); %s %s; %s" % (
        ctx.get("cpu_model", "?"), ctx.get("unilane_kernels", "?"), ctx.get("unilane_auto_kernel", "?"),
        ctx.get("c_compiler", "?"), ctx.get("c_flags", ""), ctx.get("date", "?"))


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--impl", help="comma list of impls to keep (default: all)")
    ap.add_argument("--size", action="append", type=int, help="only this size (repeatable)")
    ap.add_argument("--function", help="regex on function names")
    ap.add_argument("--dataset", help="regex on dataset names")
    ap.add_argument("--names", nargs=2, metavar=("NAME_A", "NAME_B"), help="column titles")
    a = ap.parse_args()

    ctx_a, rows_a = load(a.a)
    ctx_b, rows_b = load(a.b)
    na, nb = a.names or ("A", "B")
    impls = set(a.impl.split(",")) if a.impl else None

    def keep(k):
        return ((impls is None or k[1] in impls) and (not a.size or k[3] in a.size)
                and (not a.function or re.search(a.function, k[0]))
                and (not a.dataset or re.search(a.dataset, k[2])))

    keys = [k for k in set(rows_a) | set(rows_b) if keep(k)]
    if not keys:
        sys.exit("no rows to compare")
    order = {f: i for i, f in enumerate(functions_in({k: None for k in keys}))}
    impl_order = {x: i for i, x in enumerate(KERNELS + PEERS)}
    keys.sort(key=lambda k: (order.get(k[0], 99), k[2], k[3], impl_order.get(k[1], 99), k[1]))

    print("# unilane benchmark comparison\n")
    print("| | |\n|---|---|")
    print("| **%s** | `%s`: %s |" % (na, os.path.basename(a.a), describe(ctx_a)))
    print("| **%s** | `%s`: %s |" % (nb, os.path.basename(a.b), describe(ctx_b)))
    # Datasets present in both runs must hold the same text (bench/README.md).
    da = dict(x.split(":", 1) for x in ctx_a.get("inputs_digest", "").split() if ":" in x)
    db = dict(x.split(":", 1) for x in ctx_b.get("inputs_digest", "").split() if ":" in x)
    differ = sorted(k for k in set(da) & set(db) if da[k] != db[k])
    if differ:
        print("\n**Warning: these datasets hold different text in the two runs** (another generator "
              "version or corpus): %s. Their rows are not comparable." % ", ".join(differ))
    print("\nCells: GB/s of input (sizes >= %d units) or ns per call (smaller sizes), CPU time. "
          "%s/%s > 1: %s is faster.\n" % (SMALL, nb, na, nb))

    # Summary: per function and impl, geometric mean of B/A at the largest size both have.
    print("## Summary (largest common size, geometric mean over datasets)\n")
    print("| function | impl | size | datasets | %s GB/s | %s GB/s | %s/%s |" % (na, nb, nb, na))
    print("|---|---|---:|---:|---:|---:|---:|")
    groups = {}
    for k in keys:
        if k in rows_a and k in rows_b:
            groups.setdefault((k[0], k[1]), []).append(k)
    for (f, impl), ks in sorted(groups.items(), key=lambda g: (order.get(g[0][0], 99),
                                                               impl_order.get(g[0][1], 99))):
        big = max(k[3] for k in ks)
        ks = [k for k in ks if k[3] == big]
        ok = [k for k in ks if rows_a[k].ns and rows_b[k].ns]
        ga = geomean([rows_a[k].bps / 1e9 for k in ok if rows_a[k].bps])
        gb = geomean([rows_b[k].bps / 1e9 for k in ok if rows_b[k].bps])
        r = geomean([rows_a[k].ns / rows_b[k].ns for k in ok])
        print("| %s | %s | %d | %d | %s | %s | %s |" % (
            f, impl, big, len(ok), "%.2f" % ga if ga else "", "%.2f" % gb if gb else "",
            "%.2f" % r if r else ""))

    print("\n## All rows\n")
    print("| function | impl | dataset | size | %s | %s | %s/%s |" % (na, nb, nb, na))
    print("|---|---|---|---:|---:|---:|---:|")
    for k in keys:
        ra, rb = rows_a.get(k), rows_b.get(k)
        r = ""
        if ra and rb and ra.ns and rb.ns:
            r = "%.2f" % (ra.ns / rb.ns)
        print("| %s | %s | %s | %d | %s | %s | %s |" % (k[0], k[1], k[2], k[3], cell(ra), cell(rb), r))


if __name__ == "__main__":
    main()
