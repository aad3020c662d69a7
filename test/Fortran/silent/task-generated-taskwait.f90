! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Each iteration waits for its task before making the next one.
subroutine task_generated_taskwait(s, n)
  integer :: n, i
  real :: s
  !$omp parallel
  !$omp single
  do i = 1, n
    !$omp task shared(s)
    s = s + i
    !$omp end task
    !$omp taskwait
  end do
  !$omp end single
  !$omp end parallel
end subroutine
