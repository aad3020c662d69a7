! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! An orphaned do in a subroutine whose SAVE local every thread shares.
subroutine orphan_save(a, n)
  integer :: n, i
  real :: a(n)
  real, save :: t
  !$omp do
  do i = 1, n
    t = a(i) * a(i)
    a(i) = t
  end do
  !$omp end do
end subroutine
! CHECK: orphan-save.f90:10:5: warning: shared buffer 't' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! CHECK: orphan-save.f90:10:5: note: iterations i=1 and i=2 both write 't'
