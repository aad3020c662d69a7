! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! Facts the code states about where a construct runs in parallel. The copy
! a(i) = a(i + k) over i = 1..n reads what another iteration writes when
! k < n: the 'if' clause runs the loop in parallel only for k >= n, and in
! the second a branch around the construct says the same; the third states
! nothing and races. A team of 'num_threads(nt)' under 'if (nt == 1)' is one
! thread: nothing races in it.
subroutine copy_if(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  !$omp parallel do if(k >= n)
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine

subroutine copy_path(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  if (k >= n) then
    !$omp parallel do
    do i = 1, n
      a(i) = a(i + k)
    end do
  end if
end subroutine

subroutine copy_unstated(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  !$omp parallel do
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine
! CHECK: parallel-if-path-facts.f90:34:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]

subroutine one_thread(nt, x, y)
  integer :: nt
  real :: x, y, t
  if (nt == 1) then
    !$omp parallel num_threads(nt)
    t = x * 2.0
    y = t
    !$omp end parallel
  end if
end subroutine
