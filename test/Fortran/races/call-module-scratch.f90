! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A module variable used as scratch by a called procedure.
module call_module_scratch_m
  real :: buf(4)
contains
  real function norm2of(x, y)
    real :: x, y
    buf(1) = x * x
    buf(2) = y * y
    norm2of = sqrt(buf(1) + buf(2))
  end function
end module
subroutine call_module_scratch(x, y, r, n)
  use call_module_scratch_m
  integer :: n, i
  real :: x(n), y(n), r(n)
  !$omp parallel do
  do i = 1, n
    r(i) = norm2of(x(i), y(i))
  end do
  !$omp end parallel do
end subroutine
! CHECK: call-module-scratch.f90:20:5: warning: shared buffer 'buf' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! CHECK: call-module-scratch.f90:20:5: note: iterations i=1 and i=2 both write 'buf[1]' in 'norm2of'
