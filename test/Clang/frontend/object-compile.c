// A normal compile to an object file (not -fsyntax-only) with the plugin
// loaded still reports, and still writes the object file.
// RUN: rm -f %t.o
// RUN: %clang -fopenmp -fplugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: test -s %t.o
// CHECK: object-compile.c:[[@LINE+8]]:5: warning: 'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]

double f(int);

double racy_sum(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
