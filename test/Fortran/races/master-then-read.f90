! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! master writes; the team reads with no barrier between.
subroutine master_then_read(step, out)
  use omp_lib
  real :: step, out(0:3)
  !$omp parallel num_threads(4)
  !$omp master
  step = 0.5
  !$omp end master
  out(omp_get_thread_num()) = step
  !$omp end parallel
end subroutine
! CHECK: master-then-read.f90:11:3: warning: 'step' is written by one thread (in 'single', 'master' or 'masked') and read by the others with no barrier between: they may access it before or while it is written [privateer-shared-buffer]
! CHECK: master-then-read.f90:11:3: note: thread 1 reads 'step' here while thread 0 writes 'step'
! CHECK: master-then-read.f90:9:3: note: the write is here; put '!$omp barrier' after the construct that makes it (a 'single' without 'nowait' ends with one)
