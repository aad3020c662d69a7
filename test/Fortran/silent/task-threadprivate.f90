! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A threadprivate variable is each thread's own: the tasks a thread runs
! update its copy one at a time, as the C front end has it.
module tally_mod
  integer :: tally
  !$omp threadprivate(tally)
end module
subroutine count_tasks(n)
  use tally_mod
  integer :: n, i
  !$omp parallel
  tally = 0
  !$omp single
  do i = 1, n
    !$omp task
    tally = tally + 1
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
end subroutine
