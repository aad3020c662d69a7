! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! An allocatable array whose bounds the ALLOCATE before the loop makes
! constants: b(0, j) is b(m, j - 1), the last element of the column the
! iteration before writes.
program allocatable_column_wrap
  integer :: i, j, n, m
  real, allocatable :: b(:,:)
  n = 30
  m = 20
  allocate(b(m, n))
  b = 1.0
  !$omp parallel do private(i)
  do j = 2, n
    do i = 1, m
      b(i, j) = b(i - 1, j) + 1.0
    end do
  end do
  !$omp end parallel do
  print *, b(m, n)
end program
! CHECK: allocatable-column-wrap.f90:16:7: warning: 'b' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: allocatable-column-wrap.f90:16:7: note: iteration j=3 reads 'b[i - 1, j]' here while iteration j=2 writes 'b[i, j]': both access 'b[39]'
