! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A taskloop over independent iterations.
subroutine taskloop_own(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  !$omp parallel
  !$omp single
  !$omp taskloop grainsize(16)
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
end subroutine
