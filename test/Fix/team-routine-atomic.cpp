// A function a caller's team runs (it holds an orphaned 'omp for') adds
// each thread's partial into a member of the object its loop divides: the
// update becomes 'omp atomic' where it stands (no directive of the
// function could take a clause for it). The team's 'parallel' is in the
// driver, another unit (built here from this file with -DDRIVER); the
// fixed routine gives the sequential result at 1, 2 and 4 threads, and
// ThreadSanitizer with Archer finds the race before the fix and none after.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -std=c++17 -O1 -Wno-unknown-pragmas %s -DROUTINE -DDRIVER -o %t/seq && %t/seq > %t/expected
// RUN: %clangxx -std=c++17 -O1 -fopenmp -c %t/in.cpp -o %t/routine.o && %clangxx -std=c++17 -O1 -fopenmp %t/routine.o %s -DDRIVER -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clangxx -std=c++17 -O1 -g -fopenmp -fsanitize=thread %s -DROUTINE -DDRIVER -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clangxx -std=c++17 -O1 -g -fopenmp -fsanitize=thread -c %t/in.cpp -o %t/routine-tsan.o && %clangxx -std=c++17 -O1 -g -fopenmp -fsanitize=thread %t/routine-tsan.o %s -DDRIVER -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <cstdio>
#include <vector>

struct System {
  std::vector<double> f, x;
  double energy = 0;
};

void compute_forces(System &s);

#if !defined(DRIVER) || defined(ROUTINE)
void compute_forces(System &s) {
  double local = 0;
#pragma omp for
  for (int i = 0; i < (int)s.x.size(); i++) {
    s.f[i] = -s.x[i];
    local += 0.5 * s.x[i] * s.x[i];
  }
  s.energy += local;
}
#endif

#ifdef DRIVER
int main() {
  System s;
  for (int i = 0; i < 4096; i++)
    s.x.push_back((i % 13) * 0.25);
  s.f.assign(s.x.size(), 0.0);
  for (int step = 0; step < 20; step++) {
#pragma omp parallel
    compute_forces(s);
  }
  std::printf("%.3f %.3f\n", s.energy, s.f[5]);
  return 0;
}
#endif
// DIAG: warning: 'energy' of 's' is updated by every thread without a reduction
// FIXED:      #pragma omp atomic
// FIXED-NEXT: s.energy += local;
// RACE: ThreadSanitizer: data race
// CLEAN: {{[0-9.]+ -?[0-9.]+}}
