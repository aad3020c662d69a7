! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The callee writes only the element it is passed.
subroutine scale_one(x, f)
  real :: x, f
  x = x * f
end subroutine
subroutine call_own_element(a, n)
  integer :: n, i
  real :: a(n)
  !$omp parallel do
  do i = 1, n
    call scale_one(a(i), 2.0)
  end do
  !$omp end parallel do
end subroutine
