// A std::vector (or std::string) that every iteration resets first —
// clear(), assign(), an assignment, resize(0) — and then fills is the
// iteration's scratch: private(v) gives each thread a default-constructed
// copy, which behaves as the shared one did and costs no copy of its
// elements (firstprivate would copy them in for nothing). Filled through
// a method the analysis cannot see (`parser->parse(line, &fields)`, as a
// library's loader does) too. Used after the loop, the last iteration's
// value is kept (lastprivate). The original races (ThreadSanitizer and
// Archer see it); the rewritten program computes the sequential result
// with 1, 2 and 4 threads and is clean.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -x c++ -std=c++17 -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clangxx -x c++ -std=c++17 -O1 -fopenmp %t/in.cpp -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clangxx -x c++ -std=c++17 -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clangxx -x c++ -std=c++17 -O1 -g -fopenmp -fsanitize=thread %t/in.cpp -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

// The indices of the labels equal to i: cleared, filled, read.
long matches(const std::vector<int> &labels, int n) {
  std::vector<int> idx;
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    idx.clear();
    for (int j = 0; j < (int)labels.size(); j++)
      if (labels[j] == i % 7)
        idx.push_back(j);
    for (int k : idx)
      total += k;
  }
  return total;
}

// A parser the loop reaches through a virtual call.
struct Parser {
  virtual ~Parser() = default;
  virtual void parse(int line, std::vector<std::pair<int, double>> *out,
                     double *label) const = 0;
};
struct CsvParser : Parser {
  void parse(int line, std::vector<std::pair<int, double>> *out,
             double *label) const override {
    for (int f = 0; f < 1 + line % 5; f++)
      out->emplace_back(f, line * 0.25 + f);
    *label = line % 3;
  }
};

double load(const Parser *parser, int n, std::vector<double> &labels) {
  std::vector<std::pair<int, double>> fields;
  double sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(static)
  for (int i = 0; i < n; i++) {
    double label;
    fields.clear();
    parser->parse(i, &fields, &label);
    labels[i] = label;
    for (auto &f : fields)
      sum += f.first * f.second;
  }
  return sum;
}

std::vector<int> digits_of(int x) {
  std::vector<int> d;
  for (; x > 0; x /= 10)
    d.push_back(x % 10);
  return d;
}

// Assigned whole (the value a function returns), then changed.
long digit_sums(int n) {
  std::vector<int> d;
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 1; i <= n; i++) {
    d = digits_of(i * 37);
    d.push_back(1);
    for (int x : d)
      total += x;
  }
  return total;
}

// assign() and resize(0) reset it too; a std::string as well.
long windows(int n) {
  std::vector<double> w;
  std::string tag;
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    w.assign(4, 1.5);
    w[i % 4] += i;
    tag.resize(0);
    tag += std::to_string(i);
    total += (long)(w[0] + w[3]) + (long)tag.size();
  }
  return total;
}

// Read after the loop: the last iteration's contents are kept.
std::size_t last_fill(int n) {
  std::vector<int> row;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    row.clear();
    for (int k = 0; k <= i % 9; k++)
      row.push_back(k);
  }
  return row.size() * 100 + (row.empty() ? 0 : row.back());
}

int main() {
  std::vector<int> labels(500);
  for (int j = 0; j < 500; j++)
    labels[j] = (j * 13) % 7;
  CsvParser csv;
  std::vector<double> lab(3000);
  double s = load(&csv, 3000, lab);
  double ls = 0;
  for (double x : lab)
    ls += x;
  std::printf("%ld %.2f %.1f %ld %ld %zu\n", matches(labels, 2000), s, ls,
              digit_sums(4000), windows(3000), last_fill(1000));
  return 0;
}
// DIAG: warning: shared buffer 'idx' is scratch that every iteration overwrites
// DIAG: note: 'idx' is shared by this 'omp parallel for'; give each thread its own copy: declare 'idx' inside the loop body or add 'private(idx)'
// DIAG: warning: shared buffer 'fields' is scratch
// DIAG: warning: shared buffer 'd' is scratch
// DIAG: warning: shared buffer 'w' is scratch
// DIAG: warning: shared buffer 'tag' is scratch
// DIAG: warning: shared buffer 'row' is scratch
// FIXED-LABEL: long matches(
// FIXED: #pragma omp parallel for reduction(+ : total) private(idx){{$}}
// FIXED-LABEL: double load(
// FIXED: #pragma omp parallel for reduction(+ : sum) schedule(static) private(fields){{$}}
// FIXED-LABEL: long digit_sums(
// FIXED: #pragma omp parallel for reduction(+ : total) private(d){{$}}
// FIXED-LABEL: long windows(
// FIXED: #pragma omp parallel for reduction(+ : total) private(w, tag){{$}}
// FIXED-LABEL: std::size_t last_fill(
// FIXED: #pragma omp parallel for lastprivate(row){{$}}
// RACE: ThreadSanitizer: data race
// CLEAN: {{^[0-9]+ [0-9.]+ [0-9.]+ [0-9]+ [0-9]+ [0-9]+$}}
