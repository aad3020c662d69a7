// Histograms and binned counters: h[key[i]]++ from a parallel loop races
// unless the update is atomic, in a critical section, under a lock, or a
// reduction over the array section.
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>
#include <string.h>

#define NBINS 256

void hist_racy(int n, const unsigned char *key, int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[key[i]]++; // expected-warning {{iterations update 'h' at the same element without synchronization; concurrent updates are lost [privateer-shared-buffer]}}
}

void hist_racy_local(int n, const unsigned char *key, long *out) {
  long h[NBINS];
  memset(h, 0, sizeof h);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[key[i]] += 1; // expected-warning {{iterations update 'h' at the same element without synchronization; concurrent updates are lost}}
  memcpy(out, h, sizeof h);
}

// Binning by value: the bin is computed from the data.
void hist_binned_racy(int n, const double *x, double lo, double width,
                      int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int b = (int)((x[i] - lo) / width);
    if (b >= 0 && b < NBINS)
      h[b]++; // expected-warning {{iterations can update 'h' at the same element}}
  }
}

// A fixed number of buckets chosen by i: collisions are certain.
void buckets_mod_racy(int n, const double *x, double *bucket) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    bucket[i % 16] += x[i]; // expected-warning {{iterations update 'bucket' at the same element without synchronization; concurrent updates are lost}}
}

void hist_atomic(int n, const unsigned char *key, int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic update
    h[key[i]]++;
  }
}

void hist_critical(int n, const unsigned char *key, int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical(hist)
    h[key[i]]++;
  }
}

void hist_reduction(int n, const unsigned char *key, int *h) {
#pragma omp parallel for reduction(+ : h[:NBINS])
  for (int i = 0; i < n; i++)
    h[key[i]]++;
}

void hist_reduction_array(int n, const unsigned char *key, int *out) {
  int h[NBINS] = {0};
#pragma omp parallel for reduction(+ : h)
  for (int i = 0; i < n; i++)
    h[key[i]]++;
  memcpy(out, h, sizeof h);
}

// One lock for the whole table.
void hist_lock(int n, const unsigned char *key, int *h) {
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    omp_set_lock(&lock);
    h[key[i]]++;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
}

// One lock per bin.
void hist_lock_per_bin(int n, const unsigned char *key, int *h,
                       omp_lock_t *locks) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int b = key[i];
    omp_set_lock(&locks[b]);
    h[b]++;
    omp_unset_lock(&locks[b]);
  }
}

// Per-thread private histograms merged at the end with atomics.
void hist_private_merge(int n, const unsigned char *key, int *h) {
#pragma omp parallel
  {
    int local[NBINS] = {0};
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      local[key[i]]++;
    for (int b = 0; b < NBINS; b++) {
#pragma omp atomic
      h[b] += local[b];
    }
  }
}

// Parallel over bins instead of over samples: each iteration owns h[b].
void hist_by_bin(int n, const unsigned char *key, int *h) {
#pragma omp parallel for
  for (int b = 0; b < NBINS; b++) {
    int c = 0;
    for (int i = 0; i < n; i++)
      c += key[i] == b;
    h[b] = c;
  }
}
