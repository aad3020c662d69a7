// The first fix people reach for: every push onto the shared std::vector
// frontier in a critical section. Correct (a vertex two threads find at
// once is pushed twice, at the same depth), but every push takes a lock.
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
#pragma omp critical
          next.push_back(v);
        }
      }
    }
    frontier.swap(next);
  }
}
