// Different members of one object are different memory: a member written
// under 'critical' (a std::map insertion) and another member indexed by the
// iteration do not race (the shape of HPCG's GenerateProblem), through
// nested structs, std::pair and std::tuple members and arrays of structs.
// The same member, and members of a union, still race.
// RUN: %cxx -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <map>
#include <tuple>
#include <utility>
#include <vector>

struct Index {
  std::map<long, int> globalToLocal;
  double total;
};
struct Matrix {
  Index index;
  std::vector<long> localToGlobal;
  int rows;
};

void nested_members(Matrix &A, int n, long offset) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    A.index.globalToLocal[offset + i] = i;
    A.localToGlobal[i] = offset + i;
  }
}

void nested_member_and_scalar_member(Matrix &A, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    A.index.globalToLocal[i] = i;
    A.rows = n; // the same value everywhere: privateer-same-value-store's
  }
}

void same_nested_member(Matrix &A, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    A.index.globalToLocal[i] = i;
    A.index.total = i; // expected-warning {{'total' of 'A.index' is written by every iteration without synchronization}}
  }
}

void same_member_outside_critical(Matrix &A, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    A.index.globalToLocal[i] = i;
    A.index.globalToLocal[-i - 1] = i; // expected-warning {{'globalToLocal' of 'A.index' is written by every iteration without synchronization}}
  }
}

void pair_members(std::pair<std::map<long, int>, std::vector<long>> &p, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    p.first[i] = i;
    p.second[i] = i;
  }
}

void tuple_members(std::tuple<std::map<long, int>, std::vector<long>, int> &t,
                   int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    std::get<0>(t)[i] = i;
    std::get<1>(t)[i] = i;
  }
}

void tuple_same_member(std::tuple<std::map<long, int>, std::vector<long>, int> &t,
                       int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    std::get<0>(t)[i] = i;
    std::get<2>(t) = i; // expected-warning {{'t.get<2>' is written by every iteration without synchronization}}
  }
}

struct Cell {
  std::vector<int> neighbours;
  double mass;
};
struct Mesh {
  std::vector<Cell> cells;
  std::map<int, int> boundary;
};

void array_of_structs(Mesh &m, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    m.cells[i].neighbours.push_back(i + 1);
    m.cells[i].mass = 1.0;
    if (i % 7 == 0) {
#pragma omp critical
      m.boundary[i] = i;
    }
  }
}

void array_of_structs_neighbour(Mesh &m, int n) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    m.cells[i - 1].mass = m.cells[i].mass; // expected-warning {{'m' is written by one iteration and read by another}}
}

union Bits {
  int i;
  float f;
};

void union_members(Bits *u, float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    u->i = i;
    out[i] = u->f; // expected-warning {{'u' is written in a critical section but read outside it}}
  }
}
