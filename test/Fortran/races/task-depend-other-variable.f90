! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The depend clauses name different variables: nothing orders the two
! tasks, which both update z.
subroutine task_depend_other_variable(x, y, z)
  integer :: x, y, z
  !$omp parallel
  !$omp single
  !$omp task depend(out: x)
  x = 1
  z = z + x
  !$omp end task
  !$omp task depend(out: y)
  y = 2
  z = z + y
  !$omp end task
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-depend-other-variable.f90:15:3: warning: 'z' is updated by this task and by a sibling task created before it, and nothing orders the two tasks [privateer-shared-buffer]
! CHECK: task-depend-other-variable.f90:11:3: note: the sibling task updates 'z' here
! CHECK: task-depend-other-variable.f90:9:9: note: the sibling task is created here; no 'depend' clause of both tasks names 'z' and no 'taskwait' is between them; order the two tasks with 'depend' clauses that name 'z' (for example 'depend(inout: z)' on both), or put a 'taskwait' between them, or make both updates 'atomic'
