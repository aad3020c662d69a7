//===- driver.cpp - The BFS benchmark's driver ---------------------------===//
//
// Top-down BFS from 16 roots (4 with --quick) of a Graph500 Kronecker graph
// of scale 20 (17 with --quick), edge factor 16. One timed call runs the BFS
// from every root in turn; every tree of every call is validated (untimed)
// and must reach the vertices the sequential variant's reaches, at the same
// depths. Every edge is checked against the depths of the sequential trees
// and of the first call's; the other calls' trees, with the same depths,
// need not be scanned again. MTEPS counts the undirected edges of each reached
// component once per root, over the total time (Graph500 counts the same
// edges).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "graph.h"

#include <cstdio>
#include <string>
#include <vector>

// The variant linked into this executable, and the sequential variant
// compiled again under another name for the reference trees.
void bfs_parents(int n, const long *offsets, const int *targets, int root,
                 int *parent);
void bfs_parents_seq(int n, const long *offsets, const int *targets, int root,
                     int *parent);

namespace {

struct Run {
  const Graph *g;
  std::vector<int> roots;
  std::vector<std::vector<int>> parents; // one tree per root
  std::vector<TreeSummary> expected;
  long edges = 0;
  std::string problem; // the first invalid tree's
  int calls = 0;
};

void run(void *context) {
  Run &r = *static_cast<Run *>(context);
  for (std::size_t i = 0; i < r.roots.size(); i++)
    bfs_parents(r.g->n, r.g->offsets.data(), r.g->targets.data(), r.roots[i],
                r.parents[i].data());
}

int check(void *context) {
  Run &r = *static_cast<Run *>(context);
  bool ok = true;
  bool check_edges = r.calls++ == 0;
  for (std::size_t i = 0; i < r.roots.size(); i++) {
    TreeSummary s;
    std::string problem =
        validate_tree(*r.g, r.roots[i], r.parents[i].data(), check_edges, s);
    if (problem.empty() && (s.reached != r.expected[i].reached ||
                            s.depth_hash != r.expected[i].depth_hash))
      problem = "reached set or depths differ from the sequential BFS";
    if (!problem.empty()) {
      if (r.problem.empty())
        r.problem = "root " + std::to_string(r.roots[i]) + ": " + problem;
      ok = false;
    }
  }
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  bench_options options;
  bench_parse_options(argc, argv, &options);
  const int scale = options.quick ? 17 : 20, edge_factor = 16;
  const int root_count = options.quick ? 4 : 16;
  std::string name = "kronecker-" + std::to_string(scale);
  if (!bench_wants_case(&options, name.c_str()))
    return 0;
  Graph g = kronecker_graph(scale, edge_factor, 1, options.ref_dir);

  Run r;
  r.g = &g;
  r.roots = pick_roots(g, root_count, 2);
  r.parents.assign(r.roots.size(), std::vector<int>(g.n));
  // The reference: the sequential variant's trees, cached as (reached,
  // edges, depth hash) per root. The hash is stored as two 32-bit halves,
  // which doubles hold exactly.
  std::string key = "bfs-" + name + "-roots" + std::to_string(root_count);
  std::vector<double> cached(4 * r.roots.size());
  r.expected.resize(r.roots.size());
  if (bench_load_reference(options.ref_dir, key.c_str(), cached.data(),
                           cached.size())) {
    for (std::size_t i = 0; i < r.roots.size(); i++) {
      r.expected[i].reached = (long)cached[4 * i];
      r.expected[i].edges = (long)cached[4 * i + 1];
      r.expected[i].depth_hash = (unsigned long long)cached[4 * i + 2] << 32 |
                                 (unsigned long long)cached[4 * i + 3];
    }
  } else {
    for (std::size_t i = 0; i < r.roots.size(); i++) {
      bfs_parents_seq(g.n, g.offsets.data(), g.targets.data(), r.roots[i],
                      r.parents[i].data());
      std::string problem = validate_tree(g, r.roots[i], r.parents[i].data(),
                                          true, r.expected[i]);
      if (!problem.empty()) {
        std::fprintf(stderr, "the sequential BFS is wrong: %s\n",
                     problem.c_str());
        return 1;
      }
      cached[4 * i] = (double)r.expected[i].reached;
      cached[4 * i + 1] = (double)r.expected[i].edges;
      cached[4 * i + 2] = (double)(r.expected[i].depth_hash >> 32);
      cached[4 * i + 3] = (double)(r.expected[i].depth_hash & 0xffffffffu);
    }
    bench_save_reference(options.ref_dir, key.c_str(), cached.data(),
                         cached.size());
  }
  for (const TreeSummary &s : r.expected)
    r.edges += s.edges;

  bench_measurement m = bench_measure(run, check, &r, options.reps);
  char detail[256], extra[128];
  std::snprintf(detail, sizeof detail, "scale %d, %d roots, %ld arcs%s%s",
                scale, root_count, (long)g.targets.size(),
                r.problem.empty() ? "" : "; ", r.problem.c_str());
  std::snprintf(extra, sizeof extra, "\"mteps\": %.2f",
                r.edges / m.median_s / 1e6);
  bench_report(&options, "bfs", name.c_str(), &m, detail, extra);
  return 0;
}
