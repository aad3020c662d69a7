! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Each section fills its own half of the array.
subroutine sections_own(a, n)
  integer :: n, i
  real :: a(2 * n)
  !$omp parallel sections private(i)
  !$omp section
  do i = 1, n
    a(i) = 0.0
  end do
  !$omp section
  do i = n + 1, 2 * n
    a(i) = 1.0
  end do
  !$omp end parallel sections
end subroutine
