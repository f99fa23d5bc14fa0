#!/usr/bin/env python3
"""Print the unilane benchmark report from a Google Benchmark JSON file.

    scripts/bench_report.py results.json                 # the console report
    scripts/bench_report.py results.json --function utf8_to_utf16 --size 65536
    scripts/bench_report.py results.json --regime fresh --regime warm
    scripts/bench_report.py results.json --chart-data chart.tsv [--chart-size 65536]
    scripts/bench_report.py --peer round1.json round2.json ...   # unilane vs simdutf, markdown

Several files: their rows together, a row present in several (rounds of the
same run, code layouts) timed by its median CPU time. Files of several code
layouts (bench/CMakeLists.txt UNILANE_BENCH_LAYOUTS; the JSON context's
"layout") also get the spread across layouts: the median of a row within each
layout, and max/min of those medians (the code-placement error).

Rows are `function/impl/dataset/size/regime` (see bench/bench.h; files written
before regimes existed have none and count as "warm"). Cells show GB/s of
input for sizes >= 1024 units and ns per call below that. Ratios use CPU time:
  x scalar = scalar time / auto time     (speed-up of the chosen kernel)
  x memcpy = memcpy time / auto time     (fraction of the copy ceiling)
  x icu    = icu time / auto time        (speed-up over ICU)
  warm gain = fresh time / warm time     (how much a repeated buffer flatters)
With several regimes in one file, the tables hold a row per regime and a
"Fresh vs warm" section puts the two side by side.
Python 3 standard library only.
"""
import argparse
import json
import math
import re
import signal
import statistics
import sys

KERNELS = ["scalar", "avx2", "avx512", "neon", "auto"]
PEERS = ["memcpy", "naive", "icu", "iconv", "simdutf_haswell", "simdutf_icelake"]
REGIMES = ["fresh", "chained", "warm"]  # bench/bench.h; rows without one are "warm"
UNIT = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
SMALL = 1024  # below this many units, cells show ns per call


class Row:
    __slots__ = ("func", "impl", "dataset", "size", "regime", "ns", "bps", "label", "error", "ascii64", "bufs")

    def __init__(self, func, impl, dataset, size, regime):
        self.func, self.impl, self.dataset, self.size, self.regime = func, impl, dataset, size, regime
        self.ns = None
        self.bps = None
        self.label = ""
        self.error = ""
        self.ascii64 = None
        self.bufs = None


def parse_name(name):
    """function/impl/dataset/size[/regime][/min_time:...] -> key tuple or None.
    Files written before regimes existed measured one repeated buffer: "warm"."""
    parts = name.split("/")
    if len(parts) < 4:
        return None
    try:
        size = int(parts[3])
    except ValueError:
        return None
    regime = parts[4] if len(parts) > 4 and parts[4] in REGIMES else "warm"
    return (parts[0], parts[1], parts[2], size, regime)


def load(path):
    """Returns (context dict, {(func, impl, dataset, size, regime): Row}), rows in
    the file's order (the driver's: the registry's order of functions)."""
    with open(path) as f:
        data = json.load(f)
    rows = {}
    medians = set()
    for b in data.get("benchmarks", []):
        run_type = b.get("run_type", "iteration")
        if run_type == "aggregate" and b.get("aggregate_name") != "median":
            continue
        key = parse_name(b.get("run_name") or b["name"])
        if key is None:
            continue
        if run_type == "aggregate":
            medians.add(key)
        elif key in medians or (key in rows and b.get("repetitions", 1) > 1):
            continue  # a median is used when repetitions ran
        r = Row(*key)
        if b.get("error_occurred") or b.get("skipped"):
            r.error = b.get("error_message") or b.get("skip_message") or "error"
        else:
            r.ns = b["cpu_time"] * UNIT.get(b.get("time_unit", "ns"), 1.0)
            r.bps = b.get("bytes_per_second")
        r.label = b.get("label", "")
        r.ascii64 = b.get("ascii64")
        r.bufs = b.get("bufs")
        rows[key] = r
    return data.get("context", {}), rows


