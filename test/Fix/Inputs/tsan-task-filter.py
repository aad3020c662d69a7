#!/usr/bin/env python3
"""Drops one known false positive of ThreadSanitizer+Archer with tasks.

libomp recycles a finished task's descriptor (its firstprivate copies and
shared pointers) for a task created later, through a free list that
ThreadSanitizer cannot see. Archer orders the task's own accesses, but not
that reuse, so creating a task (the write at its `#pragma omp task` line)
is reported as racing with a finished task's read of the same descriptor.

A report is dropped only when one of its two accesses is at a line of SOURCE
that holds `#pragma omp task`; every other report, and all other output,
passes through. Exits 1 if any report remains.

usage: program 2>&1 | tsan-task-filter.py SOURCE
"""
import re
import sys


def task_lines(path):
    with open(path) as f:
        return {n for n, line in enumerate(f, 1)
                if re.match(r"\s*#\s*pragma\s+omp\s+task\b", line)}


def main():
    source = sys.argv[1]
    lines = task_lines(source)
    name = source.rsplit("/", 1)[-1]
    frame0 = re.compile(r"^\s+#0 .*[/ ]" + re.escape(name) + r":(\d+)")
    report, kept, in_report = [], 0, False

    def flush():
        nonlocal kept
        # The first frame of each of the two accesses.
        firsts = [int(m.group(1)) for m in map(frame0.match, report) if m]
        if not any(l in lines for l in firsts[:2]):
            sys.stdout.write("".join(report))
            kept += 1

    for line in sys.stdin:
        if line.startswith("=================="):
            if in_report:
                report.append(line)
                flush()
                report, in_report = [], False
            else:
                report, in_report = [line], True
            continue
        if in_report:
            report.append(line)
        elif not line.startswith("ThreadSanitizer: reported"):
            sys.stdout.write(line)
    if in_report:
        flush()
    return 1 if kept else 0


if __name__ == "__main__":
    sys.exit(main())
