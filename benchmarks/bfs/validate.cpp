//===- validate.cpp - Is a parent array a BFS tree? ----------------------===//

#include "graph.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace {

// Edges are stored both ways: search the shorter list (a parent is often a
// hub with a long one, its child rarely).
bool adjacent(const Graph &g, int u, int v) {
  if (g.degree(u) > g.degree(v))
    std::swap(u, v);
  auto begin = g.targets.begin() + g.offsets[u];
  auto end = g.targets.begin() + g.offsets[u + 1];
  return std::binary_search(begin, end, v);
}

std::string at(const char *what, int v) {
  return std::string(what) + " (vertex " + std::to_string(v) + ")";
}

} // namespace

std::string validate_tree(const Graph &g, int root, const int *parent,
                          bool check_edges, TreeSummary &summary) {
  const int n = g.n;
  if (parent[root] != root)
    return at("the root is not its own parent", root);
  // Depths from the parents: walk up from each vertex to one whose depth is
  // known, then number the path on the way back. A walk longer than n steps
  // is a cycle.
  std::vector<int> depth(n, -1), path;
  depth[root] = 0;
  for (int v = 0; v < n; v++) {
    if (parent[v] == -1 || depth[v] >= 0)
      continue;
    path.clear();
    int x = v;
    while (depth[x] < 0) {
      if (parent[x] < 0 || parent[x] >= n)
        return at("a reached vertex's parent is not reached", x);
      if ((int)path.size() > n)
        return at("the parents form a cycle", v);
      path.push_back(x);
      x = parent[x];
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it)
      depth[*it] = depth[parent[*it]] + 1;
  }
  summary = TreeSummary();
  for (int v = 0; v < n; v++) {
    if (depth[v] < 0)
      continue;
    summary.reached++;
    summary.edges += g.degree(v);
    // A hash of (vertex, depth) pairs that does not depend on the order.
    unsigned long long h = (unsigned long long)v * 0x9e3779b97f4a7c15ull ^
                           (unsigned long long)depth[v] * 0xbf58476d1ce4e5b9ull;
    summary.depth_hash += h ^ (h >> 29);
    if (v != root && !adjacent(g, parent[v], v))
      return at("a parent is not a neighbour", v);
    for (long e = g.offsets[v]; check_edges && e < g.offsets[v + 1]; e++) {
      int w = g.targets[e];
      if (depth[w] < 0)
        return at("an edge leaves the reached set", v);
      if (std::abs(depth[w] - depth[v]) > 1)
        return at("an edge's ends differ by more than one level", v);
    }
  }
  summary.edges /= 2;
  return "";
}