def merge_runs(runs):
    """{key: [Row of each file]} -> {key: Row}: the median CPU time (bytes/s
    scaled to match); a row that failed everywhere keeps its first error."""
    merged = {}
    for k, rs in runs.items():
        ok = [r for r in rs if not r.error and r.ns]
        if not ok:
            merged[k] = rs[0]
            continue
        ok.sort(key=lambda r: r.ns)
        r = Row(*k)
        r.ns = statistics.median([x.ns for x in ok])
        r.bps = ok[0].bps * ok[0].ns / r.ns if ok[0].bps else None
        r.label = next((x.label for x in rs if x.label), "")
        r.ascii64, r.bufs = ok[0].ascii64, ok[0].bufs
        merged[k] = r
    return merged


def layout_of(ctx, path):
    """A file's code layout: the context's "layout" (layout binaries write it),
    else -L<n>- in the file name, else "" (the plain binary)."""
    if ctx.get("layout"):
        return ctx["layout"].split(":")[0]
    m = re.search(r"-L(\d+)-", path.replace("\\", "/").split("/")[-1])
    return m.group(1) if m else ""


def load_many(paths):
    """load() of several files: (context of the first, with the load averages
    of all, number of files, rows); a row found in several files gets the
    median of their CPU times (its bytes/s scaled to match). ctx["_rounds"]:
    the rows of each round (files named roundN-*.json by bench_peer.sh are one
    round, of every layout; any other file is a round of its own), each row the
    median over its layouts. ctx["_layouts"]: {layout: rows, each row the
    median over that layout's files}, when the files come from several code
    layouts; ctx["layout_names"]: their descriptions."""
    ctx, runs = None, {}
    loads = []
    rounds, layouts, names = {}, {}, {}
    funcs = []  # the function order of the file with the most functions
    for p in paths:
        c, rows = load(p)
        if ctx is None:
            ctx = dict(c)
        if c.get("load_avg"):
            loads.append(c["load_avg"])
        fs = functions_in(rows)
        if len(fs) > len(funcs):
            funcs = fs
        lay = layout_of(c, p)
        names.setdefault(lay, c.get("layout", ""))
        m = re.match(r"round(\d+)-", p.replace("\\", "/").split("/")[-1])
        rnd = rounds.setdefault(m.group(1) if m else p, {})
        ly = layouts.setdefault(lay, {})
        for k, r in rows.items():
            runs.setdefault(k, []).append(r)
            rnd.setdefault(k, []).append(r)
            ly.setdefault(k, []).append(r)
    rank = {f: i for i, f in enumerate(funcs)}
    runs = dict(sorted(runs.items(), key=lambda kv: rank.get(kv[0][0], len(rank))))  # stable
    ctx = ctx or {}
    ctx["load_avgs"] = loads
    ctx["_rounds"] = [merge_runs(x) for x in rounds.values()]
    if len(layouts) > 1:
        ctx["_layouts"] = {lay: merge_runs(x) for lay, x in sorted(layouts.items())}
        ctx["layout_names"] = [names[lay] or "plain binary" for lay in sorted(layouts)]
    return ctx, len(paths), merge_runs(runs)


def spread(rs):
    """max/min of the CPU times of rows (one per layout), or None."""
    xs = [r.ns for r in rs if r is not None and not r.error and r.ns]
    return max(xs) / min(xs) if len(xs) > 1 else None


def regimes_in(rows):
    present = {k[4] for k in rows}
    return [g for g in REGIMES if g in present]


def primary_regime(rows):
    """The regime summaries and charts use: fresh when present."""
    g = regimes_in(rows)
    return g[0] if g else "warm"


def describe_regime(ctx, rows):
    """Lines: which regimes the file holds and what they mean."""
    present = regimes_in(rows)
    if "regime" not in ctx:
        return ["warm (one buffer repeated every call: a file written before the fresh regime existed)"]
    out = []
    if "fresh" in present:
        out.append("fresh = each call takes another input of the row's size: whole buffers (corpus files, "
                   "sizes >= %s units)" % ctx.get("short_below", SMALL))
        out.append("  rotate over ~%d KiB of shuffled variants (at least %s; %s), smaller sizes over %s "
                   "slices, independent calls" % (
                       int(ctx.get("fresh_bytes", 0) or 0) // 1024, ctx.get("fresh_min_variants", "?"),
                       ctx.get("variant_method", "?").split(":")[0], ctx.get("fresh_slices", "?")))
    if "chained" in present:
        out.append("chained = sizes < %s units, the same slices, each call's input chosen from the previous "
                   "call's result (latency)" % ctx.get("short_below", SMALL))
    if "warm" in present:
        out.append("warm = one buffer, every call (the branch predictor learns it)")
    return out or ["?"]


