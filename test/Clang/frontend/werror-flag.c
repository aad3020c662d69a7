// Clang's own -Werror applies to privateer's warnings too (clang does not do
// this for a plugin's custom warnings by itself), and -Wno-error undoes it.
// RUN: not %cc -Werror %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %cc -Werror -Wno-error %s 2>&1 | FileCheck %s --check-prefix=WARN
// ERR: werror-flag.c:[[@LINE+9]]:5: error: 'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
// WARN: werror-flag.c:[[@LINE+8]]:5: warning: 'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]

double f(int);

double racy_sum(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}

// werror=off keeps findings warnings even under -Werror (an escape for
// -Werror builds that adopt privateer gradually).
// RUN: %cc -Werror -fplugin-arg-privateer-werror=off %s 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: warning: {{.*}}[privateer-shared-buffer]
// OFF-NOT: error:
// RUN: not %cc -fplugin-arg-privateer-werror=maybe %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: privateer: invalid werror value 'maybe': expected 'on' or 'off'
