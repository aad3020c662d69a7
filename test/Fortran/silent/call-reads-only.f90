! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The callee only reads a module table.
module call_reads_only_m
  real :: weights(8)
contains
  real function weighted(x, k)
    real :: x
    integer :: k
    weighted = x * weights(k)
  end function
end module
subroutine call_reads_only(a, n)
  use call_reads_only_m
  integer :: n, i
  real :: a(n)
  !$omp parallel do
  do i = 1, n
    a(i) = weighted(a(i), mod(i, 8) + 1)
  end do
  !$omp end parallel do
end subroutine
