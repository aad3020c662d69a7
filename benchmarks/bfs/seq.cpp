// Top-down BFS, sequential: the reference tree.
#include <vector>

void bfs_parents(int n, const long *offsets, const int *targets, int root,
                 int *parent) {
  for (int v = 0; v < n; v++)
    parent[v] = -1;
  parent[root] = root;
  std::vector<int> frontier{root}, next;
  while (!frontier.empty()) {
    next.clear();
    for (int u : frontier)
      for (long e = offsets[u]; e < offsets[u + 1]; e++) {
        int v = targets[e];
        if (parent[v] < 0) {
          parent[v] = u;
          next.push_back(v);
        }
      }
    frontier.swap(next);
  }
}
