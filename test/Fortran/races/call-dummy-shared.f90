! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The callee writes its dummy argument, the shared scalar 'm'.
subroutine keep_max(m, v)
  real :: m, v
  if (v > m) m = v
end subroutine
subroutine call_dummy_shared(a, n, m)
  integer :: n, i
  real :: a(n), m
  !$omp parallel do
  do i = 1, n
    call keep_max(m, a(i))
  end do
  !$omp end parallel do
end subroutine
! CHECK: call-dummy-shared.f90:13:5: warning: 'm' is written by every iteration without synchronization [privateer-shared-buffer]
! CHECK: call-dummy-shared.f90:13:5: note: iterations i=1 and i=2 both write 'm' in 'keep_max'
