! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! An internal procedure updates a variable of its host, which every
! iteration calls it for: the host's variable is shared. (No clause is
! offered: 'reduction' on the directive would not reach the procedure's
! reference.)
subroutine call_host_variable(v, n, total)
  integer :: n, i
  real :: v(n), total, acc
  acc = 0.0
  !$omp parallel do
  do i = 1, n
    call add(v(i))
  end do
  !$omp end parallel do
  total = acc
contains
  subroutine add(x)
    real :: x
    acc = acc + x
  end subroutine
end subroutine
! CHECK: call-host-variable.f90:13:5: warning: 'acc' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: call-host-variable.f90:13:5: note: iterations i=1 and i=2 both update 'acc' in 'add'
