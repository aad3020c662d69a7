! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! depend(out) and depend(in) on one variable order the two tasks.
subroutine task_depend_ordered(x, y)
  integer :: x, y
  !$omp parallel
  !$omp single
  !$omp task depend(out: x)
  x = 4
  !$omp end task
  !$omp task depend(in: x)
  y = x + 1
  !$omp end task
  !$omp end single
  !$omp end parallel
end subroutine
