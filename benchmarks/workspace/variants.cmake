# workspace: 96-byte per-thread workspaces (the gprofng talk's false
# sharing; benchmarks/README.md says what each variant is). Workspaces that
# each thread allocates only share lines when the threads share one malloc
# arena: benchmarks/run runs those variants with MALLOC_ARENA_MAX=1.
privateer_bench_kernel(workspace workspace/seq.c workspace_sums
                       workspace/driver.c)
privateer_bench(workspace seq workspace/seq.c)
privateer_bench(workspace onealloc_naive workspace/onealloc_naive.c)
privateer_bench(workspace onealloc_padded workspace/onealloc_padded.c)
privateer_bench(workspace fixed_onealloc workspace/onealloc_naive.c FIX)
privateer_bench(workspace perthread_naive workspace/perthread_naive.c
                ENV MALLOC_ARENA_MAX=1)
privateer_bench(workspace perthread_padded workspace/perthread_padded.c
                ENV MALLOC_ARENA_MAX=1)
privateer_bench(workspace fixed_perthread workspace/perthread_naive.c FIX
                ENV MALLOC_ARENA_MAX=1)
