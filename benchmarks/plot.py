#!/usr/bin/env python3
"""Draws benchmarks/run's results.csv as a PNG.

One panel per kernel and case: each variant's speedup over the sequential
variant, one bar per thread count. A variant without a time is named with
why on its bar's place (no rewrite, crash, timeout, WRONG: a wrong result
is not a speedup).

Usage: plot.py results.csv results.png [--title TITLE]
"""
import argparse
import csv

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402 (after the backend is chosen)


def load(path):
    rows = []
    with open(path) as f:
        for r in csv.DictReader(f):
            r["threads"] = int(r["threads"])
            r["speedup"] = float(r["speedup"]) if r["speedup"] else None
            rows.append(r)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("png")
    ap.add_argument("--title", default="privateer benchmarks")
    args = ap.parse_args()
    rows = load(args.csv)

    panels, threads = [], []
    for r in rows:
        key = (r["kernel"], r["case"])
        if r["case"] and r["case"] != "(rest)" and key not in panels:
            panels.append(key)
        if r["variant"] != "seq" and r["threads"] not in threads:
            threads.append(r["threads"])
    threads.sort()
    cols = 2
    nrows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(13, 3.8 * nrows),
                             squeeze=False)
    width = 0.8 / max(len(threads), 1)
    for ax, (kernel, case) in zip(axes.flat, panels):
        variants = []
        for r in rows:
            if r["kernel"] == kernel and r["variant"] != "seq" \
                    and r["variant"] not in variants:
                variants.append(r["variant"])
        for i, t in enumerate(threads):
            heights, notes = [], []
            for v in variants:
                # A row without a case (no rewrite, a crash before any case
                # ran) stands for every case of its kernel.
                match = [r for r in rows if r["kernel"] == kernel
                         and r["variant"] == v and r["threads"] == t
                         and r["case"] in (case, "", "(rest)")]
                good = [r for r in match if r["case"] == case
                        and r["result"] == "ok" and r["speedup"]]
                heights.append(good[0]["speedup"] if good else 0)
                notes.append("" if good else
                             (match[0]["result"] if match else "not run"))
            xs = [k + i * width for k in range(len(variants))]
            ax.bar(xs, heights, width, label=f"{t} thread{'s' if t > 1 else ''}")
            for x, note in zip(xs, notes):
                if note:
                    ax.text(x, 0.03, note, rotation=90, fontsize=7, ha="center",
                            va="bottom", color="firebrick")
        ax.axhline(1.0, color="gray", linewidth=0.8)
        ax.set_xticks([k + width * (len(threads) - 1) / 2
                       for k in range(len(variants))])
        ax.set_xticklabels(variants, rotation=30, ha="right", fontsize=8)
        ax.set_title(f"{kernel}: {case}", fontsize=10)
        ax.set_ylabel("speedup over seq")
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(panels):]:
        ax.axis("off")
    fig.suptitle(args.title, fontsize=10)
    fig.tight_layout()
    fig.savefig(args.png, dpi=90)


if __name__ == "__main__":
    main()
