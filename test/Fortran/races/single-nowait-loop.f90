! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! 'single nowait' initializes what the loop after it reads.
subroutine single_nowait_loop(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  !$omp parallel
  !$omp single
  a(1) = 0.0
  !$omp end single nowait
  !$omp do
  do i = 1, n
    b(i) = a(1) + i
  end do
  !$omp end do
  !$omp end parallel
end subroutine
! CHECK: single-nowait-loop.f90:13:5: warning: 'a' is written by the '!$omp single' before this loop, which one thread runs with no barrier after it, and read here: the other threads start the loop while it runs [privateer-shared-buffer]
! CHECK: single-nowait-loop.f90:9:3: note: the '!$omp single' writes 'a[1]' here
