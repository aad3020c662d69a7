! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Every access of the shared maximum is in one critical section.
subroutine critical_everywhere(a, n, best)
  integer :: n, i
  real :: a(n), best
  !$omp parallel do
  do i = 1, n
    !$omp critical
    if (a(i) > best) best = a(i)
    !$omp end critical
  end do
  !$omp end parallel do
end subroutine
