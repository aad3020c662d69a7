! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! g(11, j) is g(1, j + 1): column j writes the first element of column j + 1.
subroutine column_major_wrap(g)
  real :: g(10, 20)
  integer :: i, j
  !$omp parallel do private(i)
  do j = 1, 19
    do i = 1, 10
      g(i + 1, j) = g(i, j) * 0.5
    end do
  end do
  !$omp end parallel do
end subroutine
! CHECK: column-major-wrap.f90:10:7: warning: 'g' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: column-major-wrap.f90:10:7: note: iteration j=2 reads 'g[i, j]' here while iteration j=1 writes 'g[i + 1, j]': both access 'g[10]'
