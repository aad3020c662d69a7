// A 'simd' loop nested in a worksharing loop: OpenMP makes the simd loop's
// own variable linear (lastprivate with collapse), so each thread that runs
// it has its own, even when it is declared outside the parallel loop.
// Everything else keeps the data sharing of the construct around it.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void simd_counter_outside(int nx, int ny, const double *p, double *v) {
  int i, k;
  double g, s;
#pragma omp parallel for private(g, s)
  for (k = 0; k < ny; k++) {
#pragma omp simd
    for (i = 0; i < nx; i++) {
      g = p[k * nx + i];
      if (g < 0) {
        s = -g;
        v[k * nx + i] = s * s;
      } else {
        v[k * nx + i] = 0;
      }
    }
  }
}

void simd_collapse_counters(int n, int m, double *a) {
  int i, j, k;
#pragma omp parallel for
  for (k = 0; k < 8; k++) {
#pragma omp simd collapse(2)
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
        a[(k * n + i) * m + j] = i + j;
  }
}

void simd_in_region(int n, double *a) {
  int i;
#pragma omp parallel
  {
#pragma omp for
    for (int k = 0; k < 4; k++) {
#pragma omp simd
      for (i = 0; i < n; i++)
        a[k * n + i] = 0;
    }
  }
}

// The construct around the simd loop decides for everything else: 'r' is
// shared by the parallel loop and every thread writes it.
void simd_shared_temporary(int nx, int ny, const double *p, double *c) {
  int i, k;
  double r;
#pragma omp parallel for
  for (k = 0; k < ny; k++) {
#pragma omp simd
    for (i = 0; i < nx; i++) {
      r = p[i] * k; // expected-warning {{shared buffer 'r' is scratch that every iteration overwrites; iterations on different threads race on it}}
      c[k * nx + i] = r;
    }
  }
}

// In C, only the loops a construct is associated with get private
// variables: a sequential loop's 'm' inside the simd loop is shared by the
// threads of the parallel loop.
void simd_inner_sequential_shared(int nx, int ny, const double *p, double *c) {
  int i, k, m;
#pragma omp parallel for
  for (k = 0; k < ny; k++) {
#pragma omp simd
    for (i = 0; i < nx; i++)
      for (m = 0; m < 4; m++) // expected-warning {{shared buffer 'm' is scratch that every iteration overwrites; iterations on different threads race on it}}
        c[(k * nx + i) * 4 + m] = p[i];
  }
}
