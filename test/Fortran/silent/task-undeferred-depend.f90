! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! An undeferred task with depend(in: x) waits for the task that writes x.
subroutine task_undeferred_depend(x, y)
  integer :: x, y
  !$omp parallel
  !$omp single
  !$omp task depend(out: x)
  x = 3
  !$omp end task
  !$omp task depend(in: x) if(.false.)
  y = x * x
  !$omp end task
  !$omp end single
  !$omp end parallel
end subroutine
