! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Static loops with the same bounds: iteration i of both on one thread.
subroutine nowait_same_bounds(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  !$omp parallel
  !$omp do schedule(static)
  do i = 1, n
    a(i) = i
  end do
  !$omp end do nowait
  !$omp do schedule(static)
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$omp end do
  !$omp end parallel
end subroutine
