! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A mergeable task may still run when the creator reads its result.
subroutine task_mergeable_early(k, out)
  integer :: k, out
  !$omp parallel
  !$omp single
  !$omp task mergeable
  k = k + 10
  !$omp end task
  out = k
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-mergeable-early.f90:11:3: warning: 'k' is read here while a task this code created may still be writing it: nothing waits for the task before this statement [privateer-shared-buffer]
! CHECK: task-mergeable-early.f90:9:3: note: the task updates 'k' here
! CHECK: task-mergeable-early.f90:8:9: note: the task is created here; wait for it with '!$omp taskwait' before the statement that reads 'k' (or create the task in a 'taskgroup' that ends before it)
