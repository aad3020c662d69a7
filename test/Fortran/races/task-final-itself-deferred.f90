! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A final task is deferred like any other (only the tasks it creates are
! included): the creator's read of 'x' may meet its write.
subroutine final_deferred(x, y)
  integer :: x, y
  !$omp parallel
  !$omp single
  !$omp task final(.true.) shared(x)
  x = 1
  !$omp end task
  y = x
  !$omp end single
  !$omp end parallel
end subroutine
! CHECK: task-final-itself-deferred.f90:12:3: warning: 'x' is read here while a task this code created may still be writing it: nothing waits for the task before this statement [privateer-shared-buffer]
