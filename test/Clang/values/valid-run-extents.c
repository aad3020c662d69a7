// A certain finding promises a run the program can make: a loop that
// reads table[i] on every iteration, table of 180 elements, runs at most
// 180 iterations, so no pigeonhole over base's 2025 elements can hold (the
// "n=2026" witness reads table past its end). A table longer than base, a
// read that only some iterations make, or an extent of 1 (a trailing array
// a program allocates larger) bound nothing, and the collision stands.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

int n;
int table[180];
int big[4096];
double base[2025];

void bounded_by_table(void) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = table[i];
    base[k] += 1.0;
  }
}

void bounded_by_offset_read(void) {
  // table[i + 20]: at most 160 iterations.
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    base[table[i + 20]] += 1.0;
}

void table_longer_than_base(void) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    base[big[i]] += 1.0; // expected-warning {{iterations update 'base' at the same element without synchronization}}
}

void read_only_sometimes(int m) {
  // Only iterations below 180 read the table: the loop itself is not
  // bounded by it.
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = i < 180 ? table[i] : m;
    base[k % 2025] += 1.0; // expected-warning {{iterations update 'base' at the same element without synchronization}}
  }
}

struct packet {
  int count;
  int slot[1];
};

void trailing_array(struct packet *p, double *out) {
  int local[1] = {0};
  (void)local;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[p->slot[i] & 7] += 1.0; // expected-warning {{iterations update 'out' at the same element without synchronization}}
}
