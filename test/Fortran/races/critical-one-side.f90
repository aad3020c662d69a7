! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A critical write and a plain read of the same element.
subroutine critical_one_side(best, seen, n)
  integer :: n, i
  integer :: best(2), seen(n)
  !$omp parallel do
  do i = 1, n
    !$omp critical
    best(1) = best(1) + i
    !$omp end critical
    seen(i) = best(1)
  end do
  !$omp end parallel do
end subroutine
! CHECK: critical-one-side.f90:12:5: warning: 'best' is written in a critical section but read outside it: that access races with the writes of other iterations [privateer-shared-buffer]
! CHECK: critical-one-side.f90:12:5: note: iteration i=2 reads 'best[1]' here while iteration i=1 writes 'best[1]'
! CHECK: critical-one-side.f90:10:5: note: the write in a critical section is here; make the other access under the same synchronization
