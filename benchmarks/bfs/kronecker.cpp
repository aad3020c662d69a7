//===- kronecker.cpp - Graph500 Kronecker graph, CSR, cached ------------===//

#include "graph.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <unistd.h>

namespace {

// splitmix64: a counter-based generator, so that edge e's endpoints depend
// on the seed and e only and the edges can be generated in parallel.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

double uniform(std::uint64_t seed, std::uint64_t counter) {
  return (mix(seed ^ mix(counter)) >> 11) * (1.0 / 9007199254740992.0);
}

// The Graph500 generator: each edge descends `scale` levels of the 2 x 2
// initiator matrix [[A, B], [C, D]], choosing a quadrant at each level.
void generate(int scale, long edges, std::uint64_t seed, std::vector<int> &from,
              std::vector<int> &to) {
  const double A = 0.57, B = 0.19, C = 0.19;
  from.resize(edges);
  to.resize(edges);
#pragma omp parallel for schedule(static)
  for (long e = 0; e < edges; e++) {
    int u = 0, v = 0;
    for (int level = 0; level < scale; level++) {
      double r = uniform(seed, (std::uint64_t)e * 64 + level);
      int bit = 1 << level;
      if (r < A) {
      } else if (r < A + B) {
        v |= bit;
      } else if (r < A + B + C) {
        u |= bit;
      } else {
        u |= bit;
        v |= bit;
      }
    }
    from[e] = u;
    to[e] = v;
  }
  // Graph500 permutes the labels, so that degree does not follow the label.
  int n = 1 << scale;
  std::vector<int> label(n);
  std::iota(label.begin(), label.end(), 0);
  for (int i = n - 1; i > 0; i--)
    std::swap(label[i], label[mix(seed + 7 * i) % (std::uint64_t)(i + 1)]);
#pragma omp parallel for schedule(static)
  for (long e = 0; e < edges; e++) {
    from[e] = label[from[e]];
    to[e] = label[to[e]];
  }
}

Graph to_csr(int n, const std::vector<int> &from, const std::vector<int> &to) {
  Graph g;
  g.n = n;
  std::vector<long> degree(n + 1, 0);
  for (std::size_t e = 0; e < from.size(); e++)
    if (from[e] != to[e]) {
      degree[from[e]]++;
      degree[to[e]]++;
    }
  g.offsets.assign(n + 1, 0);
  for (int v = 0; v < n; v++)
    g.offsets[v + 1] = g.offsets[v] + degree[v];
  std::vector<int> targets(g.offsets[n]);
  std::vector<long> fill(g.offsets.begin(), g.offsets.end() - 1);
  for (std::size_t e = 0; e < from.size(); e++)
    if (from[e] != to[e]) {
      targets[fill[from[e]]++] = to[e];
      targets[fill[to[e]]++] = from[e];
    }
  // Sorted neighbours without duplicates (as GAPBS builds them).
  std::vector<long> kept(n + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024)
  for (int v = 0; v < n; v++) {
    auto begin = targets.begin() + g.offsets[v];
    auto end = targets.begin() + g.offsets[v + 1];
    std::sort(begin, end);
    kept[v + 1] = std::unique(begin, end) - begin;
  }
  for (int v = 0; v < n; v++)
    kept[v + 1] += kept[v];
  g.targets.resize(kept[n]);
  for (int v = 0; v < n; v++)
    std::copy(targets.begin() + g.offsets[v],
              targets.begin() + g.offsets[v] + (kept[v + 1] - kept[v]),
              g.targets.begin() + kept[v]);
  g.offsets = std::move(kept);
  return g;
}

bool load(const std::string &path, Graph &g) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    return false;
  long header[2];
  bool ok = std::fread(header, sizeof header, 1, f) == 1;
  if (ok) {
    g.n = (int)header[0];
    g.offsets.resize(g.n + 1);
    g.targets.resize(header[1]);
    ok = std::fread(g.offsets.data(), sizeof(long), g.n + 1, f) ==
             (std::size_t)g.n + 1 &&
         std::fread(g.targets.data(), sizeof(int), header[1], f) ==
             (std::size_t)header[1] &&
         g.offsets[g.n] == header[1];
  }
  std::fclose(f);
  return ok;
}

void save(const std::string &path, const Graph &g) {
  // Written beside and renamed: a reader sees the whole file or none.
  std::string temporary = path + "." + std::to_string(getpid()) + ".tmp";
  FILE *f = std::fopen(temporary.c_str(), "wb");
  if (!f)
    return;
  long header[2] = {g.n, (long)g.targets.size()};
  bool ok = std::fwrite(header, sizeof header, 1, f) == 1 &&
            std::fwrite(g.offsets.data(), sizeof(long), g.n + 1, f) ==
                (std::size_t)g.n + 1 &&
            std::fwrite(g.targets.data(), sizeof(int), g.targets.size(), f) ==
                g.targets.size();
  if (std::fclose(f) == 0 && ok)
    std::rename(temporary.c_str(), path.c_str());
  else
    std::remove(temporary.c_str());
}

} // namespace

Graph kronecker_graph(int scale, int edge_factor, std::uint64_t seed,
                      const std::string &cache_dir) {
  std::string path = cache_dir + "/kronecker-s" + std::to_string(scale) +
                     "-ef" + std::to_string(edge_factor) + "-seed" +
                     std::to_string(seed) + ".csr";
  Graph g;
  if (load(path, g))
    return g;
  std::vector<int> from, to;
  generate(scale, (long)edge_factor << scale, seed, from, to);
  g = to_csr(1 << scale, from, to);
  save(path, g);
  return g;
}

std::vector<int> pick_roots(const Graph &g, int count, std::uint64_t seed) {
  std::vector<int> roots;
  for (std::uint64_t k = 0; (int)roots.size() < count; k++) {
    int v = (int)(mix(seed ^ (k * 0x2545f4914f6cdd1dull)) % g.n);
    if (g.degree(v) > 0 &&
        std::find(roots.begin(), roots.end(), v) == roots.end())
      roots.push_back(v);
  }
  return roots;
}
