#!/usr/bin/env python3
"""Compile-time overhead of the privateer plugin.

Generates OpenMP translation units of a few thousand lines each from the
kernel shapes real programs contain (row-major loops, stencils, scratch
rows, reductions, histograms, collapsed nests, tasks, sections, a racy
minority), compiles each with and without the plugin, and prints the median
times and their ratio. Usage: run.py --clang clang-22 --plugin PrivateerPlugin.so
With --compare OTHER.so it compares two builds of the plugin instead (the
CPU time each adds to -fsyntax-only), to see that a change did not make the
plugin slower. With --sources FILE... it times those files instead of
generated ones (benchmarks/run passes the kernel benchmarks' sources).
"""
import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

KERNELS = [
    # row-major matrix-vector product
    """void mv{k}(int n, int m, const double *a, const double *x, double *y) {{
#pragma omp parallel for
  for (int i = 0; i < n; i++) {{
    double s = 0;
    for (int j = 0; j < m; j++)
      s += a[i * m + j] * x[j];
    y[i] = s;
  }}
}}""",
    # 5-point stencil, collapsed
    """void stencil{k}(int n, int m, const double *u, double *v) {{
#pragma omp parallel for collapse(2) schedule(static)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      v[i * m + j] = 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j] +
                             u[i * m + j - 1] + u[i * m + j + 1]);
}}""",
    # private scratch row
    """void rows{k}(int n, const double *in, double *out) {{
  double tmp[{w}];
#pragma omp parallel for private(tmp)
  for (int i = 0; i < n; i++) {{
    for (int j = 0; j < {w}; j++)
      tmp[j] = in[i] * j + {k};
    double s = 0;
    for (int j = 0; j < {w}; j++)
      s += tmp[j];
    out[i] = s;
  }}
}}""",
    # reduction and max
    """double dot{k}(int n, const double *x, const double *y, double *mx) {{
  double s = 0, m = x[0];
#pragma omp parallel for reduction(+ : s) reduction(max : m)
  for (int i = 0; i < n; i++) {{
    s += x[i] * y[i];
    if (x[i] > m)
      m = x[i];
  }}
  *mx = m;
  return s;
}}""",
    # histogram done right
    """void hist{k}(int n, const unsigned char *p, long h[256]) {{
#pragma omp parallel for
  for (int i = 0; i < n; i++) {{
#pragma omp atomic
    h[p[i]]++;
  }}
}}""",
    # blocked loop with constant stride
    """void blocks{k}(int nb, float *a) {{
#pragma omp parallel for
  for (int b = 0; b < nb; b++)
    for (int t = 0; t < {w}; t++)
      a[{w} * b + t] = (float)(b + t);
}}""",
    # tasks over chunks
    """void tasks{k}(int n, double *out) {{
#pragma omp parallel
#pragma omp single
  for (int c = 0; c < n; c++) {{
#pragma omp task firstprivate(c)
    out[c] = c * 0.5 + {k};
  }}
}}""",
    # sections on independent outputs
    """void sections{k}(int n, const double *x, double *lo, double *hi) {{
#pragma omp parallel sections
  {{
#pragma omp section
    {{ double m = x[0]; for (int i = 1; i < n; i++) if (x[i] < m) m = x[i]; *lo = m; }}
#pragma omp section
    {{ double m = x[0]; for (int i = 1; i < n; i++) if (x[i] > m) m = x[i]; *hi = m; }}
  }}
}}""",
    # a racy one: shared scratch (about one kernel in nine)
    """void racy{k}(int n, const double *in, double *out) {{
  double row[{w}];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {{
    for (int j = 0; j < {w}; j++)
      row[j] = in[i] + j;
    out[i] = row[{w} - 1];
  }}
}}""",
]


def generate(path, lines_wanted, seed):
    rnd = random.Random(seed)
    parts = ["#include <stdlib.h>", "#include <omp.h>", ""]
    count, k = 3, 0
    while count < lines_wanted:
        body = rnd.choice(KERNELS).format(k=k, w=rnd.choice([8, 16, 32]))
        parts.append(body)
        parts.append("")
        count += body.count("\n") + 2
        k += 1
    with open(path, "w") as f:
        f.write("\n".join(parts))
    return count


