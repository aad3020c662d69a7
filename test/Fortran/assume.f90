! RUN: %expect-exit 1 %privateer_fortran --checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=[privateer-
! RUN: %expect-exit 1 %privateer_fortran --checks=-*,privateer-shared-buffer -fopenmp-version=51 %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=[privateer-
! OpenMP 5.1's ASSUME states what the code relies on: each copy below reads
! what another iteration writes only when k < n, and the first three state
! k >= n (the directive around the loop, around a BLOCK with a continued
! expression, and ASSUMES for the whole subroutine). Flang does not lower
! the directives: privateer-fortran reads them from the source, and the
! file's locations stay its own. What states nothing, or states something
! else, leaves the race.
subroutine copy_assume(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  !$omp assume holds(k >= n)
  !$omp parallel do
  do i = 1, n
    a(i) = a(i + k)
  end do
  !$omp end parallel do
  !$omp end assume
end subroutine

subroutine copy_block(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  !$OMP ASSUME HOLDS(K .GE. N .AND. &
  !$OMP&   N > 0)
  block
    !$omp parallel do
    do i = 1, n
      a(i) = a(i + k)
    end do
  end block
end subroutine

subroutine copy_assumes(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  !$omp assumes holds(k >= n)
  !$omp parallel do
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine

! The ASSUMES of the subroutine above says nothing of this one.
subroutine copy_unstated(n, k, a)
  integer :: n, k, i
  real :: a(n + k)
  !$omp parallel do
  do i = 1, n
    a(i) = a(i + k)
  end do
end subroutine

! A fact on other values, and one past the END ASSUME.
subroutine copy_other(n, k, m, a)
  integer :: n, k, m, i
  real :: a(n + k)
  !$omp assume holds(m >= n)
  !$omp parallel do
  do i = 1, n
    a(i) = a(i + k)
  end do
  !$omp end assume
  !$omp parallel do
  do i = 1, n
    a(i) = a(i + m)
  end do
end subroutine
! CHECK: assume.f90:51:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: assume.f90:62:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: assume.f90:67:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: privateer-fortran: 1 translation unit, 3 findings
