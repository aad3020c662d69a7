// Work queues and stream compaction: appending with q[n++] = v from a
// parallel loop races on the counter; atomic capture hands out unique slots.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

// One BFS level: expand the frontier into next[]. 'level' is claimed with an
// atomic capture, but the append to the next frontier is not protected.
int bfs_step_racy(int nfront, const int *front, const int *rowptr,
                  const int *col, int *level, int depth, int *next) {
  int nnext = 0;
#pragma omp parallel for schedule(dynamic, 64)
  for (int f = 0; f < nfront; f++) {
    int u = front[f];
    for (int e = rowptr[u]; e < rowptr[u + 1]; e++) {
      int v = col[e];
      int old;
#pragma omp atomic capture
      { old = level[v]; level[v] = depth + 1; }
      if (old < 0)
        next[nnext++] = v; // expected-warning {{shared counter 'nnext' is updated by every iteration and its value used without synchronization; two iterations can get the same value [privateer-shared-buffer]}}
    }
  }
  return nnext;
}

int bfs_step(int nfront, const int *front, const int *rowptr, const int *col,
             int *level, int depth, int *next) {
  int nnext = 0;
#pragma omp parallel for schedule(dynamic, 64)
  for (int f = 0; f < nfront; f++) {
    int u = front[f];
    for (int e = rowptr[u]; e < rowptr[u + 1]; e++) {
      int v = col[e];
      int old;
#pragma omp atomic capture
      { old = level[v]; level[v] = depth + 1; }
      if (old < 0) {
        int slot;
#pragma omp atomic capture
        slot = nnext++;
        next[slot] = v;
      }
    }
  }
  return nnext;
}

// Stream compaction: keep the positive elements.
int compact_racy(int n, const double *a, double *out) {
  int k = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      out[k++] = a[i]; // expected-warning {{shared counter 'k' is updated by every iteration and its value used without synchronization}}
  return k;
}

int compact_critical(int n, const double *a, double *out) {
  int k = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > 0) {
#pragma omp critical
      out[k++] = a[i];
    }
  return k;
}

// Compaction with offsets from a sequential exclusive scan: the scatter
// writes distinct slots.
void compact_scan(int n, const double *a, const int *offset, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      out[offset[i]] = a[i];
}

// Ticket dispenser: every iteration takes the next id.
void assign_ids_racy(int n, int *id) {
  int next_id = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    id[i] = next_id++; // expected-warning {{shared counter 'next_id' is updated by every iteration and its value used without synchronization}}
}

void assign_ids(int n, int *id) {
  int next_id = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int t;
#pragma omp atomic capture
    t = next_id++;
    id[i] = t;
  }
}
