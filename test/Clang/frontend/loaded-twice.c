// Two copies of the plugin loaded into one compile (two paths to it, as a
// build that adds the plugin in two places may do) report each finding
// once, and apply each fix once.
// RUN: rm -rf %t && mkdir -p %t && cp %plugin %t/copy.so && cp %s %t/in.c
// RUN: %cc -fplugin=%t/copy.so %t/in.c 2>&1 | FileCheck %s
// RUN: %cc -fplugin=%t/copy.so -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// CHECK-COUNT-1: warning: 'sum' is updated by every iteration
// CHECK-NOT: warning:
// FIXED: #pragma omp parallel for reduction(+: sum){{$}}

double f(int);

double racy(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