def timed(cmd, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    # The minimum is the least noisy estimate of a deterministic workload.
    return min(times)


def cpu_timed(cmd, repeats):
    """The least CPU time (user + system) of the command: on a machine that
    runs other work too, CPU time varies far less than wall time."""
    best = None
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent = (after.ru_utime - before.ru_utime +
                 after.ru_stime - before.ru_stime)
        best = spent if best is None else min(best, spent)
    return best


def compare(args):
    """The plugin against another build of it (--compare): CPU time of
    -fsyntax-only compiles, measured alternately so that both see the same
    machine."""
    print(f"{'file':<14}{'lines':>7}{'plain s':>10}{'other s':>10}{'this s':>10}"
          f"{'this/other':>12}")
    ratios = []
    for f in range(args.files):
        src = os.path.join(args.out, f"kernels{f}.c")
        n = generate(src, args.lines, seed=f)
        base = [args.clang, "-fopenmp", "-fsyntax-only", src]
        plain = cpu_timed(base, args.repeats)
        other = this = None
        for _ in range(args.repeats):
            o = cpu_timed(base + [f"-fplugin={args.compare}"], 1)
            t = cpu_timed(base + [f"-fplugin={args.plugin}"], 1)
            other = o if other is None else min(other, o)
            this = t if this is None else min(this, t)
        # The plugin's own cost, net of the compile both share.
        ratios.append((this - plain) / max(other - plain, 1e-3))
        print(f"kernels{f}.c  {n:>7}{plain:>10.3f}{other:>10.3f}{this:>10.3f}"
              f"{this / other:>12.3f}")
    print(f"plugin's own time, this build / the other: median "
          f"{statistics.median(ratios):.2f}")


def sources(args):
    """Given source files (--sources): each compiled with -O2 -c with and
    without the plugin; the ratio is the plugin's share of a real compile
    of small kernels, where its fixed costs (loading, its own setup) weigh
    most. CPU time, not wall time: benchmarks/run often runs on a machine
    that does other work too."""
    rows = []
    # Objects go to a scratch directory: several sources share a name
    # (seq.c), and --out keeps only the results.
    scratch = tempfile.mkdtemp(prefix="privateer-overhead-")
    for src in args.sources:
        flags = ["-O2", "-c", "-fopenmp", f"-I{args.include}"] if args.include else \
                ["-O2", "-c", "-fopenmp"]
        if src.endswith((".cpp", ".cc", ".cxx")):
            flags.append("-std=c++17")
        obj = os.path.join(scratch, "unit.o")
        base = [args.clang, *flags, src, "-o", obj]
        plain = cpu_timed(base, args.repeats)
        plugged = cpu_timed(base + [f"-fplugin={args.plugin}"], args.repeats)
        rows.append((src, plain, plugged))
    shutil.rmtree(scratch, ignore_errors=True)
    root = os.path.commonpath([os.path.dirname(r[0]) for r in rows]) if rows else ""
    print(f"{'file':<36}{'plain cpu s':>12}{'plugin cpu s':>13}{'ratio':>8}")
    for src, plain, plugged in rows:
        print(f"{os.path.relpath(src, root):<36}{plain:>12.3f}{plugged:>13.3f}"
              f"{plugged / plain:>8.3f}")
    ratios = [p / q for _, q, p in rows]
    print(f"-O2 -c: median ratio {statistics.median(ratios):.3f} "
          f"({(statistics.median(ratios) - 1) * 100:+.1f}% compile time)")
    with open(os.path.join(args.out, "overhead-sources.csv"), "w") as f:
        f.write("file,plain_cpu_s,plugin_cpu_s,ratio\n")
        for src, plain, plugged in rows:
            f.write(f"{os.path.relpath(src, root)},{plain:.4f},{plugged:.4f},"
                    f"{plugged / plain:.4f}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--out", default="overhead-out")
    ap.add_argument("--lines", type=int, default=3000)
    ap.add_argument("--files", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--compare", metavar="PLUGIN",
                    help="another build of the plugin to compare against")
    ap.add_argument("--sources", nargs="+", metavar="FILE",
                    help="time these files instead of generated ones")
    ap.add_argument("--include", help="an -I directory for --sources")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.compare:
        return compare(args)
    if args.sources:
        return sources(args)

    rows = []
    for mode, flags in (("-O2 -c", ["-O2", "-c"]), ("-fsyntax-only", ["-fsyntax-only"])):
        for f in range(args.files):
            src = os.path.join(args.out, f"kernels{f}.c")
            n = generate(src, args.lines, seed=f)
            obj = os.path.join(args.out, f"kernels{f}.o")
            base = [args.clang, "-fopenmp", *flags, src]
            if "-c" in flags:
                base += ["-o", obj]
            plain = timed(base, args.repeats)
            plugged = timed(base + [f"-fplugin={args.plugin}"], args.repeats)
            rows.append((mode, os.path.basename(src), n, plain, plugged))

    print(f"{'mode':<15}{'file':<14}{'lines':>7}{'plain s':>10}{'plugin s':>10}{'ratio':>8}")
    for mode, name, n, plain, plugged in rows:
        print(f"{mode:<15}{name:<14}{n:>7}{plain:>10.3f}{plugged:>10.3f}{plugged / plain:>8.3f}")
    for mode in ("-O2 -c", "-fsyntax-only"):
        r = [p / q for m, _, _, q, p in rows if m == mode]
        print(f"{mode}: median ratio {statistics.median(r):.3f} "
              f"({(statistics.median(r) - 1) * 100:+.1f}% compile time)")
    with open(os.path.join(args.out, "overhead.csv"), "w") as f:
        f.write("mode,file,lines,plain_s,plugin_s,ratio\n")
        for mode, name, n, plain, plugged in rows:
            f.write(f"{mode},{name},{n},{plain:.4f},{plugged:.4f},{plugged / plain:.4f}\n")


if __name__ == "__main__":
    sys.exit(main())
