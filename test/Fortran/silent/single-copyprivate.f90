! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! single copyprivate broadcasts into each thread's private copy.
subroutine single_copyprivate(out)
  use omp_lib
  integer :: out(0:3), v
  !$omp parallel private(v) num_threads(4)
  !$omp single
  v = 21
  !$omp end single copyprivate(v)
  out(omp_get_thread_num()) = v
  !$omp end parallel
end subroutine
