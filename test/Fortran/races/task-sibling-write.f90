! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Two sibling tasks write one element; nothing orders them.
subroutine task_sibling_write(a)
  real :: a(10)
  !$omp parallel
  !$omp single
  !$omp task
  a(1) = 1.0
  !$omp end task
  !$omp task
  a(1) = 2.0
  !$omp end task
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-sibling-write.f90:12:3: warning: 'a' is written by this task and by a sibling task created before it, and nothing orders the two tasks [privateer-shared-buffer]
! CHECK: task-sibling-write.f90:9:3: note: the sibling task writes 'a[1]' here
! CHECK: task-sibling-write.f90:8:9: note: the sibling task is created here; no 'depend' clause of both tasks names 'a' and no 'taskwait' is between them; order the two tasks with 'depend' clauses that name 'a' (for example 'depend(inout: a)' on both), or put a 'taskwait' between them
