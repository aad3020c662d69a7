# counters: one counter slot per thread, updated by a worksharing loop
# (false sharing; benchmarks/README.md says what each variant is).
privateer_bench_kernel(counters counters/seq.c count_hits counters/driver.c)
privateer_bench(counters seq counters/seq.c)
privateer_bench(counters packed counters/packed.c)
privateer_bench(counters padded counters/padded.c)
privateer_bench(counters fixed_packed counters/packed.c FIX)
privateer_bench(counters reduction counters/reduction.c)
