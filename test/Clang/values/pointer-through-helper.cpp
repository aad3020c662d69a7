// Element addresses computed by helpers of the unit: a pointer parameter the
// helper moves in its straight-line code (`dst = dst + index*4;`,
// `dst += index*stride;`), and a
// helper whose body is one `return base + index*stride;`. The element each
// work item writes follows the arguments, so distinct indices stay silent and
// an index shared by every work item is a race (OpenSubdiv's
// `copy(dst, i, result, desc)` writes `dst + desc.offset + i*desc.stride`).
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx -Xclang -verify-ignore-unexpected=warning %s 2>&1 | FileCheck %s

#include <cstring>

struct Desc {
  int offset, length, stride;
};

static inline float *elementAt(float *p, int index, const Desc &d) {
  return p + d.offset + index * d.stride;
}
static inline float *rowOf(float *p, int r) { return p + r * 16; }
template <typename T> T *rowOfTemplate(T *p, int r, int n) { return p + r * n; }
static float sharedScratch[64];
static float *scratchFor(int) { return sharedScratch; }
static inline void copyTo(float *dst, int index, const float *src,
                          const Desc &d) {
  dst = elementAt(dst, index, d);
  std::memcpy(dst, src, d.length * sizeof(float));
}
static inline void put(float *dst, int index, float v) {
  dst = dst + index * 4;
  dst[0] = v;
  dst[1] = v;
}
static inline void putStrided(float *dst, int index, int stride, float v) {
  dst += index * stride;
  dst[0] = v;
}
// The move happens only on one path: where dst points after it is not known,
// and the helper's writes keep the binding of the call.
static inline void putMaybe(float *dst, int index, float v, bool shift) {
  if (shift)
    dst = dst + index;
  dst[0] = v;
}

// --- Silent: one element (or row) per work item. ---

void rowsThroughMovedParameter(float *dst, const float *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    put(dst, i, src[i]);
}

void rowsThroughCompoundMove(float *dst, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    putStrided(dst, i, 1, 1.0f);
}

void rowsThroughReturnedPointer(float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 16; ++k)
      rowOf(out, i)[k] = float(k);
}

void rowsThroughTemplateHelper(float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    rowOfTemplate(out, i, 16)[3] = 1.0f;
}

void localPointerFromHelper(float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    float *row = rowOf(out, i);
    row[3] = 1.0f;
  }
}

// OpenSubdiv's stencil kernel: a per-thread scratch row copied to the
// iteration's own element range.
void stencilRows(float *dst, const Desc &desc, const float *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    copyTo(dst, i, src + i, desc);
}

// --- Races: the helpers land on one element for every work item. ---

void sameElementThroughMovedParameter(float *dst, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    put(dst, 3, float(i)); // expected-warning {{'dst' is written by every iteration at the same element without synchronization}}
  // CHECK: [[@LINE-1]]:5: note: iterations i=0 and i=1 both write 'dst[12]' in 'put'
}

void collidingRowsThroughMovedParameter(float *dst, const float *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    put(dst, i / 2, src[i]); // expected-warning {{'dst' is written by every iteration at the same element without synchronization}}
}

void sameElementThroughCompoundMove(float *dst, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    putStrided(dst, 2, 8, float(i)); // expected-warning {{'dst' is written by every iteration at the same element without synchronization}}
  // CHECK: [[@LINE-1]]:5: note: iterations i=0 and i=1 both write 'dst[16]' in 'putStrided'
}

void sameRowThroughReturnedPointer(float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 16; ++k)
      rowOf(out, 1)[k] = float(i); // expected-warning {{'out' is written by every iteration at the same element without synchronization}}
  // CHECK: [[@LINE-1]]:7: note: iterations i=0 and i=1 both write 'rowOf(out, 1)[k]'
}

void sameRangeThroughHelper(float *dst, const float *src, const Desc &d,
                            int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    copyTo(dst, 0, src + i, d); // expected-warning {{'dst' is written by every iteration without synchronization}}
}

// A helper that hands every iteration the same global scratch.
void globalScratchThroughHelper(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    float *s = scratchFor(i);
    s[0] = float(i); // expected-warning {{shared buffer 'sharedScratch' is scratch that every iteration overwrites}}
    s[1] = s[0] * 2;
  }
}

// Moved on one path only: the write through the unmoved binding is dst[0]
// in every work item.
void movedOnOnePath(float *dst, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    putMaybe(dst, i, 1.0f, false); // expected-warning {{'dst' is written by every iteration at the same element without synchronization}}
}
