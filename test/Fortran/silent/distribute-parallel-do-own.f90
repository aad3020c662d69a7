! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! teams distribute parallel do with a private temporary.
subroutine distribute_parallel_do_own(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  !$omp teams distribute parallel do private(t)
  do i = 1, n
    t = a(i) - 1.0
    b(i) = t * t
  end do
  !$omp end teams distribute parallel do
end subroutine
