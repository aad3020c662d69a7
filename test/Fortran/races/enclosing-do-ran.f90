! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A loop that ran has a trip count of at least one: inside 'do it = lo, hi'
! around the construct, hi >= lo, so rows of hi - lo + 1 elements are
! apart (by default nothing is reported; the solver may not prove it in
! time, and then it is held back). A stride of hi - lo may be 0 there (when
! the loop runs once): every iteration then writes a(0).
subroutine blocks(lo, hi, n, a, b)
  integer :: lo, hi, n, it, i
  real :: a(0:*), b(*)
  do it = lo, hi
    !$omp parallel do
    do i = 1, n
      a(i * (hi - lo + 1)) = b(it)
    end do
  end do
end subroutine

subroutine blocks_once(lo, hi, n, a, b)
  integer :: lo, hi, n, it, i
  real :: a(0:*), b(*)
  do it = lo, hi
    !$omp parallel do
    do i = 1, n
      a(i * (hi - lo)) = b(it)
    end do
  end do
end subroutine
! CHECK: enclosing-do-ran.f90:25:7: warning: 'a' is written by every iteration at the same element without synchronization [privateer-shared-buffer]
! CHECK: enclosing-do-ran.f90:25:7: note: iterations i=1 and i=2 both write 'a[0]' (with n=2, hi=2, lo=2)
