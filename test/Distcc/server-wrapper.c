// The plugin in a distributed build, the way distcc 3.4 allows it: a
// compiler wrapper on the server loads the plugin (the request names the
// wrapper, not a plugin; -fplugin-arg-privateer-* options pass). distcc
// preprocesses on the client (where the plugin, loaded with -E, reports
// nothing) and compiles the preprocessed file on the server, where the
// plugin runs; its findings come back with the compile's output, at the
// original file and line.
// REQUIRES: distcc
// A daemon started on a loaded machine can lose its free port to another
// process between the probe and its bind: such a run is tried again.
// ALLOW_RETRIES: 2
// RUN: %clang -fopenmp -fplugin=%plugin -E %s -o /dev/null 2>&1 | count 0
// RUN: %with-distccd --share=%plugin --share=%S/Inputs/clang-22-privateer.in --log=%t.log -- distcc clang-22-privateer -fopenmp -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=SERVER --input-file=%t.log
// SERVER: COMPILE_OK {{.*}} clang-22-privateer {{.*}}server-wrapper.c
//
// With werror the server's compile fails and distcc says so (it is told
// not to retry locally).
// RUN: not %with-distccd --share=%plugin --share=%S/Inputs/clang-22-privateer.in --log=%t.werror.log -- distcc clang-22-privateer -fopenmp -fplugin-arg-privateer-werror -c %s -o %t.werror.o 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: FileCheck %s --check-prefix=SERVER-FAILED --input-file=%t.werror.log
// SERVER-FAILED: COMPILE_ERROR {{.*}} clang-22-privateer {{.*}}server-wrapper.c

long sum(int n, const int *x) {
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
  // CHECK: server-wrapper.c:[[@LINE-1]]:5: warning: 's' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
  // WERROR: server-wrapper.c:[[@LINE-2]]:5: error: 's' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
  return s;
}
