! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A SIMD loop inside a worksharing DO whose 't' is private to each thread:
! no two threads share it, but an iteration that skips the branch reads the
! 't' another lane left (a value one writes and another reads). The finding
! speaks of SIMD lanes, and the DO's own loop has nothing to report.
subroutine carry_last(n, m, x, y)
  integer :: n, m, i, j
  real :: x(n, m), y(n, m), t
  !$omp parallel do private(t)
  do j = 1, m
    t = 0.0
    !$omp simd
    do i = 1, n
      if (x(i, j) > 0.0) t = x(i, j)
      y(i, j) = t
    end do
  end do
  !$omp end parallel do
end subroutine
! CHECK: simd-lane-reads-other.f90:15:26: warning: 't' is written by every SIMD lane while other SIMD lanes access it without synchronization [privateer-shared-buffer]
! CHECK: simd-lane-reads-other.f90:9:29: note: 't' is declared here, outside the SIMD loop, so all SIMD lanes share it
