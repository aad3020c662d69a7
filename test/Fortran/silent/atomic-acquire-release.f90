! RUN: %flang_hlfir -fopenmp-version=50 %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! An atomic release write and acquire reads in a loop hand the value over.
subroutine atomic_acquire_release(payload, got)
  integer :: payload, got, ready, seen
  ready = 0
  !$omp parallel sections
  !$omp section
  payload = 7
  !$omp atomic write release
  ready = 1
  !$omp section
  seen = 0
  do while (seen == 0)
    !$omp atomic read acquire
    seen = ready
  end do
  got = payload
  !$omp end parallel sections
end subroutine
