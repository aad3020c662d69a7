// A local array that only its initializer writes is a known table, as a
// `static const` one is: a duplicate entry proves two iterations update one
// element, distinct entries prove they never do. A table any code may write
// (an element assigned, the array passed on or its address taken) is data:
// the index is loaded, and the finding is only "may".
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

void fill(int *t);

void duplicate(double *cells, const double *w) {
  int node[8] = {0, 1, 2, 3, 0, 5, 6, 7};
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    cells[node[i]] += w[i]; // expected-warning {{iterations update 'cells' at the same element without synchronization}}
}

void distinct(double *cells, const double *w) {
  int node[8] = {7, 1, 2, 3, 0, 5, 6, 4};
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    cells[node[i]] += w[i];
}

void assigned_after(double *cells, const double *w, int k) {
  int node[8] = {7, 1, 2, 3, 0, 5, 6, 4};
  node[k & 7] = 0;
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    cells[node[i]] += w[i]; // may-warning {{iterations can update 'cells' at the same element}}
}

void passed_on(double *cells, const double *w) {
  int node[8] = {7, 1, 2, 3, 0, 5, 6, 4};
  fill(node);
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    cells[node[i]] += w[i]; // may-warning {{iterations can update 'cells' at the same element}}
}
