! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The second loop reads elements the first loop's other iterations write.
subroutine nowait_loop_reads_other(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  !$omp parallel
  !$omp do
  do i = 1, n
    a(i) = i
  end do
  !$omp end do nowait
  !$omp do
  do i = 1, n
    b(i) = a(n + 1 - i)
  end do
  !$omp end do
  !$omp end parallel
end subroutine
! CHECK: nowait-loop-reads-other.f90:15:5: warning: 'a' is written by the previous loop, which ends with 'nowait', and read here in other iterations: a thread that finishes its share of the first loop starts this one while others still run the first [privateer-shared-buffer]
! CHECK: nowait-loop-reads-other.f90:10:5: note: the previous loop writes 'a[i]' here
