// Counts the elements in a class (x % 7 == 3), sequentially: the reference.
long count_hits(const int *x, long n) {
  long hits = 0;
  for (long i = 0; i < n; i++)
    hits += x[i] % 7 == 3;
  return hits;
}
