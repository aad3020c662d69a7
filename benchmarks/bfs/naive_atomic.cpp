// The counter frontier with each slot taken by an atomic capture (what
// privateer's fix of racy_counter.cpp wrote before per-thread buffers): one
// atomic read-modify-write of one shared line per pushed vertex.
#include <cstdlib>
#include <utility>

void bfs_parents(int n, const long *offsets, const int *targets, int root,
                 int *parent) {
  int *frontier = (int *)malloc(sizeof(int) * n);
  int *next = (int *)malloc(sizeof(int) * n);
  for (int v = 0; v < n; v++)
    parent[v] = -1;
  parent[root] = root;
  frontier[0] = root;
  long size = 1;
  while (size > 0) {
    long count = 0;
#pragma omp parallel for schedule(dynamic, 64)
    for (long k = 0; k < size; k++) {
      int u = frontier[k];
      for (long e = offsets[u]; e < offsets[u + 1]; e++) {
        int v = targets[e];
        if (parent[v] < 0) {
          parent[v] = u;
          long slot;
#pragma omp atomic capture
          slot = count++;
          next[slot] = v;
        }
      }
    }
    std::swap(frontier, next);
    size = count;
  }
  free(frontier);
  free(next);
}
