// Collisions proven by counting (the pigeonhole principle): an index loaded
// from memory is data, but what the code states bounds the elements it can
// select (its type, '% m', '& mask', '/ d', a constant table, the array's
// extent). When more work items than that make the update, two of them
// update one element whatever the data: reported by default. Where the
// counts do not prove it (too few work items, a conditional update, an
// index nothing bounds), the finding stays "may" and is held back.
// RUN: %cc -Xclang -verify=expected -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <stdbool.h>
#include <stdint.h>

// --- Proven: more work items than elements. ---

void bucket_by_remainder(const int *key, long n, long *counts) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    counts[(unsigned)key[i] % 16] += 1; // expected-warning {{iterations update 'counts' at the same element without synchronization; concurrent updates are lost}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'counts'
// CHECK: note: 'counts[(unsigned)key[i] % 16]' can select at most 16 elements and more than 16 iterations update it: two of them update the same element (with n=17)

void bytes(int n, const unsigned char *px, long hist[256]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    hist[px[i]]++; // expected-warning {{iterations update 'hist' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'hist'
// CHECK: note: 'hist[px[i]]' can select at most 256 elements and more than 256 iterations update it: two of them update the same element (with n=257)
// CHECK: note: 'hist' is shared by this 'omp parallel for'; use 'reduction(+: hist[:256])' on the directive

void sixteen_bits(int n, const uint16_t *v, int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[v[i]] += 2; // expected-warning {{iterations update 'h' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'h'
// CHECK: note: 'h[v[i]]' can select at most 65536 elements and more than 65536 iterations update it

void truth_values(int n, const bool *b, long counts[2]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    counts[b[i]]++; // expected-warning {{iterations update 'counts' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'counts'
// CHECK: note: 'counts[b[i]]' can select at most 2 elements and more than 2 iterations update it

enum color { RED, GREEN, BLUE };
void by_enum(int n, const enum color *c, int *per_color) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    per_color[c[i]]++; // expected-warning {{iterations update 'per_color' at the same element}}
}
// (An enumeration holds the values of the smallest bit-field that holds its
// enumerators: 0 to 3.)
// CHECK: [[@LINE-4]]:5: warning: iterations update 'per_color'
// CHECK: note: 'per_color[c[i]]' can select at most 4 elements and more than 4 iterations update it

void masked(uint64_t *table, uint64_t size, const uint64_t *ran) {
  uint64_t updates = 4 * size;
#pragma omp parallel for
  for (uint64_t j = 0; j < updates; j++)
    table[ran[j] & (size - 1)] ^= ran[j]; // expected-warning {{iterations update 'table' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'table'
// CHECK: note: 'table[ran[j] & (size - 1)]' can select at most size elements and 4 * size iterations update it: two of them update the same element (with size=1)

void divided(int n, const unsigned char *x, int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[x[i] / 16] += 1; // expected-warning {{iterations update 'h' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'h'
// CHECK: note: 'h[x[i] / 16]' can select at most 16 elements and more than 16 iterations update it

void constant_trip_count(const int *k, long h[8]) {
#pragma omp parallel for
  for (int i = 0; i < 64; i++)
    h[(unsigned)k[i] % 8]++; // expected-warning {{iterations update 'h' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'h'
// CHECK: note: 'h[(unsigned)k[i] % 8]' can select at most 8 elements and 64 iterations update it: two of them update the same element{{$}}

void last_seen(int n, const unsigned char *id, int *last) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    last[id[i]] = i; // expected-warning {{'last' is written by every iteration at the same element without synchronization}}
}
// CHECK: [[@LINE-2]]:5: warning: 'last' is written by every iteration
// CHECK: note: 'last[id[i]]' can select at most 256 elements and more than 256 iterations write it: two of them write the same element (with n=257)

// The array's extent bounds any index: an index past it is undefined.
void extent(const int *idx, long *out) {
  long bins[10] = {0};
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    bins[idx[i]]++; // expected-warning {{iterations update 'bins' at the same element}}
  for (int b = 0; b < 10; b++)
    out[b] = bins[b];
}
// CHECK: [[@LINE-4]]:5: warning: iterations update 'bins'
// CHECK: note: 'bins[idx[i]]' can select at most 10 elements and 100 iterations update it

// A constant table with repeated values: the solver reads its contents.
static const unsigned char group_of[6] = {0, 0, 1, 1, 2, 2};
void grouped(const double *v, double sums[3]) {
#pragma omp parallel for
  for (int k = 0; k < 6; k++)
    sums[group_of[k]] += v[k]; // expected-warning {{iterations update 'sums' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'sums'
// CHECK: note: iterations k=0 and k=1 both update 'sums[0]'

// A table read at a data index: its values bound the element.
static const int parity_of[4] = {0, 1, 0, 1};
void by_parity(int n, const int *c, long *cnt) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    cnt[parity_of[c[i] & 3]]++; // expected-warning {{iterations update 'cnt' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'cnt'
// CHECK: note: 'cnt[parity_of[c[i] & 3]]' can select at most 2 elements and more than 2 iterations update it

// A mask of low bits on a loop variable is its remainder: exact.
void low_bits(int n, double *h, const double *x) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[i & 15] += x[i]; // expected-warning {{iterations update 'h' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'h'
// CHECK: note: iterations i=0 and i=16 both update 'h[0]'

// --- Not proven: held back as "may". ---

void no_more_items_than_buckets(const int *k, long h[16]) {
#pragma omp parallel for
  for (int i = 0; i < 16; i++)
    h[(unsigned)k[i] % 16]++; // may-warning {{iterations can update 'h' at the same element}}
}

void conditional(int n, const double *x, const unsigned char *px, long *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (x[i] > 0)
      h[px[i]]++; // may-warning {{iterations can update 'h' at the same element}}
}

void after_continue(int n, const double *x, const unsigned char *px,
                    long *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (x[i] < 0)
      continue;
    h[px[i]]++; // may-warning {{iterations can update 'h' at the same element}}
  }
}

void in_inner_loop(int n, int m, const unsigned char *px, long *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      h[px[i * m + j]]++; // may-warning {{iterations can update 'h' at the same element}}
}

// Nothing bounds an int column index (CSR): a permutation is as likely.
void spmv_transpose(int n, const int *rowptr, const int *col,
                    const double *val, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[col[i]] += val[i] * x[i]; // may-warning {{iterations can update 'y' at the same element}}
}

// A signed value converted to a wider type keeps its sign: `% 16` of it
// takes 31 values, and 20 work items prove nothing.
void signed_remainder(const int *k, long *h) {
#pragma omp parallel for
  for (int i = 0; i < 20; i++)
    h[16 + k[i] % 16]++; // may-warning {{iterations can update 'h' at the same element}}
}

// --- Silent: a table whose values differ everywhere is a permutation. ---

static const int perm[8] = {3, 1, 4, 0, 2, 7, 5, 6};
void permute(const double *x, double *out) {
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    out[perm[i]] = x[i];
}

// --- Silent: protected or reduced histograms. ---

void atomic_bytes(int n, const unsigned char *px, long *hist) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    hist[px[i]]++;
  }
}

void reduced_bytes(int n, const unsigned char *px, long hist[256]) {
#pragma omp parallel for reduction(+ : hist[:256])
  for (int i = 0; i < n; i++)
    hist[px[i]]++;
}
