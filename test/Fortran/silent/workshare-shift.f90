! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Statements of a workshare keep their meaning: a shift and a sum.
subroutine workshare_shift(a, b, s, n)
  integer :: n
  real :: a(n), b(n), s
  !$omp parallel
  !$omp workshare
  a(2:n) = a(1:n-1)
  b = a * 2.0
  s = sum(b)
  !$omp end workshare
  !$omp end parallel
end subroutine
