! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The creator waits for the task before it reads the result.
subroutine task_taskwait_read(a, s)
  real :: a(100), s
  integer :: i
  !$omp parallel
  !$omp single
  !$omp task private(i)
  do i = 1, 100
    a(i) = i
  end do
  !$omp end task
  !$omp taskwait
  s = a(7)
  !$omp end single
  !$omp end parallel
end subroutine
