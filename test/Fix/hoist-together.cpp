// Several allocations made and released by every iteration of one
// 'parallel for' (a malloc block, sized containers, a make_unique array):
// one split makes them all once per thread, whichever finding's fix is
// applied, since a second split of the loop could not follow the first.
// The plugin's --fix, the CLI's --fix and its --export-fixes (applied by
// clang-apply-replacements) make the same rewrite, and every finding of
// the loop is fixed by it: a second run finds none.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: cp %t/in.cpp %t/cli.cpp && mkdir -p %t/yaml && cp %t/in.cpp %t/yaml/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: %privateer --fix %t/cli.cpp -- -std=c++17 -fopenmp > /dev/null 2>&1 || true
// RUN: diff %t/in.cpp %t/cli.cpp
// RUN: %privateer --export-fixes=%t/yaml/fixes.yaml %t/yaml/in.cpp -- -std=c++17 -fopenmp > /dev/null 2>&1 || true
// RUN: %apply-replacements %t/yaml && diff %t/in.cpp %t/yaml/in.cpp
// RUN: %cxx %t/in.cpp 2>&1 | FileCheck %s --check-prefix=AGAIN --allow-empty
// RUN: %clangxx -x c++ -std=c++17 -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clangxx -x c++ -std=c++17 -O1 -fopenmp %t/in.cpp -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clangxx -x c++ -std=c++17 -O1 -g -fopenmp -fsanitize=thread %t/in.cpp -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

double mixed(int n, int m) {
  double total = 0;
#pragma omp parallel for reduction(+ : total) schedule(dynamic)
  for (int i = 0; i < n; i++) {
    double *tmp = (double *)malloc(m * sizeof(double));
    std::vector<double> row(m);
    std::vector<int> marks(m, -1);
    auto w = std::make_unique<double[]>(m);
    for (int j = 0; j < m; j++) {
      tmp[j] = i + j;
      row[j] = tmp[j] * 2;
    }
    marks[i % m] = i;
    for (int j = 0; j < m; j += 2)
      w[j] = row[j];
    for (int j = 0; j < m; j++)
      total += row[j] + tmp[j] + marks[j] + w[j];
    free(tmp);
  }
  return total;
}

int main() {
  std::printf("%.1f\n", mixed(3000, 37));
  return 0;
}
// DIAG: warning: 'tmp' ('m * 8' bytes) is allocated and freed in every iteration
// DIAG: warning: 'row' ('m * 8' bytes) is constructed and destroyed
// DIAG: warning: 'marks' ('m * 4' bytes) is constructed and destroyed
// DIAG: warning: 'w' ('m * 8' bytes) is constructed and destroyed
// FIXED-LABEL: double mixed(
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   double *tmp = (double *)malloc(m * sizeof(double));
// FIXED-NEXT:   std::vector<double> row;
// FIXED-NEXT:   std::vector<int> marks;
// FIXED-NEXT:   auto w = std::make_unique<double[]>(m);
// FIXED-NEXT: #pragma omp for reduction(+ : total) schedule(dynamic)
// FIXED-NEXT:   for (int i = 0; i < n; i++) {
// FIXED-NEXT:     row.resize(m);
// FIXED-NEXT:     marks.assign(m, -1);
// FIXED-NEXT:     std::uninitialized_fill_n(w.get(), m, double());
// FIXED:          total += row[j] + tmp[j] + marks[j] + w[j];
// FIXED-NEXT:   }
// FIXED-NEXT:   free(tmp);
// FIXED-NEXT: }
// FIXED-NEXT: return total;
// AGAIN-NOT: warning:
// CLEAN: {{^[0-9]+\.[0-9]$}}
