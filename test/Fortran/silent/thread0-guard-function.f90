! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The thread number comes from a function of this file: the guard picks
! thread 0.
module thread0_guard_function_m
contains
  integer function rank()
    use omp_lib
    rank = omp_get_thread_num()
  end function
end module
subroutine thread0_guard_function(x)
  use thread0_guard_function_m
  integer :: x
  !$omp parallel
  if (rank() == 0) x = 1
  !$omp end parallel
end subroutine
