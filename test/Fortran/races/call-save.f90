! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A SAVE variable of an internal procedure, called from every iteration.
subroutine call_save(a, n)
  integer :: n, i
  real :: a(n)
  !$omp parallel do
  do i = 1, n
    call remember(a(i))
  end do
  !$omp end parallel do
contains
  subroutine remember(x)
    real :: x
    real, save :: previous
    previous = x
    x = x + previous
  end subroutine
end subroutine
! CHECK: call-save.f90:9:5: warning: shared buffer 'previous' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! CHECK: call-save.f90:9:5: note: iterations i=1 and i=2 both write 'previous' in 'remember'
