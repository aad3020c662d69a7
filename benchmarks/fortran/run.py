#!/usr/bin/env python3
"""privateer-fortran's cost on real Fortran OpenMP code.

Times, on every file of Quantum ESPRESSO 6.7 (Debian's `espresso` source
package: its PW/src, Modules, FFTXlib, UtilXlib and upflib) that Flang 22
lowers and that has OpenMP directives:

  lower   Flang's lowering alone: bench-flang-lower-only, the same in-process
          lowering privateer-fortran does, the module neither printed nor
          analysed (the baseline)
  emit    flang -fc1 -fopenmp -emit-hlfir -o /dev/null: the lowering with
          Flang printing the HLFIR, as a user runs it
  tool    privateer-fortran on the file: lowering and analysis
  old     what privateer-fortran did before (issue 23): flang printing the
          HLFIR with its locations, then fir-opt with the pass plugin
          parsing it again

Each is run --reps times per file (in rotating order) and its least CPU time
(user + system of the process and its children) is kept; the ratios are of
the sums over all files. The target: tool / lower <= 1.3.

The sources are fetched with `apt-get source --download-only espresso` into
the work directory (default BUILD/benchmarks/fortran) the first time; the
modules the files use are compiled there once (flang -fsyntax-only in
dependency order).

usage: run.py [--build-dir build] [--work DIR] [--reps 3] [--max-files N]
"""
import argparse
import csv
import glob
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

PACKAGE = "espresso"
TREE = "qe-6.7"
# Directories compiled for their modules, in dependency order; the files of
# the first ones named in BENCHED are timed.
MODULE_DIRS = ["UtilXlib", "FFTXlib", "LAXlib", "upflib", "Modules",
               "KS_Solvers/CG", "KS_Solvers/Davidson", "dft-d3", "PW/src"]
BENCHED = ["PW/src", "Modules", "FFTXlib", "UtilXlib", "upflib"]
# As QE's own build with FFTW's internal copy, OpenMP on, no MPI.
DEFINES = ["-cpp", "-D__FFTW", "-D_OPENMP"]
OMP = re.compile(r"^\s*!\$omp\s+(parallel|do)\b", re.IGNORECASE | re.MULTILINE)
TARGET = 1.3


