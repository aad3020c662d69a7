! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The sections end with nowait, and the team reads what a section writes.
subroutine sections_nowait_region(r, q, got)
  use omp_lib
  real :: r, q, got(0:3)
  !$omp parallel num_threads(4)
  !$omp sections
  !$omp section
  r = 1.0
  !$omp section
  q = 0.0
  !$omp end sections nowait
  got(omp_get_thread_num()) = r
  !$omp end parallel
end subroutine
! CHECK: sections-nowait-region.f90:14:3: warning: 'r' is written by one thread (in 'single', 'master' or 'masked') and read by the others with no barrier between: they may access it before or while it is written [privateer-shared-buffer]
