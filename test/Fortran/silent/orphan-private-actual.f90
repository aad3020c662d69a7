! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer{report-may=1}))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The only call inside a parallel region passes each thread's own array:
! the orphaned loop's dummy is private to the calling thread.
subroutine accumulate(w, n)
  integer :: n, i
  real :: w(4)
  !$omp do
  do i = 1, n
    w(1) = w(1) + i
  end do
  !$omp end do
end subroutine
subroutine orphan_private_actual(n)
  integer :: n
  real :: w(4)
  !$omp parallel private(w)
  w = 0
  call accumulate(w, n)
  !$omp end parallel
end subroutine
