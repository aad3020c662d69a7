// A racy loop in a header: reported when the header is a user header (-I),
// silent when it is a system header (-isystem).
// RUN: %cc -isystem %S/Inputs %s 2>&1 | count 0
// RUN: %cc -I %S/Inputs %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK: racy.h:6:5: warning: 'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]

#include <racy.h>

double use(const double *x, int n) { return racy_sum(x, n); }
