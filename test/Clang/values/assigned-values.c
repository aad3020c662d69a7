// Values through assignments: an index or size held in a local assigned
// after its declaration (a private scalar, a thread number, a tile origin,
// a row length) stands for the value its reaching assignment computed.
// Definitions that do not determine the value leave it unknown: "may".
// RUN: %cc -Xclang -verify=expected -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

int omp_get_thread_num(void);

// --- Silent: each work item has its own elements. ---

void private_index(float *c, const float *img, int rows, int cols) {
  int i, j, k;
#pragma omp parallel for private(i, j, k)
  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++) {
      k = i * cols + j;
      c[k] = img[k] * 2.0f;
      if (c[k] < 0)
        c[k] = 0;
    }
}

void thread_rows(double *v, int n) {
  int id;
#pragma omp parallel private(id)
  {
    id = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      v[id * n + i] += 1.0;
  }
}

void tile_origins(float *a, int per_row) {
  int c, size;
  size = 4 * per_row;
#pragma omp parallel for private(c)
  for (c = 0; c < per_row * per_row; c++) {
    int i, j, ig, jg;
    ig = 4 * (c / per_row);
    jg = 4 * (c % per_row);
    for (i = 0; i < 4; i++)
      for (j = 0; j < 4; j++)
        a[(ig + i) * size + (jg + j)] -= 1.0f;
  }
}

void width_assigned(double *in, int istart, int iend, int jstart, int jend) {
  int i, j, width;
  width = iend - istart + 1;
#pragma omp parallel for private(i)
  for (j = jstart; j <= jend; j++)
    for (i = istart; i <= iend; i++)
      in[(i - istart) + (j - jstart) * width] += 1.0;
}

// The last assignment before the construct counts, not the first.
void reassigned_stride(double *a, int n, int m) {
  int w = 1;
  w = m;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * w + j] = 0;
}

// A second counter advanced with the loop's own: off = 64*b + a.
void secondary_induction(int nboxes, double (*p)[3], const double (*f)[3]) {
#pragma omp parallel for
  for (int b = 0; b < nboxes; b++)
    for (int off = 64 * b, a = 0; a < 64; ++a, ++off)
      p[off][0] += f[off][0];
}

// The same, advanced at the end of the body by a size.
void position_by_stride(double *row, int n, int len, int stride) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int pos = i * len * stride;
    for (int k = 0; k < len; k++) {
      row[pos] = k;
      pos += stride;
    }
  }
}

// --- Firing: the values collide. ---

void constant_index(int *c, int n) {
  int k;
#pragma omp parallel for private(k)
  for (int i = 0; i < n; i++) {
    k = 2;
    c[k] = i; // expected-warning {{'c' is written by every iteration at the same element without synchronization}}
  }
}

void overwritten_index(int *c, int n) {
  int k;
#pragma omp parallel for private(k)
  for (int i = 0; i < n; i++) {
    k = i;
    k = 0;
    c[k] = i; // expected-warning {{'c' is written by every iteration at the same element without synchronization}}
  }
}

// Boxes start one element apart but hold 64: neighbours overlap.
void overlapping_boxes(int nboxes, double *p) {
#pragma omp parallel for
  for (int b = 0; b < nboxes; b++)
    for (int off = b, a = 0; a < 64; ++a, ++off)
      p[off] += 1.0; // expected-warning {{iterations update 'p' at the same element without synchronization}}
}

// --- Unknown: the definitions leave the value open. ---

void branch_index(int *c, int n, int flag) {
  int k;
#pragma omp parallel for private(k)
  for (int i = 0; i < n; i++) {
    if (flag)
      k = i;
    else
      k = 0;
    c[k] += i; // may-warning {{iterations can update 'c' at the same element}}
  }
}

// The last value of a loop is not followed.
void last_of_loop(int *c, int n) {
  int k = 0;
#pragma omp parallel for firstprivate(k)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 4; j++)
      k = j + i;
    c[k] += i; // may-warning {{iterations can update 'c' at the same element}}
  }
}
