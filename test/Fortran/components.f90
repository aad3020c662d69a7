! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! Derived-type components ('p%x(i)', 'q(i)%s'): a component is a dimension
! indexed by its position in the type, so different components never
! overlap, and iterations that select their own element (of the array in
! the component, or of the array of derived types) do not race.

module shapes
  type pt
    real :: x(100)
    real :: y(100)
    real :: s
    integer :: k
    real :: z(0:9)
  end type
end module

subroutine fire(p, q, a, n)
  use shapes
  integer :: n, i
  ! expected-note@+2 {{'p' is declared here, outside the parallel loop, so all iterations share it}}
  ! expected-note@+1 {{'q' is declared here, outside the parallel loop, so all iterations share it}}
  type(pt) :: p, q(n)
  real :: a(n)
  ! expected-note@+1 {{'p' is shared by this '!$omp parallel do'; no automatic fix: protect the accesses with 'omp critical' or 'omp atomic'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'s' of 'p' is written by every iteration without synchronization [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'p%s'}}
    p%s = a(i)
  end do
  !$omp end parallel do
  ! expected-note@+1 {{'q' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'q' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'q[1]%k'}}
    q(1)%k = i
  end do
  !$omp end parallel do
  ! A component's element of the next iteration: a carried dependence.
  ! expected-note@+1 {{'p' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n - 1
    ! expected-warning@+2 {{'p' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
    ! expected-note@+1 {{iteration i=2 reads 'p%x[i]' here while iteration i=1 writes 'p%x[i + 1]': both access 'p%x[2]'}}
    p%x(i + 1) = p%x(i) * 2
  end do
  !$omp end parallel do
  ! A whole array component (from its lower bound 0) every iteration
  ! writes.
  ! expected-note@+1 {{'p' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'p' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'p%z[0:9]'}}
    p%z = a(i)
  end do
  !$omp end parallel do
  ! An accumulation into a component: no reduction clause names it.
  ! expected-note@+1 {{'p' is shared by this '!$omp parallel do'; reduce a local copy: take 'p%s' into a local before the construct, name the local in 'reduction(+: ...)' on the directive and update it in the loop, and store it back after; or protect the update with '!$omp atomic' on the update or 'omp critical'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'s' of 'p' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both update 'p%s'}}
    p%s = p%s + a(i)
  end do
  !$omp end parallel do
end subroutine

subroutine silent(p, q, a, n)
  use shapes
  integer :: n, i
  type(pt) :: p, q(n)
  real :: a(n)
  ! Own elements of a component; another component read only.
  !$omp parallel do
  do i = 1, n
    p%x(i) = p%y(i) + p%s
  end do
  !$omp end parallel do
  ! Own elements of an array of derived types, updated in place.
  !$omp parallel do
  do i = 1, n
    q(i)%s = a(i)
    q(i)%k = q(i)%k + 1
  end do
  !$omp end parallel do
  ! A whole array component of each iteration's own element.
  !$omp parallel do
  do i = 1, n
    q(i)%x = a(i)
    q(i)%z = q(i)%x(1)
  end do
  !$omp end parallel do
  ! One component written at i, another read at i + 1: different memory.
  !$omp parallel do
  do i = 1, n - 1
    p%y(i) = p%x(i + 1)
  end do
  !$omp end parallel do
end subroutine
