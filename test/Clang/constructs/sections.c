// '#pragma omp sections': each section runs once, on some thread; sections
// that write the same shared variable race, sections writing different ones do not.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

double f(double);

double same_scalar(double a, double b) {
  double r = 0;
#pragma omp parallel sections
  {
#pragma omp section
    r = f(a); // expected-warning {{'r' is written by more than one section}}
#pragma omp section
    r = f(b);
  }
  return r;
}

// One section hands a value to another: a race, and not scratch (a copy
// per section would lose the value).
double handed_over(double a, double *out) {
  double r = 0;
#pragma omp parallel sections
  {
#pragma omp section
    r = f(a); // expected-warning {{'r' is written by one section while other sections access it without synchronization}}
#pragma omp section
    out[0] = r;
  }
  return r;
}

double different_scalars(double a, double b) {
  double r1 = 0, r2 = 0;
#pragma omp parallel sections
  {
#pragma omp section
    r1 = f(a);
#pragma omp section
    r2 = f(b);
  }
  return r1 + r2;
}

double accumulate(double a, double b) {
  double s = 0;
#pragma omp parallel sections
  {
#pragma omp section
    s += f(a); // expected-warning {{'s' is updated by more than one section without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
#pragma omp section
    s += f(b);
  }
  return s;
}

double accumulate_reduction(double a, double b) {
  double s = 0;
#pragma omp parallel sections reduction(+ : s)
  {
#pragma omp section
    s += f(a);
#pragma omp section
    s += f(b);
  }
  return s;
}

void different_halves(double *out, int n) {
#pragma omp parallel
#pragma omp sections
  {
#pragma omp section
    for (int i = 0; i < n / 2; i++)
      out[i] = f(i);
#pragma omp section
    for (int i = n / 2; i < n; i++)
      out[i] = f(i);
  }
}

double one_section_writes(double a) {
  double r = 0;
#pragma omp parallel sections
  {
#pragma omp section
    r = f(a);
#pragma omp section
    (void)f(a + 1);
  }
  return r;
}
