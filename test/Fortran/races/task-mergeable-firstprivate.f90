! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A mergeable task may run as part of the task that creates it: its
! firstprivate copy of 'k' is then the creator's own, which the creator
! reads while the task may still update it.
subroutine task_mergeable_firstprivate(out)
  integer :: out, k
  !$omp parallel private(k)
  k = 1
  !$omp single
  !$omp task mergeable firstprivate(k)
  k = k + 1
  !$omp end task
  out = k
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-mergeable-firstprivate.f90:14:3: warning: 'k' is read here while a task this code created may still be writing it: nothing waits for the task before this statement [privateer-shared-buffer]
! CHECK: task-mergeable-firstprivate.f90:12:3: note: the task updates 'k' here
