! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A dependence at distance 16 is beyond safelen(8).
subroutine simd_safelen_far(a, n)
  integer :: n, i
  real :: a(n)
  !$omp simd safelen(8)
  do i = 17, n
    a(i) = a(i - 16) * 2.0
  end do
end subroutine
