! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! An undeferred task has finished when its creator goes on.
subroutine task_undeferred_creator(v, w)
  integer :: v, w
  !$omp parallel
  !$omp single
  !$omp task if(.false.)
  v = 8
  !$omp end task
  w = v + 1
  !$omp end single
  !$omp end parallel
end subroutine
