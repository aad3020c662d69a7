// A racy loop whose '_Pragma("omp parallel for")' comes from a macro is still
// reported, at the write in the source; so is a race written inside a macro body.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#define PARALLEL_FOR _Pragma("omp parallel for")
#define OMP(x) _Pragma(#x)
#define ACCUMULATE(s, v) ((s) += (v))
#define PAR_LOOP(i, n, body)                                                   \
  _Pragma("omp parallel for") for (int i = 0; i < (n); i++) { body; }

double f(int);

double pragma_macro(int n) {
  double sum = 0;
  PARALLEL_FOR
  for (int i = 0; i < n; i++)
    sum += f(i); // expected-warning {{'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return sum;
}

void pragma_macro_scratch(double *out, int n) {
  double tmp[4];
  OMP(omp parallel for)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      tmp[k] = f(i + k); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites;}}
    out[i] = tmp[3];
  }
}

void pragma_macro_clean(double *out, int n) {
  PARALLEL_FOR
  for (int i = 0; i < n; i++)
    out[i] = f(i);
}

double pragma_macro_reduction(int n) {
  double sum = 0;
  OMP(omp parallel for reduction(+ : sum))
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}

double update_in_macro(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    ACCUMULATE(sum, f(i)); // expected-warning {{'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return sum;
}

double whole_loop_in_macro(int n) {
  double sum = 0;
  PAR_LOOP(i, n, sum += f(i)); // expected-warning {{'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return sum;
}
