! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A team of one thread cannot race.
subroutine parallel_num_threads_one(c)
  integer :: c
  !$omp parallel num_threads(1)
  c = c + 1
  !$omp end parallel
end subroutine
