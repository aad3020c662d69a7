! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A consumer polls a flag with flush; the producer sets it after the data.
subroutine flush_flag_handoff(data, got)
  integer :: data, got, flag
  flag = 0
  !$omp parallel sections shared(flag)
  !$omp section
  data = 99
  !$omp flush
  flag = 1
  !$omp flush(flag)
  !$omp section
  do while (flag == 0)
    !$omp flush(flag)
  end do
  !$omp flush
  got = data
  !$omp end parallel sections
end subroutine
