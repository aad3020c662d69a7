! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The callee writes its dummy argument, a private variable of the loop.
subroutine square_into(x, y)
  real :: x, y
  y = x * x
end subroutine
subroutine call_private_actual(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  !$omp parallel do private(t)
  do i = 1, n
    call square_into(a(i), t)
    b(i) = t + 1.0
  end do
  !$omp end parallel do
end subroutine
