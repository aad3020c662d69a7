// A pointer parameter the called function steps (`bh_val--;` for 1-based
// indices, as faiss's heaps do) points one element back from there on:
// each iteration's heap stays in its own row (silent), while a helper that
// steps its row pointer past the row's start writes into the next row
// (reported).
// RUN: %cxx -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <cstddef>

struct CMin {
  static bool cmp(float a, float b) { return a > b; }
  static float neutral() { return -1.0f; }
};

template <class C>
inline void heap_push(size_t k, float *bh_val, long *bh_ids, float val,
                      long id) {
  bh_val--; // 1-based indexing
  bh_ids--;
  size_t i = k, father;
  while (i > 1) {
    father = i >> 1;
    if (!C::cmp(val, bh_val[father]))
      break;
    bh_val[i] = bh_val[father];
    bh_ids[i] = bh_ids[father];
    i = father;
  }
  bh_val[i] = val;
  bh_ids[i] = id;
}

// Takes the top off: the last element (bh_val[k] once 1-based) moves up.
template <class C>
inline void heap_pop(size_t k, float *bh_val, long *bh_ids) {
  bh_val--;
  bh_ids--;
  float val = bh_val[k];
  long id = bh_ids[k];
  size_t i = 1, child;
  while ((child = i << 1) <= k) {
    if (child < k && C::cmp(bh_val[child + 1], bh_val[child]))
      child++;
    if (!C::cmp(bh_val[child], val))
      break;
    bh_val[i] = bh_val[child];
    bh_ids[i] = bh_ids[child];
    i = child;
  }
  bh_val[i] = val;
  bh_ids[i] = id;
}

template <class C>
inline void heap_reorder(size_t k, float *bh_val, long *bh_ids) {
  for (size_t n = k; n > 1; n--) {
    float v = bh_val[0];
    long id = bh_ids[0];
    heap_pop<C>(n, bh_val, bh_ids);
    bh_val[n - 1] = v;
    bh_ids[n - 1] = id;
  }
}

template <class C>
inline void heap_heapify(size_t k, float *bh_val, long *bh_ids,
                         const float *x = nullptr, size_t k0 = 0) {
  for (size_t i = 0; i < k0; i++)
    heap_push<C>(i + 1, bh_val, bh_ids, x[i], i);
  for (size_t i = k0; i < k; i++) {
    bh_val[i] = C::neutral();
    bh_ids[i] = -1;
  }
}

void knn(long nx, long ny, size_t k, const float *ip, float *res_vals,
         long *res_ids) {
#pragma omp parallel for
  for (long i = 0; i < nx; i++) {
    float *simi = res_vals + i * k;
    long *idxi = res_ids + i * k;
    heap_heapify<CMin>(k, simi, idxi);
    for (long j = 0; j < ny; j++)
      if (ip[i * ny + j] > simi[0])
        heap_push<CMin>(k, simi, idxi, ip[i * ny + j], j);
    heap_reorder<CMin>(k, simi, idxi);
  }
}

inline void spill(float *p, size_t k) {
  p++;
  p[k - 1] = 0;
}

void overlap(long nx, size_t k, float *res) {
#pragma omp parallel for
  for (long i = 0; i < nx; i++) {
    float *row = res + i * k;
    // CHECK: :[[@LINE+1]]:5: warning: 'res' is written by one iteration and written by another
    spill(row, k);
    row[0] = 1;
  }
}
