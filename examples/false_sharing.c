// Thread-indexed counters, per-thread workspaces, fine-grained schedules and
// per-iteration allocations: correct code that gets slower with more threads.
#include <omp.h>
#include <stdlib.h>
long hits[64];
void counters(int n, const int *x) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      if (x[i] == t)
        hits[t]++;
  }
}
typedef struct {
  _Alignas(64) long v;
} padded;
padded phits[64];
void counters_padded(int n, const int *x) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      if (x[i] == t)
        phits[t].v++;
  }
}
void once(long *out) {
#pragma omp parallel
  out[omp_get_thread_num()] = 1;
}
double part[8];
void small(int n, const double *x) {
#pragma omp parallel num_threads(16)
  part[omp_get_thread_num()] = x[0];
}
void workspace(int n, double *out) {
#pragma omp parallel
  {
    double *ws = malloc(96);
    for (int k = 0; k < n; k++)
      ws[k % 12] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}
void workspace_ok(int n, double *out) {
#pragma omp parallel
  {
    double *ws = aligned_alloc(64, 128);
    for (int k = 0; k < n; k++)
      ws[k % 12] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}
void chunk(int n, int m, double *a) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}
void chunk_ok(int n, int m, double *a) {
#pragma omp parallel for schedule(static, 8)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}
void loopalloc(int n, int m, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *t = malloc(m * sizeof(double));
    for (int k = 0; k < m; k++)
      t[k] = i * k;
    out[i] = t[m - 1];
    free(t);
  }
}
void task_tid(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      int t = omp_get_thread_num();
      buf[t] = i;
#pragma omp taskwait
      out[i] = buf[t];
    }
  }
}
