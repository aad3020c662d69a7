! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Two calls deep, a module counter is updated.
module call_nested_m
  integer :: visits
contains
  subroutine outer(x)
    real :: x
    call inner()
    x = x + 1.0
  end subroutine
  subroutine inner()
    visits = visits + 1
  end subroutine
end module
subroutine call_nested(a, n)
  use call_nested_m
  integer :: n, i
  real :: a(n)
  !$omp parallel do
  do i = 1, n
    call outer(a(i))
  end do
  !$omp end parallel do
end subroutine
! CHECK: call-nested.f90:22:5: warning: 'visits' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: call-nested.f90:22:5: note: iterations i=1 and i=2 both update 'visits' in 'inner'
