! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A thread-0 guard inside a do loop of the parallel region.
subroutine thread0_guard_do(trace, n)
  use omp_lib
  integer :: n, k, trace(n)
  !$omp parallel private(k)
  do k = 1, n
    if (omp_get_thread_num() == 0) trace(k) = k
  end do
  !$omp end parallel
end subroutine
