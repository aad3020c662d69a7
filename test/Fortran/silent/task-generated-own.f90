! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The task of each iteration writes its own element.
subroutine task_generated_own(a, n)
  integer :: n, i
  real :: a(n)
  !$omp parallel
  !$omp single
  do i = 1, n
    !$omp task
    a(i) = sqrt(real(i))
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
end subroutine
