! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The end of the taskgroup waits for the tasks created in it.
subroutine task_taskgroup(a, b)
  real :: a(4), b
  !$omp parallel
  !$omp single
  !$omp taskgroup
  !$omp task
  a(1) = 2.0
  !$omp end task
  !$omp task
  a(2) = 3.0
  !$omp end task
  !$omp end taskgroup
  b = a(1) + a(2)
  !$omp end single
  !$omp end parallel
end subroutine
