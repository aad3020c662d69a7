// A workspace struct holding std::vector members, declared before an OpenMP
// loop and used as scratch through its members, against per-iteration,
// per-thread and firstprivate workspaces.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <vector>

struct Workspace {
  std::vector<double> tmp;
  std::vector<int> idx;
  explicit Workspace(int m) : tmp(m), idx(m) {}
};

struct Particle {
  double x, v;
};

void shared_workspace(int n, int m, std::vector<double> &out) {
  Workspace ws(m);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      ws.tmp[j] = i * 0.5 + j; // expected-warning {{shared buffer 'ws' is scratch}}
    out[i] = ws.tmp[m - 1];
  }
}

void local_workspace(int n, int m, std::vector<double> &out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    Workspace ws(m);
    for (int j = 0; j < m; j++)
      ws.tmp[j] = i * 0.5 + j;
    out[i] = ws.tmp[m - 1];
  }
}

void firstprivate_workspace(int n, int m, std::vector<double> &out) {
  Workspace ws(m);
#pragma omp parallel for firstprivate(ws)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      ws.tmp[j] = i * 0.5 + j;
    out[i] = ws.tmp[m - 1];
  }
}

void per_thread_workspace(int n, int m, std::vector<double> &out) {
#pragma omp parallel
  {
    Workspace ws(m);
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++)
        ws.tmp[j] = i * 0.5 + j;
      out[i] = ws.tmp[m - 1];
    }
  }
}

void particles_own_element(std::vector<Particle> &ps, double dt) {
  int n = static_cast<int>(ps.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    ps[i].v += -ps[i].x * dt;
    ps[i].x += ps[i].v * dt;
  }
}

void particles_shared_energy(const std::vector<Particle> &ps, double &energy) {
  int n = static_cast<int>(ps.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    energy += 0.5 * ps[i].v * ps[i].v; // expected-warning {{'energy' is updated by every iteration without a reduction}}
}
