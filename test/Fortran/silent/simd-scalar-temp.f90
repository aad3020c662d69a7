! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A temporary every lane writes before reading: the vectorizer expands it.
subroutine simd_scalar_temp(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  !$omp simd
  do i = 1, n
    t = a(i) + 1.0
    b(i) = t * t
  end do
end subroutine
