! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The creator reads the task's output before any wait.
subroutine task_creator_read(a, s)
  real :: a(100), s
  integer :: i
  !$omp parallel
  !$omp single
  !$omp task private(i)
  do i = 1, 100
    a(i) = i
  end do
  !$omp end task
  s = a(7)
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-creator-read.f90:14:3: warning: 'a' is read here while a task this code created may still be writing it: nothing waits for the task before this statement [privateer-shared-buffer]
! CHECK: task-creator-read.f90:11:5: note: the task writes 'a[i]' here
! CHECK: task-creator-read.f90:9:9: note: the task is created here; wait for it with '!$omp taskwait' before the statement that reads 'a' (or create the task in a 'taskgroup' that ends before it)
