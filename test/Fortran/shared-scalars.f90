! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! Scalars are shared by default in '!$omp parallel do': a temporary without
! private(tmp) and a sum without reduction(+:s) race, reported at the
! Fortran line with the iterations that collide.

subroutine scratch(a, b, n)
  integer :: n, i
  ! expected-note@+1 {{'tmp' is declared here, outside the parallel loop, so all iterations share it}}
  real :: a(n), b(n), tmp
  ! expected-note@+1 {{'tmp' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{shared buffer 'tmp' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'tmp'}}
    tmp = a(i) * 2
    b(i) = tmp + 1
  end do
  !$omp end parallel do
end subroutine

subroutine sum(a, n, s)
  integer :: n, i
  ! expected-note@+1 {{'s' is declared here, outside the parallel loop, so all iterations share it}}
  real :: a(n), s
  s = 0
  ! expected-note@+1 {{'s' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'s' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both update 's'}}
    s = s + a(i)
  end do
  !$omp end parallel do
end subroutine
