! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Every thread of the team creates a task that updates one counter.
subroutine task_every_thread(hits)
  integer :: hits
  !$omp parallel
  !$omp task
  hits = hits + 1
  !$omp end task
  !$omp end parallel
end subroutine
! CHECK: task-every-thread.f90:8:3: warning: 'hits' is updated by every thread without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: task-every-thread.f90:8:3: note: thread 0 and thread 1 both update 'hits'
