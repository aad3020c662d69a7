! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A secondary index advanced in every iteration, shared without linear.
subroutine linear_missing(src, dst, n)
  integer :: n, i, j
  real :: src(n), dst(2 * n)
  j = 1
  !$omp parallel do
  do i = 1, n
    dst(j) = src(i)
    j = j + 2
  end do
  !$omp end parallel do
end subroutine
! CHECK: linear-missing.f90:11:5: warning: shared counter 'j' is updated by every iteration and its value used without synchronization; two iterations can get the same value [privateer-shared-buffer]
! CHECK: linear-missing.f90:11:5: note: iterations i=1 and i=2 both update 'j'
