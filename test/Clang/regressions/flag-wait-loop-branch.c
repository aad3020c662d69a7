// A flag is polled only in a loop that does nothing but wait (spinsOnFlag):
// a wait loop that also holds an `if` does more, so the team is not taken
// for one that hands work over by flags, and the shared temporary of the
// worksharing loop is reported. (The Fortran twin:
// test/Fortran/races/flag-wait-loop-branch.f90.)
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void poll_then_scale(int n, const float *a, float *b) {
  int ready = 0;
  float t;
#pragma omp parallel
  {
    int tries = 0;
#pragma omp master
    {
      ready = 1;
#pragma omp flush(ready)
    }
    while (ready == 0) {
#pragma omp flush(ready)
      if (tries < 1000) tries = tries + 1;
    }
#pragma omp for
    for (int i = 0; i < n; i++) {
      t = a[i] * 2.0f; // expected-warning {{shared buffer 't' is scratch that every iteration overwrites}}
      b[i] = t;
    }
  }
}
