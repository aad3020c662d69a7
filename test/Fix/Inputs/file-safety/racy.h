/* Two races in one header: a compile with -DFIRST fixes the first, one
   without fixes the second, so two compiles give two different edits of
   this one file. */
double f(int);
#ifdef FIRST
static inline double first(int n) {
  double a = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a += f(i);
  return a;
}
#else
static inline double second(int n) {
  double b = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b += f(i);
  return b;
}
#endif