def is_corpus(ctx):
    """Corpus runs have one size per file: summaries take every row."""
    return str(ctx.get("inputs", "")).startswith("corpus")


def header_lines(ctx, rows):
    g = ctx.get
    caches = ", ".join("L%s %s %dK" % (c.get("level"), c.get("type", "")[0:1], c.get("size", 0) // 1024)
                       for c in g("caches", []))
    load_avg = " ".join("%.2f" % x for x in g("load_avg", []))
    lines = [
        "CPU:      %s (%s cpus, %s MHz; %s)" % (g("cpu_model", "?"), g("num_cpus", "?"),
                                               int(g("mhz_per_cpu", 0) or 0), caches),
        "kernels:  %s; the library chose %s%s; 'auto' rows = unilane_use_kernel(\"auto\") = %s" % (
            g("unilane_kernels", "?"), g("unilane_initial_kernel", g("unilane_auto_kernel", "?")),
            (" (UNILANE_KERNEL=%s)" % g("unilane_kernel_env")) if g("unilane_kernel_env") else "",
            g("unilane_auto_kernel", "?")),
        "library:  unilane %s, %s %s (%s)" % (g("unilane_version", "?"), g("c_compiler", "?"),
                                             g("c_flags", ""), g("build_type", "?")),
        "driver:   %s %s; peers: %s" % (g("cxx_compiler", "?"), g("cxx_flags", ""), g("peers", "?")),
        "inputs:   %s; size = input code units; streaming chunk %s units" % (
            g("inputs", "?"), g("stream_chunk", "?")),
        "run:      %s on %s, load average %s%s" % (
            g("date", "?"), g("host_name", "?"), load_avg or "?",
            ", CPU frequency scaling ON" if g("cpu_scaling_enabled") else ""),
    ]
    reg = describe_regime(ctx, rows)
    lines[5:5] = ["regime:   " + reg[0]] + ["          " + x for x in reg[1:]]
    return lines


def fmt_cell(r):
    if r is None:
        return "-"
    if r.error:
        return "ERR"
    mark = "*" if r.label else ""
    if r.size < SMALL or not r.bps:
        return "%.1fns%s" % (r.ns, mark)
    return "%.2f%s" % (r.bps / 1e9, mark)


def ratio(a, b):
    """Time of a / time of b (b's speed-up over a), or None."""
    if a is None or b is None or a.error or b.error or not a.ns or not b.ns:
        return None
    return a.ns / b.ns


def fmt_ratio(x):
    if x is None:
        return "-"
    return "%.2f" % x if x < 10 else "%.1f" % x


def geomean(xs):
    xs = [x for x in xs if x]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def functions_in(rows):
    """Function names in the order of the rows (the driver registers them in the
    registry's order, src/dispatch/ops.h, then the streaming calls)."""
    seen = []
    for k in rows:
        if k[0] not in seen:
            seen.append(k[0])
    return seen


def best_impl(impls):
    """The row ratios are taken against: auto, else the widest kernel present."""
    if "auto" in impls:
        return "auto"
    return next((k for k in ("neon", "avx512", "avx2", "scalar") if k in impls), None)


def table(headers, body, right_from=0):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *body)] if body else [len(h) for h in headers]
    out = []

    def line(cells):
        return "  ".join((str(c).rjust(w) if i >= right_from else str(c).ljust(w))
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    out.append(line(headers))
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(b) for b in body)
    return out


