#!/usr/bin/env python3
"""Checks every check's page in docs/checks against the tool itself:

- the page exists and has an Example, Fixes, Options and Known limits;
- the example's first C/C++ block, compiled with the plugin and only that
  check, gives the warning the page shows (same line and column, same
  message) and nothing else;
- the second block is what the fix makes of the first (applied by the
  plugin), and draws no finding of the check;
- the Options section spells each option both ways: an option written for
  the plugin (`cache-line=`) has its .clang-tidy key (`CacheLine`) beside
  it and the other way round, and names `checks=` and NOLINT.

Prints one line per page; exits 1 at the first problem.

  check_pages.py --clang CLANG --plugin PLUGIN --include INCLUDE_DIR
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def fail(page, why):
    sys.stderr.write(f"{page}: {why}\n")
    sys.exit(1)


def section(text, title):
    m = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1) if m else None


def blocks(text):
    """(language, code) of every fenced block, in order."""
    return re.findall(r"^```(\w*)\n(.*?)^```$", text, re.M | re.S)


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--include", required=True)
    args = ap.parse_args()
    root = os.path.dirname(os.path.abspath(args.include))
    def entries(name, pattern):
        with open(os.path.join(args.include, "privateer", name)) as f:
            code = "".join(line for line in f if not line.startswith("//"))
        return re.findall(pattern, code)
    checks = entries("Checks.def", r'PRIVATEER_CHECK\(\w+,\s*"([^"]+)"')
    options = entries("Options.def",
                      r'PRIVATEER_OPTION\(\w+,\s*"([^"]+)",\s*"([^"]*)"')
    work = tempfile.mkdtemp(prefix="privateer-pages-")
    for check in checks:
        page = os.path.join("docs", "checks", check[len("privateer-"):] + ".md")
        path = os.path.join(root, page)
        if not os.path.exists(path):
            fail(page, "missing")
        text = open(path).read()
        for title in ("Example", "Fixes", "Options", "Known limits"):
            if section(text, title) is None:
                fail(page, f"no '## {title}' section")

        code = [(lang, body) for lang, body in blocks(section(text, "Example"))
                if lang in ("c", "cpp")]
        shown = [body for lang, body in blocks(section(text, "Example"))
                 if lang == ""]
        if len(code) < 2 or not shown:
            fail(page, "the example needs the code, the warning and the fix")
        lang, before = code[0]
        after = code[1][1]
        ext = ".cpp" if lang == "cpp" else ".c"
        compiler = [args.clang + ("++" if lang == "cpp" else "")]
        flags = ["-fopenmp", "-fsyntax-only", "-I" + args.include,
                 "-fplugin=" + args.plugin,
                 "-fplugin-arg-privateer-checks=-*," + check]
        if lang == "cpp":
            flags.insert(0, "-std=c++17")
        src = os.path.join(work, check + ext)
        with open(src, "w") as f:
            f.write(before)
        out = run(compiler + flags + [src]).stdout
        warnings = [re.sub(r"^.*?:(\d+:\d+: )", r"\1", line)
                    for line in out.splitlines() if ": warning: " in line]
        expected = [re.sub(r"^.*?:(\d+:\d+: )", r"\1", line)
                    for line in shown[0].splitlines() if ": warning: " in line]
        if not expected or warnings != expected:
            fail(page, "the example gives\n  " + "\n  ".join(warnings) +
                 "\nbut the page shows\n  " + "\n  ".join(expected))
        run(compiler + flags + ["-fplugin-arg-privateer-fix", src])
        fixed = open(src).read()
        if fixed != after:
            fail(page, "the page's fixed code is not what the fix makes:\n" +
                 fixed)
        out = run(compiler + flags + [src]).stdout
        if f"[{check}]" in out:
            fail(page, "the fixed code still draws the check:\n" + out)

        opts = section(text, "Options")
        for name, key in options:
            if not key:
                continue
            plugin, tidy = f"`{name}=" in opts, key in opts
            if plugin != tidy:
                fail(page, f"Options spells '{name}=' or '{key}' without the "
                           "other")
        if "checks=" not in opts or f"NOLINT({check})" not in opts:
            fail(page, "Options must say how to turn the check off and "
                       "silence one finding")
        print(f"{page}: example, fix and options agree with the tool")


if __name__ == "__main__":
    main()
