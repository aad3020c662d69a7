// One loop of each verdict: disjoint (proven free), a sum (reported), a body
// through a std::function (not analysed), a call whose body is elsewhere
// and a loaded index (held back).
#include <functional>
#include <vector>
void disjoint(std::vector<double> &y, const std::vector<double> &x) {
#pragma omp parallel for
  for (int i = 0; i < (int)x.size(); i++)
    y[i] = 2 * x[i];
}
double racy(const std::vector<double> &x) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < (int)x.size(); i++)
    s += x[i];
  return s;
}
void through(int n, const std::function<void(int)> &f) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    f(i);
}
void ext(int);
void unseen(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    ext(i);
}
void hist(int n, const int *key, int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[key[i]]++;
}
