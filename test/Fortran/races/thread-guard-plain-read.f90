! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Thread 1 writes while every thread reads in the same phase.
subroutine thread_guard_plain_read(x, out)
  use omp_lib
  integer :: x, out(0:3)
  !$omp parallel num_threads(4)
  if (omp_get_thread_num() == 1) x = 3
  out(omp_get_thread_num()) = x
  !$omp end parallel
end subroutine
! CHECK: thread-guard-plain-read.f90:8:34: warning: 'x' is written by one thread while other threads access it without synchronization [privateer-shared-buffer]
! CHECK: thread-guard-plain-read.f90:9:3: note: thread 2 reads 'x' here while thread 1 writes 'x'
