! race: no
! A loop left early with cycle, its temporary private.
program cycle_private
  implicit none
  integer :: i
  real :: t, x(300), y(300)
  x = 1.0
  y = 0.0
  !$omp parallel do private(t)
  do i = 1, 300
    if (x(i) < 0.0) cycle
    t = x(i) * 3.0
    y(i) = t
  end do
  !$omp end parallel do
  print *, y(1)
end program
