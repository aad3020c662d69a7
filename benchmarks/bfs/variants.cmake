# bfs: top-down BFS on a Kronecker graph, with a shared next frontier
# (benchmarks/README.md says what each variant is).
privateer_bench_kernel(bfs bfs/seq.cpp bfs_parents
                       bfs/driver.cpp bfs/kronecker.cpp bfs/validate.cpp)
privateer_bench(bfs seq bfs/seq.cpp)
privateer_bench(bfs racy_counter bfs/racy_counter.cpp)
privateer_bench(bfs racy_pushback bfs/racy_pushback.cpp)
privateer_bench(bfs naive_critical bfs/naive_critical.cpp)
privateer_bench(bfs naive_atomic bfs/naive_atomic.cpp)
privateer_bench(bfs fixed_counter bfs/racy_counter.cpp FIX)
privateer_bench(bfs fixed_pushback bfs/racy_pushback.cpp FIX)
privateer_bench(bfs expert bfs/expert.cpp)
