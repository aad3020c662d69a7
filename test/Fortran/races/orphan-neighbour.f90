! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer{report-may=1}))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,MAY --implicit-check-not=warning:
! Orphaned do loops that read the element their neighbour iteration
! writes, in the dummy array. Where a call inside a parallel region passes
! a shared array, the race is certain; where no caller is in the file,
! whether the callers' threads share the array is not known: the report is
! unproven, held back unless report-may asks for it.
subroutine orphan_neighbour(a, n)
  integer :: n, i
  real :: a(n)
  !$omp do
  do i = 1, n - 1
    a(i) = a(i + 1)
  end do
  !$omp end do
end subroutine

subroutine smooth(b, n)
  integer :: n, i
  real :: b(n)
  !$omp do
  do i = 2, n
    b(i) = b(i - 1) * 0.5
  end do
  !$omp end do
end subroutine

subroutine caller(b, n)
  integer :: n
  real :: b(n)
  !$omp parallel
  call smooth(b, n)
  !$omp end parallel
end subroutine
! MAY: orphan-neighbour.f90:14:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! MAY: orphan-neighbour.f90:11:11: note: not proven: 'a' is a dummy argument, and no call of the procedure inside a parallel region is in this file: whether its callers' threads share it is not known
! CHECK: orphan-neighbour.f90:24:5: warning: 'b' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: orphan-neighbour.f90:24:5: note: iteration i=3 reads 'b[i - 1]' here while iteration i=2 writes 'b[i]': both access 'b[2]'
