! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A consumer waits in a DO left by EXIT once an atomic read sees the flag;
! the loop does nothing else, so it hands over what the producer wrote
! before setting the flag (the blocks of the loop only wait).
subroutine handoff_exit(payload, got)
  integer :: payload, got, ready, seen
  ready = 0
  !$omp parallel sections
  !$omp section
  payload = 42
  !$omp flush
  !$omp atomic write
  ready = 1
  !$omp section
  do
    !$omp atomic read
    seen = ready
    if (seen /= 0) exit
  end do
  !$omp flush
  got = payload
  !$omp end parallel sections
end subroutine
