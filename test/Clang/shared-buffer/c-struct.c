// Structs in parallel loops: per-element fields of an array of structs are
// disjoint; a shared statistics struct updated by every iteration races.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

typedef struct { double x, y, vx, vy; } particle;
typedef struct { long count; double total; } stats;
typedef struct { double buf[16]; int len; } workspace;

// Each iteration moves its own particle.
void advance(int n, particle *p, double dt) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    p[i].x += dt * p[i].vx;
    p[i].y += dt * p[i].vy;
  }
}

// Each iteration updates its own struct's counter.
void per_item_stats(int n, stats *s, const double *v) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    s[i].count++;
    s[i].total += v[i];
  }
}

// A shared local struct used as a counter.
long count_hits_racy(int n, const double *v, double thr) {
  stats s = {0, 0};
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (v[i] > thr)
      s.count++; // expected-warning {{'count' of 's' is updated by every iteration without a reduction; concurrent updates are lost}}
  return s.count;
}

// A shared struct reached through a pointer parameter.
void accumulate_racy(int n, const double *v, stats *st) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    st->total += v[i]; // expected-warning {{iterations update 'st' at the same element without synchronization; concurrent updates are lost}}
  }
}

void accumulate_atomic(int n, const double *v, stats *st) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    st->count++;
#pragma omp atomic
    st->total += v[i];
  }
}

// Reduce into locals, store into the struct after the loop.
void accumulate_reduction(int n, const double *v, stats *st) {
  long c = 0;
  double t = 0;
#pragma omp parallel for reduction(+ : c, t)
  for (int i = 0; i < n; i++) {
    c++;
    t += v[i];
  }
  st->count = c;
  st->total = t;
}

// A workspace struct shared by all iterations: scratch.
void smooth_racy(int n, const double *in, double *out) {
  workspace ws;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    ws.len = 0; // expected-warning {{shared buffer 'ws' is scratch that every iteration overwrites}}
    for (int k = 0; k < 16; k++)
      ws.buf[ws.len++] = in[i] * k;
    out[i] = ws.buf[ws.len - 1];
  }
}

void smooth_private(int n, const double *in, double *out) {
  workspace ws;
#pragma omp parallel for private(ws)
  for (int i = 0; i < n; i++) {
    ws.len = 0;
    for (int k = 0; k < 16; k++)
      ws.buf[ws.len++] = in[i] * k;
    out[i] = ws.buf[ws.len - 1];
  }
}

// Reading a shared configuration struct is fine.
void scale_by_config(int n, double *a, const stats *cfg) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] *= cfg->total / (double)cfg->count;
}
