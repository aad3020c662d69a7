// Histograms the pigeonhole principle proves racy, fixed the way an expert
// would: a reduction over the section a parameter's declaration states
// (`long hist[256]`) where every index lies within it (an unsigned char, a
// remainder by 16), and atomic updates where nothing states the length.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#include <stdint.h>

#define NB 16

void pixel_histogram(int n, const unsigned char *px, long hist[256]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    hist[px[i]]++;
}

void bucket_counts(const int *key, long n, long counts[NB]) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    counts[(unsigned)key[i] % NB] += 1;
}

void scramble(uint64_t *table, uint64_t size, const uint64_t *ran) {
  uint64_t updates = 4 * size;
#pragma omp parallel for
  for (uint64_t j = 0; j < updates; j++)
    table[ran[j] & (size - 1)] ^= ran[j];
}

int main(void) {
  enum { N = 200000 };
  static unsigned char px[N];
  static int key[N];
  static uint64_t ran[4 * 1024];
  for (int i = 0; i < N; i++) {
    px[i] = (unsigned char)(i * 131 + 7);
    key[i] = i * 7 - 1000;
  }
  for (int j = 0; j < 4 * 1024; j++)
    ran[j] = (uint64_t)j * 2654435761u;
  long hist[256] = {0}, counts[NB] = {0};
  static uint64_t table[1024];
  pixel_histogram(N, px, hist);
  bucket_counts(key, N, counts);
  scramble(table, 1024, ran);
  long h = 0, c = 0;
  uint64_t t = 0;
  for (int b = 0; b < 256; b++)
    h += hist[b] * (b + 1);
  for (int b = 0; b < NB; b++)
    c += counts[b] * (b + 1);
  for (int k = 0; k < 1024; k++)
    t ^= table[k] + (uint64_t)k;
  printf("%ld %ld %llu\n", h, c, (unsigned long long)t);
  return 0;
}
// DIAG: warning: iterations update 'hist' at the same element
// DIAG: warning: iterations update 'counts' at the same element
// DIAG: warning: iterations update 'table' at the same element
// FIXED: #pragma omp parallel for reduction(+: hist[:256]){{$}}
// FIXED: #pragma omp parallel for reduction(+: counts[:NB]){{$}}
// FIXED: #pragma omp atomic
// FIXED-NEXT: table[ran[j] & (size - 1)] ^= ran[j];
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9]+ [0-9]+ [0-9]+$}}
