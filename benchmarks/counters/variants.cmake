# counters: one counter slot per thread, updated by a worksharing loop
# (false sharing; benchmarks/README.md says what each variant is).
privateer_bench_kernel(counters counters/seq.c count_hits counters/driver.c)
privateer_bench(counters seq counters/seq.c)
privateer_bench(counters packed counters/packed.c)
privateer_bench(counters padded counters/padded.c)
privateer_bench(counters fixed_packed counters/packed.c FIX)
privateer_bench(counters reduction counters/reduction.c)
# oneTBB: slots indexed by this_task_arena::current_thread_index() in
# tbb::parallel_for (the thread count from OMP_NUM_THREADS through
# tbb::global_control).
privateer_bench(counters tbb_packed counters/tbb_packed.cpp TBB)
privateer_bench(counters tbb_fixed_packed counters/tbb_packed.cpp FIX TBB)
privateer_bench(counters tbb_ets counters/tbb_ets.cpp TBB)
