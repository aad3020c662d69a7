! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Undeferred tasks made by a loop run one at a time: each ends before the
! loop goes on.
subroutine task_undeferred_loop(v, n)
  integer :: v, n, i
  !$omp parallel
  !$omp single
  do i = 1, n
    !$omp task shared(v) if(.false.)
    v = v + i
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
end subroutine
