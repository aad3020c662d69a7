! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! One section updates under a nestable lock, the other without it.
subroutine nest_lock_one_side(c)
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
  c = c + 5
  !$omp end parallel sections
  call omp_destroy_nest_lock(lk)
end subroutine
! CHECK: nest-lock-one-side.f90:15:3: warning: 'c' is written under a lock but written outside it: that access races with the writes of other sections [privateer-shared-buffer]
! CHECK: nest-lock-one-side.f90:15:3: note: section 2 updates 'c' here while section 1 updates 'c'
! CHECK: nest-lock-one-side.f90:12:3: note: the write under a lock is here; make the other access under the same synchronization
