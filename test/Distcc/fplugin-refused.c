// distcc 3.4's server refuses a request that names a plugin (-fplugin=),
// even with --enable-tcp-insecure: with fallbacks off the compile fails;
// with distcc's default it runs on the client instead, so the findings are
// printed but nothing is distributed (server-wrapper.c is the way).
// REQUIRES: distcc
// A daemon started on a loaded machine can lose its free port to another
// process between the probe and its bind: such a run is tried again.
// ALLOW_RETRIES: 2
// RUN: not %with-distccd --share=%plugin --log=%t.log -- distcc clang-22 -fopenmp -fplugin=@SHARE@/PrivateerPlugin.so -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NO-FALLBACK
// NO-FALLBACK: failed to distribute and fallbacks are disabled
// RUN: FileCheck %s --check-prefix=REFUSED --input-file=%t.log
// REFUSED: -fplugin= and/or -specs= passed, which are insecure and not supported
// RUN: %with-distccd --share=%plugin --log=%t.fallback.log -- env DISTCC_FALLBACK=1 distcc clang-22 -fopenmp -fplugin=@SHARE@/PrivateerPlugin.so -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=FALLBACK
// FALLBACK: failed to distribute {{.*}}, running locally instead
// FALLBACK: fplugin-refused.c:[[@LINE+6]]:5: warning: 's' is updated by every iteration without a reduction

long sum(int n, const int *x) {
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
