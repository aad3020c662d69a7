! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A simd loop with a linear index of step 2.
subroutine linear_simd(src, dst, n)
  integer :: n, i, k
  real :: src(n), dst(2 * n)
  k = 2
  !$omp simd linear(k:2)
  do i = 1, n
    dst(k) = src(i)
    k = k + 2
  end do
end subroutine
