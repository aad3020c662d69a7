! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! single ends with a barrier: the team reads after it.
subroutine single_barrier_read(step, out)
  use omp_lib
  real :: step, out(0:3)
  !$omp parallel num_threads(4)
  !$omp single
  step = 0.25
  !$omp end single
  out(omp_get_thread_num()) = step
  !$omp end parallel
end subroutine
