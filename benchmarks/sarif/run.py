#!/usr/bin/env python3
"""The cost of --sarif: the CLI on one generated file with thousands of
findings (generate.py: 50,000 lines, 15,000 findings by default), with and
without --sarif, each run in a process of its own; prints the best wall
time and the peak resident memory of each, their ratios, and the targets
(at most 1.2x the time and 1.5x the peak memory of the run without
--sarif) as PASS or FAIL.

  run.py --privateer build/bin/privateer [--functions N] [--repeats R]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TIME_TARGET, MEMORY_TARGET = 1.2, 1.5


def measure(cmd):
    """Wall seconds, CPU seconds and peak RSS (bytes) of one run; its exit
    code. (CPU time is steadier than wall time on a shared machine.)"""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    return (elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024,
            os.waitstatus_to_exitcode(status))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--privateer", required=True)
    ap.add_argument("--functions", type=int, default=5000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", help="keep the file and the log here")
    args = ap.parse_args()
    work = args.out or tempfile.mkdtemp(prefix="privateer-sarif-")
    os.makedirs(work, exist_ok=True)
    source = os.path.join(work, "many.c")
    log = os.path.join(work, "many.sarif")
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), source,
                    "--functions", str(args.functions)], check=True)
    # One unit, one thread: what is measured is the analysis and its output.
    base = [args.privateer, "-j", "1", source, "--", "-fopenmp"]
    runs = {"without --sarif": base, "with --sarif": base[:2] + base[2:3] +
            [f"--sarif={log}"] + base[3:]}
    best = {}
    for r in range(args.repeats):
        # Alternate, so that other work on the machine falls on both.
        for name, cmd in runs.items():
            t, cpu, rss, code = measure(cmd)
            if code != 1:
                sys.exit(f"{name}: exit code {code} (expected 1: findings)")
            bt, bcpu, brss = best.get(name, (t, cpu, rss))
            best[name] = (min(bt, t), min(bcpu, cpu), min(brss, rss))
            print(f"  run {r + 1} {name:<16} {t:7.2f} s ({cpu:6.2f} s CPU) "
                  f"{rss / 2**20:8.1f} MiB", flush=True)
    with open(log) as f:
        results = len(json.load(f)["runs"][0]["results"])
    (t0, c0, m0), (t1, c1, m1) = best["without --sarif"], best["with --sarif"]
    print(f"\n{args.functions * 10} lines, {results} SARIF results "
          f"({os.path.getsize(log) / 2**20:.1f} MiB of SARIF); best of "
          f"{args.repeats}")
    print(f"without --sarif: {t0:.2f} s ({c0:.2f} s CPU), "
          f"{m0 / 2**20:.1f} MiB peak")
    print(f"with --sarif:    {t1:.2f} s ({c1:.2f} s CPU), "
          f"{m1 / 2**20:.1f} MiB peak")
    print(f"CPU time ratio {c1 / c0:.3f}")
    tr, mr = t1 / t0, m1 / m0
    print(f"{'PASS' if tr <= TIME_TARGET else 'FAIL'} time ratio {tr:.3f} "
          f"(<= {TIME_TARGET})")
    print(f"{'PASS' if mr <= MEMORY_TARGET else 'FAIL'} peak memory ratio "
          f"{mr:.3f} (<= {MEMORY_TARGET})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
