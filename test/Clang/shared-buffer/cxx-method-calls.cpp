// A method the work item calls on an object is part of its work: its
// members are the object's (a shared one's member updated by every
// iteration races; an object of each iteration's own does not), a static
// member is the class's one variable, and a static method is a function.
// A virtual call is not followed: the construct is held back, and
// explain-silence says why.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark %s
// RUN: %cxx -fplugin-arg-privateer-explain-silence %s 2>&1 | FileCheck %s
struct Stats {
  static long hits;
  static void bump() { hits++; }
  long own = 0;
  double buf[8];
  void add() { own++; }
  void set(int k, double v) { buf[k] = v; }
};
long Stats::hits = 0;

void static_member(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    Stats::hits += 2; // expected-warning {{'hits' is updated by every iteration without a reduction}}
}

void static_method(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    Stats::bump(); // expected-warning {{'hits' is updated by every iteration without a reduction}}
}

void shared_object(Stats &s, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s.add(); // expected-warning {{'own' of 's' is updated by every iteration without a reduction}}
}

void own_objects(int n, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    Stats mine;
    mine.add();
    mine.set(0, i);
    out[i] = mine.buf[0] + mine.own;
  }
}

void disjoint_elements(Stats *all, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    all[i].add();
}

struct Shape {
  virtual double area() const { return 0; }
  virtual ~Shape() = default;
};
void virtual_calls(Shape **shapes, double *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = shapes[i]->area();
}
// CHECK: cxx-method-calls.cpp:[[@LINE-4]]:1: remark: 'omp parallel for' held back: its work calls 'Shape::area' (a virtual call), whose code the analysis does not see
