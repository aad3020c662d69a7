! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! An undeferred task waits only for the siblings its depend clauses name:
! 'depend(in: b)' orders it after nothing that writes 'total', so the read
! of 'total' after it may still meet the first task's update.
subroutine wait_for_other(n, a, b, total)
  integer :: n, i
  real(8) :: a(n), b, total
  !$omp parallel
  !$omp single
  !$omp task depend(out: total) shared(total)
  do i = 1, n
    total = total + a(i)
  end do
  !$omp end task
  !$omp task depend(in: b) if(.false.)
  !$omp end task
  print *, total
  !$omp taskwait
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-undeferred-depend-other.f90:18:12: warning: 'total' is read here while a task this code created may still be writing it: nothing waits for the task before this statement [privateer-shared-buffer]
