// A function whose body the file does not hold may read a scalar it is
// given the address of. A shared scalar written in each iteration and then
// handed to such a function is the iteration's scratch (private, not an
// atomic write); handed over without a write in the loop it is read-only
// sharing; a variable of the iteration's own is never shared.
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

void pbex(double rho, int *iflag, double *sx);
void report(const int *code);

void scratch_flag(int n, const double *rho, double *sx) {
  int iflag;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    iflag = 1;
    if (n > 4)
      iflag = 2;
    pbex(rho[i], &iflag, &sx[i]);
  }
}
// CHECK: [[@LINE-6]]:5: warning: shared buffer 'iflag' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
// CHECK: note: 'iflag' is shared by this 'omp parallel for'; give each thread its own copy: declare 'iflag' inside the loop body or add 'private(iflag)'

// One iteration sets the code the others hand to report(): they may read it
// while it is written.
void one_writer(int n, const double *rho, double *sx) {
  int code = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i == 0)
      code = 7;
    report(&code);
    sx[i] = rho[i];
  }
}
// CHECK: [[@LINE-5]]:7: warning: 'code' is written by one iteration while other iterations access it without synchronization
// CHECK: note: iteration i=1 reads 'code' here while iteration i=0 writes 'code'

// Read-only: the shared flag is only handed over.
void read_only(int n, const double *rho, double *sx) {
  int iflag = 3;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    pbex(rho[i], &iflag, &sx[i]);
}

// The iteration's own variable.
void own_flag(int n, const double *rho, double *sx) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int iflag = i % 2 ? 1 : 2;
    pbex(rho[i], &iflag, &sx[i]);
  }
}

// Declared private: the callee reads the thread's copy.
void private_flag(int n, const double *rho, double *sx) {
  int iflag;
#pragma omp parallel for private(iflag)
  for (int i = 0; i < n; i++) {
    iflag = 1;
    pbex(rho[i], &iflag, &sx[i]);
  }
}
