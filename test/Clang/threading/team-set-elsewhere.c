// A program that sets its teams' size with omp_set_num_threads (here in
// main, before the region): 16 slots may be enough, the finding is held
// back as "may".
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=may -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

double tally(double *out) {
  double slots[16] = {0};
#pragma omp parallel
  slots[omp_get_thread_num()] = 1; // may-warning {{'slots' has 16 elements but is indexed by the thread number, and the team of this 'omp parallel' may have more threads}}
  return out[0] = slots[0];
}

int main(void) {
  double out[1];
  omp_set_num_threads(4);
  return (int)tally(out);
}
