! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Locals of a subroutine with an orphaned do belong to each calling thread.
subroutine orphan_locals(a, n)
  integer :: n, i
  real :: a(n), t
  !$omp do
  do i = 1, n
    t = a(i) + 1.0
    a(i) = t * t
  end do
  !$omp end do
end subroutine
