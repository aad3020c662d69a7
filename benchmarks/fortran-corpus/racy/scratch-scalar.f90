! race: yes
! A temporary shared by all iterations (private(t) is missing).
program scratch_scalar
  implicit none
  integer, parameter :: n = 800
  integer :: i
  real :: x(n), y(n), t
  x = 2.0
  !$omp parallel do
  do i = 1, n
    t = x(i) * x(i)
    y(i) = t + 1.0
  end do
  !$omp end parallel do
  print *, y(3)
end program
