// `m[k]` of a std::map or std::unordered_map inserts k when it is missing: a
// change of the whole map. Where the map is one element of an outer
// container (`maps[i][k]`, or through `auto &m = maps[a][i];` as MetaBAT's
// contigOverlaps.cpp writes it), the change is that element's alone, and each
// iteration's own map is silent; one map for every iteration races. A map
// that is an element of another map (`outer[i][k]`, `auto &m = outer[i];`)
// inserts i into the outer map: every iteration changes the outer map.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <map>
#include <unordered_map>
#include <vector>

using Index = std::map<int, int>;

void ownMapThroughReference(std::vector<std::vector<Index>> &maps, int bams,
                            int assemblies) {
#pragma omp parallel for schedule(dynamic)
  for (int bam = 0; bam < bams; bam++)
    for (int a = 0; a < assemblies; a++) {
      Index &m = maps[a][bam];
      for (int r = 0; r < 5; r++)
        m[r * 7 + bam] = a;
    }
}

void ownMapBySubscript(std::vector<std::unordered_map<int, double>> &maps,
                       const int *keys, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    maps[i][keys[i]] += 1.0;
}

void sameMapForEveryIteration(std::vector<Index> &maps, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    Index &m = maps[0];
    m[i] = i; // expected-warning {{'maps' is written by every iteration at the same element without synchronization}}
  }
}

void collidingMaps(std::vector<Index> &maps, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    maps[i / 2][i] = i; // expected-warning {{'maps' is written by every iteration at the same element without synchronization}}
}

void oneMap(Index &m, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    m[i] = i; // expected-warning {{shared container 'm' is modified by every iteration without synchronization}}
}

void mapOfMaps(std::map<int, Index> &outer, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    outer[i][0] = i; // expected-warning {{shared container 'outer' is modified by every iteration without synchronization ('outer[i]')}}
}

void mapOfMapsThroughReference(std::unordered_map<int, Index> &outer, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    Index &m = outer[i];
    m[0] = i; // expected-warning {{shared container 'outer' is modified by every iteration without synchronization ('m[0]')}}
  }
}
