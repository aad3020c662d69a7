! race: no
! The temporary is private.
program private_temp
  implicit none
  integer :: i
  real :: x(500), y(500), t
  x = 3.0
  !$omp parallel do private(t)
  do i = 1, 500
    t = sqrt(x(i))
    y(i) = t * 2.0
  end do
  !$omp end parallel do
  print *, y(1)
end program
