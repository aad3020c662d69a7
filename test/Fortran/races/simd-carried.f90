! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The dependence distance (2) is within safelen(8): lanes running together meet.
subroutine simd_carried(a, n)
  integer :: n, i
  real :: a(n)
  !$omp simd safelen(8)
  do i = 3, n
    a(i) = a(i - 2) + 1.0
  end do
end subroutine
! CHECK: simd-carried.f90:9:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence, and SIMD lanes run those iterations together [privateer-shared-buffer]
! CHECK: simd-carried.f90:9:5: note: iteration i=5 reads 'a[i - 2]' here while iteration i=3 writes 'a[i]': both access 'a[3]' (with lanes from i=3, n=5)