def report(ctx, rows, func_filter=None, size_filter=None, regime_filter=None):
    if regime_filter:
        rows = {k: r for k, r in rows.items() if k[4] in regime_filter}
    out = ["unilane benchmark report", ""]
    out += header_lines(ctx, rows)
    regimes = regimes_in(rows)
    prim = primary_regime(rows)
    several = len(regimes) > 1
    out += ["",
            "Cells: GB/s of input for sizes >= %d units, ns per call below (CPU time)." % SMALL,
            "x scalar = scalar time / auto time; x memcpy = memcpy time / auto time (1.0 = copy speed);",
            "x icu = icu time / auto time (without auto rows: the widest kernel's row instead of auto).",
            "'*' = a peer's output differs from unilane's (see the JSON label);",
            "ERR = not timed (a kernel whose output differs from the scalar kernel's)."]
    if "warm" in regimes and prim != "warm":
        out.append("warm gain = %s time / warm time of the same row: > 1 when repeating one buffer "
                   "flatters the function." % prim)
    out.append("")
    funcs = [f for f in functions_in(rows) if not func_filter or re.search(func_filter, f)]

    # Summary: the primary regime, the largest size, geometric mean over the datasets.
    summ = []
    for f in funcs:
        fkeys = [k for k in rows if k[0] == f and k[4] == prim]
        if not fkeys:
            continue
        size = max(k[3] for k in fkeys)
        b = best_impl({k[1] for k in fkeys})
        per_ds = {}
        for k in fkeys:
            if k[3] == size or is_corpus(ctx):
                per_ds.setdefault((k[2], k[3]), {})[k[1]] = rows[k]
        if is_corpus(ctx):  # whole files: the largest size of each file
            big = {}
            for (ds, sz) in per_ds:
                big[ds] = max(big.get(ds, 0), sz)
            per_ds = {dk: v for dk, v in per_ds.items() if dk[1] == big[dk[0]]}
        if not per_ds or b is None:
            continue
        gbs = geomean([(d[b].bps or 0) / 1e9 for d in per_ds.values() if b in d and not d[b].error])
        xs = geomean([ratio(d.get("scalar"), d.get(b)) for d in per_ds.values()])
        xm = geomean([ratio(d.get("memcpy"), d.get(b)) for d in per_ds.values()])
        xi = geomean([ratio(d.get("icu"), d.get(b)) for d in per_ds.values()])
        line = [f, "file" if is_corpus(ctx) else str(size), str(len(per_ds)),
                "%.2f" % gbs if gbs else "-", fmt_ratio(xs), fmt_ratio(xm), fmt_ratio(xi)]
        if "warm" in regimes and prim != "warm":
            line.append(fmt_ratio(geomean([ratio(d.get(b), rows.get((f, b, dk[0], dk[1], "warm")))
                                           for dk, d in per_ds.items()])))
        summ.append(line)
    if summ:
        ref = best_impl({k[1] for k in rows}) or "auto"
        if ref == "auto":
            ref = "auto (%s)" % ctx.get("unilane_auto_kernel", "?")
        out.append("Summary (%s regime, %s, geometric mean over datasets; ratios against %s):" % (
            prim, "whole files" if is_corpus(ctx) else "largest size of each function", ref))
        heads = ["function", "size", "datasets", "GB/s", "x scalar", "x memcpy", "x icu"]
        if "warm" in regimes and prim != "warm":
            heads.append("warm gain")
        out += table(heads, summ, right_from=1)
        out.append("")
    out += placement_summary(ctx, rows, funcs, prim)

    for f in funcs:
        keys = [k for k in rows if k[0] == f and (not size_filter or k[3] in size_filter)]
        if not keys:
            continue
        impls = {k[1] for k in keys}
        cols = [k for k in KERNELS if k in impls] + [p for p in PEERS if p in impls]
        cols += sorted(impls - set(cols))
        b = best_impl(impls)
        body = []
        order = []
        for k in keys:
            if (k[2], k[3]) not in order:
                order.append((k[2], k[3]))
        for ds, sz in order:
            for rg in regimes:
                cells = {c: rows.get((f, c, ds, sz, rg)) for c in cols}
                if not any(cells.values()):
                    continue
                line = [ds, str(sz)] + ([rg] if several else []) + [fmt_cell(cells[c]) for c in cols]
                line += [fmt_ratio(ratio(cells.get("scalar"), cells.get(b))),
                         fmt_ratio(ratio(cells.get("memcpy"), cells.get(b))),
                         fmt_ratio(ratio(cells.get("icu"), cells.get(b)))]
                body.append(line)
        out.append("== %s ==" % f)
        out += table(["dataset", "size"] + (["regime"] if several else []) + cols +
                     ["x scalar", "x memcpy", "x icu"], body, right_from=1)
        out.append("")

    if "warm" in regimes and prim != "warm":
        out += fresh_vs_warm(ctx, rows, funcs, size_filter, prim)
    errors = [r for r in rows.values() if r.error]
    if errors:
        out.append("Rows not timed:")
        for r in errors[:50]:
            out.append("  %s/%s/%s/%s/%s: %s" % (r.func, r.impl, r.dataset, r.size, r.regime, r.error))
        if len(errors) > 50:
            out.append("  ... %d more" % (len(errors) - 50))
    return "\n".join(out)


