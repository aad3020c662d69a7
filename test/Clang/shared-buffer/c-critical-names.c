// Critical sections exclude each other only when they share a name: two
// differently named ones (or a named and the unnamed one) updating one
// counter race; the same name, the unnamed one twice, or a section nested
// in one of the other's name do not.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

int even_odd(int n) {
  int hits = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
#pragma omp critical(even)
      hits += 1;
    } else {
#pragma omp critical(odd)
      hits += 1; // expected-warning {{'hits' is written in critical section 'even' and written in critical section 'odd': critical sections of different names do not exclude each other}}
    }
  }
  return hits;
}

int named_and_unnamed(int n) {
  int hits = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
#pragma omp critical
      hits += 1;
    } else {
#pragma omp critical(odd)
      hits += 1; // expected-warning {{'hits' is written in the unnamed critical section and written in critical section 'odd'}}
    }
  }
  return hits;
}

int same_name(int n) {
  int hits = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
#pragma omp critical(count)
      hits += 1;
    } else {
#pragma omp critical(count)
      hits += 2;
    }
  }
  return hits;
}

int unnamed_twice(int n) {
  int hits = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
#pragma omp critical
      hits += 1;
    } else {
#pragma omp critical
      hits += 2;
    }
  }
  return hits;
}

int nested(int n) {
  int hits = 0, misses = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
#pragma omp critical(outer)
      {
#pragma omp critical(inner)
        hits += 1;
        misses += 1;
      }
    } else {
#pragma omp critical(outer)
      hits += 2;
    }
  }
  return hits + misses;
}

// 'atomic' and 'critical' do not exclude each other either; two atomic
// updates, or an atomic write of a flag and a critical section's read of
// it (a hand-off), are left alone.
int atomic_and_critical(int n) {
  int hits = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
#pragma omp atomic
      hits += 1;
    } else {
#pragma omp critical
      hits += 2; // expected-warning {{'hits' is written atomically and written in the unnamed critical section: the two do not exclude each other}}
    }
  }
  return hits;
}

int atomic_twice(int n) {
  int hits = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
#pragma omp atomic
      hits += 1;
    } else {
#pragma omp atomic
      hits += 2;
    }
  }
  return hits;
}

// A critical section inside a lock's span holds the lock too: both
// updates are made under it. Without the lock around it, the critical
// section and the lock do not exclude each other.
void omp_set_lock(void *);
void omp_unset_lock(void *);

int lock_around_critical(int n, void *l) {
  int x = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    omp_set_lock(l);
    if (i % 2) {
      x++;
    } else {
#pragma omp critical
      x += 2;
    }
    omp_unset_lock(l);
  }
  return x;
}

int lock_or_critical(int n, void *l) {
  int x = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i % 2) {
      omp_set_lock(l);
      x++;
      omp_unset_lock(l);
    } else {
#pragma omp critical
      x += 2; // expected-warning {{'x' is written under a lock and written in the unnamed critical section: the two do not exclude each other}}
    }
  }
  return x;
}
