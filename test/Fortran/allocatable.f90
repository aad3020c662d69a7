! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! Allocatable and pointer arrays: each access loads the descriptor again;
! while the construct neither allocates nor re-points the variable, the
! accesses are to the memory it points to, named by the variable, and
! reading the descriptor is no access of its own.

subroutine fire(a, b, p, n)
  integer :: n, i
  ! expected-note@+1 {{'a' is declared here, outside the parallel loop, so all iterations share it}}
  real, allocatable :: a(:), b(:)
  ! expected-note@+1 {{'p' is declared here, outside the parallel loop, so all iterations share it}}
  real, pointer :: p(:)
  ! expected-note@+1 {{'a' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'a' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'a[1]'}}
    a(1) = b(i)
  end do
  !$omp end parallel do
  ! expected-note@+1 {{'p' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n - 1
    ! expected-warning@+2 {{'p' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
    ! expected-note@+1 {{iteration i=2 reads 'p[i]' here while iteration i=1 writes 'p[i + 1]': both access 'p[2]'}}
    p(i + 1) = p(i) * 2
  end do
  !$omp end parallel do
end subroutine

subroutine silent(a, b, p, n)
  integer :: n, i
  real, allocatable :: a(:), b(:)
  real, pointer :: p(:)
  ! Own elements; the descriptors are only read.
  !$omp parallel do
  do i = 1, n
    a(i) = b(i) + p(i)
    p(i) = a(i) * 2
  end do
  !$omp end parallel do
  ! Two allocatables are different memory.
  !$omp parallel do
  do i = 1, n - 1
    a(i + 1) = b(i)
  end do
  !$omp end parallel do
end subroutine
