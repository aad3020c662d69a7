// The callee of test/Fix/private-opaque-call.c, compiled apart from it: the
// analysis of that file cannot see what pbex does with its arguments.
void pbex(double rho, const int *iflag, double *sx) {
  double f = *iflag == 2 ? 2.0 : 1.0;
  for (int k = 0; k < 50; k++)
    f = f * 0.999 + rho * 1e-3;
  *sx = rho * f;
}
