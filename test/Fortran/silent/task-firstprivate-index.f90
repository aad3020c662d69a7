! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The task captures an index computed in its iteration (firstprivate).
subroutine task_firstprivate_index(a, n)
  integer :: n, i, k
  real :: a(2 * n)
  !$omp parallel
  !$omp single
  do i = 1, n
    k = 2 * i
    !$omp task firstprivate(k)
    a(k) = 1.0
    a(k - 1) = 0.0
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
end subroutine
