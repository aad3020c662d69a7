! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! depend(in:) on both tasks orders nothing, and both update x.
subroutine task_depend_in_only(x)
  integer :: x
  !$omp parallel
  !$omp single
  !$omp task depend(in: x)
  x = x + 1
  !$omp end task
  !$omp task depend(in: x)
  x = x * 2
  !$omp end task
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-depend-in-only.f90:12:3: warning: 'x' is updated by this task and by a sibling task created before it, and nothing orders the two tasks [privateer-shared-buffer]
! CHECK: task-depend-in-only.f90:9:3: note: the sibling task updates 'x' here
! CHECK: task-depend-in-only.f90:8:9: note: the sibling task is created here; no 'depend' clause of both tasks names 'x' and no 'taskwait' is between them; order the two tasks with 'depend' clauses that name 'x' (for example 'depend(inout: x)' on both), or put a 'taskwait' between them
