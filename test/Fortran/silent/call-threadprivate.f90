! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The module variable the callee uses as scratch is threadprivate.
module call_threadprivate_m
  real :: scratch
  !$omp threadprivate(scratch)
contains
  subroutine twice(x, y)
    real :: x, y
    scratch = x * 2.0
    y = scratch
  end subroutine
end module
subroutine call_threadprivate(a, b, n)
  use call_threadprivate_m
  integer :: n, i
  real :: a(n), b(n)
  !$omp parallel do
  do i = 1, n
    call twice(a(i), b(i))
  end do
  !$omp end parallel do
end subroutine
