#!/usr/bin/env python3
"""Reduces the output of any privateer front end to its findings, so the
plugin's, clang-tidy's and the CLI's can be compared with diff.

Keeps `file:line:col: warning|error|note: message` lines with the file
reduced to its name, drops the lines about applying fixes (and the note
that names the lines of a fix too long to print) and clang-tidy's
`,-warnings-as-errors` tag, and orders the findings (each with its notes)
by position, since clang-tidy sorts them and the others print them in the
order the analysis found them.
"""
import os
import re
import sys

DIAG = re.compile(r"^(.+?):(\d+):(\d+): (warning|error|note): (.*)$")
groups = []
for line in sys.stdin:
    m = DIAG.match(line.rstrip("\n"))
    if not m:
        continue
    path, row, col, level, message = m.groups()
    # (The plugin and the CLI name a long fix's lines where clang-tidy,
    # whose --fix needs the fix-its, prints them.)
    if "FIX-IT applied" in message or message.startswith("the fix rewrites lines"):
        continue
    message = message.replace(",-warnings-as-errors]", "]")
    text = f"{os.path.basename(path)}:{row}:{col}: {level}: {message}"
    if level == "note" and groups:
        groups[-1][1].append(text)
    else:
        groups.append(((os.path.basename(path), int(row), int(col), message), [text]))
for _, lines in sorted(groups, key=lambda g: g[0]):
    print("\n".join(lines))
