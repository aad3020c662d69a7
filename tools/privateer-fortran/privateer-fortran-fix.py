#!/usr/bin/env python3
"""Applies the clauses privateer's MLIR pass proposes to Fortran sources.

Part of privateer. Reads the fix file that `fir-opt ... privateer{fix-file=F}`
appends to (file, line, column and clause per line, tab-separated) and adds
each clause to the `!$omp` directive at that line: at the end of the
directive's code on its last continuation line (a line ending in `&`
continues it), before a trailing comment. A clause the directive already
has is not added again, so applying twice changes nothing. Rows of five
columns are edits of the text (file, line, column, the number of characters
of that line replaced, and the text, with `\n`, `\t` and `\\` escaped):
a `!$omp taskwait` or `!$omp barrier` line, a `nowait` removed; the same
edit twice is made once. Each file is written once, through a temporary
file renamed over it.

usage: privateer-fortran-fix.py FIX_FILE
"""
import os
import re
import sys
import tempfile

SENTINEL = re.compile(r"^\s*!\$omp\b", re.IGNORECASE)


def code_end(line):
    """Where the directive's code ends on a line: before a `!` comment that
    is not the `!$omp` sentinel itself, and before trailing blanks."""
    text = line.rstrip("\n")
    start = 0
    match = SENTINEL.match(text)
    if match:
        start = match.end()
    cut = text.find("!", start)
    code = text if cut < 0 else text[:cut]
    return len(code.rstrip())


def directive_at(lines, line_no):
    """The directive starting on 1-based line_no: the 0-based index of its
    last continuation line and its code flattened (no blanks, lower case),
    or None when no '!$omp' directive starts there."""
    first = line_no - 1
    if first >= len(lines) or not SENTINEL.match(lines[first]):
        return None
    last = first
    while last + 1 < len(lines) and \
            lines[last][:code_end(lines[last])].endswith("&"):
        last += 1
    directive = " ".join(l[:code_end(l)] for l in lines[first:last + 1])
    return last, directive.replace(" ", "").lower()


def insertion(lines, line_no, clause):
    """Where the clause goes, as (0-based line index, 0-based column) of
    the insertion of " clause", or None when there is no directive or it
    has the clause already. (privateer-fortran's SARIF fixes.)"""
    found = directive_at(lines, line_no)
    if found is None:
        return None
    last, flat = found
    if clause.replace(" ", "").lower() in flat:
        return None
    return last, code_end(lines[last])


def unescape(text):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(
        m.group(1), m.group(1)), text)


def apply_edits(lines, edits):
    """Text edits (line, column, length, text), from the end of the file so
    that earlier positions stay valid; True when something changed."""
    changed = False
    for line, column, length, text in sorted(set(edits), reverse=True):
        if line < 1 or line > len(lines) + 1:
            continue
        old = lines[line - 1] if line <= len(lines) else ""
        lines[line - 1:line] = [old[:column - 1] + text +
                                old[column - 1 + length:]]
        changed = True
    return changed


def apply(path, fixes, edits=()):
    with open(path) as f:
        lines = f.readlines()
    changed = False
    for line_no, clauses in sorted(fixes.items()):
        found = directive_at(lines, line_no)
        if found is None:
            print(f"privateer-fortran: {path}:{line_no}: no '!$omp' directive "
                  "there; fix not applied", file=sys.stderr)
            continue
        last, flat = found
        for clause in clauses:
            if clause.replace(" ", "").lower() in flat:
                continue
            end = code_end(lines[last])
            lines[last] = lines[last][:end] + " " + clause + lines[last][end:]
            flat += clause.replace(" ", "").lower()
            changed = True
    # Clauses keep the lines where they are; edits may add lines.
    changed |= apply_edits(lines, edits)
    if not changed:
        return
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".privateer-")
    try:
        with os.fdopen(fd, "w") as out:
            out.writelines(lines)
        os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    by_file, edits = {}, {}
    with open(sys.argv[1]) as f:
        for row in f:
            parts = row.rstrip("\n").split("\t")
            if len(parts) == 5:
                path, line, column, length, text = parts
                edits.setdefault(path, []).append(
                    (int(line), int(column), int(length), unescape(text)))
                by_file.setdefault(path, {})
                continue
            if len(parts) != 4:
                continue
            path, line, _, clause = parts
            clauses = by_file.setdefault(path, {}).setdefault(int(line), [])
            if clause not in clauses:
                clauses.append(clause)
    for path, fixes in by_file.items():
        apply(path, fixes, edits.get(path, ()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
