! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Each thread writes its slot and reads another thread's with no barrier.
subroutine barrier_missing_region(slot, peek)
  use omp_lib
  integer :: slot(0:3), peek(0:3), t
  !$omp parallel private(t) num_threads(4)
  t = omp_get_thread_num()
  slot(t) = t + 1
  peek(t) = slot(3 - t)
  !$omp end parallel
end subroutine
! CHECK: barrier-missing-region.f90:9:3: warning: 'slot' is written by every thread while other threads access it without synchronization [privateer-shared-buffer]
! CHECK: barrier-missing-region.f90:10:3: note: thread 3 reads 'slot[3 - thread]' here while thread 0 writes 'slot[thread]': both access 'slot[0]'