def placement_summary(ctx, rows, funcs, prim):
    """With files of several code layouts: per function and kernel row, the
    median over the datasets (largest size, or whole files) of max/min of the
    row's per-layout medians, and the largest."""
    layouts = ctx.get("_layouts")
    if not layouts:
        return []
    impls = [k for k in KERNELS if any(key[1] == k for key in rows)]
    impls += [p for p in PEERS if p.startswith("simdutf") and any(key[1] == p for key in rows)]
    body = []
    for f in funcs:
        keys = [k for k in rows if k[0] == f and k[4] == prim]
        if not keys:
            continue
        big = {}
        for k in keys:
            big[k[2]] = max(big.get(k[2], 0), k[3])
        top = max(k[3] for k in keys)
        keys = [k for k in keys if k[3] == (big[k[2]] if is_corpus(ctx) else top)]
        line = [f]
        for c in impls:
            xs = [(k[2], spread([lr.get(k) for lr in layouts.values()])) for k in keys if k[1] == c]
            xs = [(d, x) for d, x in xs if x is not None]
            line.append(placement_cell(xs))
        body.append(line)
    out = ["Code placement: %d layouts of the binary (%s)." % (len(layouts), "; ".join(ctx.get("layout_names", []))),
           "A cell: max/min of a row's per-layout medians, the median over the datasets (largest size or whole",
           "files), then the largest and its dataset. Rows are timed by their median over all layouts; a difference",
           "between two rows or two builds smaller than this spread is within the code-placement error."]
    return out + table(["function"] + impls, body, right_from=1) + [""]


def fresh_vs_warm(ctx, rows, funcs, size_filter, prim):
    """Per function, the same rows in the primary regime and warm side by side."""
    out = ["Fresh vs warm (%s = %s regime, warm = one buffer repeated; gain = %s time / warm time;"
           % (prim, prim, prim),
           "ascii64 = fraction of all-ASCII 64-byte blocks in the measured inputs, %s / warm):" % prim, ""]
    for f in funcs:
        keys = [k for k in rows if k[0] == f and k[4] == prim and (not size_filter or k[3] in size_filter)]
        if not keys:
            continue
        impls = {k[1] for k in rows if k[0] == f}
        b = best_impl(impls)
        show = [c for c in ["scalar", b, "icu"] if c in impls]
        show = sorted(set(show), key=show.index)
        body = []
        order = []
        for k in keys:
            if (k[2], k[3]) not in order:
                order.append((k[2], k[3]))
        for ds, sz in order:
            line = [ds, str(sz)]
            a64 = None
            for c in show:
                rf, rw = rows.get((f, c, ds, sz, prim)), rows.get((f, c, ds, sz, "warm"))
                line += [fmt_cell(rf), fmt_cell(rw), fmt_ratio(ratio(rf, rw))]
                a64 = a64 or (rf, rw)
            rf, rw = a64 or (None, None)
            line.append("%s / %s" % ("%.3f" % rf.ascii64 if rf is not None and rf.ascii64 is not None else "-",
                                     "%.3f" % rw.ascii64 if rw is not None and rw.ascii64 is not None else "-"))
            body.append(line)
        heads = ["dataset", "size"]
        for c in show:
            heads += ["%s %s" % (c, prim), "%s warm" % c, "gain"]
        heads.append("ascii64")
        out.append("== %s ==" % f)
        out += table(heads, body, right_from=1)
        out.append("")
    return out


