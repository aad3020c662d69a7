#!/usr/bin/env python3
"""A small equivalent of upstream's check_clang_tidy.py (Debian does not ship it).

  check_clang_tidy.py [--tidy=...] [--load=...] <input> <checks> <temp> [-- <tidy args>] [-- <compiler args>]

Copies <input> to <temp>.<ext> with every `// CHECK-MESSAGES: ...` and
`// CHECK-FIXES: ...` comment replaced by `//` (so [[@LINE]] still holds),
runs clang-tidy with --checks=-*,<checks> --fix on the copy, and then
  * matches clang-tidy's output against the CHECK-MESSAGES lines, with any
    other warning or error failing the test (--implicit-check-not);
  * matches the fixed file against the CHECK-FIXES lines, whole lines
    (leading and trailing blanks aside);
  * expects no warning at all when the input has no CHECK-MESSAGES.
"""
import argparse
import os
import re
import subprocess
import sys


def run_filecheck(check_file, input_text, prefix, extra):
    cmd = ["FileCheck", "-input-file=-", check_file, "-check-prefix=" + prefix] + extra
    p = subprocess.run(cmd, input=input_text, text=True, capture_output=True)
    if p.returncode != 0:
        sys.stderr.write("FileCheck " + prefix + " failed:\n" + p.stdout + p.stderr)
        sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tidy", default="clang-tidy-22")
    parser.add_argument("--load", action="append", default=[])
    parser.add_argument("input")
    parser.add_argument("checks")
    parser.add_argument("temp")
    argv = sys.argv[1:]
    rest = []
    if "--" in argv:
        i = argv.index("--")
        argv, rest = argv[:i], argv[i + 1:]
    args = parser.parse_args(argv)
    tidy_args, compiler_args = [], []
    if rest:
        if "--" in rest:
            i = rest.index("--")
            tidy_args, compiler_args = rest[:i], rest[i + 1:]
        else:
            tidy_args = rest

    text = open(args.input).read()
    has_messages = "CHECK-MESSAGES:" in text
    has_fixes = "CHECK-FIXES:" in text
    cleaned = re.sub(r"// *CHECK-(MESSAGES|FIXES)(-[A-Z0-9-]+)?:[^\r\n]*", "//", text)
    ext = os.path.splitext(args.input)[1]
    temp = args.temp + ext
    with open(temp, "w") as f:
        f.write(cleaned)

    cmd = [args.tidy] + ["--load=" + l for l in args.load] + [
        temp, "--fix", "--checks=-*," + args.checks] + tidy_args + ["--"] + compiler_args
    p = subprocess.run(cmd, text=True, capture_output=True)
    output = p.stdout + p.stderr
    if p.returncode != 0:
        sys.stderr.write("clang-tidy failed:\n" + output)
        sys.exit(1)
    # Only clang-tidy's findings, not its own notes about applying fixes.
    lines = [l for l in output.splitlines()
             if "FIX-IT applied" not in l and "clang-tidy applied" not in l]
    messages = "\n".join(lines) + "\n"

    if has_messages:
        run_filecheck(args.input, messages, "CHECK-MESSAGES",
                      ["-implicit-check-not={{warning|error}}:"])
    elif re.search(r"\b(warning|error): ", messages):
        sys.stderr.write("unexpected findings:\n" + messages)
        sys.exit(1)
    if has_fixes:
        run_filecheck(args.input, open(temp).read(), "CHECK-FIXES",
                      ["--match-full-lines"])


if __name__ == "__main__":
    main()
