! RUN: %flang_hlfir -fopenmp-version=50 %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! With OpenMP 5.0 Flang copies the last value of a simd loop's variable out
! to the variable around it in the simd's last iteration: in a parallel DO
! every thread runs that copy-out. The simd loop's own variable is each
! thread's (as in C, where it is linear), so that copy is no shared write.
program simd_counter_copy_out
  implicit none
  integer, parameter :: n = 32, m = 8
  integer :: i, k
  real :: x(n), y(n, m)
  x = 2.0
  !$omp parallel do
  do k = 1, m
    !$omp simd
    do i = 1, n
      y(i, k) = x(i) * k
    end do
  end do
  !$omp end parallel do
  print *, y(n, m)
end program
