! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! Sections of several dimensions ('m(:, j)') and with a step ('x(i:i+2:2)'):
! each triplet is a variable over the section's elements (a loop of the
! assignment), so a column per iteration does not race and a column every
! iteration writes does.

subroutine fire(m, x, a, n)
  integer :: n, i, j
  ! expected-note@+2 {{'m' is declared here, outside the parallel loop, so all iterations share it}}
  ! expected-note@+1 {{'x' is declared here, outside the parallel loop, so all iterations share it}}
  real :: m(n, n), x(3 * n), a(n)
  ! expected-note@+1 {{'m' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'m' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'm[1:}}
    m(:, 1) = a(i)
  end do
  !$omp end parallel do
  ! Columns and rows cross.
  ! expected-note@+1 {{'m' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do j = 1, n
    ! expected-warning@+2 {{'m' is written by one iteration and written by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
    ! expected-note@+2 {{iteration j=1 writes 'm[j, 1:}}
    m(:, j) = 0
    m(j, :) = 1
  end do
  !$omp end parallel do
  ! Elements i and i + 2: iteration 1's second is iteration 3's first.
  ! expected-note@+1 {{'x' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'x' is written by every iteration at the same element without synchronization}}
    ! expected-note@+1 {{iterations i=1 and i=3 both write 'x[3]'}}
    x(i:i + 2:2) = a(i)
  end do
  !$omp end parallel do
end subroutine

subroutine silent(m, x, a, n)
  integer :: n, i, j
  real :: m(n, n), x(3 * n), a(n)
  ! A column, a row of the upper half, a strided section per iteration.
  !$omp parallel do
  do j = 1, n
    m(:, j) = a(j)
  end do
  !$omp end parallel do
  !$omp parallel do
  do i = 1, n
    m(i, 1:n:2) = a(i)
  end do
  !$omp end parallel do
  ! i:i+1:2 is the element i alone (unit-step i:i+1 would overlap).
  !$omp parallel do
  do i = 1, n
    x(i:i + 1:2) = a(i)
  end do
  !$omp end parallel do
  ! Descending: 2i, 2i-1 per iteration.
  !$omp parallel do
  do i = 1, n
    x(2 * i:2 * i - 1:-1) = a(i)
  end do
  !$omp end parallel do
end subroutine
