// -Wno-everything, and `#pragma clang diagnostic ignored "-Weverything"`
// around the code, silence privateer's findings as they silence clang's
// (a plugin's own diagnostics are outside clang's groups, so the plugin
// checks). Nothing silenced is fixed either. A narrower pragma
// (-Wunused-result alone) silences nothing of privateer's.
// RUN: %cc -Wno-everything %s 2>&1 | count 0
// RUN: %cc -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: cp %s %t.c && %cc -fno-caret-diagnostics -fplugin-arg-privateer-fix %t.c 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.c

double f(int);

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Weverything"
double quiet(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
#pragma clang diagnostic pop

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-result"
double loud(int n) {
  double sum = 0;
#pragma omp parallel for
  // CHECK: {{.*}}.c:[[@LINE+2]]:5: warning: 'sum' is updated by every iteration without a reduction
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
#pragma clang diagnostic pop
// FIXED: double quiet(int n) {
// FIXED-NEXT:   double sum = 0;
// FIXED-NEXT: #pragma omp parallel for{{$}}
// FIXED: double loud(int n) {
// FIXED-NEXT:   double sum = 0;
// FIXED-NEXT: #pragma omp parallel for reduction(+: sum)
