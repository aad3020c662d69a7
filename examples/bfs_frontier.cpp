// One level of a top-down BFS: the shared next frontier is the race.
#include <cstddef>
#include <vector>

struct Graph {
  std::vector<int> offsets, targets;
};

void bfs_level(const Graph &g, const std::vector<int> &frontier,
               std::vector<int> &parent, std::vector<int> &next) {
#pragma omp parallel for schedule(dynamic, 64)
  for (std::size_t k = 0; k < frontier.size(); k++) {
    int u = frontier[k];
    for (int e = g.offsets[u]; e < g.offsets[u + 1]; e++) {
      int v = g.targets[e];
      if (parent[v] < 0) {
        parent[v] = u;
        next.push_back(v);
      }
    }
  }
}

void bfs_level_fixed(const Graph &g, const std::vector<int> &frontier,
                     std::vector<int> &parent, std::vector<int> &next) {
#pragma omp parallel
  {
    std::vector<int> local;
#pragma omp for schedule(dynamic, 64) nowait
    for (std::size_t k = 0; k < frontier.size(); k++) {
      int u = frontier[k];
      for (int e = g.offsets[u]; e < g.offsets[u + 1]; e++) {
        int v = g.targets[e];
        int expected = -1;
        if (__atomic_compare_exchange_n(&parent[v], &expected, u, false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
          local.push_back(v);
      }
    }
#pragma omp critical
    next.insert(next.end(), local.begin(), local.end());
  }
}