def chart_data(ctx, rows, size=None):
    """TSV for scripts/bench_chart.gp: one line per function, GB/s per impl
    (geometric mean over the datasets at `size`; the largest size if None), in
    the primary regime."""
    prim = primary_regime(rows)
    rows = {k: r for k, r in rows.items() if k[4] == prim}
    impls_all = {k[1] for k in rows}
    cols = [k for k in KERNELS if k in impls_all and k != "auto"] + [p for p in ("icu", "memcpy") if p in impls_all]
    lines = ["function\t" + "\t".join(cols)]
    nds = set()
    for f in functions_in(rows):
        sizes = sorted({k[3] for k in rows if k[0] == f})
        if not sizes:
            continue
        s = size if size is not None and size in sizes else sizes[-1]
        big = {}
        for k in rows:
            if k[0] == f:
                big[k[2]] = max(big.get(k[2], 0), k[3])
        vals = []
        for c in cols:
            xs = [r.bps / 1e9 for k, r in rows.items()
                  if k[0] == f and k[1] == c and (k[3] == s or (is_corpus(ctx) and k[3] == big[k[2]]))
                  and r.bps and not r.error]
            nds.update(k[2] for k in rows if k[0] == f and (k[3] == s or is_corpus(ctx)))
            g = geomean(xs)
            vals.append("%.4f" % g if g else "-")
        lines.append(f + "\t" + "\t".join(vals))
    return "\n".join(lines) + "\n", len(nds)

# ---------------------------------------------------------------- --peer
# unilane against simdutf (rows simdutf_haswell / simdutf_icelake: bench/peers.cpp,
# scripts/bench_peer.sh). Goals: issue 10 (AVX2 vs simdutf haswell, fresh
# data: every file >= 1.0x, utf8_to_utf16 median >= 1.5x) and issue 14
# (AVX-512 vs simdutf icelake: every function's median >= 1.0x, >= 1.3x for
# utf8_to_utf16 and utf8_to_latin1).
PEER_PAIRS = [("avx2", "simdutf_haswell"), ("avx512", "simdutf_icelake")]
ISSUE10_TABLE = {"validate_utf8", "utf16_to_utf8", "utf16_to_utf8_lossy", "utf8_to_utf16",
                 "utf8_length_from_utf16", "utf16_make_well_formed", "latin1_to_utf16"}
ISSUE10_MEDIAN = {"utf8_to_utf16": 1.5}
ISSUE14_MEDIAN = {"utf8_to_utf16": 1.3, "utf8_to_latin1": 1.3}


def md_table(headers, body):
    out = ["| " + " | ".join(headers) + " |",
           "|" + "|".join(["---"] + ["---:"] * (len(headers) - 1)) + "|"]
    out += ["| " + " | ".join(str(c) for c in line) + " |" for line in body]
    return out


def gbs(r):
    if r is None:
        return "-"
    if r.error:
        return "ERR"
    return "%.2f%s" % (r.bps / 1e9, "*" if r.label else "") if r.bps else "-"


def goal10(f, ratios):
    """ratios: [(file, ratio)] of avx2/simdutf_haswell. Returns the goal cell."""
    if not ratios:
        return "-"
    low = [(x, ds) for ds, x in ratios if x < 1.0]
    med = statistics.median([x for _, x in ratios])
    need = ISSUE10_MEDIAN.get(f)
    bad = []
    if low:
        bad.append("%d of %d files < 1.0" % (len(low), len(ratios)))
    if need and med < need:
        bad.append("median %.2f < %.1f" % (med, need))
    return "met" if not bad else "**NOT met**: " + ", ".join(bad)


def goal14(f, ratios):
    if not ratios:
        return "-"
    med = statistics.median([x for _, x in ratios])
    need = ISSUE14_MEDIAN.get(f, 1.0)
    return ("met (>= %.1f)" % need) if med >= need else "**NOT met**: median %.2f < %.1f" % (med, need)


def placement_cell(xs):
    """[(file, max/min)] -> "median (largest file)"."""
    if not xs:
        return "-"
    worst = max(xs, key=lambda t: t[1])
    return "%.2f (%.2f %s)" % (statistics.median([x for _, x in xs]), worst[1], worst[0])


