! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A taskloop over a loop-carried dependence.
subroutine taskloop_carried(a, n)
  integer :: n, i
  real :: a(n)
  !$omp parallel
  !$omp single
  !$omp taskloop
  do i = 2, n
    a(i) = a(i - 1) + 1.0
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: taskloop-carried.f90:11:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: taskloop-carried.f90:11:5: note: iteration i=3 reads 'a[i - 1]' here while iteration i=2 writes 'a[i]': both access 'a[2]'
