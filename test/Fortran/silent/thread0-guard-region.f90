! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Only thread 0 writes the shared result.
subroutine thread0_guard_region(part, total)
  use omp_lib
  integer :: part(0:3), total
  !$omp parallel num_threads(4)
  part(omp_get_thread_num()) = omp_get_thread_num()
  !$omp barrier
  if (omp_get_thread_num() == 0) then
    total = part(0) + part(1) + part(2) + part(3)
  end if
  !$omp end parallel
end subroutine
