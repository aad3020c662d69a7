! RUN: not %privateer_fortran --checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning:
!
! Every certain witness is a run the program can make, in Fortran as in
! C: a loop that reads table(i) on every iteration, table of 180 elements,
! runs at most 180 iterations, so a pigeonhole over base's 2025 elements
! (n=2026) is no proof. With a table longer than base the count stands.
module extents
  implicit none
  integer :: n
  integer, dimension(180) :: table
  integer, dimension(4096) :: big
end module extents

subroutine bounded(base)
  use extents
  real(8) :: base(2025)
  integer :: i, k
  !$omp parallel do private(k)
  do i = 1, n
    k = table(i)
    base(k) = base(k) + 1.0d0
  end do
end subroutine

subroutine longer_table(base)
  use extents
  real(8) :: base(2025)
  integer :: i, k
  !$omp parallel do private(k)
  do i = 1, n
    k = big(i)
    base(k) = base(k) + 1.0d0
  end do
end subroutine
! CHECK: valid-run-extents.f90:[[@LINE-3]]:5: warning: iterations update 'base' at the same element without synchronization; concurrent updates are lost [privateer-shared-buffer]
