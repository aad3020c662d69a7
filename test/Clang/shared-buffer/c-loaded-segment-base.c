// Each work item updates a segment whose start it loads from a table
// (lavaMD's 'fA = &fv[box[l].offset]; fA[i] += ...'). Nothing says the
// table's offsets are far enough apart, nor that they are not: a report is
// at most "may", held back by default, whatever form the base takes. A
// base every work item computes the same way races for certain.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

#define PER_BOX 100
typedef struct {
  int offset;
  int n;
} box_t;

void base_initialized(int nb, const box_t *box, double *fv, const double *qv) {
#pragma omp parallel for
  for (int l = 0; l < nb; l++) {
    double *fA = &fv[box[l].offset];
    for (int i = 0; i < PER_BOX; i++)
      fA[i] += qv[i]; // may-warning {{iterations can update 'fv' at the same element without synchronization; concurrent updates may be lost}}
  }
}

void base_assigned(int nb, const box_t *box, double *fv, const double *qv) {
  double *fA;
  int i;
#pragma omp parallel for private(fA, i)
  for (int l = 0; l < nb; l++) {
    fA = &fv[box[l].offset];
    for (i = 0; i < PER_BOX; i++)
      fA[i] += qv[i]; // may-warning {{iterations can update 'fv'}}
  }
}

void base_plus_inner_offset(int nb, const int *offset, double *fv,
                            const double *qv) {
#pragma omp parallel for
  for (int l = 0; l < nb; l++)
    for (int k = 0; k < 4; k++) {
      double *fB = fv + offset[l] + 25 * k;
      for (int i = 0; i < 25; i++)
        fB[i] += qv[i]; // may-warning {{iterations can update 'fv'}}
    }
}

void base_per_thread(const box_t *box, double *fv, const double *qv) {
#pragma omp parallel
  {
    double *fA = &fv[box[omp_get_thread_num()].offset];
    for (int i = 0; i < PER_BOX; i++)
      fA[i] += qv[i]; // may-warning {{threads can update 'fv'}}
  }
}

// Bounds loaded per work item (CSR rows): the segments are taken as
// disjoint, as plain writes at loaded indices are.
void loaded_bounds(int nb, const box_t *box, double *fv, const double *qv) {
#pragma omp parallel for
  for (int l = 0; l < nb; l++)
    for (int i = box[l].offset; i < box[l].offset + box[l].n; i++)
      fv[i] += qv[i];
}

void plain_writes(int nb, const int *offset, double *fv, const double *qv) {
#pragma omp parallel for
  for (int l = 0; l < nb; l++) {
    double *fA = fv + offset[l];
    for (int i = 0; i < PER_BOX; i++)
      fA[i] = qv[i];
  }
}

// The same base in every iteration.
void same_base(int nb, double *fv, const double *qv) {
#pragma omp parallel for
  for (int l = 0; l < nb; l++) {
    double *fA = fv + 8;
    for (int i = 0; i < PER_BOX; i++)
      fA[i] += qv[i] * l; // expected-warning {{iterations update 'fv' at the same element without synchronization; concurrent updates are lost}}
  }
}
