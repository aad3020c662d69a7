// Top-down BFS as people first parallelize it, with the next frontier as an
// array and a counter: 'next[count++] = v' from every thread at once loses
// updates of the counter and overwrites slots.
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
          next[count++] = v;
        }
      }
    }
    std::swap(frontier, next);
    size = count;
  }
  free(frontier);
  free(next);
}
