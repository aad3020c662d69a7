! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A task made by a task outlives its parent: the 'taskwait' after the
! parent waits for the parent only, and the grandchild's result is read
! while it may still run. No taskwait can fix that where the result is
! read; the fix is declined with the reason.
subroutine task_grandchild(part, a, total)
  integer :: part(2), a(4), total
  !$omp parallel num_threads(2)
  !$omp single
  !$omp task
  !$omp task
  part(2) = a(3) + a(4)
  !$omp end task
  part(1) = a(1) + a(2)
  !$omp end task
  !$omp taskwait
  total = part(1) + part(2)
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-grandchild.f90:18:3: warning: 'part' is read here while a task this code created may still be writing it: nothing waits for the task before this statement [privateer-shared-buffer]
! CHECK: task-grandchild.f90:13:3: note: the task writes 'part[2]' here
! CHECK: task-grandchild.f90:12:9: note: no automatic fix: the task was created by another task, and a '!$omp taskwait' waits for child tasks only: create the tasks in a '!$omp taskgroup' that ends before the statement
