! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The threads read the workshare's result after 'end workshare nowait'.
subroutine workshare_nowait_read(a, b, out)
  use omp_lib
  real :: a(100), b(100), out(0:3)
  !$omp parallel num_threads(4)
  !$omp workshare
  b = a * 2.0
  !$omp end workshare nowait
  out(omp_get_thread_num()) = b(100)
  !$omp end parallel
end subroutine
! CHECK: workshare-nowait-read.f90:11:3: warning: 'b' is written by one thread (in 'single', 'master' or 'masked') and read by the others with no barrier between: they may access it before or while it is written [privateer-shared-buffer]
! CHECK: workshare-nowait-read.f90:11:3: note: thread 1 reads 'b[100]' here while thread 0 writes 'b', the same element
! CHECK: workshare-nowait-read.f90:9:3: note: the write is here; put '!$omp barrier' after the construct that makes it (a 'single' without 'nowait' ends with one)
