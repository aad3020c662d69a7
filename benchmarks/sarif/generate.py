#!/usr/bin/env python3
"""Generates one large OpenMP file with many findings, for the SARIF
benchmark: FUNCTIONS functions of 10 lines, each with a scratch array and a
scratch scalar every iteration overwrites and a sum without a reduction,
three findings per function (privateer-shared-buffer). The default, 5000
functions, is the issue's 50,000-line file with 15,000 findings.

  generate.py OUT.c [--functions N]
"""
import argparse

FUNCTION = """void k{k}(int n, const double *x, double *out) {{
  double row[8], r, s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {{
    for (int j = 0; j < 8; j++) row[j] = x[i] + j * {k};
    r = row[0] * 2;
    s += r + row[7];
  }}
  out[{k} % 64] = s;
}}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--functions", type=int, default=5000)
    args = ap.parse_args()
    with open(args.out, "w") as f:
        for k in range(args.functions):
            f.write(FUNCTION.format(k=k))
    print(f"{args.out}: {args.functions * 10} lines, "
          f"{args.functions * 3} findings expected")


if __name__ == "__main__":
    main()
