#!/usr/bin/env python3
"""Side-by-side markdown table of two unilane benchmark JSON files.

    scripts/bench_compare.py A.json B.json > compare.md
    scripts/bench_compare.py A.json B.json --impl auto,icu --size 65536 --function 'utf8_to'
    scripts/bench_compare.py A.json B.json --regime fresh
    scripts/bench_compare.py --matrix gcc-O2=A.json clang-O2=B.json ...   # builds side by side

A and B are files written by `unilane_bench --benchmark_out=FILE` (for
instance by scripts/bench.sh on two CPUs, or before/after a change), or comma
lists of such files (code layouts, rounds: each row their median). Rows are
matched by name `function/impl/dataset/size/regime` (a file written before
regimes existed holds "warm" rows: one buffer repeated); cells are GB/s of input for
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
from bench_report import (KERNELS, PEERS, REGIMES, SMALL, functions_in, geomean, is_corpus, load,  # noqa: E402
                          load_many, primary_regime)


def cell(r):
    if r is None:
        return ""
    if r.error:
        return "error"
    if r.size < SMALL or not r.bps:
        return "%.1f ns" % r.ns
    return "%.2f" % (r.bps / 1e9)


def describe(ctx):
    load_avg = " ".join("%.2f" % x for x in ctx.get("load_avg", []))
    return "%s; kernels %s (auto: %s); %s %s; regime %s; %s; load %s" % (
        ctx.get("cpu_model", "?"), ctx.get("unilane_kernels", "?"), ctx.get("unilane_auto_kernel", "?"),
        ctx.get("c_compiler", "?"), ctx.get("c_flags", ""), ctx.get("regime", "warm (before regimes)"),
        ctx.get("date", "?"), load_avg or "?")


def matrix(specs, impl, function):
    """One table: per function, GB/s of `impl` per run (geometric mean over the
    datasets at the largest size of the primary regime, or whole files) and
    each run's ratio to the best run of that function. A spec NAME=A,B,C
    (rounds of one build) takes, per row, the one with the median CPU time
    (the upper one of an even count); the load column is then the highest
    1-minute load average of the rounds."""
    runs = []
    for spec in specs:
        name, _, paths = spec.rpartition("=")
        loaded = [load(p) for p in paths.split(",")]
        ctx, rows = loaded[0]
        if len(loaded) > 1:  # rounds: the row with the median CPU time
            merged = {}
            for k in rows:
                rs = [lr[k] for _, lr in loaded if k in lr]
                timed = sorted((r for r in rs if r.ns), key=lambda r: r.ns)
                merged[k] = timed[len(timed) // 2] if len(timed) == len(rs) else next(r for r in rs if not r.ns)
            rows = merged
            ctx = dict(ctx)
            ctx["load_avg"] = [max(c.get("load_avg", [0])[0] for c, _ in loaded)]
        runs.append((name or os.path.basename(paths), ctx, rows))
    funcs = []
    for _, _, rows in runs:
        funcs += [f for f in functions_in(rows) if f not in funcs]
    if function:
        funcs = [f for f in funcs if re.search(function, f)]
    print("| build | compiler and flags | regime | load average (1 min) |\n|---|---|---|---|")
    for name, ctx, rows in runs:
        print("| %s | %s %s (%s) | %s | %s |" % (
            name, ctx.get("c_compiler", "?"), ctx.get("c_flags", ""), ctx.get("build_type", "?"),
            primary_regime(rows), "%.2f" % ctx["load_avg"][0] if ctx.get("load_avg") else "?"))
    print("\nGB/s of `%s` rows (geometric mean over the datasets at the largest size, CPU time); "
          "`/best` = GB/s / the best build's GB/s for that function.\n" % impl)
    heads = ["function", "size"]
    for name, _, _ in runs:
        heads += [name, "/best"]
    print("| " + " | ".join(heads) + " |")
    print("|---|---:|" + "---:|---:|" * len(runs))
    geo = [[] for _ in runs]
    for f in funcs:
        vals, size_txt = [], ""
        for i, (name, ctx, rows) in enumerate(runs):
            prim = primary_regime(rows)
            keys = [k for k in rows if k[0] == f and k[1] == impl and k[4] == prim]
            if not keys:
                vals.append(None)
                continue
            if is_corpus(ctx):
                big = {}
                for k in keys:
                    big[k[2]] = max(big.get(k[2], 0), k[3])
                keys = [k for k in keys if k[3] == big[k[2]]]
                size_txt = "file"
            else:
                top = max(k[3] for k in keys)
                keys = [k for k in keys if k[3] == top]
                size_txt = str(top)
            vals.append(geomean([rows[k].bps / 1e9 for k in keys if rows[k].bps and not rows[k].error]))
        best = max([v for v in vals if v] or [0])
        cells = [f, size_txt]
        for i, v in enumerate(vals):
            cells += ["%.2f" % v if v else "-", "%.2f" % (v / best) if v and best else "-"]
            if v and best:
                geo[i].append(v / best)
        print("| " + " | ".join(cells) + " |")
    cells = ["**geometric mean of /best**", ""]
    for g in geo:
        m = geomean(g)
        cells += ["", "**%.2f**" % m if m else "-"]
    print("| " + " | ".join(cells) + " |")


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", nargs="?")
    ap.add_argument("b", nargs="?")
    ap.add_argument("--matrix", nargs="+", metavar="NAME=JSON",
                    help="one table of several runs (builds): GB/s per function and ratio to the best")
    ap.add_argument("--regime", action="append", choices=REGIMES, help="only this regime (repeatable)")
    ap.add_argument("--impl", help="comma list of impls to keep (default: all)")
    ap.add_argument("--size", action="append", type=int, help="only this size (repeatable)")
    ap.add_argument("--function", help="regex on function names")
    ap.add_argument("--dataset", help="regex on dataset names")
    ap.add_argument("--names", nargs=2, metavar=("NAME_A", "NAME_B"), help="column titles")
    a = ap.parse_args()
    if a.matrix:
        matrix(a.matrix, (a.impl or "auto").split(",")[0], a.function)
        return
    if not a.a or not a.b:
        ap.error("two JSON files (or --matrix NAME=JSON ...)")

    # A side may be a comma list of files (rounds, code layouts): each row their median.
    ctx_a, _, rows_a = load_many(a.a.split(","))
    ctx_b, _, rows_b = load_many(a.b.split(","))
    na, nb = a.names or ("A", "B")
    impls = set(a.impl.split(",")) if a.impl else None

    def keep(k):
        return ((impls is None or k[1] in impls) and (not a.size or k[3] in a.size)
                and (not a.regime or k[4] in a.regime)
                and (not a.function or re.search(a.function, k[0]))
                and (not a.dataset or re.search(a.dataset, k[2])))

    keys = [k for k in set(rows_a) | set(rows_b) if keep(k)]
    if not keys:
        sys.exit("no rows to compare")
    order = {f: i for i, f in enumerate(functions_in(dict.fromkeys(list(rows_a) + list(rows_b))))}
    impl_order = {x: i for i, x in enumerate(KERNELS + PEERS)}
    reg_order = {x: i for i, x in enumerate(REGIMES)}
    keys.sort(key=lambda k: (order.get(k[0], 99), k[2], k[3], reg_order.get(k[4], 9), impl_order.get(k[1], 99),
                             k[1]))

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
    va, vb = ctx_a.get("variant_method", ""), ctx_b.get("variant_method", "")
    if va and vb and va.split(":")[0] != vb.split(":")[0]:
        print("\n**Warning: the fresh inputs were made differently** (%s vs %s): fresh and chained "
              "rows are not comparable." % (va.split(":")[0], vb.split(":")[0]))
    for opt in ("fresh_bytes", "fresh_min_variants", "fresh_slices"):
        if ctx_a.get(opt) and ctx_b.get(opt) and ctx_a[opt] != ctx_b[opt]:
            print("\n**Note:** %s differs (%s vs %s)." % (opt, ctx_a[opt], ctx_b[opt]))
    print("\nCells: GB/s of input (sizes >= %d units) or ns per call (smaller sizes), CPU time. "
          "%s/%s > 1: %s is faster.\n" % (SMALL, nb, na, nb))

    # Summary: per function and impl, geometric mean of B/A at the largest size both have.
    print("## Summary (largest common size, geometric mean over datasets)\n")
    print("| function | impl | regime | size | datasets | %s GB/s | %s GB/s | %s/%s |" % (na, nb, nb, na))
    print("|---|---|---|---:|---:|---:|---:|---:|")
    groups = {}
    for k in keys:
        if k in rows_a and k in rows_b:
            groups.setdefault((k[0], k[1], k[4]), []).append(k)
    for (f, impl, rg), ks in sorted(groups.items(), key=lambda g: (order.get(g[0][0], 99),
                                                                   reg_order.get(g[0][2], 9),
                                                                   impl_order.get(g[0][1], 99))):
        big = max(k[3] for k in ks)
        ks = [k for k in ks if k[3] == big]
        ok = [k for k in ks if rows_a[k].ns and rows_b[k].ns]
        ga = geomean([rows_a[k].bps / 1e9 for k in ok if rows_a[k].bps])
        gb = geomean([rows_b[k].bps / 1e9 for k in ok if rows_b[k].bps])
        r = geomean([rows_a[k].ns / rows_b[k].ns for k in ok])
        print("| %s | %s | %s | %d | %d | %s | %s | %s |" % (
            f, impl, rg, big, len(ok), "%.2f" % ga if ga else "", "%.2f" % gb if gb else "",
            "%.2f" % r if r else ""))

    print("\n## All rows\n")
    print("| function | impl | dataset | size | regime | %s | %s | %s/%s |" % (na, nb, nb, na))
    print("|---|---|---|---:|---|---:|---:|---:|")
    for k in keys:
        ra, rb = rows_a.get(k), rows_b.get(k)
        r = ""
        if ra and rb and ra.ns and rb.ns:
            r = "%.2f" % (ra.ns / rb.ns)
        print("| %s | %s | %s | %d | %s | %s | %s | %s |" % (k[0], k[1], k[2], k[3], k[4], cell(ra), cell(rb), r))


if __name__ == "__main__":
    main()
