#!/usr/bin/env python3
"""expect_exit.py N command...: runs the command (its output passes through)
and succeeds only when it exits with N; `not` cannot tell 1 from 2."""
import subprocess
import sys

code = subprocess.call(sys.argv[2:])
if code != int(sys.argv[1]):
    sys.stderr.write(f"expected exit code {sys.argv[1]}, got {code}\n")
    sys.exit(1)
