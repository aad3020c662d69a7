! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A taskloop whose PRIVATE temporaries are set, in the arm of a branch, before
! they are read: each task has its own copies.
subroutine taskloop_private(n, a, b)
  integer :: n, i
  real :: a(n), b(n), t, u
  !$omp parallel
  !$omp single
  !$omp taskloop private(t, u)
  do i = 1, n
    if (a(i) > 0.0) then
      t = sqrt(a(i))
      u = t * t
      b(i) = u + t
    else
      b(i) = 0.0
    end if
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
end subroutine
