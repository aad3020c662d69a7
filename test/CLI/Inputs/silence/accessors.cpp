// A const accessor of an object each iteration makes for itself reads
// only that object: nothing the analysis does not see. One that reads a
// global is not such an accessor: its call is unseen, the loop held back.
struct Span {
  long b, e;
  long begin() const { return b; }
  long end() const { return e; }
};
long counter;
struct Ticket {
  long next() const { return counter; }
};

void lengths(double *y, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    Span s{i, i + 2};
    y[i] = s.end() - s.begin();
  }
}

void tickets(double *y, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    Ticket t;
    y[i] = t.next();
  }
}

// A const method that makes an object whose constructor the program
// writes runs that constructor's code: not a plain accessor.
struct Stamp {
  Stamp();
  long at;
};
struct Clock {
  Stamp now() const { return Stamp(); }
};

void stamps(double *y, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    Clock c;
    y[i] = c.now().at;
  }
}
