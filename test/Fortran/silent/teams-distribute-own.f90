! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! teams distribute over independent iterations.
subroutine teams_distribute_own(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  !$omp teams distribute
  do i = 1, n
    b(i) = 2.0 * a(i)
  end do
  !$omp end teams distribute
end subroutine
