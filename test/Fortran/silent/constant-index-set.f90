! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Indices from a constant table: the two halves the loop updates are far apart.
subroutine constant_index_set(base)
  integer, parameter :: idx(6) = [2, 4, 6, 8, 10, 12]
  real :: base(200)
  integer :: i
  !$omp parallel do
  do i = 1, 6
    base(idx(i)) = base(idx(i)) + 1.0
    base(idx(i) + 100) = base(idx(i) + 100) + 1.0
  end do
  !$omp end parallel do
end subroutine
