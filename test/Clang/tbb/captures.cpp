// What a body's copy holds and what it only refers to, with the real
// oneTBB headers and no -fopenmp. A std::reference_wrapper captured by copy
// (std::ref(x), std::reference_wrapper<T>(x), an init-capture) is the
// body's own, but the object it refers to is shared: races on it are
// reported. A functor's `mutable` member is shared where every work item
// calls the one object the caller passed (parallel_for's index form,
// parallel_for_each: TBB keeps a reference to it), and the body's own where
// TBB copies the body per task (blocked_range forms). A `mutable` lambda's
// by-copy captures are the copy's own (the standard algorithms copy the
// function object; TBB's algorithms do not accept one): writing them is no
// race.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_for_each.h>

#include <algorithm>
#include <execution>
#include <functional>
#include <vector>

double ref_captured_by_copy(int n, const double *x) {
  double s = 0;
  auto r = std::ref(s);
  tbb::parallel_for(0, n, [r, x](int i) {
    r.get() += x[i]; // expected-warning {{'s' is updated by every iteration}}
  });
  return s;
}

double ref_init_capture(int n, const double *x) {
  double s = 0;
  tbb::parallel_for(0, n, [r = std::ref(s), x](int i) {
    r.get() += x[i]; // expected-warning {{'s' is updated by every iteration}}
  });
  return s;
}

double wrapper_converted(int n, const double *x) {
  double s = 0;
  std::reference_wrapper<double> r(s);
  tbb::parallel_for(0, n, [=](int i) {
    double &y = r;
    y += x[i]; // expected-warning {{'s' is updated by every iteration}}
  });
  return s;
}

void ref_to_scratch(int n, std::vector<double> &out) {
  std::vector<double> tmp(8);
  auto r = std::ref(tmp);
  tbb::parallel_for(0, n, [r, &out](int i) {
    std::vector<double> &t = r.get();
    for (int k = 0; k < 8; ++k)
      t[k] = i * k; // expected-warning {{shared buffer 'tmp' is scratch}}
    out[i] = t[7];
  });
}

struct MutableScratch {
  double *out;
  mutable double t[4];
  void operator()(int i) const {
    for (int k = 0; k < 4; ++k)
      t[k] = i * k; // expected-warning {{shared buffer 't' is scratch}}
    out[i] = t[3];
  }
};

void functor_mutable_member(int n, double *out) {
  tbb::parallel_for(0, n, MutableScratch{out, {}});
}

struct MutableCount {
  mutable long seen = 0;
  void operator()(double &x) const {
    x *= 2;
    ++seen; // expected-warning {{'seen'}}
  }
};

void for_each_mutable_member(std::vector<double> &v) {
  tbb::parallel_for_each(v.begin(), v.end(), MutableCount{});
}

// Silent.

// A mutable lambda's copies: each copy of the function object has its own.
void mutable_lambda(std::vector<double> &v) {
  double t[4] = {0};
  std::for_each(std::execution::par, v.begin(), v.end(),
                [t](double &x) mutable {
                  for (int k = 0; k < 4; ++k)
                    t[k] = x * k;
                  x = t[3];
                });
}

// blocked_range: TBB copies the body for each task, and the items of one
// chunk run one after another.
struct ChunkScratch {
  double *out;
  mutable double t[4];
  void operator()(const tbb::blocked_range<int> &r) const {
    for (int i = r.begin(); i != r.end(); ++i) {
      for (int k = 0; k < 4; ++k)
        t[k] = i * k;
      out[i] = t[3];
    }
  }
};

void functor_copied_per_task(int n, double *out) {
  tbb::parallel_for(tbb::blocked_range<int>(0, n), ChunkScratch{out, {}});
}

// A wrapper only read through: nothing written.
double ref_read_only(int n, const double *x, double *out) {
  double scale = 2;
  auto r = std::cref(scale);
  tbb::parallel_for(0, n, [r, x, out](int i) { out[i] = x[i] * r.get(); });
  return scale;
}

// A wrapper made inside the body, to the item's own element.
void ref_to_own_element(int n, double *out) {
  tbb::parallel_for(0, n, [out](int i) {
    auto r = std::ref(out[i]);
    r.get() = i;
  });
}

// Rebound before the call: which object it refers to is not followed, and
// nothing is reported rather than a guess.
double ref_rebound(int n, const double *x, double *other) {
  double s = 0;
  auto r = std::ref(s);
  r = std::ref(other[0]);
  tbb::parallel_for(0, n, [r, x](int i) { r.get() += x[i]; });
  return s;
}
