// A function that holds an orphaned worksharing construct ('omp for',
// 'single', 'barrier') is meant to run in a team, whose 'parallel' is in a
// caller, often in another file: every thread of the team runs its code
// outside the worksharing, so an unsynchronized update of shared memory
// there races whether or not the unit shows the 'parallel'. The object the
// worksharing loop divides (a reference parameter, `this`) is the team's;
// one it does not name may be each thread's ("may"). Locals are each
// thread's own. Where the unit shows every caller and none is in a team
// (a static function called from main), nothing is reported.
// RUN: %cxx -Xclang -verify=expected -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx %s 2>&1 | FileCheck %s
#include <vector>

struct System {
  std::vector<double> f, x;
  double energy = 0;
  long steps = 0;
};

void compute_forces(System &s) {
  double local = 0;
#pragma omp for
  for (int i = 0; i < (int)s.x.size(); i++) {
    s.f[i] = -s.x[i];
    local += 0.5 * s.x[i] * s.x[i];
  }
  s.energy += local; // expected-warning {{'energy' of 's' is updated by every thread without a reduction}}
}
// CHECK: team-routines.cpp:[[@LINE-2]]:3: warning: 'energy' of 's' is updated by every thread
// CHECK: note: 's' is declared here; every thread of the team that runs 'compute_forces' uses the same one
// CHECK: note: 'compute_forces' holds this orphaned 'omp for', so it runs in a team (whose 'parallel' is in a caller), and every thread of the team runs its code outside the worksharing; protect the update with '#pragma omp atomic' on the update or 'omp critical'

void compute_forces_atomic(System &s) {
  double local = 0;
#pragma omp for
  for (int i = 0; i < (int)s.x.size(); i++)
    local += s.x[i];
#pragma omp atomic
  s.energy += local;
#pragma omp single
  s.steps++;
}

double total_energy;

void accumulate_global(const System &s) {
  double local = 0;
#pragma omp for nowait
  for (int i = 0; i < (int)s.x.size(); i++)
    local += s.x[i];
  total_energy += local; // expected-warning {{'total_energy' is updated by every thread without a reduction}}
}

void per_thread_object(System &mine, const std::vector<double> &x) {
  // 'mine' is not what the loop divides: it may be each thread's own.
  double local = 0;
#pragma omp for
  for (int i = 0; i < (int)x.size(); i++)
    local += x[i];
  mine.energy += local; // may-warning {{'energy' of 'mine' may be updated by every thread}}
}

class Grid {
  std::vector<double> cells;
  double norm = 0;

public:
  void normalize() {
    double sq = 0;
#pragma omp for
    for (int i = 0; i < (int)cells.size(); i++)
      sq += cells[i] * cells[i];
    norm += sq; // expected-warning {{'norm' is updated by every thread without a reduction}}
  }
};

void barrier_only(long *counter) {
  // No worksharing names 'counter': each thread's, perhaps.
#pragma omp barrier
  (*counter)++; // may-warning {{threads can update 'counter' at the same element without synchronization}}
}

static void serial_helper(System &s) {
  double local = 0;
#pragma omp for
  for (int i = 0; i < (int)s.x.size(); i++)
    local += s.x[i];
  s.energy += local;
}

int main() {
  System s;
  s.x.assign(100, 1.0);
  s.f.assign(100, 0.0);
  serial_helper(s);
  return (int)s.energy;
}

// An orphaned 'omp for' alone, with nothing else written for a team, may
// be a 'parallel' forgotten in code called serially (faiss's median
// training): the update before it is only "may".
double trained_shift;
void train(std::vector<double> &trained, int n, double period) {
  trained_shift += 0.25 * period; // may-warning {{'trained_shift' may be updated by every thread}}
#pragma omp for
  for (int i = 0; i < n; i++)
    trained[i] = i;
}

// A function that starts teams of its own is a serial driver: an orphaned
// 'omp for' in it runs on the thread that calls it (LAMMPS's dual CG).
int solve(std::vector<double> &d, int n, int &flag) {
  flag = 1;
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += d[i];
#pragma omp for
  for (int i = 0; i < n; i++)
    d[i] *= s;
  flag = 2;
  return flag;
}