def peer_report(ctx, nfiles, rows, notes, func_filter=None):
    rows = {k: r for k, r in rows.items() if k[4] == "fresh"}
    g = ctx.get
    out = ["## unilane vs simdutf, fresh regime, whole corpus files", ""]
    loads = "; ".join(" ".join("%.2f" % x for x in la) for la in g("load_avgs", [])) or "?"
    out += ["- CPU: %s (%s cpus); unilane kernels %s" % (g("cpu_model", "?"), g("num_cpus", "?"),
                                                          g("unilane_kernels", "?")),
            "- library: unilane %s, %s %s (%s); driver %s %s" % (
                g("unilane_version", "?"), g("c_compiler", "?"), g("c_flags", ""), g("build_type", "?"),
                g("cxx_compiler", "?"), g("cxx_flags", "")),
            "- peers: %s" % g("peers", "?"),
            "- %d result files (corpus directories x %srounds); each row: median CPU time over the %srounds; "
            "load average at the start of each file: %s" % (
                nfiles, "layouts x " if g("_layouts") else "", "layouts and " if g("_layouts") else "", loads)]
    out += ["- " + n for n in notes]
    layouts = g("_layouts", {})
    if layouts:
        out += ["- code layouts (the same objects at other addresses, bench/CMakeLists.txt "
                "UNILANE_BENCH_LAYOUTS): " + "; ".join(g("layout_names", []))]
    out += ["- cells: GB/s of input; `x/y` columns = y's time / x's time (> 1: unilane faster); "
            "`*` = the peer's output differs from unilane's on some input (JSON label)"]
    if layouts:
        out += ["- `range`: the lowest and highest of the ratio's per-layout medians (each layout's "
                "median over its rounds): how far code placement alone moves it"]
    out += [""]
    funcs = [f for f in functions_in(rows) if not func_filter or re.search(func_filter, f)]
    rounds = g("_rounds", [])
    # The summary's `per round` column: the median of each round, or with layouts of each layout.
    groups = list(layouts.values()) if layouts else rounds
    summary, sections, placement = [], [], []
    for f in funcs:
        keys = [k for k in rows if k[0] == f]
        impls = {k[1] for k in keys}
        if not any(p in impls for _, p in PEER_PAIRS):
            continue
        files = []
        for k in keys:
            if (k[2], k[3]) not in files:
                files.append((k[2], k[3]))
        pairs = [(u, p) for u, p in PEER_PAIRS if u in impls and p in impls]
        cols = ["scalar", "memcpy"] + [c for u, p in pairs for c in (u, p)]
        heads = ["file", "size"] + [c.replace("simdutf_", "simdutf ") for c in cols]
        for u, p in pairs:
            heads += ["%s/%s" % (u, p.replace("simdutf_", ""))] + (["range"] if layouts else [])
        body = []
        rat = {pr: [] for pr in pairs}
        lspread = {c: [] for c in cols}   # per file: max/min of the per-layout medians
        rspread = {pr: [] for pr in pairs}
        for ds, sz in files:
            key = lambda c: (f, c, ds, sz, "fresh")  # noqa: E731
            cells = {c: rows.get(key(c)) for c in cols}
            line = [ds, str(sz)] + [gbs(cells[c]) for c in cols]
            for c in cols:
                x = spread([lr.get(key(c)) for lr in layouts.values()])
                if x is not None:
                    lspread[c].append((ds, x))
            for pr in pairs:
                x = ratio(cells[pr[1]], cells[pr[0]])
                if x is not None:
                    rat[pr].append((ds, x))
                line.append("**%.2f**" % x if x is not None and x < 1.0 else fmt_ratio(x))
                if layouts:
                    xs = [ratio(lr.get(key(pr[1])), lr.get(key(pr[0]))) for lr in layouts.values()]
                    xs = [y for y in xs if y is not None]
                    line.append("%s-%s" % (fmt_ratio(min(xs)), fmt_ratio(max(xs))) if xs else "-")
                    if len(xs) > 1:
                        rspread[pr].append((ds, max(xs) / min(xs)))
            body.append(line)
        med_line = ["**median**", ""] + [""] * len(cols)
        for pr in pairs:
            med_line.append(fmt_ratio(statistics.median([x for _, x in rat[pr]])) if rat[pr] else "-")
            if layouts:
                med_line.append("")
        body.append(med_line)
        if layouts:
            pl = [f, str(len(files))]
            for c in ["avx2", "simdutf_haswell", "avx512", "simdutf_icelake"]:
                xs = lspread.get(c, [])
                pl.append(placement_cell(xs))
            for pr in PEER_PAIRS:
                pl.append(placement_cell(rspread.get(pr, [])))
                lm = []
                for lr in layouts.values():
                    xs = [ratio(lr.get((f, pr[1], ds, sz, "fresh")), lr.get((f, pr[0], ds, sz, "fresh")))
                          for ds, sz in files]
                    xs = [x for x in xs if x is not None]
                    if xs:
                        lm.append(statistics.median(xs))
                pl.append("%s-%s" % (fmt_ratio(min(lm)), fmt_ratio(max(lm))) if lm else "-")
            placement.append(pl)
        sections += ["### %s" % f, ""] + md_table(heads, body) + [""]
        line = [f + (" (#10 table)" if f in ISSUE10_TABLE else ""), str(len(files))]
        for pr, goal in zip(PEER_PAIRS, (goal10, goal14)):
            rs = rat.get(pr, [])
            if not rs:
                line += ["-", "-", "-", "-"]
                continue
            worst = min(rs, key=lambda t: t[1])
            per_round = []
            for rr in groups:
                xs = [ratio(rr.get((f, pr[1], ds, sz, "fresh")), rr.get((f, pr[0], ds, sz, "fresh")))
                      for ds, sz in files]
                xs = [x for x in xs if x is not None]
                if xs:
                    per_round.append(fmt_ratio(statistics.median(xs)))
            line += [fmt_ratio(statistics.median([x for _, x in rs])), " / ".join(per_round),
                     "%s %s" % (fmt_ratio(worst[1]), worst[0]), goal(f, rs)]
        summary.append(line)
    out += ["### Summary", "",
            "Issue 10: avx2 >= 1.0x simdutf haswell on every file (its table's functions are marked), "
            "utf8_to_utf16 median >= 1.5x. Issue 14: avx512 median >= 1.0x simdutf icelake per function, "
            ">= 1.3x on utf8_to_utf16 and utf8_to_latin1. " +
            ("`per layout`: the median over the files within each code layout alone (the spread is "
             "the code-placement error plus this machine's noise)." if layouts else
             "`per round`: the median of each round alone (the spread is the noise of this machine)."), ""]
    each = "per layout" if layouts else "per round"
    out += md_table(["function", "files", "avx2/haswell median", each, "worst file", "issue 10 goal",
                     "avx512/icelake median", each, "worst file", "issue 14 goal"], summary)
    if layouts:
        out += ["", "### Code placement: spread across the %d layouts" % len(layouts), "",
                "Per file, a row's per-layout medians (each layout's median over its rounds) and their "
                "max/min; a cell is the median of that max/min over the files, then the largest and its "
                "file. `ratio` columns: the same for the per-file ratio; `medians`: the lowest and highest "
                "per-layout median ratio of the function. With one round per layout a spread also holds "
                "the machine's noise (an upper bound on the placement error).", ""]
        out += md_table(["function", "files", "avx2", "simdutf haswell", "avx512", "simdutf icelake",
                         "avx2/haswell ratio", "medians", "avx512/icelake ratio", "medians"], placement)
    out += [""] + sections
    errors = [r for r in rows.values() if r.error and r.func in funcs]
    if errors:
        out.append("Rows not timed:")
        out += ["- %s/%s/%s/%s: %s" % (r.func, r.impl, r.dataset, r.size, r.error) for r in errors[:50]]
    return "\n".join(out)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", nargs="+", help="one or more result files (rounds: median per row)")
    ap.add_argument("--peer", action="store_true",
                    help="markdown tables of unilane against simdutf (rows simdutf_haswell/icelake)")
    ap.add_argument("--note", action="append", default=[], help="a line for the --peer header")
    ap.add_argument("--function", help="regex on function names")
    ap.add_argument("--size", action="append", type=int, help="only this size (repeatable)")
    ap.add_argument("--regime", action="append", choices=REGIMES, help="only this regime (repeatable)")
    ap.add_argument("--chart-data", metavar="TSV", help="write the chart's data file instead")
    ap.add_argument("--chart-size", type=int, help="size for the chart (default: largest per function)")
    a = ap.parse_args()
    ctx, nfiles, rows = load_many(a.json)
    if not rows:
        sys.exit("no benchmark rows in %s" % " ".join(a.json))
    if a.peer:
        print(peer_report(ctx, nfiles, rows, a.note, a.function))
        return
    if a.chart_data:
        text, nds = chart_data(ctx, rows, a.chart_size)
        with open(a.chart_data, "w") as f:
            f.write(text)
        return
    print(report(ctx, rows, a.function, set(a.size) if a.size else None, set(a.regime) if a.regime else None))


if __name__ == "__main__":
    main()
