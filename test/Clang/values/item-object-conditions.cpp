// A test of a method of what each work item names for itself (its own
// local object, the element its index selects) differs between work items,
// as a test of a function of the index does: a shared total updated where
// it holds is updated by more than one iteration, a race, certain (it was
// held back as one that may single out one work item, as a call with the
// same arguments in every item may). Writes of each item's own element
// under such a test stay silent.
// RUN: %clangxx -fopenmp -fsyntax-only -fplugin=%plugin -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx -fopenmp -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

#include <vector>

struct Adapter {
  bool standalone() const;
  int weight() const;
};
struct Graph {
  unsigned size() const;
  Adapter adapter(unsigned i) const;
  bool first_pass() const;
};

unsigned pop(const Graph &g) {
  unsigned removed = 0;
#pragma omp parallel for
  for (unsigned i = 0; i < g.size(); ++i) {
    Adapter a = g.adapter(i);
    if (a.standalone())
      continue;
    removed += a.weight(); // expected-warning {{'removed' is updated by every iteration without a reduction}}
  }
  return removed;
}

double coverage(const std::vector<std::vector<int>> &contigs, unsigned min) {
  double sum = 0;
#pragma omp parallel for
  for (long i = 0; i < (long)contigs.size(); ++i)
    if (contigs[i].size() > min)
      sum += contigs[i].size(); // expected-warning {{'sum' is updated by every iteration without a reduction}}
  return sum;
}

double disjoint(const std::vector<std::vector<int>> &contigs, double *len) {
#pragma omp parallel for
  for (long i = 0; i < (long)contigs.size(); ++i)
    if (contigs[i].size() > 4)
      len[i] = contigs[i].size();
  return len[0];
}
