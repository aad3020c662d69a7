! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! depend(inout: s) orders the tasks every iteration makes.
subroutine task_generated_depend(s, n)
  integer :: n, i
  real :: s
  !$omp parallel
  !$omp single
  do i = 1, n
    !$omp task shared(s) depend(inout: s)
    s = s + i
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
end subroutine
