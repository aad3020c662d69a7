// Top-down BFS as people first parallelize it with a std::vector frontier
// (examples/bfs_frontier.cpp): 'next.push_back(v)' from every thread at once
// races on the vector's size and storage, and can crash.
#include <vector>

void bfs_parents(int n, const long *offsets, const int *targets, int root,
                 int *parent) {
  for (int v = 0; v < n; v++)
    parent[v] = -1;
  parent[root] = root;
  std::vector<int> frontier{root}, next;
  while (!frontier.empty()) {
    next.clear();
#pragma omp parallel for schedule(dynamic, 64)
    for (std::size_t k = 0; k < frontier.size(); k++) {
      int u = frontier[k];
      for (long e = offsets[u]; e < offsets[u + 1]; e++) {
        int v = targets[e];
        if (parent[v] < 0) {
          parent[v] = u;
          next.push_back(v);
        }
      }
    }
    frontier.swap(next);
  }
}
