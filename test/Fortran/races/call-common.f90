! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A COMMON variable updated by a called subroutine.
subroutine tick()
  integer :: ticks
  common /clock/ ticks
  ticks = ticks + 1
end subroutine
subroutine call_common(n)
  integer :: n, i
  !$omp parallel do
  do i = 1, n
    call tick()
  end do
  !$omp end parallel do
end subroutine
! CHECK: call-common.f90:13:5: warning: 'ticks' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: call-common.f90:13:5: note: iterations i=1 and i=2 both update 'ticks' in 'tick'
