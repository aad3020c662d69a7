#!/usr/bin/env python3
"""Solver time per file on stress inputs, idle and under load.

The index solver's limits are counted in z3's resource units, converted from
the millisecond options at a rate measured for each kind of query (linear,
modular, nonlinear; see unitsPerMs in lib/Analysis/Z3IndexSolver.cpp). This
runner shows what that gives on this machine: for each file, the solver's
queries and answers, its resource units and CPU milliseconds (from
`-fplugin-arg-privateer-stats`), the whole compile's wall and CPU time, and
the findings. It is a benchmark to read, never a timed test.

  run.py --plugin build/lib/PrivateerPlugin.so
      the generated stress inputs (written to --out): a 256-line file of 60
      collapsed loops with nonlinear `%` and `/` indices, a collapse(4) nest
      of degree-5 indices, and long linear and modular queries
  run.py --plugin P.so FILE...      those files instead
  --busy 2        run every file twice pinned to one CPU (taskset), alone
                  and beside 2 busy loops on that CPU, and say whether the
                  findings are the same (they must be: nothing depends on
                  wall time)
  --compare OTHER.so   the same files with another build (before/after)
  --calibrate     the rate of each kind: units per CPU millisecond of the
                  solver on an input whose queries are all of that kind
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import time

STATS = re.compile(
    r"privateer stats: (\d+) index pairs decided by patterns, (\d+) solver "
    r"queries \((\d+) sat, (\d+) unsat, (\d+) unknown\), (\d+) cache hits, "
    r"(\d+) skipped, (\d+) ms and (\d+) resource units in the solver")


def nonlinear_loops(count=60):
    """The shape of acceptance/robust/load-dependent-findings.c: collapsed
    loops whose indices are polynomials taken modulo and divided by sizes."""
    out = ["int a[1 << 20];", "void f(int n, int m, int k) {"]
    for c in range(count):
        out += ["#pragma omp parallel for collapse(2)",
                "  for (int i = 0; i < n; i++)",
                "    for (int j = 0; j < m; j++) {",
                f"      a[(i * i * j + j * j * {c + 1} + i * m * k + {c}) % (n + {c + 1})] = i;",
                f"      a[(i * j * j * m + i * {c + 3} + k * k * j) / (m + {c + 2})] = j;",
                "    }"]
    return "\n".join(out + ["}", ""])


def deep_nest():
    """The shape of acceptance/robust/slow-solver-nonlinear.c: four
    collapsed loops, indices of degree five."""
    return """int a[1 << 20];
void f(int n, int m, int k, int p) {
#pragma omp parallel for collapse(4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        for (int q = 0; q < p; q++) {
          a[(i * i * j * l * q + j * j * q * 18 + i * m * k * l * p + 17) % (n * m * q + 18)] = i;
          a[(i * j * j * m * l * q + i * p * 20 + k * k * j * l * q) / (m * l * p + 19)] = j;
        }
}
"""


# Long queries of one kind each, for --calibrate.
LINEAR = """double a[1 << 24];
void f(void) {
#pragma omp parallel for collapse(3)
  for (int i = 0; i < 1000; i++)
    for (int j = 0; j < 1000; j++)
      for (int k = 0; k < 1000; k++)
        a[1009 * i + 1013 * j + 1019 * k] = a[1019 * i + 1009 * j + 1013 * k + 1];
}
"""
MODULAR = """double a[1 << 24];
void f(int n) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[(7 * i + 3 * j) % 1009 + 2000 * ((11 * i + 5 * j) % 997)] =
          a[(7 * i + 3 * j + 1) % 1009 + 2000 * ((11 * i + 5 * j) % 997)];
