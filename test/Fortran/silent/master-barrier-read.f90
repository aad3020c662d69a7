! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! master writes, a barrier, then the team reads.
subroutine master_barrier_read(step, out)
  use omp_lib
  real :: step, out(0:3)
  !$omp parallel num_threads(4)
  !$omp master
  step = 0.25
  !$omp end master
  !$omp barrier
  out(omp_get_thread_num()) = step
  !$omp end parallel
end subroutine
