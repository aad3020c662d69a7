#!/usr/bin/env python3
"""Applies privateer's fixes to a copy of a benchmark source.

The benchmark build measures privateer's own rewrite of the source a user
writes, never a hand-made copy: this copies SOURCE to COPY, compiles COPY
with the plugin and its `fix` option (which rewrites the file in place),
and records what happened beside it:

  COPY.diff    the unified diff from SOURCE to the rewrite (empty: no change)
  COPY.status  'rewritten', 'unchanged' (privateer had no fix for it), or
               'fix-failed' (the compile with the plugin failed)
  COPY.log     the compiler's output: the findings and their notes

It always leaves a COPY that compiles as the source does, so that a missing
fix never breaks the benchmark build; benchmarks/run reads the status and
shows an unchanged copy as 'no rewrite' instead of timing it.

Usage: apply_fix.py --clang CLANG --plugin PLUGIN --source SRC --copy COPY
                    -- COMPILER FLAGS...
"""
import argparse
import difflib
import os
import shutil
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--copy", required=True)
    ap.add_argument("flags", nargs="*", help="compile flags (after --)")
    args = ap.parse_args()

    os.makedirs(os.path.dirname(os.path.abspath(args.copy)), exist_ok=True)
    # A fresh copy each time: the fix is idempotent, but the benchmark must
    # show what one application does to the user's source.
    shutil.copyfile(args.source, args.copy)
    cmd = [args.clang, *args.flags, "-fopenmp", f"-fplugin={args.plugin}",
           "-fplugin-arg-privateer-fix", "-fsyntax-only", args.copy]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    with open(args.copy + ".log", "w") as log:
        log.write("$ " + " ".join(cmd) + "\n" + proc.stdout)

    with open(args.source) as f:
        before = f.readlines()
    with open(args.copy) as f:
        after = f.readlines()
    name = os.path.basename(args.source)
    diff = "".join(difflib.unified_diff(before, after, f"a/{name}",
                                        f"b/{name} (privateer fix)"))
    with open(args.copy + ".diff", "w") as f:
        f.write(diff)

    if proc.returncode != 0:
        status = "fix-failed"
        # Keep the build going with the user's source; the runner will not
        # time it under the rewrite's name.
        shutil.copyfile(args.source, args.copy)
        sys.stderr.write(f"apply_fix: the plugin failed on {name}:\n{proc.stdout}")
    else:
        status = "rewritten" if diff else "unchanged"
    with open(args.copy + ".status", "w") as f:
        f.write(status + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
