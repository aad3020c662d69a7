! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! linear(j:1) while each iteration writes two elements from j: iteration
! i writes dst(j0 + i - 1) and dst(j0 + i), which the next one writes too.
subroutine linear_step_mismatch(src, dst, n)
  integer :: n, i, j
  real :: src(n), dst(2 * n)
  j = 1
  !$omp parallel do linear(j:1)
  do i = 1, n
    dst(j) = src(i)
    dst(j + 1) = -src(i)
    j = j + 1
  end do
  !$omp end parallel do
end subroutine
! CHECK: linear-step-mismatch.f90:11:5: warning: 'dst' is written by one iteration and written by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: linear-step-mismatch.f90:12:5: note: iteration i=1 writes 'dst[1 + (i - 1) * 1 + 1]' here while iteration i=2 writes 'dst[1 + (i - 1) * 1]': both access 'dst[2]'
