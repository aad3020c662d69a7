// Shared scratch buffers in TBB bodies, with the real oneTBB headers: a
// buffer captured by reference is shared by every work item; declared in
// the body (or per chunk, before the range loop), or captured by copy, it
// is not. Compiled without -fopenmp: the TBB model needs none.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_for_each.h>
#include <tbb/parallel_invoke.h>
#include <tbb/task_group.h>

#include <vector>

void index_form_vector(int n, int m, std::vector<double> &out) {
  std::vector<double> tmp(m);
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < m; ++k)
      tmp[k] = i * k; // expected-warning {{shared buffer 'tmp' is scratch}}
    double s = 0;
    for (int k = 0; k < m; ++k)
      s += tmp[k];
    out[i] = s;
  });
}

void index_form_array(int n, double *out) {
  double row[16];
  tbb::parallel_for(0, n, 2, [&row, out](int i) {
    for (int k = 0; k < 16; ++k)
      row[k] = i + k; // expected-warning {{shared buffer 'row' is scratch}}
    out[i] = row[3] + row[7];
  });
}

void blocked_range_form(int n, int m, std::vector<double> &out) {
  std::vector<double> tmp(m);
  tbb::parallel_for(tbb::blocked_range<int>(0, n),
                    [&](const tbb::blocked_range<int> &r) {
                      for (int i = r.begin(); i != r.end(); ++i) {
                        for (int k = 0; k < m; ++k)
                          tmp[k] = i * k; // expected-warning {{shared buffer 'tmp' is scratch}}
                        out[i] = tmp[m - 1];
                      }
                    },
                    tbb::static_partitioner());
}

void named_lambda(int n, std::vector<double> &out) {
  double t[4];
  auto body = [&](int i) {
    for (int k = 0; k < 4; ++k)
      t[k] = i; // expected-warning {{shared buffer 't' is scratch}}
    out[i] = t[0] + t[3];
  };
  tbb::parallel_for(0, n, body);
}

void for_each_element(std::vector<double> &v) {
  double t[4];
  tbb::parallel_for_each(v.begin(), v.end(), [&](double &x) {
    for (int k = 0; k < 4; ++k)
      t[k] = x * k; // expected-warning {{shared buffer 't' is scratch}}
    x = t[1] + t[2];
  });
}

void invoke_sections(double *a, double *b) {
  double t[8];
  tbb::parallel_invoke(
      [&] {
        for (int k = 0; k < 8; ++k)
          t[k] = a[k]; // expected-warning {{shared buffer 't' is scratch}}
        a[0] = t[7];
      },
      [&] {
        for (int k = 0; k < 8; ++k)
          t[k] = b[k];
        b[0] = t[7];
      });
}

void task_group_tasks(int n, double *out) {
  double t[8];
  tbb::task_group g;
  for (int i = 0; i < n; ++i)
    g.run([&, i] {
      for (int k = 0; k < 8; ++k)
        t[k] = i * k; // expected-warning {{shared buffer 't' is scratch}}
      out[i] = t[7];
    });
  g.wait();
}

struct Functor {
  std::vector<double> &tmp;
  std::vector<double> &out;
  void operator()(const tbb::blocked_range<int> &r) const {
    for (int i = r.begin(); i != r.end(); ++i) {
      for (int k = 0; k < 4; ++k)
        tmp[k] = i; // expected-warning {{shared buffer 'tmp' is scratch}}
      out[i] = tmp[3];
    }
  }
};

void functor_body(int n, std::vector<double> &tmp, std::vector<double> &out) {
  tbb::parallel_for(tbb::blocked_range<int>(0, n), Functor{tmp, out});
}

// Silent: each work item or chunk has its own buffer; disjoint writes.

void body_local(int n, int m, std::vector<double> &out) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<double> tmp(m);
    for (int k = 0; k < m; ++k)
      tmp[k] = i * k;
    out[i] = tmp[m - 1];
  });
}

void chunk_local(int n, int m, std::vector<double> &out) {
  tbb::parallel_for(tbb::blocked_range<int>(0, n),
                    [&](const tbb::blocked_range<int> &r) {
                      std::vector<double> tmp(m);
                      for (int i = r.begin(); i != r.end(); ++i) {
                        for (int k = 0; k < m; ++k)
                          tmp[k] = i * k;
                        out[i] = tmp[m - 1];
                      }
                    });
}

void read_only_capture(int n, const std::vector<double> &in,
                       std::vector<double> &out) {
  double scale = 2;
  tbb::parallel_for(0, n, [&](int i) { out[i] = in[i] * scale + in[0]; });
}

void by_copy_capture(int n, std::vector<double> &out) {
  int offset = 3;
  tbb::parallel_for(0, n, [=, &out](int i) {
    int k = offset + i;
    out[i] = k;
  });
}

void elements_disjoint(std::vector<double> &v) {
  tbb::parallel_for_each(v, [](double &x) { x = x * 2; });
}

// By copy, a pointer is the body's own, but what it points to is shared.
void copied_pointer(int n, double *out) {
  double *buf = new double[8];
  tbb::parallel_for(0, n, [=](int i) {
    for (int k = 0; k < 8; ++k)
      buf[k] = i * k; // expected-warning {{'buf'}}
    out[i] = buf[7];
  });
  delete[] buf;
}

// A generic lambda is modelled through its instantiation.
void generic_lambda(int n, std::vector<double> &out) {
  double t[4];
  tbb::parallel_for(0, n, [&](auto i) {
    for (int k = 0; k < 4; ++k)
      t[k] = i; // expected-warning {{shared buffer 't' is scratch}}
    out[i] = t[2];
  });
}

// Silent: the by-copy array is each body copy's own (read only).
void copied_array(int n, std::vector<double> &out) {
  double coef[4] = {1, 2, 3, 4};
  tbb::parallel_for(0, n, [=, &out](int i) { out[i] = coef[i % 4] * i; });
}

// Members of `this` are shared by a body that captures `this`.
struct Grid {
  std::vector<double> data, scratch;
  int n = 0;
  void step() {
    tbb::parallel_for(0, n, [this](int i) {
      scratch[0] = data[i]; // expected-warning {{shared buffer 'scratch' is scratch}}
      data[i] = scratch[0] * 2;
    });
  }
  void disjoint() {
    tbb::parallel_for(0, n, [this](int i) { data[i] = i; });
  }
};