#pragma omp parallel for
  for (int i = 0; i < n; i += 3)
    for (int j = 0; j < 100; j++)
      a[(i / 7) * 1000 + (i % 7) * 100 + j] = a[(i / 5) * 1000 + (i % 5) * 100 + j + 50];
}
"""

INPUTS = {
    "nonlinear-60-loops.c": nonlinear_loops,
    "nonlinear-deep-nest.c": deep_nest,
    "linear-long.c": lambda: LINEAR,
    "modular-long.c": lambda: MODULAR,
}
KINDS = {"linear": "linear-long.c", "modular": "modular-long.c",
         "nonlinear": "nonlinear-60-loops.c"}


def compile_once(clang, plugin, path, extra, cpu):
    """One -fsyntax-only compile with the plugin: (stats, findings, wall s,
    CPU s)."""
    cmd = ([clang, "-fopenmp", "-fsyntax-only", f"-fplugin={plugin}",
            "-fplugin-arg-privateer-stats"] + extra + [path])
    if cpu is not None:
        cmd = ["taskset", "-c", str(cpu)] + cmd
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_s = (after.ru_utime - before.ru_utime + after.ru_stime -
             before.ru_stime)
    m = STATS.search(p.stderr)
    stats = dict(zip(["patterns", "queries", "sat", "unsat", "unknown",
                      "hits", "skipped", "ms", "units"],
                     map(int, m.groups()))) if m else None
    findings = sorted(l for l in p.stderr.splitlines()
                      if re.search(r"warning: .*\[privateer-", l))
    return stats, findings, wall, cpu_s


class Busy:
    """N busy loops pinned to one CPU, for the length of a with-block."""

    def __init__(self, count, cpu):
        self.count, self.cpu, self.procs = count, cpu, []

    def __enter__(self):
        for _ in range(self.count):
            self.procs.append(subprocess.Popen(
                ["taskset", "-c", str(self.cpu), "sh", "-c",
                 "while :; do :; done"]))
        time.sleep(0.5)
        return self

    def __exit__(self, *exc):
        for p in self.procs:
            p.kill()
            p.wait()


def row(name, lines, st, findings, wall, cpu):
    if not st:
        return f"{name:<28}{lines:>6}  (no stats: did the plugin run?)"
    return (f"{name:<28}{lines:>6}{st['queries']:>8}{st['sat']:>5}"
            f"{st['unsat']:>6}{st['unknown']:>5}{st['skipped']:>6}"
            f"{st['units']:>10}{st['ms']:>10}{wall:>9.2f}{cpu:>8.2f}"
            f"{len(findings):>9}")


HEADER = (f"{'file':<28}{'lines':>6}{'queries':>8}{'sat':>5}{'unsat':>6}"
          f"{'unk':>5}{'skip':>6}{'units':>10}{'solver ms':>10}{'wall s':>9}"
          f"{'cpu s':>8}{'findings':>9}")


def calibrate(args, files):
    print("resource units per CPU millisecond of the solver, by the kind of "
          "the file's queries\n(compare with unitsPerMs in "
          "lib/Analysis/Z3IndexSolver.cpp):")
    for kind, name in KINDS.items():
        st, _, _, _ = compile_once(args.clang, args.plugin, files[name], [],
                                   args.cpu)
        rate = st["units"] / max(st["ms"], 1)
        print(f"  {kind:<10} {rate:>8.0f}  ({st['units']} units in "
              f"{st['ms']} ms, {st['queries']} queries, "
              f"{st['unknown']} unknown)")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--out", default="solver-stress")
    ap.add_argument("--busy", type=int, default=0, metavar="N",
                    help="also run beside N busy loops on the same CPU")
    ap.add_argument("--cpu", type=int, default=None,
                    help="the CPU to pin to (default: 1 with --busy)")
    ap.add_argument("--compare", metavar="PLUGIN",
                    help="another build of the plugin, run on the same files")
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    if args.busy and args.cpu is None:
        args.cpu = 1
    os.makedirs(args.out, exist_ok=True)
    files = {}
    for name, make in INPUTS.items():
        path = os.path.join(args.out, name)
        with open(path, "w") as f:
            f.write(make())
        files[name] = path
    if args.calibrate:
        return calibrate(args, files)
    todo = args.files or [files[n] for n in INPUTS]
    plugins = [("this", args.plugin)] + ([("other", args.compare)]
                                         if args.compare else [])
    print(HEADER + ("  busy: solver ms  wall s  same findings"
                    if args.busy else ""))
    for path in todo:
        lines = sum(1 for _ in open(path, errors="replace"))
        for label, plugin in plugins:
            extra = ["-std=c++17"] if path.endswith(".cpp") else []
            name = os.path.basename(path) + (f" ({label})" if args.compare
                                             else "")
            st, found, wall, cpu = compile_once(args.clang, plugin, path,
                                                extra, args.cpu)
            line = row(name, lines, st, found, wall, cpu)
            if args.busy:
                with Busy(args.busy, args.cpu):
                    bst, bfound, bwall, _ = compile_once(
                        args.clang, plugin, path, extra, args.cpu)
                line += (f"  {bst['ms'] if bst else '-':>15}{bwall:>8.2f}"
                         f"  {'yes' if bfound == found else 'NO'}")
            print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
