#!/usr/bin/env python3
"""paired_table.py -- ratio tables from `unilane_bench --paired=R` output.

    scripts/paired_table.py NUM DEN FILE...

NUM, DEN: two row names of the same groups, an implementation ("avx512",
"simdutf_icelake", "memcpy", ...) or FUNCTION:IMPL to compare two functions
(e.g. utf8_inspect:avx2 validate_utf8:avx2; the dataset must then match).
FILEs: the stdout of one or more --paired runs (several runs, e.g. one per
code layout: a dataset's ratio is the median over the runs).

Prints a markdown table, one row per function (or function pair): the number
of datasets, the median over datasets of speed(NUM) / speed(DEN), the lowest
dataset, and the datasets below 1.0.
"""
import statistics
import sys
from collections import defaultdict


def parse(files):
    # (function, dataset, impl) -> [GB/s per run]
    rows = defaultdict(list)
    for f in files:
        with open(f) as fh:
            for line in fh:
                p = line.rstrip("\n").split("\t")
                if len(p) < 8 or p[0] != "paired":
                    continue
                rows[(p[1], p[2], p[4])].append(float(p[6]))
    return rows


def split(spec):
    return spec.split(":", 1) if ":" in spec else (None, spec)


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    num, den, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    rows = parse(files)
    nf, ni = split(num)
    df, di = split(den)
    funcs = sorted({f for (f, _, _) in rows})
    table = defaultdict(dict)  # label -> dataset -> ratio
    for f in funcs:
        fn, fd = (nf or f), (df or f)
        if nf and df and f != nf:
            continue
        for (g, d, i), v in rows.items():
            if g != fn or i != ni:
                continue
            w = rows.get((fd, d, di))
            if not w:
                continue
            k = min(len(v), len(w))
            r = statistics.median(v[j] / w[j] for j in range(k))
            label = f if not (nf and df) else "%s ÷ %s" % (nf, df)
            table[label][d] = r
    print("| function | files | median %s ÷ %s | lowest | below 1.0 |" % (num, den))
    print("|---|---:|---:|---|---|")
    for label in sorted(table):
        t = table[label]
        med = statistics.median(t.values())
        lo = min(t, key=t.get)
        below = ", ".join("%s %.2f" % (d, t[d]) for d in sorted(t, key=t.get) if t[d] < 1.0)
        print("| %s | %d | %.3f | %s %.3f | %s |" % (label, len(t), med, lo, t[lo], below or "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
