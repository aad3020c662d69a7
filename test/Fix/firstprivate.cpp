// A std::vector scratch shared by a parallel loop: firstprivate keeps its
// size in every thread's copy.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -x c++ -std=c++17 -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clangxx -x c++ -std=c++17 -O1 -fopenmp %t/in.cpp -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clangxx -x c++ -std=c++17 -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clangxx -x c++ -std=c++17 -O1 -g -fopenmp -fsanitize=thread %t/in.cpp -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <cstdio>
#include <vector>

int main() {
  std::vector<double> tmp(32);
  std::vector<double> out(1000);
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    for (int k = 0; k < 32; k++)
      tmp[k] = i + k * 0.25;
    double s = 0;
    for (int k = 0; k < 32; k++)
      s += tmp[k];
    out[i] = s;
  }
  double total = 0;
  for (int i = 0; i < 1000; i++)
    total += out[i] * (i % 3);
  std::printf("%.2f\n", total);
}
// DIAG: warning: shared buffer 'tmp' is scratch
// FIXED: #pragma omp parallel for firstprivate(tmp){{$}}
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{[0-9]+\.[0-9]+}}
