! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The thread number kept in a private variable guards the write.
subroutine thread0_guard_variable(status)
  use omp_lib
  integer :: status, me
  !$omp parallel private(me)
  me = omp_get_thread_num()
  if (me == 0) status = 1
  !$omp end parallel
end subroutine
