! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Subscripts stay within their dimension: the columns are disjoint.
subroutine column_major_in_bounds(g)
  real :: g(10, 20)
  integer :: i, j
  !$omp parallel do private(i)
  do j = 1, 20
    do i = 2, 10
      g(i, j) = g(i - 1, j) * 0.5
    end do
  end do
  !$omp end parallel do
end subroutine
