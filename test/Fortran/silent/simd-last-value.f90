! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Every SIMD lane writes 'stats(1)' and none reads it: lanes meet only
! through a value one writes and another reads, and the store of the last
! lane is the one the loop leaves (as the sequential loop does).
subroutine simd_last_value(n, a, b, stats)
  integer :: n, i
  real :: a(n), b(n), stats(2)
  !$omp simd
  do i = 1, n
    b(i) = 2.0 * a(i)
    stats(1) = b(i)
  end do
end subroutine
