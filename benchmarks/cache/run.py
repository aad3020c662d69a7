#!/usr/bin/env python3
"""The result cache (--cache-dir) on a CI-like project: UNITS generated
OpenMP translation units (the compile-time benchmark's kernel shapes, a
racy minority among them, LINES lines each) in a compile_commands.json.
Times, each the best of --repeats runs: the CLI without the cache; the
first run with an empty cache (it fills it); the second run, nothing
changed (every unit from the cache); and a run after one unit changed.
Prints the times and the second run's share of the uncached one.

  run.py --privateer build/bin/privateer [--units 40] [--lines 1500] [-j N]
"""
import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load_generator():
    """benchmarks/overhead/run.py's generator of realistic OpenMP units."""
    spec = importlib.util.spec_from_file_location(
        "overhead", os.path.join(HERE, "..", "overhead", "run.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generate


def make_project(root, units, lines):
    generate = load_generator()
    src = os.path.join(root, "src")
    build = os.path.join(root, "build")
    os.makedirs(src, exist_ok=True)
    os.makedirs(build, exist_ok=True)
    entries = []
    for u in range(units):
        path = os.path.join(src, f"unit{u:02}.c")
        generate(path, lines, seed=u)
        entries.append({"directory": build, "file": path,
                        "arguments": ["clang-22", "-fopenmp", "-O2", "-c", path,
                                      "-o", f"unit{u:02}.o"]})
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return build, src


def timed(cmd, repeats, before=None):
    """Best wall time of \p repeats runs (\p before runs first each time)."""
    best, out = None, None
    for _ in range(repeats):
        if before:
            before()
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        t = time.perf_counter() - start
        if proc.returncode not in (0, 1):
            sys.exit(f"{' '.join(cmd)}: exit {proc.returncode}\n{proc.stderr}")
        out = proc.stderr.strip().splitlines()[-1]
        best = t if best is None else min(best, t)
    return best, out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--privateer", required=True)
    ap.add_argument("--units", type=int, default=40)
    ap.add_argument("--lines", type=int, default=1500)
    ap.add_argument("-j", type=int, default=0,
                    help="units in parallel (default 0: one per core)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", help="keep the project and the cache here")
    args = ap.parse_args()
    root = args.out or tempfile.mkdtemp(prefix="privateer-cache-")
    build, src = make_project(root, args.units, args.lines)
    cache = os.path.join(root, "cache")
    base = [args.privateer, "-p", build, "-j", str(args.j)]
    print(f"{args.units} units of {args.lines} lines in {root}; -j {args.j} "
          f"(0: {os.cpu_count()} cores); best of {args.repeats}", flush=True)

    plain, summary = timed(base, args.repeats)
    print(f"without the cache:        {plain:7.2f} s   ({summary})", flush=True)
    cold, summary = timed(base + [f"--cache-dir={cache}"], args.repeats,
                          before=lambda: shutil.rmtree(cache, True))
    print(f"first run, empty cache:   {cold:7.2f} s   ({summary})", flush=True)
    warm, summary = timed(base + [f"--cache-dir={cache}"], args.repeats)
    print(f"second run, no change:    {warm:7.2f} s   ({summary})", flush=True)
    touched = os.path.join(src, "unit00.c")

    def touch():
        with open(touched, "a") as f:
            f.write("/* changed */\n")
    one, summary = timed(base + [f"--cache-dir={cache}"], args.repeats,
                         before=touch)
    print(f"one unit changed:         {one:7.2f} s   ({summary})", flush=True)
    print(f"\nsecond run / uncached run: {warm / plain:.3f} "
          f"({plain / warm:.1f}x faster); the empty cache costs "
          f"{(cold / plain - 1) * 100:+.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
