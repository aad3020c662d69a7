! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The barrier between writing the slots and reading them is in a callee.
subroutine sync_team()
  !$omp barrier
end subroutine
subroutine call_barrier_in_callee(slot, peek)
  use omp_lib
  integer :: slot(0:3), peek(0:3), t
  !$omp parallel private(t) num_threads(4)
  t = omp_get_thread_num()
  slot(t) = t + 1
  call sync_team()
  peek(t) = slot(3 - t)
  !$omp end parallel
end subroutine
