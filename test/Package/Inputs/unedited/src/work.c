/* A sum without a reduction, and a loop whose body calls through a
   function pointer (not analysed: what it runs is not seen). */
typedef void (*visit_fn)(int);

long total(int n, const int *x) {
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

void each(int n, visit_fn f) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    f(i);
}
