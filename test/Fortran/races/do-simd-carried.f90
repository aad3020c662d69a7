! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A worksharing simd loop over a dependence.
subroutine do_simd_carried(a, n)
  integer :: n, i
  real :: a(n)
  !$omp parallel
  !$omp do simd
  do i = 1, n - 1
    a(i) = a(i + 1) * 0.5
  end do
  !$omp end do simd
  !$omp end parallel
end subroutine
! CHECK: do-simd-carried.f90:10:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: do-simd-carried.f90:10:5: note: iteration i=1 reads 'a[i + 1]' here while iteration i=2 writes 'a[i]': both access 'a[2]'
