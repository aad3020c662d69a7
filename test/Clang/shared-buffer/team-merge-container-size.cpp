// Each thread adds its partial counts into a shared array after its share
// of an 'omp for nowait' (mmseqs2's gff2db shape, its 'critical' removed):
// every thread runs the merge loop, so threads update the same elements.
// The loop's bound is the size of a standard container the region does not
// change, one value for every thread: the race is certain. A bound that is
// the size of each thread's own vector is one the model cannot read: held
// back, and the construct is counted so (test/CLI/silence.test).
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <vector>

void count(const std::vector<int> &keys, const std::vector<int> &features,
           std::vector<long> &total) {
#pragma omp parallel
  {
    std::vector<long> local(features.size(), 0);
#pragma omp for nowait
    for (std::size_t i = 0; i < keys.size(); ++i)
      local[keys[i] % features.size()]++;
    for (std::size_t k = 0; k < features.size(); ++k)
      total[k] += local[k]; // expected-warning {{threads update 'total' at the same element without synchronization}}
  }
}

void guarded(const std::vector<int> &keys, const std::vector<int> &features,
             std::vector<long> &total) {
#pragma omp parallel
  {
    std::vector<long> local(features.size(), 0);
#pragma omp for nowait
    for (std::size_t i = 0; i < keys.size(); ++i)
      local[keys[i] % features.size()]++;
#pragma omp critical
    for (std::size_t k = 0; k < features.size(); ++k)
      total[k] += local[k];
  }
}

void own_size(std::vector<long> &total, int nf) {
#pragma omp parallel
  {
    std::vector<long> local(nf, 0);
    for (std::size_t k = 0; k < local.size(); ++k)
      total[k] += local[k];
  }
}
