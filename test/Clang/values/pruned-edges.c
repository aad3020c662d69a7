// A function whose CFG has pruned edges (`for (;;)`, `while (1)`, a
// condition known at compile time) gives the reaching definitions a null
// successor: the analysis must walk past it (libdivsufsort's sssort loop
// crashed clang). The values still flow: the scratch row is per thread.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

int omp_get_thread_num(void);
int next_bucket(int *c);

void sort_buckets(int *sa, int *buf, int bufsize, int m) {
  int c = m, k, l, tmp;
  int *curbuf;
#pragma omp parallel default(shared) private(curbuf, k, l, tmp)
  {
    tmp = omp_get_thread_num();
    curbuf = buf + tmp * bufsize;
    k = 0;
    for (;;) {
#pragma omp critical(lock)
      {
        if (0 < (l = c))
          k = next_bucket(&c);
      }
      if (l == 0)
        break;
      for (int i = 0; i < bufsize; i++)
        curbuf[i] = sa[k + i];
    }
  }
}

void while_true(int *a, int n) {
  int i = 0;
  while (1) {
    if (i >= n)
      break;
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[i * n + j] = j;
    i++;
  }
  if (0)
    a[0] = 1;
}

void counter_in_endless_loop(int *hits, int n) {
#pragma omp parallel
  {
    int t = 0;
    for (;;) {
      if (t == n)
        break;
      hits[0] += t; // expected-warning {{threads update 'hits' at the same element}}
      t++;
    }
  }
}
