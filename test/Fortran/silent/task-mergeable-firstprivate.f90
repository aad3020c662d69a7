! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A mergeable task is merged into the task that creates it only when it is
! undeferred or included, and then it has finished before its creator goes
! on; deferred, its firstprivate copy of 'k' is its own. Either way the
! creator's read of its own 'k' meets no write of the task (as the C front
! end has it).
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
