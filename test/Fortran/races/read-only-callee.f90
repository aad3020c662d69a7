! RUN: %expect-exit 1 %privateer_fortran --checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
! Fortran passes by reference: a variable handed to a call may change,
! unless the called procedure is in the file and only reads its dummy
! argument (MUMPS hands SLAVEF to procedures that compare it). Then m is
! one value for the whole loop: a(m) is one element every iteration writes,
! and rows of m elements are apart. A procedure that writes its argument
! leaves m a value of each iteration.
module roc_mod
contains
  subroutine show(m, total)
    integer :: m, total
    total = total + m
  end subroutine
  subroutine bump(m)
    integer :: m
    m = m + 1
  end subroutine
end module

subroutine same_slot(n, m, a, total)
  use roc_mod
  integer :: n, m, i, total
  real :: a(n)
  !$omp parallel do reduction(+: total)
  do i = 1, n
    call show(m, total)
    a(m) = i
  end do
end subroutine
! CHECK: read-only-callee.f90:[[@LINE-3]]:5: warning: 'a' is written by every iteration at the same element

subroutine same_slot_written(n, m, a)
  use roc_mod
  integer :: n, m, i
  real :: a(n)
  !$omp parallel do
  do i = 1, n
    call bump(m)
    a(m) = i
  end do
end subroutine
! CHECK: read-only-callee.f90:[[@LINE-4]]:5: warning: shared counter 'm' is updated by every iteration

subroutine rows(n, m, a, total)
  use roc_mod
  integer :: n, m, i, total
  real :: a(n * m)
  !$omp parallel do reduction(+: total)
  do i = 1, n
    call show(m, total)
    a((i - 1) * m + 1) = i
  end do
end subroutine
