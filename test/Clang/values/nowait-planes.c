// Loops of one team after 'nowait' update the planes their index variable
// was assigned just before each loop: disjoint planes are silent, the same
// plane twice is a race across the 'nowait'.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#define N 16
static double a[N][N], b[N][N];

// Called by every thread of a team (orphaned worksharing, as in NPB BT).
void planes(int n) {
  int i, j;
  i = 1;
#pragma omp for nowait
  for (j = 0; j < n; j++)
    a[i][j] += 1.0;
  i = 2;
#pragma omp for nowait
  for (j = 0; j < n; j++)
    a[i][j] += 2.0;
  i = i + 1; // 3
#pragma omp for nowait
  for (j = 0; j < n; j++)
    a[i][j] += 3.0;
#pragma omp for
  for (i = 4; i < n - 4; i++)
    for (j = 0; j < n; j++)
      a[i][j] += 4.0;
}

void same_plane_twice(int n) {
  int i, j;
  i = 5;
#pragma omp for nowait
  for (j = 0; j < n; j++)
    b[i][j] += 1.0;
  i = 3 + 2;
  // Other bounds: iteration j need not run on the thread that ran j above.
#pragma omp for
  for (j = 1; j < n; j++)
    b[i][j] += 2.0; // expected-warning {{'b' is updated by the previous loop, which ends with 'nowait', and updated here in other iterations}}
}

void run(void) {
#pragma omp parallel
  {
    planes(N);
    same_plane_twice(N);
  }
}
