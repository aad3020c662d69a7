! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! 'end workshare' is a barrier: the threads read its result after it.
subroutine workshare_then_read(a, b, out)
  use omp_lib
  real :: a(100), b(100), out(0:3)
  !$omp parallel num_threads(4)
  !$omp workshare
  b = a + 1.0
  !$omp end workshare
  out(omp_get_thread_num()) = b(100)
  !$omp end parallel
end subroutine
