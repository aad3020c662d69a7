! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! SIMD lanes write their own elements.
subroutine simd_own(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  !$omp simd
  do i = 1, n
    b(i) = a(i) * a(i)
  end do
end subroutine
