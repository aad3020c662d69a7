! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A local work array of a subroutine with an orphaned do is each thread's.
subroutine orphan_local_array(a, n)
  integer :: n, i
  real :: a(n), w(3)
  !$omp do
  do i = 1, n
    w(1) = a(i)
    w(2) = w(1) * 2.0
    a(i) = w(2)
  end do
  !$omp end do
end subroutine
