// What an expert writes: a reduction. Each thread counts in a private
// variable (a register) and the runtime adds the threads' counts once.
long count_hits(const int *x, long n) {
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (long i = 0; i < n; i++)
    total += x[i] % 7 == 3;
  return total;
}
