//===- graph.h - The BFS benchmark's graph and its checks -------*- C++ -*-===//
//
// An undirected Kronecker graph with the Graph500 generator's parameters,
// in CSR form (each vertex's neighbours sorted, no self loops, no duplicate
// edges), and the validation of a BFS parent tree.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_BENCH_BFS_GRAPH_H
#define PRIVATEER_BENCH_BFS_GRAPH_H

#include <cstdint>
#include <string>
#include <vector>

struct Graph {
  int n = 0;
  std::vector<long> offsets; // n + 1
  std::vector<int> targets;  // offsets[n], both directions of every edge
  long degree(int v) const { return offsets[v + 1] - offsets[v]; }
};

// The graph of 2^scale vertices and edge_factor * 2^scale generated edges
// (Graph500: A = 0.57, B = C = 0.19, vertex labels permuted), from a fixed
// seed. It is cached in cache_dir (generating scale 20 takes seconds, and
// every variant's executable needs the same graph).
Graph kronecker_graph(int scale, int edge_factor, std::uint64_t seed,
                      const std::string &cache_dir);

// `count` distinct roots with at least one edge, from a fixed seed.
std::vector<int> pick_roots(const Graph &g, int count, std::uint64_t seed);

// What a valid BFS tree from one root must agree on with the sequential
// variant's: how many vertices it reaches and a hash of their depths (the
// depths of a BFS tree are the shortest distances, so every valid tree has
// the same ones).
struct TreeSummary {
  long reached = 0;
  long edges = 0; // undirected edges within the reached component
  std::uint64_t depth_hash = 0;
};

// Checks `parent` as a BFS tree from `root`: the root is its own parent;
// every reached vertex's parent is reached, is its neighbour and is one
// level closer to the root (no cycles). With `check_edges`, also every
// edge: its ends' depths differ by at most one, and it never joins a
// reached vertex to an unreached one (a scan of all edges with random
// reads, the costliest check; for a tree whose depths equal a checked
// tree's it follows from the equality). On success fills `summary` and
// returns an empty string; else says what is wrong.
std::string validate_tree(const Graph &g, int root, const int *parent,
                          bool check_edges, TreeSummary &summary);

#endif // PRIVATEER_BENCH_BFS_GRAPH_H
