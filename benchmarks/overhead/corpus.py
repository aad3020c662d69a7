#!/usr/bin/env python3
"""What the plugin adds to a real build: each unit of a corpus at -O2 -c.

usage: corpus.py DIR... --plugin P [--flags-file F] [--includers]
                 [--also-matching REGEX] [--exclude GLOB...] [--rounds N]
                 [--limit N] [--worst N] [--csv out.csv]

Units are found as utils/corpus finds them (the same options); the C and
C++ ones that compile are each compiled with `-O2 -c -fopenmp` (their own
flags, the object to /dev/null) without and with the plugin, the two
interleaved in every round so that load on the machine hits both alike.
Per unit: the median wall time and peak memory of each; then the total
ratio (the sum of the medians with the plugin over the sum without: what a
whole build pays), the distribution of the per-unit ratios, and the worst
units. Run it on an idle machine.
"""
import argparse
import csv
import importlib.machinery
import importlib.util
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
UTILS = os.path.join(HERE, "..", "..", "utils")


def load_corpus():
    loader = importlib.machinery.SourceFileLoader("privateer_corpus",
                                                  os.path.join(UTILS, "corpus"))
    spec = importlib.util.spec_from_loader("privateer_corpus", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


corpus = load_corpus()


def timed(cmd, cwd, timeout):
    """(wall seconds, peak resident KiB, returncode) of one compile."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            p.kill()
            pid, status, usage = os.wait4(p.pid, 0)
            return None, 0, None
        time.sleep(0.002)
    return time.monotonic() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="\n".join(__doc__.split("\n")[2:]))
    p.add_argument("dirs", nargs="+", metavar="DIR")
    p.add_argument("--plugin", required=True)
    p.add_argument("--clang", default="clang-22")
    p.add_argument("--clangxx", default=None)
    p.add_argument("--flags-file")
    p.add_argument("--compile-commands")
    p.add_argument("--include-dirs", nargs="*", default=[], metavar="DIR")
    p.add_argument("--define", nargs="*", default=[], metavar="MACRO")
    p.add_argument("--extra-arg", action="append", default=[], metavar="ARG")
    p.add_argument("--exclude", nargs="*", default=[], metavar="GLOB")
    p.add_argument("--includers", action="store_true")
    p.add_argument("--also-matching", metavar="REGEX")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--limit", type=int, default=0, help="at most N units")
    p.add_argument("--worst", type=int, default=10)
    p.add_argument("--timeout", type=float, default=600.0)
    p.add_argument("--csv")
    args = p.parse_args()
    if args.clangxx is None:
        args.clangxx = args.clang.replace("clang", "clang++", 1)
    args.plugin = os.path.abspath(args.plugin)
    args.checks, args.plugin_arg = None, []
    roots, units = corpus.discover(args)
    units = [u for u in units if not u.fortran]
    if args.limit:
        units = units[:args.limit]

    rows = []
    for u in units:
        base = [args.clangxx if u.cxx else args.clang, "-O2", "-c", "-fopenmp",
                "-w"] + u.flags + [u.path, "-o", "/dev/null"]
        with_plugin = base[:-3] + [f"-fplugin={args.plugin}"] + base[-3:]
        t0, m0, rc = timed(base, u.cwd, args.timeout)
        if rc != 0:
            continue  # does not build here: not a unit of the measurement
        without, withp, mem0, mem1 = [t0], [], [m0], []
        for r in range(args.rounds):
            # Interleaved: with, without, with, ... (the first without is
            # the build check above).
            t, m, rc = timed(with_plugin, u.cwd, args.timeout)
            if rc != 0 or t is None:
                break
            withp.append(t)
            mem1.append(m)
            if r + 1 < args.rounds:
                t, m, _ = timed(base, u.cwd, args.timeout)
                without.append(t)
                mem0.append(m)
        if len(withp) != args.rounds:
            continue
        rows.append((u.path, statistics.median(without), statistics.median(withp),
                     max(mem0), max(mem1)))
    if not rows:
        sys.exit("overhead: no unit compiled")
    total0 = sum(r[1] for r in rows)
    total1 = sum(r[2] for r in rows)
    ratios = sorted(r[2] / r[1] for r in rows if r[1] > 0)
    def pct(q):
        return ratios[min(len(ratios) - 1, int(q * len(ratios)))]
    print(f"units: {len(rows)} (C and C++, -O2 -c, {args.rounds} rounds each, medians)")
    print(f"total: {total0:.1f} s without the plugin, {total1:.1f} s with: "
          f"ratio {total1 / total0:.3f} (+{100 * (total1 / total0 - 1):.1f}%)")
    print(f"per unit ratio: median {pct(0.5):.3f}, p90 {pct(0.9):.3f}, "
          f"p99 {pct(0.99):.3f}, max {ratios[-1]:.3f}")
    mem = sorted(r[4] / r[3] for r in rows if r[3])
    print(f"peak memory ratio: median {mem[len(mem) // 2]:.3f}, max {mem[-1]:.3f}")
    print(f"worst {args.worst} units (with / without, seconds):")
    for path, a, b, m0, m1 in sorted(rows, key=lambda r: r[2] / max(r[1], 1e-9),
                                     reverse=True)[:args.worst]:
        print(f"  {b / a:6.3f}  {b:7.3f} / {a:7.3f}  {m1 // 1024} / {m0 // 1024} MiB  {path}")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["file", "without_s", "with_s", "ratio", "mem_without_kib", "mem_with_kib"])
            for path, a, b, m0, m1 in rows:
                w.writerow([path, f"{a:.4f}", f"{b:.4f}", f"{b / a:.4f}", m0, m1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
