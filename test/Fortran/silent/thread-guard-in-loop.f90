! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! In a worksharing loop, the iterations thread 0 runs one after another.
subroutine thread_guard_in_loop(count, n)
  use omp_lib
  integer :: n, i, count
  !$omp parallel do
  do i = 1, n
    if (omp_get_thread_num() == 0) count = count + 1
  end do
  !$omp end parallel do
end subroutine
