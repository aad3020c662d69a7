// privateer-chunk-false-sharing in C++: containers and element structs.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <vector>

void vector_chunk(int n, int m, std::vector<float> &a) {
#pragma omp parallel for schedule(static, 2) // expected-warning {{'schedule(static, 2)' gives each thread 8 bytes of 'a' at a time: up to 8 threads write into each 64-byte cache line}}
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}

struct Particle {
  double x, y, z, w; // 32 bytes
};

void struct_chunk(int n, int m, Particle *p) {
#pragma omp parallel for schedule(dynamic, 1) // expected-warning {{'schedule(dynamic, 1)' gives each thread 32 bytes of 'p'}}
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      p[i] = Particle{p[i].x + k, p[i].y, p[i].z, p[i].w};
}

void vector_whole_lines(int n, int m, std::vector<float> &a) {
#pragma omp parallel for schedule(static, 16)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}
