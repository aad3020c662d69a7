! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! linear(j:3): iteration i sees j0 + 3*(i-1), so the writes never meet.
subroutine linear_step(src, dst, n)
  integer :: n, i, j
  real :: src(n), dst(3 * n + 1)
  j = 1
  !$omp parallel do linear(j:3)
  do i = 1, n
    dst(j) = src(i)
    dst(j + 1) = -src(i)
    j = j + 3
  end do
  !$omp end parallel do
end subroutine
