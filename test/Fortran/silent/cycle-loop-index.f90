! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A loop body left early with 'cycle' is several blocks: the loop
! variable stored in the first reaches the others, so each iteration
! writes its own element; a parenthesized index keeps its value.
subroutine cycle_loop_index(a, b, n)
  integer :: n, i
  real :: a(n), b(2 * n)
  !$omp parallel do
  do i = 1, n
    if (a(i) < 0.0) cycle
    a(i) = sqrt(a(i))
    b(2 * (i - 1) + 1) = a(i)
    b((i - 1) * 2 + 2) = -a(i)
  end do
  !$omp end parallel do
end subroutine
