! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Both sections update under the same nestable lock.
subroutine nest_lock_both(c)
  use omp_lib
  integer :: c
  integer(omp_nest_lock_kind) :: lk
  call omp_init_nest_lock(lk)
  !$omp parallel sections
  !$omp section
  call omp_set_nest_lock(lk)
  c = c + 1
  call omp_unset_nest_lock(lk)
  !$omp section
  call omp_set_nest_lock(lk)
  c = c + 5
  call omp_unset_nest_lock(lk)
  !$omp end parallel sections
  call omp_destroy_nest_lock(lk)
end subroutine
