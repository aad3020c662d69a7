# matmul: the sum of all pairwise matrix products with a scratch product
# buffer (benchmarks/README.md says what each variant is).
privateer_bench_kernel(matmul matmul/seq.c matmul_sums matmul/driver.c)
privateer_bench(matmul seq matmul/seq.c)
privateer_bench(matmul racy matmul/racy.c)
privateer_bench(matmul naive_malloc matmul/naive_malloc.c)
privateer_bench(matmul naive_vector matmul/naive_vector.cpp)
privateer_bench(matmul fixed_racy matmul/racy.c FIX)
privateer_bench(matmul fixed_naive_malloc matmul/naive_malloc.c FIX)
privateer_bench(matmul fixed_naive_vector matmul/naive_vector.cpp FIX)
privateer_bench(matmul expert matmul/expert.c)
privateer_bench(matmul pool matmul/pool.cpp)
# oneTBB: the same kernel with tbb::parallel_for (the thread count from
# OMP_NUM_THREADS through tbb::global_control).
privateer_bench(matmul tbb_racy matmul/tbb_racy.cpp TBB)
privateer_bench(matmul tbb_naive matmul/tbb_naive.cpp TBB)
privateer_bench(matmul tbb_fixed_racy matmul/tbb_racy.cpp FIX TBB)
privateer_bench(matmul tbb_fixed_naive matmul/tbb_naive.cpp FIX TBB)
privateer_bench(matmul tbb_ets matmul/tbb_ets.cpp TBB)