def cpu_time(cmd, **kw):
    """CPU seconds (user + system) of a command and its children, and its
    exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    status = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, **kw).returncode
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime +
            after.ru_stime - before.ru_stime), status


def fetch_sources(work):
    root = os.path.join(work, "src", TREE)
    if os.path.isdir(root):
        return root
    os.makedirs(os.path.join(work, "src"), exist_ok=True)
    print(f"fetching the {PACKAGE} source package into {work}/src ...",
          flush=True)
    subprocess.run(["apt-get", "source", "--download-only", PACKAGE],
                   cwd=os.path.join(work, "src"), check=True,
                   stdout=subprocess.DEVNULL)
    tarball = glob.glob(os.path.join(work, "src", f"{PACKAGE}_*.orig.tar.*"))
    if not tarball:
        sys.exit(f"no {PACKAGE} source tarball in {work}/src")
    members = [f"{TREE}/{d}" for d in MODULE_DIRS] + [f"{TREE}/include"]
    subprocess.run(["tar", "xf", tarball[0], "-C", os.path.join(work, "src")]
                   + members, check=True)
    return root


def flags_for(root, mods, path):
    return DEFINES + ["-I", mods, "-I", os.path.join(root, "include"),
                      "-I", os.path.dirname(path)]


def dependency_order(files):
    """The files, each after those defining the modules it uses."""
    defines, uses = {}, {}
    for f in files:
        text = open(f, errors="replace").read()
        for m in re.finditer(r"^\s*module\s+(\w+)\s*$", text,
                             re.IGNORECASE | re.MULTILINE):
            defines.setdefault(m.group(1).lower(), f)
        uses[f] = sorted({m.group(1).lower() for m in re.finditer(
            r"^\s*use\s*(?:,\s*\w+\s*::)?\s*(\w+)", text,
            re.IGNORECASE | re.MULTILINE)})
    order, seen = [], set()

    def visit(f):
        if f in seen:
            return
        seen.add(f)
        for u in uses[f]:
            if defines.get(u, f) != f:
                visit(defines[u])
        order.append(f)
    for f in files:
        visit(f)
    return order


def compile_modules(root, mods, flang):
    """Compiles every file for its modules, once; returns those Flang
    accepts."""
    stamp = os.path.join(mods, "compiled.txt")
    if os.path.exists(stamp):
        return open(stamp).read().split()
    os.makedirs(mods, exist_ok=True)
    files = []
    for d in MODULE_DIRS:
        files += sorted(glob.glob(os.path.join(root, d, "*.f90")))
    print(f"compiling the modules of {len(files)} files (once) ...",
          flush=True)
    # Module names the regular expressions miss (a `use` under an #if, a
    # cycle between files) leave some files before their modules: the
    # files that failed are tried again while that helps.
    ok, todo = [], dependency_order(files)
    while todo:
        failed = []
        for f in todo:
            r = subprocess.run([flang, "-fc1", "-fsyntax-only", "-fopenmp",
                                "-module-dir", mods] +
                               flags_for(root, mods, f) + [f],
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            (ok if r.returncode == 0 else failed).append(f)
        if len(failed) == len(todo):
            break
        todo = failed
    with open(stamp, "w") as out:
        out.write("\n".join(ok) + "\n")
    return ok


def variants(tools, flags, path, scratch):
    mlir = os.path.join(scratch, "x.mlir")
    fc1 = ["-fopenmp", "-emit-hlfir", "-module-dir", scratch] + flags
    return {
        "lower": [[tools["lower"]] + fc1 + [path]],
        "emit": [[tools["flang"], "-fc1"] + fc1 + [path, "-o", os.devnull]],
        "tool": [[tools["tool"]] + flags + [path]],
        "old": [[tools["flang"], "-fc1"] + fc1 +
                ["-mmlir", "-mlir-print-debuginfo", path, "-o", mlir],
                [tools["fir-opt"], "--mlir-disable-threading",
                 f"--load-pass-plugin={tools['plugin']}",
                 "--pass-pipeline=builtin.module(func.func(privateer))",
                 mlir, "-o", os.devnull]],
    }


def time_file(tools, flags, path, reps, scratch):
    """The least CPU time of each variant over reps runs; None when one
    fails."""
    best = {}
    runs = variants(tools, flags, path, scratch)
    names = list(runs)
    for rep in range(reps):
        for name in names[rep % len(names):] + names[:rep % len(names)]:
            total = 0.0
            for cmd in runs[name]:
                t, status = cpu_time(cmd)
                # privateer-fortran exits with 1 when it found something.
                if status not in ((0, 1) if name == "tool" else (0,)):
                    return None
                total += t
            best[name] = min(best.get(name, total), total)
    return best


def find_tools(build):
    llvm_bin = subprocess.run(["llvm-config-22", "--bindir"],
                              capture_output=True, text=True).stdout.strip()
    tools = {
        "tool": os.path.join(build, "bin", "privateer-fortran"),
        "lower": os.path.join(build, "benchmarks", "bench-flang-lower-only"),
        "plugin": os.path.join(build, "lib", "PrivateerMLIRPlugin.so"),
        "flang": os.path.join(llvm_bin, "flang"),
        "fir-opt": os.path.join(llvm_bin, "fir-opt"),
    }
    missing = [p for p in tools.values() if not os.path.exists(p)]
    if missing:
        sys.exit("missing: " + ", ".join(missing) + "\nbuild them with "
                 "-DPRIVATEER_BUILD_BENCHMARKS=ON: ninja -C BUILD "
                 "bench-fortran (or privateer-fortran "
                 "bench-flang-lower-only PrivateerMLIRPlugin)")
    return tools


def report(rows, out):
    columns = ["lower", "emit", "tool", "old"]
    print(f"{'file':34} {'lines':>6} {'dirs':>5} "
          + " ".join(f"{c + ' ms':>9}" for c in columns)
          + f" {'tool/lower':>10} {'old/lower':>9}")
    for r in rows:
        print(f"{r['file'][-34:]:34} {r['lines']:6} {r['directives']:5} "
              + " ".join(f"{1000 * r[c]:9.0f}" for c in columns)
              + f" {r['tool'] / r['lower']:10.2f} {r['old'] / r['lower']:9.2f}")
    sums = {c: sum(r[c] for r in rows) for c in columns}
    print(f"{'all ' + str(len(rows)) + ' files':34} "
          f"{sum(r['lines'] for r in rows):6} "
          f"{sum(r['directives'] for r in rows):5} "
          + " ".join(f"{1000 * sums[c]:9.0f}" for c in columns)
          + f" {sums['tool'] / sums['lower']:10.2f}"
          f" {sums['old'] / sums['lower']:9.2f}")
    ratio = sums["tool"] / sums["lower"]
    print()
    print(f"privateer-fortran / Flang's lowering alone: {ratio:.2f}x "
          f"(target <= {TARGET}x): {'PASS' if ratio <= TARGET else 'FAIL'}")
    print(f"privateer-fortran / flang -emit-hlfir (printing it): "
          f"{sums['tool'] / sums['emit']:.2f}x")
    print(f"before (flang printing, fir-opt parsing) / Flang's lowering "
          f"alone: {sums['old'] / sums['lower']:.2f}x, "
          f"{sums['old'] / sums['tool']:.2f}x privateer-fortran's time")
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["file", "lines", "directives"]
                           + columns)
        w.writeheader()
        for r in rows:
            w.writerow(r)
    return ratio <= TARGET


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--work", help="sources, modules and results "
                    "(default BUILD/benchmarks/fortran)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--max-files", type=int, default=0,
                    help="time only the N files with the most directives")
    args = ap.parse_args()
    build = os.path.abspath(args.build_dir)
    work = os.path.abspath(args.work or os.path.join(build, "benchmarks",
                                                     "fortran"))
    tools = find_tools(build)
    root = fetch_sources(work)
    mods = os.path.join(work, "mods")
    compiled = set(compile_modules(root, mods, tools["flang"]))

    files = []
    for d in BENCHED:
        for f in sorted(glob.glob(os.path.join(root, d, "*.f90"))):
            text = open(f, errors="replace").read()
            n = len(OMP.findall(text))
            if f in compiled and n:
                files.append((f, n, text.count("\n")))
    if args.max_files:
        files = sorted(files, key=lambda x: -x[1])[:args.max_files]
    print(f"timing {len(files)} files, {args.reps} runs each ...",
          flush=True)
    rows = []
    scratch = tempfile.mkdtemp(prefix="privateer-bench-fortran-")
    try:
        for f, directives, lines in files:
            best = time_file(tools, flags_for(root, mods, f), f, args.reps,
                             scratch)
            if best is None:
                print(f"skipped (a tool failed): {os.path.relpath(f, root)}")
                continue
            rows.append({"file": os.path.relpath(f, root), "lines": lines,
                         "directives": directives, **best})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not rows:
        sys.exit("nothing timed")
    return 0 if report(rows, work) else 1


if __name__ == "__main__":
    sys.exit(main())
