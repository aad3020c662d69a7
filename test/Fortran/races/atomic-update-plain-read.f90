! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Updates are atomic, but the running total is read plainly by the other
! iterations.
subroutine atomic_update_plain_read(total, seen, n)
  integer :: n, i, total, seen(n)
  !$omp parallel do
  do i = 1, n
    !$omp atomic
    total = total + i
    seen(i) = total
  end do
  !$omp end parallel do
end subroutine
! CHECK: atomic-update-plain-read.f90:11:5: warning: 'total' is written atomically but read outside it: that access races with the writes of other iterations [privateer-shared-buffer]
! CHECK: atomic-update-plain-read.f90:11:5: note: iteration i=2 reads 'total' here while iteration i=1 updates 'total'
! CHECK: atomic-update-plain-read.f90:9:11: note: the write atomically is here; make the other access under the same synchronization
